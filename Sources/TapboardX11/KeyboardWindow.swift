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
    init(display: XDisplay, frame: Rect, userPlaced: Bool, managed: Bool = false) {
        self.display = display
        let d = display.pointer
        var attributes = XSetWindowAttributes()
        // No background: the server never clears what the back buffer paints, so no flicker.
        attributes.background_pixmap = 0
        attributes.event_mask = Self.eventMask
        attributes.bit_gravity = Int32(NorthWestGravity)
        attributes.override_redirect = managed ? 0 : 1
        id = XCreateWindow(d, display.root, Int32(frame.x), Int32(frame.y), UInt32(max(frame.width, 1)), UInt32(max(frame.height, 1)), 0,
                           tb_default_depth(d, display.screen), UInt32(InputOutput), tb_default_visual(d, display.screen),
                           UInt(CWBackPixmap | CWEventMask | CWBitGravity | CWOverrideRedirect), &attributes)
        setProperties(frame: frame, userPlaced: userPlaced, managed: managed)
    }

    /// Another client destroyed the window: nothing is left to unmap or destroy,
    /// and drawing already sent to it fails quietly.
    var destroyed = false {
        didSet { if destroyed { destroyedWindows.insert(id) } }
    }

    deinit { if !destroyed { XDestroyWindow(display.pointer, id) } }

    private func setProperties(frame: Rect, userPlaced: Bool, managed: Bool) {
        let d = display.pointer
        // ICCCM: input = False, so a window manager never gives this window the focus.
        if let hints = XAllocWMHints() {
            hints.pointee.flags = InputHint | StateHint
            hints.pointee.input = 0
            hints.pointee.initial_state = NormalState
            XSetWMHints(d, id, hints)
            XFree(hints)
        }
        if let size = XAllocSizeHints() {
            size.pointee.flags = PPosition | PSize | (userPlaced ? USPosition | USSize : 0)
            size.pointee.x = Int32(frame.x); size.pointee.y = Int32(frame.y)
            size.pointee.width = Int32(frame.width); size.pointee.height = Int32(frame.height)
            XSetWMNormalHints(d, id, size)
            XFree(size)
        }
        display.setClass(of: id, name: "tapboard", className: "tapboard")
        XStoreName(d, id, "Tapboard")
        setUTF8(property: "_NET_WM_NAME", "Tapboard")
        // Floating, a utility window the manager frames and lets the user move; else a dock.
        display.setAtoms(of: id, property: "_NET_WM_WINDOW_TYPE", [managed ? "_NET_WM_WINDOW_TYPE_UTILITY" : "_NET_WM_WINDOW_TYPE_DOCK"])
        display.setAtoms(of: id, property: "_NET_WM_STATE", ["_NET_WM_STATE_ABOVE", "_NET_WM_STATE_STICKY",
                                                             "_NET_WM_STATE_SKIP_TASKBAR", "_NET_WM_STATE_SKIP_PAGER"])
        var pid = UInt(getpid())
        XChangeProperty(d, id, display.atom("_NET_WM_PID"), XA_CARDINAL, 32, PropModeReplace,
                        withUnsafeBytes(of: &pid) { $0.baseAddress!.assumingMemoryBound(to: UInt8.self) }, 1)
        var protocols = [display.atom("WM_DELETE_WINDOW")]
        XSetWMProtocols(d, id, &protocols, 1)
    }

    private func setUTF8(property: String, _ value: String) {
        var bytes = Array(value.utf8)
        XChangeProperty(display.pointer, id, display.atom(property), display.atom("UTF8_STRING"), 8, PropModeReplace,
                        &bytes, Int32(bytes.count))
    }

    /// Shows the window.
    func map() { XMapRaised(display.pointer, id) }

    /// Puts the window back on top of the stack.
    func raise() { XRaiseWindow(display.pointer, id) }

    /// Hides the window.
    func unmap() { if !destroyed { XUnmapWindow(display.pointer, id) } }

    /// Where the window's top left corner is on the screen (asks the server).
    func rootOrigin() -> Point {
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(display.pointer, id, display.root, 0, 0, &x, &y, &child)
        return Point(x: Int(x), y: Int(y))
    }
}
