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

    deinit { display.destroy(id) }

    /// Shows `picture` at `frame`, on top.
    func show(_ picture: OwnedPixmap, at frame: Rect) {
        display.setBackground(of: id, to: picture)
        display.place(id, at: frame)
        display.map(id, raised: true)
        display.clear(id)
        isShown = true
    }

    /// Whether this is the popup's window.
    func owns(_ window: Window) -> Bool { window == id }

    /// Puts the popup back on top, if it is showing.
    func raise() {
        if isShown { display.raise(id) }
    }

    /// Hides the popup.
    func hide() {
        guard isShown else { return }
        display.unmap(id)
        isShown = false
    }
}
