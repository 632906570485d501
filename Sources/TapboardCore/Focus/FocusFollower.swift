/// The server's input focus, as the display side reads it.
public enum ServerFocus: Equatable, Sendable {
    /// Keys go to the window under the pointer: PointerRoot, or the root window itself.
    case pointer
    /// Keys go nowhere.
    case none
    /// One window (and the windows inside it) gets the keys.
    case window(UInt64)
}

/// What the follower asks the display side to do with the focus.
public enum FocusRequest: Equatable, Sendable {
    /// Give this window the focus (reverting to PointerRoot if it goes away).
    case focus(UInt64)
    /// Give the focus back to the pointer (PointerRoot).
    case pointerRoot
}

/// Gives the focus to the application window the pointer last entered, while
/// no window manager runs and nobody else has set the focus: what a
/// sloppy-focus window manager would do.
///
/// With no window manager the server's focus stays PointerRoot, so keys go to
/// the window under the pointer, which is the keyboard's own while a key is
/// tapped; an application that does not set the focus itself when clicked (GTK 3)
/// then gets nothing, and loses its focused field each time the pointer moves to
/// the keyboard. Given explicitly, the focus stays with the application while the
/// pointer is on the keyboard. A focus someone else set (a client, a window
/// manager) is left alone.
public struct FocusFollower: Sendable {
    /// The window the follower gave the focus to last, while it may still have it.
    public private(set) var given: UInt64?
    /// A window manager runs: it owns the focus, and the follower does nothing.
    public private(set) var windowManagerRuns: Bool

    /// A follower; `given` is a window an earlier keyboard gave the focus to (killed before it could give it back).
    public init(windowManagerRuns: Bool, given: UInt64? = nil) {
        self.windowManagerRuns = windowManagerRuns
        self.given = given
    }

    /// The pointer entered an application's top-level window (never the keyboard's
    /// own, never an override-redirect popup) while the server's focus is `focus`.
    public mutating func pointerEntered(_ window: UInt64, focus: ServerFocus) -> FocusRequest? {
        guard !windowManagerRuns else { return nil }
        switch focus {
        case .pointer, .none:
            given = window
            return .focus(window)
        case .window(let current) where current == given:
            guard current != window else { return nil }
            given = window
            return .focus(window)
        case .window:
            // Set by someone else (a client giving itself the focus): theirs.
            return nil
        }
    }

    /// A window manager started or went away (`_NET_SUPPORTING_WM_CHECK`).
    public mutating func windowManagerChanged(runs: Bool) {
        windowManagerRuns = runs
        // Whatever the follower gave, the manager decides from now on.
        if runs { given = nil }
    }

    /// A window was destroyed or unmapped: if it had the focus the follower gave,
    /// the server has reverted to PointerRoot already.
    public mutating func windowGone(_ window: UInt64) {
        if window == given { given = nil }
    }

    /// What to do as the keyboard exits: the focus it gave goes back to the
    /// pointer, so focus follows the pointer again as it did before the keyboard started.
    public func atExit(focus: ServerFocus) -> FocusRequest? {
        guard let given, focus == .window(given), !windowManagerRuns else { return nil }
        return .pointerRoot
    }
}
