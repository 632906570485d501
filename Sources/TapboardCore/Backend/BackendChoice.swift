/// Where a keyboard binary runs the keyboard: here, on the display server it
/// carries, or in the binary that carries the other one, run in its place.
///
/// `tapboard` carries X11 and cannot look at a Wayland compositor: when
/// Wayland may be meant it hands over to `tapboard-wayland`, which looks and,
/// when the compositor lacks what the keyboard needs, hands back saying why.
/// A binary told why never hands over again unless Wayland is asked for by
/// name, and then the Wayland binary runs it: at most two hand-overs.
public enum BackendChoice: Equatable, Sendable {
    /// Run here; `passedOver`: why the Wayland compositor was passed over for X11, if it was.
    case run(passedOver: String?)
    /// Run the binary carrying this backend in this process's place, telling it why Wayland was passed over, if it was.
    case handOver(KeyboardBackend, passedOver: String?)

    /// The choice of a binary carrying `carried`, for `--backend` (`chosen`,
    /// nil when not given) and `--display` (`displayName`): the backend named;
    /// else X11 when a display is named or `waylandDisplay` is not (no
    /// `WAYLAND_DISPLAY`) or the Wayland binary said why it passed it over
    /// (`passedOver`); else Wayland if its compositor offers what the keyboard
    /// needs (`waylandUnavailable`, asked only of the Wayland binary), else X11.
    public static func of(carried: KeyboardBackend, chosen: KeyboardBackend?, displayName: String?, waylandDisplay: Bool,
                          passedOver: String?, waylandUnavailable: () -> String?) -> BackendChoice {
        var wanted = KeyboardBackend.x11
        var reason: String?
        if let chosen {
            wanted = chosen
        } else if displayName == nil, waylandDisplay {
            if let passedOver {
                reason = passedOver
            } else if carried == .wayland {
                reason = waylandUnavailable()
                if reason == nil { wanted = .wayland }
            } else {
                // This binary cannot look: the one that carries Wayland will.
                wanted = .wayland
            }
        }
        return wanted == carried ? .run(passedOver: reason) : .handOver(wanted, passedOver: reason)
    }
}
