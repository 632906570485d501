import CX11
import TapboardCore

/// The X half of `FocusFollower`: on a server with no window manager, the
/// application window the pointer last entered gets the input focus, so a tap
/// on the keyboard types into it rather than into the keyboard under the pointer.
///
/// It hears the pointer enter the top-level windows of other clients
/// (EnterWindowMask on each), reads the focus when it matters, and keeps the
/// window it gave the focus to in a root window property: a keyboard killed
/// before its exit leaves the focus there, and the next start takes it as its own.
final class PointerFocus {
    private let display: XDisplay
    /// Whether a window is the keyboard's own (the keyboard, its strip, its popups).
    private let isOwn: (Window) -> Bool
    private var follower = FocusFollower(windowManagerRuns: true)

    /// The root window property naming the window the keyboard gave the focus to.
    static let givenProperty = "_TAPBOARD_FOCUS_GIVEN"
    /// Set on the root by a running EWMH window manager.
    static let windowManagerProperty = "_NET_SUPPORTING_WM_CHECK"

    init(display: XDisplay, isOwn: @escaping (Window) -> Bool) {
        self.display = display
        self.isOwn = isOwn
    }

    /// Reads whether a window manager runs and what an earlier keyboard gave;
    /// with none running, follows the windows there are and gives the focus to
    /// the one under the pointer (the keyboard is not shown yet). Returns the
    /// window given the focus, or the one an earlier keyboard gave it to.
    @discardableResult
    func start() -> Window? {
        let inherited = display.property(Self.givenProperty, of: display.root, type: XA_WINDOW)?.items.first.map(UInt64.init)
        let focus = serverFocus()
        follower = FocusFollower(windowManagerRuns: windowManagerRuns(),
                                 given: inherited.flatMap { focus == .window($0) ? $0 : nil })
        if inherited != nil, follower.given == nil { display.deleteProperty(Self.givenProperty, of: display.root) }
        guard !follower.windowManagerRuns else { return nil }
        followTopLevels()
        if let window = display.topLevelUnderPointer(), let given = entered(window) { return given }
        return follower.given.map { Window($0) }
    }

    /// Another client mapped a top-level window: followed unless it is a popup.
    /// Mapped under the pointer, it is entered at once: that crossing came
    /// before the keyboard could ask to hear of it. That holds where the pointer
    /// rests on the keyboard too (an application starting, a dialog): a new
    /// window maps above the keyboard, which raises itself again only after this.
    /// Returns the window when it was given the focus.
    func mapped(_ window: Window, overrideRedirect: Bool) -> Window? {
        guard !follower.windowManagerRuns, !overrideRedirect, !isOwn(window) else { return nil }
        display.quietly { display.selectInput(window, EnterWindowMask) }
        return display.topLevelUnderPointer() == window ? entered(window) : nil
    }

    /// A top-level window went away (unmapped or destroyed).
    func gone(_ window: Window) {
        let had = follower.given
        follower.windowGone(UInt64(window))
        if had != nil, follower.given == nil { display.deleteProperty(Self.givenProperty, of: display.root) }
    }

    /// The pointer entered a top-level window of another client: it gets the
    /// focus when the follower says so (a viewable, managed-looking window only).
    /// Returns the window when it was given the focus.
    @discardableResult
    func entered(_ window: Window) -> Window? {
        guard !follower.windowManagerRuns, !isOwn(window) else { return nil }
        var attributes: WindowAttributes?
        display.quietly { attributes = display.attributes(of: window) }
        guard let attributes, !attributes.overrideRedirect, attributes.viewable, attributes.inputOutput else { return nil }
        // An application's own window says what it is; a frame of a window manager
        // that does not announce itself (twm) does not, and the focus is not for it.
        var named = false
        display.quietly { named = display.property("WM_CLASS", of: window, type: XA_STRING, maxLength: 64) != nil }
        guard named else { return nil }
        guard let request = follower.pointerEntered(UInt64(window), focus: serverFocus()) else { return nil }
        apply(request)
        return window
    }

    /// The root's properties changed: a window manager may have started or left.
    func rootPropertyChanged(_ atom: Atom) {
        guard atom == display.atom(Self.windowManagerProperty) else { return }
        let runs = windowManagerRuns()
        guard runs != follower.windowManagerRuns else { return }
        follower.windowManagerChanged(runs: runs)
        if runs {
            display.deleteProperty(Self.givenProperty, of: display.root)
        } else {
            // Its frames are gone and the applications' windows are the root's children again.
            followTopLevels()
        }
    }

    /// At exit: the focus the keyboard gave goes back to the pointer.
    func finish() {
        if let request = follower.atExit(focus: serverFocus()) { apply(request) }
        display.deleteProperty(Self.givenProperty, of: display.root)
    }

    private func apply(_ request: FocusRequest) {
        switch request {
        case .focus(let window):
            // Reverting to PointerRoot: if the window goes, the focus follows the pointer as before.
            display.quietly { display.setInputFocus(Window(window)) }
            display.setProperty(Self.givenProperty, of: display.root, windows: [Window(window)])
        case .pointerRoot:
            display.setInputFocus(Window(PointerRoot))
        }
        display.flush()
    }

    /// Listens for the pointer entering each top-level window there is now.
    private func followTopLevels() {
        // Unmapped and override-redirect ones too: which is which would take a
        // round trip each, and the pointer entering one is checked anyway.
        for window in display.topLevels() where !isOwn(window) {
            display.quietly { display.selectInput(window, EnterWindowMask) }
        }
    }

    private func windowManagerRuns() -> Bool {
        display.property(Self.windowManagerProperty, of: display.root, type: XA_WINDOW)?.items.first.map { $0 != 0 } ?? false
    }

    private func serverFocus() -> ServerFocus {
        let focus = display.inputFocus()
        switch focus {
        case Window(None): return .none
        case Window(PointerRoot), display.root: return .pointer
        default: return .window(UInt64(focus))
        }
    }
}
