import TapboardCore

/// Why the keyboard cannot run on a Wayland compositor, in one line.
public enum WaylandError: BackendError, Equatable {
    /// No compositor to connect to.
    case cannotConnect(String)
    /// The compositor lacks a protocol the keyboard needs.
    case missingProtocol(String, purpose: String)
    /// The compositor closed the connection or reported a protocol error.
    case connectionLost(String)
    /// A shared-memory buffer could not be made.
    case noSharedMemory(String)
    /// The virtual keyboard's keymap could not be made.
    case badKeymap(String)
    /// fontconfig matched no font FreeType could open.
    case missingFont(String)
    /// The control socket could not be made.
    case noControlSocket(String)
    /// Another keyboard listens on this compositor's control socket.
    case alreadyRunning(String)

    public var description: String {
        switch self {
        case .cannotConnect(let display):
            return "cannot connect to the Wayland compositor '\(display)' (is WAYLAND_DISPLAY right, and XDG_RUNTIME_DIR?)"
        case .missingProtocol(let name, let purpose):
            return "the Wayland compositor offers no \(name) (\(purpose)); use a compositor that offers it (sway, labwc) or --backend x11"
        case .connectionLost(let why):
            return "lost the connection to the Wayland compositor: \(why)"
        case .noSharedMemory(let why):
            return "cannot make a shared-memory buffer: \(why)"
        case .badKeymap(let why):
            return "cannot make the virtual keyboard's keymap: \(why)"
        case .noControlSocket(let why):
            return "cannot make the control socket: \(why)"
        case .alreadyRunning(let path):
            return "a tapboard is already running on this compositor (its control socket \(path) answers); --replace takes over"
        case .missingFont(let font):
            return "cannot open the font \(font): fontconfig matches no file FreeType opens"
        }
    }
}

extension WaylandError {
    /// 1: the compositor (or the system under it) fails the keyboard.
    public var exitStatus: Int32 { 1 }
}
