import TapboardCore
import TapboardLoop

/// The Wayland backend handed to the keyboard's loop (`OnScreenKeyboard.wayland`)
/// by the binary that carries it, `tapboard-wayland`: the X11 `tapboard` runs
/// that binary when Wayland is chosen, so an X11 start loads no Wayland library.
public enum WaylandBackend {
    /// The connection made to see whether the compositor offers what the keyboard needs.
    nonisolated(unsafe) private static var looked: WaylandConnection?

    /// Makes the Wayland backend available to `OnScreenKeyboard` in this process.
    public static func install() {
        OnScreenKeyboard.wayland = OnScreenKeyboard.Wayland(
            unavailable: {
                // The connection that looked is the one the keyboard runs on: one connection at start.
                do {
                    looked = try WaylandConnection(name: nil)
                    return nil
                } catch {
                    return "\(error)"
                }
            },
            connect: { configuration, followFocus in
                let connection = try looked ?? WaylandConnection(name: nil)
                looked = nil
                if followFocus {
                    if connection.offersInputMethod {
                        configuration.autoShow = true
                        configuration.startHidden = true
                    } else {
                        logError("--auto-show: the Wayland compositor offers no zwp_input_method_manager_v2; running as a keyboard that does not follow the focus")
                    }
                }
                return OnScreenKeyboard.Wayland.Connected(screen: connection.screen) { frame, configuration in
                    try WaylandKeyboard(connection, frame: frame, configuration: configuration)
                }
            })
    }
}
