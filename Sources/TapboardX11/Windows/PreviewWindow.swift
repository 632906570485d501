import CX11
import Glibc
import TapboardCore

/// The magnified popup over a pressed key: a balloon whose stem covers the key
/// and whose head shows the character above it, even above the keyboard's top edge.
///
/// An override-redirect window, so no window manager places or focuses it; its
/// input shape is empty, so it never catches a press.
final class PreviewWindow {
    private let display: XDisplay
    private let resources: RenderResources
    private let popup: PopupWindow
    /// The popup's window, for pixmaps and the shape.
    private var id: Window { popup.id }

    /// Creates the (unmapped) popup window.
    init(display: XDisplay, resources: RenderResources) {
        self.display = display
        self.resources = resources
        popup = PopupWindow(display: display, name: "tapboard-preview", className: "Tapboard-preview")
    }

    deinit {
        balloons.removeAll()
        if let copyGC { XFreeGC(display.pointer, copyGC) }
    }

    /// The balloon drawn for one key size and place and one style: its shape
    /// mask, its picture without the character, and a pixmap to compose into.
    private final class Balloon {
        let mask: Pixmap, blank: Pixmap, content: Pixmap
        let painter: Painter
        let display: XDisplay

        init(display: XDisplay, mask: Pixmap, blank: Pixmap, content: Pixmap, painter: Painter) {
            self.display = display; self.mask = mask; self.blank = blank; self.content = content; self.painter = painter
        }

        deinit {
            for p in [mask, blank, content] { XFreePixmap(display.pointer, p) }
        }
    }

    /// What a balloon depends on.
    private struct BalloonKey: Hashable {
        var width, height, stemX, stemTop, keyWidth, keyHeight, headHeight: Int
        var style: KeyStyle
        var preview: PreviewStyle
        var scale: Double
    }

    /// Balloons made so far, most recent last: most keys share a size, so a
    /// press only copies one and draws its character.
    private var balloons: [(key: BalloonKey, balloon: Balloon)] = []
    private var shapeShown: BalloonKey?
    private var copyGC: GC?

    /// Shows the preview balloon placed by `geometry` (see `PreviewGeometry`).
    func show(text: String, geometry g: PreviewGeometry, theme: Theme, keyStyle: KeyStyle, scale: Double) {
        let d = display.pointer
        let width = g.frame.width, height = g.frame.height, headHeight = g.headHeight
        let shape = BalloonKey(width: width, height: height, stemX: g.stemX, stemTop: g.stemTop, keyWidth: g.key.width,
                               keyHeight: g.key.height, headHeight: headHeight, style: keyStyle, preview: theme.preview, scale: scale)
        let balloon = self.balloon(for: shape)
        if copyGC == nil { copyGC = display.copyGC(for: id) }
        XCopyArea(d, balloon.blank, balloon.content, copyGC, 0, 0, UInt32(width), UInt32(height), 0, 0)
        if let font = try? resources.font(family: keyStyle.fontFamily,
                                          pixelSize: Int((keyStyle.fontSize * theme.preview.fontScale * scale).rounded())) {
            balloon.painter.text(text, in: Rect(x: 0, y: 0, width: width, height: min(headHeight, shape.stemTop)),
                                 font: font, theme.preview.textColor)
        }
        if shapeShown != shape {
            XShapeCombineMask(d, id, ShapeBounding, 0, 0, balloon.mask, ShapeSet)
            shapeShown = shape
        }
        popup.show(balloon.content, at: g.frame)
    }

    /// The balloon for a shape, made on first use; a few are kept.
    private func balloon(for shape: BalloonKey) -> Balloon {
        if let i = balloons.firstIndex(where: { $0.key == shape }) {
            let entry = balloons.remove(at: i)
            balloons.append(entry)
            return entry.balloon
        }
        let made = makeBalloon(shape)
        balloons.append((shape, made))
        if balloons.count > 6 { balloons.removeFirst() }
        return made
    }

    private func makeBalloon(_ s: BalloonKey) -> Balloon {
        let d = display.pointer
        let radius = s.style.cornerRadius * s.scale * 1.6

        // The shape: head and stem, so the balloon looks grown out of the key.
        let mask = XCreatePixmap(d, id, UInt32(s.width), UInt32(s.height), 1)
        let maskGC = XCreateGC(d, mask, 0, nil)!
        XSetForeground(d, maskGC, 0)
        XFillRectangle(d, mask, maskGC, 0, 0, UInt32(s.width), UInt32(s.height))
        XSetForeground(d, maskGC, 1)
        fillRoundedMask(d, mask, maskGC, x: 0, y: 0, width: s.width, height: min(s.headHeight + Int(radius), s.height), radius: Int(radius))
        fillRoundedMask(d, mask, maskGC, x: s.stemX, y: 0, width: s.keyWidth, height: s.stemTop + s.keyHeight,
                        radius: Int(s.style.cornerRadius * s.scale))
        XFreeGC(d, maskGC)

        let depth = UInt32(tb_default_depth(d, display.screen))
        let blank = XCreatePixmap(d, id, UInt32(s.width), UInt32(s.height), depth)
        do {
            let painter = Painter(display: display, drawable: blank, resources: resources)
            let style = s.preview
            painter.fill(Rect(x: 0, y: 0, width: s.width, height: s.height), style.borderColor)
            let b = max(1, (s.scale * 0.8).rounded())
            painter.fillRounded(x: b, y: b, width: Double(s.width) - 2 * b, height: Double(s.headHeight) + radius - b,
                                radius: max(radius - b, 0), style.background)
            painter.fillRounded(x: Double(s.stemX) + b, y: Double(s.headHeight) - radius, width: Double(s.keyWidth) - 2 * b,
                                height: Double(s.stemTop + s.keyHeight - s.headHeight) + radius - b,
                                radius: max(s.style.cornerRadius * s.scale - b, 0), style.background)
        }
        let content = XCreatePixmap(d, id, UInt32(s.width), UInt32(s.height), depth)
        return Balloon(display: display, mask: mask, blank: blank, content: content,
                       painter: Painter(display: display, drawable: content, resources: resources))
    }

    /// Whether this is the preview's window.
    func owns(_ window: Window) -> Bool { popup.owns(window) }

    /// Puts the preview back on top, if it is showing.
    func raise() { popup.raise() }

    /// Hides the preview.
    func hide() { popup.hide() }

    private func fillRoundedMask(_ d: OpaquePointer, _ pixmap: Pixmap, _ gc: GC, x: Int, y: Int, width: Int, height: Int, radius: Int) {
        let r = max(0, min(radius, width / 2, height / 2))
        let diameter = UInt32(2 * r)
        XFillRectangle(d, pixmap, gc, Int32(x + r), Int32(y), UInt32(max(width - 2 * r, 0)), UInt32(height))
        XFillRectangle(d, pixmap, gc, Int32(x), Int32(y + r), UInt32(width), UInt32(max(height - 2 * r, 0)))
        guard r > 0 else { return }
        for (cx, cy) in [(x, y), (x + width - 2 * r, y), (x, y + height - 2 * r), (x + width - 2 * r, y + height - 2 * r)] {
            XFillArc(d, pixmap, gc, Int32(cx), Int32(cy), diameter, diameter, 0, 360 * 64)
        }
    }
}
