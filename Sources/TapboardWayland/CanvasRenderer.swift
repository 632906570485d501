import TapboardCore

/// Paints the keyboard into the window's shared-memory buffers: no back
/// canvas of its own (a whole keyboard's pixels, as resident memory), but the
/// keys as last drawn, so any area can be painted again (under a trail taken
/// away, into a buffer the compositor had never shown). A key's body is drawn
/// once per look (`KeyBody`, as on X) and copied for every key. It works in
/// buffer pixels: what the session gives in surface pixels is multiplied by
/// the output's scale as it comes in.
final class CanvasRenderer {
    /// The picture's size in buffer pixels.
    private(set) var size = Size(width: 0, height: 0)
    /// Buffer pixels for each surface pixel.
    private(set) var pixelScale = 1
    private let fonts: GlyphFonts
    /// Asks the window to paint an area of the picture into the buffer it shows next.
    var paint: (Rect, (PixelCanvas) -> Void) -> Void = { _, _ in }
    var theme: Theme {
        didSet { tiles = [:] }
    }
    /// The keys as last drawn, by frame.
    private var keys: [Rect: KeyAppearance] = [:]

    init(theme: Theme, fonts: GlyphFonts) {
        self.theme = theme
        self.fonts = fonts
    }

    /// The picture's new size in surface pixels, drawn at `pixelScale`: nothing of the old is kept.
    func resize(to surfaceSize: Size, pixelScale k: Int) {
        let newSize = Size(width: surfaceSize.width * k, height: surfaceSize.height * k)
        guard newSize != size || k != pixelScale else { return }
        // The same surface at another scale (the output's changed): the keys are kept, at the new scale.
        let old = pixelScale
        let sameSurface = size.width / old == surfaceSize.width && size.height / old == surfaceSize.height
        let kept: [KeyAppearance] = !sameSurface ? [] : keys.values.map { key in
            let r = key.frame.rect
            var rescaled = key
            rescaled.frame.rect = Rect(x: r.x / old, y: r.y / old, width: r.width / old, height: r.height / old).scaled(by: k)
            return rescaled
        }
        size = newSize
        pixelScale = k
        tiles = [:]
        keys = [:]
        for key in kept { keys[key.frame.rect] = key }
        trail = []
        trailArea = nil
    }

    private var scale: Double { theme.scale(forHeight: size.height / pixelScale) * Double(pixelScale) }
    private var maxShadowOffset: Double { KeyClass.allCases.map { theme.style($0).shadowOffset }.max() ?? 0 }
    private var whole: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    /// Draws the background and every key.
    func drawAll(_ all: [KeyAppearance]) {
        keys = [:]
        for k in all.map({ $0.scaled(by: pixelScale) }) { keys[k.frame.rect] = k }
        trail = []
        trailArea = nil
        paint(whole) { self.paintAll(into: $0) }
        fonts.releaseEmojiPages()
    }

    /// Paints the whole picture, as drawn so far, into a canvas.
    func paintAll(into canvas: PixelCanvas) {
        canvas.fill(whole, theme.background)
        for k in keys.values { drawKey(k, on: canvas) }
        drawTrail(on: canvas)
    }

    /// Draws some keys again, shown in one frame.
    func draw(_ surfaceKeys: [KeyAppearance]) {
        var area: Rect?
        let changed = surfaceKeys.map { $0.scaled(by: pixelScale) }
        for k in changed {
            keys[k.frame.rect] = k
            area = area.map { $0.union(self.area(of: k.frame.rect)) } ?? self.area(of: k.frame.rect)
        }
        guard let area else { return }
        paint(area) { canvas in for k in changed { self.drawKey(k, on: canvas) } }
        fonts.releaseEmojiPages()
    }

    /// Paints an area again from the keys as drawn: the background, the keys it
    /// touches (whole, so the area grows to them), the trail over them.
    private func repaint(_ area: Rect) {
        paint(covering(area)) { self.paintArea(area, into: $0) }
    }

    /// An area grown to the whole of the keys it touches.
    func covering(_ area: Rect) -> Rect {
        keys.values.reduce(area) { self.area(of: $1.frame.rect).intersection(area) != nil ? $0.union(self.area(of: $1.frame.rect)) : $0 }
    }

    /// Paints an area (grown to `covering(area)`) from the keys as drawn, the trail over them.
    func paintArea(_ area: Rect, into canvas: PixelCanvas) {
        canvas.fill(area, theme.background)
        for k in keys.values where self.area(of: k.frame.rect).intersection(area) != nil { drawKey(k, on: canvas) }
        drawTrail(on: canvas)
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

    private func drawKey(_ k: KeyAppearance, on canvas: PixelCanvas) {
        let r = k.frame.rect
        guard r.width > 0, r.height > 0 else { return }
        var icon: KeyIcon?
        if case .icon(let i) = k.label { icon = i }
        let style = theme.style(k.styleClass)
        let covered = area(of: r)
        let tile = self.tile(KeyBody(k, style: style, height: covered.height, icon: icon, scale: scale, theme: theme), keyHeight: r.height)
        canvas.copy(Rect(x: 0, y: 0, width: covered.width, height: covered.height), from: tile, to: Point(x: r.x, y: r.y))
        guard case .text(let text) = k.label, !text.isEmpty,
              let face = fonts.face(family: style.fontFamily, pixelSize: Int((style.fontSize * scale).rounded())) else { return }
        fonts.draw(text, face: face, in: r, color: style.textColor, on: canvas)
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

    /// Where the trail shown now is.
    private(set) var trailArea: Rect?
    /// The trail shown now, oldest point first.
    private(set) var trail: [Point] = []

    /// Shows a gesture's trail instead of the last one: the area the two cover is painted again.
    func drawTrail(_ surfacePoints: [Point]) {
        let points = surfacePoints.map { Point(x: $0.x * pixelScale, y: $0.y * pixelScale) }
        let box = TrailShapes.box(points, scale: scale)
        let old = trailArea
        trailArea = points.count >= 2 ? box : nil
        trail = points.count >= 2 ? points : []
        guard let area = (old.map { o in box.map { o.union($0) } ?? o } ?? box)?.intersection(whole) else { return }
        repaint(area)
    }

    /// Draws the trail over the keys.
    private func drawTrail(on target: PixelCanvas) {
        for shape in TrailShapes.fills(trail, scale: scale, accent: theme.style(.accent).background) { target.fill(shape.points, shape.color) }
    }
}
