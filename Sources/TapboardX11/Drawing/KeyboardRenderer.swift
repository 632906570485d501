import CX11
import TapboardCore

/// Draws the keyboard into a back-buffer pixmap and copies changed parts to the window.
final class KeyboardRenderer {
    private let display: XDisplay
    private let window: Window
    private let resources: RenderResources
    private let copier: Copier
    /// The back buffer, made at the first size.
    private var pixmap: OwnedPixmap?
    private var painter: Painter?
    private(set) var size = Size(width: 0, height: 0)
    var theme: Theme {
        didSet {
            maxShadowOffset = Self.maxShadowOffset(theme)
            looks = [:]
        }
    }
    /// The deepest shadow of any key class: kept, as every key drawn asks it
    /// twice, and working it out copied the theme six times (a tenth of a tap's drawing).
    private var maxShadowOffset: Double

    /// Prepares drawing into a window.
    init(display: XDisplay, window: Window, resources: RenderResources, theme: Theme) {
        self.display = display
        self.window = window
        self.resources = resources
        self.theme = theme
        maxShadowOffset = Self.maxShadowOffset(theme)
        copier = Copier(display: display, for: window)
    }

    deinit {
        // The painters' XftDraws go before the pixmaps they draw on.
        painter = nil
        trailPainter = nil
    }

    /// Makes a back buffer of the window's new size.
    func resize(to newSize: Size) {
        guard newSize != size || pixmap == nil else { return }
        painter = nil
        pixmap = nil
        // The trail's buffer is made again at the new size when a trail is next drawn.
        trailPainter = nil
        trailPixmap = nil
        trailArea = nil
        // The scale follows the height: every look changes.
        looks = [:]
        size = newSize
        let buffer = OwnedPixmap(display: display, window: window, size: size)
        pixmap = buffer
        painter = Painter(display: display, pixmap: buffer, resources: resources)
    }

