import CX11
import TapboardCore

/// How one key is to be drawn now.
struct KeyAppearance {
    /// The key's frame.
    var frame: KeyFrame
    /// What it shows.
    var label: KeyLabel
    /// The theme class it draws with.
    var styleClass: KeyClass
    /// Whether it is held.
    var pressed: Bool
}

/// Draws the keyboard into a back-buffer pixmap and copies changed parts to the window.
final class KeyboardRenderer {
    private let display: XDisplay
    private let window: Window
    private let resources: RenderResources
    private let gc: GC
    private var pixmap: Pixmap = 0
    private var painter: Painter?
    private(set) var size = Size(width: 0, height: 0)
    var theme: Theme

    /// Prepares drawing into a window.
    init(display: XDisplay, window: Window, resources: RenderResources, theme: Theme) {
        self.display = display
        self.window = window
        self.resources = resources
        self.theme = theme
        gc = XCreateGC(display.pointer, window, 0, nil)!
    }

    deinit {
        painter = nil
        if pixmap != 0 { XFreePixmap(display.pointer, pixmap) }
        XFreeGC(display.pointer, gc)
    }

    /// Makes a back buffer of the window's new size.
    func resize(to newSize: Size) {
        guard newSize != size || pixmap == 0 else { return }
        painter = nil
        if pixmap != 0 { XFreePixmap(display.pointer, pixmap) }
        size = newSize
        let d = display.pointer
        pixmap = XCreatePixmap(d, window, UInt32(max(size.width, 1)), UInt32(max(size.height, 1)),
                               UInt32(tb_default_depth(d, display.screen)))
        painter = Painter(display: display, drawable: pixmap, resources: resources)
    }

    /// Draws the background and every key, then shows all of it.
    func drawAll(_ keys: [KeyAppearance]) {
        guard let painter else { return }
        painter.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), theme.background)
        for k in keys { drawKey(k, painter: painter, clear: false) }
        present(Rect(x: 0, y: 0, width: size.width, height: size.height))
    }

    /// Draws some keys again and shows only them.
    func draw(_ keys: [KeyAppearance]) {
        guard let painter else { return }
        for k in keys {
            drawKey(k, painter: painter, clear: true)
            present(area(of: k.frame.rect))
        }
    }

    /// Copies part of the back buffer to the window (after drawing, or on Expose).
    func present(_ rect: Rect) {
        guard pixmap != 0 else { return }
        XCopyArea(display.pointer, pixmap, window, gc, Int32(rect.x), Int32(rect.y),
                  UInt32(max(rect.width, 0)), UInt32(max(rect.height, 0)), Int32(rect.x), Int32(rect.y))
    }

    /// The pixels a key's drawing covers: its frame and the shadow under it.
    private func area(of rect: Rect) -> Rect {
        let shadow = Int((maxShadowOffset * scale).rounded(.up))
        return Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height + shadow)
    }

    private var scale: Double { theme.scale(forHeight: size.height) }
    private var maxShadowOffset: Double { KeyClass.allCases.map { theme.style($0).shadowOffset }.max() ?? 0 }

    private func drawKey(_ k: KeyAppearance, painter: Painter, clear: Bool) {
        let style = theme.style(k.styleClass)
        let s = scale
        let r = k.frame.rect
        if clear { painter.fill(area(of: r), theme.background) }
        let x = Double(r.x), y = Double(r.y), w = Double(r.width), h = Double(r.height)
        let radius = style.cornerRadius * s
        if style.shadowOffset > 0 {
            // Whole pixels keep the shadow on the fast path (only its corners anti-aliased).
            let offset = max(1, (style.shadowOffset * s).rounded())
            painter.fillRounded(x: x, y: y + offset, width: w, height: h, radius: radius, style.shadowColor)
        }
        let fill = k.pressed ? style.pressedBackground : style.background
        if style.borderWidth > 0 {
            let b = max(1, (style.borderWidth * s).rounded())
            painter.fillRounded(x: x, y: y, width: w, height: h, radius: radius, style.borderColor)
            painter.fillRounded(x: x + b, y: y + b, width: w - 2 * b, height: h - 2 * b, radius: max(radius - b, 0), fill)
        } else {
            painter.fillRounded(x: x, y: y, width: w, height: h, radius: radius, fill)
        }
        switch k.label {
        case .text(let text):
            if let font = try? resources.font(family: style.fontFamily, pixelSize: Int((style.fontSize * s).rounded())) {
                painter.text(text, in: r, font: font, style.textColor)
            }
        case .icon(let icon):
            Icons.draw(icon, in: r, painter: painter, color: style.textColor, background: fill)
        }
    }
}
