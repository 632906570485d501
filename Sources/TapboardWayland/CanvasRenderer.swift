import TapboardCore

/// Draws the keyboard into a back canvas in memory, as X's renderer draws into
/// a back-buffer pixmap, and says which areas changed (`present`): the window
/// copies them into a shared-memory buffer for the compositor. A key's body
/// is drawn once per look (`KeyBody`, as on X) and copied for every key.
final class CanvasRenderer {
    private(set) var canvas = PixelCanvas(width: 1, height: 1)
    private(set) var size = Size(width: 0, height: 0)
    private let fonts: GlyphFonts
    /// Told each area drawn, to be shown.
    var present: (Rect) -> Void = { _ in }
    var theme: Theme {
        didSet { tiles = [:] }
    }

    init(theme: Theme, fonts: GlyphFonts) {
        self.theme = theme
        self.fonts = fonts
    }

    /// Makes a back canvas of the window's new size.
    func resize(to newSize: Size) {
        guard newSize != size else { return }
        size = newSize
        canvas = PixelCanvas(width: newSize.width, height: newSize.height)
        tiles = [:]
        trailArea = nil
    }

    private var scale: Double { theme.scale(forHeight: size.height) }
    private var maxShadowOffset: Double { KeyClass.allCases.map { theme.style($0).shadowOffset }.max() ?? 0 }

    /// Draws the background and every key, then shows all of it.
    func drawAll(_ keys: [KeyAppearance]) {
        canvas.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), theme.background)
        for k in keys { drawKey(k) }
        trailArea = nil
        present(Rect(x: 0, y: 0, width: size.width, height: size.height))
    }

    /// Draws some keys again and shows only them.
    func draw(_ keys: [KeyAppearance]) {
        for k in keys {
            drawKey(k)
            present(area(of: k.frame.rect))
        }
    }

    /// The pixels a key's drawing covers: its frame and the shadow under it.
    private func area(of rect: Rect) -> Rect {
        let shadow = Int((maxShadowOffset * scale).rounded(.up))
        return Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height + shadow)
    }

    /// Key bodies drawn once and copied since, with their last use; the least recent goes past the limit.
    private var tiles: [KeyBody: (canvas: PixelCanvas, used: Int)] = [:]
    private var tileUses = 0
    private static let tileLimit = 48

    private func drawKey(_ k: KeyAppearance) {
        let r = k.frame.rect
        guard r.width > 0, r.height > 0 else { return }
        var icon: KeyIcon?
        if case .icon(let i) = k.label { icon = i }
        let style = theme.style(k.styleClass)
        let covered = area(of: r)
        let tile = self.tile(KeyBody(style: style, pressed: k.pressed, width: r.width, height: covered.height,
                                     icon: icon, scale: scale, background: theme.background), keyHeight: r.height)
        canvas.copy(Rect(x: 0, y: 0, width: covered.width, height: covered.height), from: tile, to: Point(x: r.x, y: r.y))
        guard case .text(let text) = k.label, !text.isEmpty,
              let face = fonts.face(family: style.fontFamily, pixelSize: Int((style.fontSize * scale).rounded())) else { return }
        face.draw(text, in: r, color: style.textColor, on: canvas)
    }

    private func tile(_ key: KeyBody, keyHeight: Int) -> PixelCanvas {
        tileUses += 1
        if let i = tiles.index(forKey: key) {
            tiles.values[i].used = tileUses
            return tiles.values[i].canvas
        }
        let t = PixelCanvas(width: key.width, height: key.height)
        key.draw(keyHeight: keyHeight, on: t)
        if tiles.count >= Self.tileLimit, let old = tiles.min(by: { $0.value.used < $1.value.used }) {
            tiles.removeValue(forKey: old.key)
        }
        tiles[key] = (t, tileUses)
        return t
    }

    // The trail is drawn over the keys on the buffer the window shows, never
    // on the back canvas: taking it away is showing the keys' pixels again.
    private(set) var trailArea: Rect?
    /// The trail to draw over the shown pixels, oldest point first.
    private(set) var trail: [Point] = []

    /// Shows a gesture's trail instead of the last one.
    func drawTrail(_ points: [Point]) {
        let width = max(3, 7 * scale)
        let margin = Int(width.rounded(.up)) + 2
        var box: Rect?
        for p in points {
            let r = Rect(x: p.x - margin, y: p.y - margin, width: 2 * margin, height: 2 * margin)
            box = box.map { $0.union(r) } ?? r
        }
        let old = trailArea
        trailArea = points.count >= 2 ? box : nil
        trail = points.count >= 2 ? points : []
        if let area = old.map({ o in box.map { o.union($0) } ?? o }) ?? box { present(area) }
    }

    /// Draws the trail over a buffer that shows the keys (the oldest part paler and thinner, as on X).
    func drawTrail(on target: PixelCanvas) {
        guard trail.count >= 2 else { return }
        let width = max(3, 7 * scale)
        let colour = theme.style(.accent).background
        let n = trail.count - 1
        for i in 0 ..< n {
            let age = Double(n - 1 - i) / Double(max(n - 1, 1))
            let level = (((1 - age) * 3).rounded(.down) + 1) / 4
            let strength = 0.3 + 0.7 * level
            func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8(Double(a) * strength + Double(b) * (1 - strength)) }
            let c = Color(red: mix(colour.red, 255), green: mix(colour.green, 255), blue: mix(colour.blue, 255))
            let a = trail[i], b = trail[i + 1]
            target.line(FPoint(x: Double(a.x), y: Double(a.y)), FPoint(x: Double(b.x), y: Double(b.y)),
                        thickness: width * (0.4 + 0.6 * level), c)
        }
    }
}