    /// Draws the background and every key, then shows all of it.
    func drawAll(_ keys: [KeyAppearance]) {
        guard let painter else { return }
        painter.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), theme.background)
        for k in keys { drawKey(k, painter: painter) }
        present(Rect(x: 0, y: 0, width: size.width, height: size.height))
        resources.releaseReadFontPages()
    }

    /// Draws some keys again and shows only them.
    func draw(_ keys: [KeyAppearance]) {
        guard let painter else { return }
        for k in keys {
            drawKey(k, painter: painter)
            present(area(of: k.frame.rect))
        }
        resources.releaseReadFontPages()
    }

    // The trail is drawn over the keys in a second buffer and shown from there,
    // so the back buffer keeps the keys and taking the trail away is a copy.
    private var trailPixmap: OwnedPixmap?
    private var trailPainter: Painter?
    /// Where the trail shown now is, to be covered with keys again.
    private var trailArea: Rect?

    /// Shows a gesture's trail over the keys instead of the last one: only the
    /// area the two cover is copied and drawn. The oldest part fades: thinner
    /// and more transparent towards the tail.
    func drawTrail(_ points: [Point]) {
        guard let pixmap else { return }
        let box = TrailShapes.box(points, scale: scale)
        let old = trailArea
        trailArea = box
        guard var area = old.map({ o in box.map { o.union($0) } ?? o }) ?? box else { return }
        area = area.intersection(Rect(x: 0, y: 0, width: size.width, height: size.height)) ?? Rect(x: 0, y: 0, width: 0, height: 0)
        guard area.width > 0, area.height > 0 else { return }
        guard points.count >= 2 else {
            present(area)
            return
        }
        if trailPixmap == nil {
            let buffer = OwnedPixmap(display: display, window: window, size: size)
            trailPixmap = buffer
            trailPainter = Painter(display: display, pixmap: buffer, resources: resources)
        }
        guard let trail = trailPixmap, let painter = trailPainter else { return }
        copier.copy(area, from: pixmap.id, to: trail.id)
        for shape in TrailShapes.fills(points, scale: scale, accent: theme.style(.accent).background) {
            painter.fill(shape.points, shape.color)
        }
        copier.copy(area, from: trail.id, to: window)
    }

    /// The back buffer's pixels as 8-bit RGB rows (for previews and tests).
    func backBufferRGB(size: Size) -> [UInt8] { pixmap?.rgb(size: size) ?? [] }

    /// Copies part of the back buffer to the window (after drawing, or on Expose).
    func present(_ rect: Rect) {
        guard let pixmap else { return }
        copier.copy(rect, from: pixmap.id, to: window)
    }

    /// The pixels a key's drawing covers: its frame and the shadow under it.
    private func area(of rect: Rect) -> Rect {
        let shadow = Int((maxShadowOffset * scale).rounded(.up))
        return Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height + shadow)
    }

    private var scale: Double { theme.scale(forHeight: size.height) }
    private static func maxShadowOffset(_ theme: Theme) -> Double { KeyClass.allCases.map { theme.style($0).shadowOffset }.max() ?? 0 }

    /// Keys drawn once and copied since: the body, shadow and icon of a key of a
    /// given look and size. Most keys share a few sizes, so a press is one copy
    /// and at most one string; the anti-aliased shapes are drawn once per look.
    /// Each with when it was last used (a count of uses): the least recent goes
    /// past the limit. (A list in order of use was searched and shifted at every
    /// key drawn, comparing whole styles.)
    private var tiles: [KeyBody: (pixmap: OwnedPixmap, used: Int)] = [:]
    private var tileUses = 0
    private static let tileLimit = 48

    private func drawKey(_ k: KeyAppearance, painter: Painter) {
        let r = k.frame.rect
        guard r.width > 0, r.height > 0, let buffer = pixmap else { return }
        var icon: KeyIcon?
        if case .icon(let i) = k.label { icon = i }
        let quick = LookKey(styleClass: k.styleClass, pressed: k.pressed, highlight: k.highlight, width: r.width, height: r.height)
        var look: Look
        if icon == nil, let known = looks[quick] {
            look = known
        } else {
            let style = theme.style(k.styleClass)
            let covered = area(of: r)
            let tile = self.tile(KeyBody(k, style: style, height: covered.height, icon: icon, scale: scale, theme: theme), keyHeight: r.height)
            look = Look(tile: tile, covered: Size(width: covered.width, height: covered.height),
                        font: .notOpened(family: style.fontFamily, pixelSize: Int((style.fontSize * scale).rounded())),
                        textColor: style.textColor)
            if icon == nil { looks[quick] = look }
        }
        copier.copy(Rect(x: 0, y: 0, width: look.covered.width, height: look.covered.height), from: look.tile.id, to: buffer.id,
                    at: Point(x: r.x, y: r.y))
        guard case .text(let text) = k.label, !text.isEmpty else { return }
        // A size's font is opened when text is first drawn in it: the strip's
        // empty slots at start open none (Xft allocates ~56 KiB of tables for each).
        if case .notOpened(let family, let pixelSize) = look.font {
            look.font = .opened(try? resources.font(family: family, pixelSize: pixelSize))
            looks[quick] = look
        }
        if case .opened(let font?) = look.font {
            painter.text(text, in: r, font: font, look.textColor)
        }
    }

    /// What a text key's drawing depends on at this theme and size.
    private struct LookKey: Hashable {
        var styleClass: KeyClass
        var pressed: Bool
        var highlight: KeyHighlight
        var width, height: Int
    }

    /// A text key's tile, the pixels it covers, its font and text colour.
    private struct Look {
        var tile: OwnedPixmap
        var covered: Size
        var font: LookFont
        var textColor: Color
    }

    /// A look's font: what to open, or what opening it gave (nil: it could not be, so it is not tried at every key).
    private enum LookFont {
        case notOpened(family: String, pixelSize: Int)
        case opened(OpenFont?)
    }

    /// The looks of text keys drawn at this theme and size, found without
    /// working out the style, hashing it whole for its tile and looking up its
    /// font (half of a strip slot's drawing, callgrind at 50 taps/s). Emptied
    /// with a new theme or size, and when a tile goes.
    private var looks: [LookKey: Look] = [:]

    /// The tile for a key's look, drawn on first use; the least recently used goes past the limit.
    private func tile(_ key: KeyBody, keyHeight: Int) -> OwnedPixmap {
        tileUses += 1
        if let i = tiles.index(forKey: key) {
            tiles.values[i].used = tileUses
            return tiles.values[i].pixmap
        }
        let t = OwnedPixmap(display: display, window: window, size: Size(width: key.width, height: key.height))
        do {
            let painter = Painter(display: display, pixmap: t, resources: resources)
            key.draw(keyHeight: keyHeight, on: painter)
        }
        if tiles.count >= Self.tileLimit, let old = tiles.min(by: { $0.value.used < $1.value.used }) {
            tiles.removeValue(forKey: old.key)
            looks = [:]
        }
        tiles[key] = (t, tileUses)
        return t
    }
}
