import TapboardCore

/// Errors of the X11 backend, each with a message naming the problem.
public enum X11Error: BackendError, Equatable {
    /// Neither `--display` nor `$DISPLAY` names a display.
    case noDisplay
    /// No display either, after the Wayland compositor was passed over for this reason.
    case noDisplayNorWayland(String)
    /// The display could not be opened.
    case cannotOpenDisplay(String)
    /// The X server lacks an extension Tapboard needs.
    case missingExtension(String)
    /// No font matched.
    case cannotLoadFont(String)
    /// Another keyboard already runs on the display.
    case alreadyRunning(String)
    /// No keyboard runs on the display (for a control command).
    case notRunning(String)
    /// A switch (`--switch`, `--switch-device`) cannot be used: the whole message.
    case badSwitch(String)

    /// A one-line message for the user (names with their control characters escaped: `printable`).
    public var description: String {
        switch self {
        case .noDisplay:
            return "no X display: $DISPLAY is not set and --display was not given"
        case .noDisplayNorWayland(let wayland):
            return "\(X11Error.noDisplay); and \(wayland)"
        case .cannotOpenDisplay(let name):
            return "cannot open display '\(printable(name))': is an X server running there, and may this user connect to it?"
        case .missingExtension(let name):
            return "the X server at this display lacks the \(printable(name)) extension, which Tapboard needs"
        case .cannotLoadFont(let pattern):
            return "no font matches '\(printable(pattern))': install a font (e.g. fonts-dejavu-core)"
        case .alreadyRunning(let name):
            return "a tapboard is already running on display \(printable(name)): use 'tapboard show', 'hide', 'toggle' or 'quit', or start with --replace"
        case .notRunning(let name):
            return "no tapboard is running on display \(printable(name))"
        case .badSwitch(let message):
            return message
        }
    }
}

extension X11Error {
    /// 2 for a switch that cannot be had (what the user asked for, like a bad option); 1 for the server's failures.
    public var exitStatus: Int32 {
        if case .badSwitch = self { 2 } else { 1 }
    }
}
