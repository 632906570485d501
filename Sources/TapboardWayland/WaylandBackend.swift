import TapboardCore

/// The Wayland backend, which `tapboard-wayland` hands to the keyboard's loop:
/// a `WaylandConnection` to the compositor `WAYLAND_DISPLAY` names, then a
/// `WaylandKeyboard` for the session's frame; the focus for `--auto-show`
/// comes from the compositor's input method. The X11 `tapboard` runs that
/// binary when Wayland is chosen, so an X11 start loads no Wayland library,
/// and this one links no X library.
public final class WaylandBackend: DisplayBackend {
    /// The connection made to see whether the compositor offers what the
    /// keyboard needs: the one the keyboard runs on (one connection at start).
    private var looked: WaylandConnection?

    /// The backend, not yet connected.
    public init() {}

    /// Wayland.
    public var kind: KeyboardBackend { .wayland }
    /// "the Wayland compositor", for messages.
    public var serverName: String { "the Wayland compositor" }
    /// The compositor's input method, asked for as it connects.
    public var focusSource: FocusSource { .displayServer }
    /// xkbcommon's keysym names, which the virtual keyboard's keymap is written with.
    public var keysymExists: @Sendable (String) -> Bool { { VirtualKeyboard.keysym(named: $0) != nil } }

    /// Why the compositor will not do (none to connect to, a protocol it lacks); nil when it will.
    public func unavailable() -> String? {
        do {
            looked = try WaylandConnection(name: nil)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Connects (or takes the connection `unavailable` made); `followingFocus`
    /// turns auto-show on when the compositor lets the keyboard be the seat's input method.
    public func connect(_ configuration: inout KeyboardConfiguration, followingFocus: Bool) throws -> DisplayConnection {
        let connection = try looked ?? WaylandConnection(name: nil)
        looked = nil
        var notes: [String] = []
        if followingFocus {
            if connection.offersInputMethod {
                configuration.autoShow = true
                configuration.startHidden = true
            } else {
                notes.append("--auto-show: the Wayland compositor offers no zwp_input_method_manager_v2; running as a keyboard that does not follow the focus")
            }
        }
        return DisplayConnection(screen: connection.screen, notes: notes) { frame, configuration in
            try WaylandKeyboard(connection, frame: frame, configuration: configuration)
        }
    }
}
