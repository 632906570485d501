import CX11
import TapboardCore

/// A popup over everything (the preview, the callout): override-redirect, so no
/// window manager places or focuses it, with an empty input shape, so it never
/// catches a press, and named, so scripts and tests can wait for it.
final class PopupWindow {
    private let display: XDisplay
    /// The window's id.
    let id: Window
    private(set) var isShown = false

    /// Creates the (unmapped) window.
    init(display: XDisplay, name: String, className: String) {
        self.display = display
        id = display.createWindow(.drawn, frame: Rect(x: 0, y: 0, width: 1, height: 1), overrideRedirect: true, saveUnder: true)
        display.passPresses(through: id)
        display.setClass(of: id, name: name, className: className)
    }

    deinit { XDestroyWindow(display.pointer, id) }

    /// Shows `picture` at `frame`, on top.
    func show(_ picture: Pixmap, at frame: Rect) {
        let d = display.pointer
        XSetWindowBackgroundPixmap(d, id, picture)
        XMoveResizeWindow(d, id, Int32(frame.x), Int32(frame.y), UInt32(max(frame.width, 1)), UInt32(max(frame.height, 1)))
        XMapRaised(d, id)
        XClearWindow(d, id)
        isShown = true
    }

    /// Whether this is the popup's window.
    func owns(_ window: Window) -> Bool { window == id }

    /// Puts the popup back on top, if it is showing.
    func raise() {
        if isShown { XRaiseWindow(display.pointer, id) }
    }

    /// Hides the popup.
    func hide() {
        guard isShown else { return }
        XUnmapWindow(display.pointer, id)
        isShown = false
    }
}
