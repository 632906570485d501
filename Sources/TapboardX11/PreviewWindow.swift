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
    private let id: Window
    private(set) var isShown = false

    /// Creates the (unmapped) popup window.
    init(display: XDisplay, resources: RenderResources) {
        self.display = display
        self.resources = resources
        let d = display.pointer
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.save_under = 1
        id = XCreateWindow(d, display.root, 0, 0, 1, 1, 0, tb_default_depth(d, display.screen), UInt32(InputOutput),
                           tb_default_visual(d, display.screen), UInt(CWOverrideRedirect | CWSaveUnder), &attributes)
        XShapeCombineRectangles(d, id, ShapeInput, 0, 0, nil, 0, ShapeSet, Unsorted)
        // Named, so scripts and tests can wait for it to show.
        let name = strdup("tapboard-preview"), className = strdup("Tapboard-preview")
        var classHint = XClassHint(res_name: name, res_class: className)
        XSetClassHint(d, id, &classHint)
        free(name); free(className)
    }

    deinit { XDestroyWindow(display.pointer, id) }

    /// Shows the preview for a key whose rectangle is given in screen coordinates.
    func show(text: String, keyOnScreen key: Rect, theme: Theme, keyStyle: KeyStyle, scale: Double) {
        let d = display.pointer
        let screen = display.screenSize
        let pad = max(Int(Double(key.width) * 0.22), Int(6 * scale))
        let headHeight = Int(Double(key.height) * 1.15)
        let width = key.width + 2 * pad, height = headHeight + key.height
        let x = min(max(key.x - pad, 0), max(screen.width - width, 0))
        let y = max(key.y - headHeight, 0)
        let stemX = key.x - x
        let stemTop = key.y - y
        let radius = keyStyle.cornerRadius * scale * 1.6

        // The shape: head and stem, so the balloon looks grown out of the key.
        let mask = XCreatePixmap(d, id, UInt32(width), UInt32(height), 1)
        let maskGC = XCreateGC(d, mask, 0, nil)!
        XSetForeground(d, maskGC, 0)
        XFillRectangle(d, mask, maskGC, 0, 0, UInt32(width), UInt32(height))
        XSetForeground(d, maskGC, 1)
        fillRoundedMask(d, mask, maskGC, x: 0, y: 0, width: width, height: min(headHeight + Int(radius), height), radius: Int(radius))
        fillRoundedMask(d, mask, maskGC, x: stemX, y: 0, width: key.width, height: stemTop + key.height,
                        radius: Int(keyStyle.cornerRadius * scale))
        XFreeGC(d, maskGC)

        let pixmap = XCreatePixmap(d, id, UInt32(width), UInt32(height), UInt32(tb_default_depth(d, display.screen)))
        do {
            let painter = Painter(display: display, drawable: pixmap, resources: resources)
            let style = theme.preview
            painter.fill(Rect(x: 0, y: 0, width: width, height: height), style.borderColor)
            let b = max(1, scale * 0.8)
            painter.fillRounded(x: b, y: b, width: Double(width) - 2 * b, height: Double(headHeight) + radius - b,
                                radius: max(radius - b, 0), style.background)
            painter.fillRounded(x: Double(stemX) + b, y: Double(headHeight) - radius, width: Double(key.width) - 2 * b,
                                height: Double(stemTop + key.height - headHeight) + radius - b,
                                radius: max(keyStyle.cornerRadius * scale - b, 0), style.background)
            if let font = try? resources.font(family: keyStyle.fontFamily,
                                              pixelSize: Int((keyStyle.fontSize * style.fontScale * scale).rounded())) {
                painter.text(text, in: Rect(x: 0, y: 0, width: width, height: min(headHeight, stemTop)), font: font, style.textColor)
            }
        }
        XShapeCombineMask(d, id, ShapeBounding, 0, 0, mask, ShapeSet)
        XSetWindowBackgroundPixmap(d, id, pixmap)
        XMoveResizeWindow(d, id, Int32(x), Int32(y), UInt32(width), UInt32(height))
        XMapRaised(d, id)
        XClearWindow(d, id)
        XFreePixmap(d, pixmap)
        XFreePixmap(d, mask)
        isShown = true
    }

    /// Hides the preview.
    func hide() {
        guard isShown else { return }
        XUnmapWindow(display.pointer, id)
        isShown = false
    }

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
