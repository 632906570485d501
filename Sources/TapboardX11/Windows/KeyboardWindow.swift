import CX11
import Glibc
import TapboardCore

/// The keyboard's top-level window: never takes the focus and stays above.
///
/// It is override-redirect: a window manager neither frames it nor grabs the
/// button on it. Managed windows get their presses through the manager's
/// click-to-focus grab, which at high tap rates loses or misplaces presses
/// (measured under openbox: hundreds of 500 fast taps wrong); this window's
/// presses come straight from the server. Its hints still say what it is
/// (a dock that takes no input focus) for tools that read them.
final class KeyboardWindow {
    private let display: XDisplay
    /// The window's id.
    let id: Window

    /// The events the keyboard window listens to.
    static let eventMask = ExposureMask | ButtonPressMask | ButtonReleaseMask | Button1MotionMask | StructureNotifyMask | FocusChangeMask

    /// Creates the window at a place on the screen; `userPlaced` marks a position the user asked for.
    /// `managed` (for `--float`) lets a window manager frame and move it.
    /// `embedded` (`--xid`): an ordinary window another program takes into its own; `Embedding` says what it is.
    init(display: XDisplay, frame: Rect, userPlaced: Bool, managed: Bool = false, embedded: Bool = false) {
        self.display = display
        id = display.createWindow(.drawn, frame: frame, overrideRedirect: !managed && !embedded, eventMask: Self.eventMask,
                                  keepContentOnResize: true)
        guard !embedded else { return }
        // Floating, a utility window the manager frames and lets the user move; else a dock.
        display.setHints(of: id, frame: frame, userPlaced: userPlaced, name: "tapboard", className: "tapboard", title: "Tapboard",
                         type: managed ? "_NET_WM_WINDOW_TYPE_UTILITY" : "_NET_WM_WINDOW_TYPE_DOCK",
                         states: ["_NET_WM_STATE_ABOVE", "_NET_WM_STATE_STICKY", "_NET_WM_STATE_SKIP_TASKBAR", "_NET_WM_STATE_SKIP_PAGER"])
        display.setProperty("_NET_WM_PID", of: id, cardinals: [UInt(getpid())])
        display.setProtocols(of: id, ["WM_DELETE_WINDOW"])
    }

    /// Another client destroyed the window: nothing is left to unmap or destroy,
    /// and drawing already sent to it fails quietly.
    var destroyed = false {
        didSet { if destroyed { destroyedWindows.insert(id) } }
    }

    deinit { if !destroyed { display.destroy(id) } }

    /// The colour the server fills the window with where nothing is drawn; nil
    /// for none (after the first frame: exposed parts are copied from the back
    /// buffer, and a fill first would flicker).
    func setBackground(_ pixel: UInt?) { display.setBackground(of: id, pixel: pixel) }

    /// Shows the window.
    func map() { display.map(id, raised: true) }

    /// Puts the window back on top of the stack.
    func raise() { display.raise(id) }

    /// Hides the window.
    func unmap() { if !destroyed { display.unmap(id) } }

    /// Moves the window; its size stays.
    func move(to p: Point) { display.move(id, to: p) }

    /// Moves and resizes the window.
    func place(_ frame: Rect) { display.place(id, at: frame) }

    /// Where the window's top left corner is on the screen (asks the server).
    func rootOrigin() -> Point { display.rootOrigin(of: id) }

    /// Listens to these events of the window only (see `TouchInput`).
    func select(_ mask: Int) { display.selectInput(id, mask) }
}
