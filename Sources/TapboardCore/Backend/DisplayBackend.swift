/// A display server's side of the keyboard, as the binary (or program) that
/// carries it hands it to the keyboard's loop: the loop asks it to connect and
/// to make the transport, and knows no display server itself. `tapboard`
/// carries the X11 one, `tapboard-wayland` the Wayland one, so each binary
/// links only its own server's libraries.
public protocol DisplayBackend {
    /// Which display server it is.
    var kind: KeyboardBackend { get }
    /// What the server is called in messages ("the X server").
    var serverName: String { get }
    /// Where the focus is learned from for `--auto-show`.
    var focusSource: FocusSource { get }
    /// Whether a keysym name (`Escape`, `EuroSign`) is one this backend can
    /// type: layout files are checked with it as they are read.
    var keysymExists: @Sendable (String) -> Bool { get }
    /// Why the server the environment names cannot run the keyboard (a
    /// compositor without the layer shell); nil when it can. Looked at before
    /// any file is read; what it connected, `connect` may keep.
    func unavailable() -> String?
    /// Connects to the server. `followingFocus`: `--auto-show` where the
    /// server tells the focus itself (`FocusSource.displayServer`), which it
    /// turns on in the configuration when it can.
    func connect(_ configuration: inout KeyboardConfiguration, followingFocus: Bool) throws -> DisplayConnection
}

extension DisplayBackend {
    /// Available whenever asked: its failures are said when it connects.
    public func unavailable() -> String? { nil }
}

/// Where a backend learns which text field has the focus (`--auto-show`).
public enum FocusSource: Sendable {
    /// The accessibility bus (AT-SPI), which the loop joins before connecting.
    case accessibilityBus
    /// The display server itself (a Wayland compositor's input method).
    case displayServer
}

/// A display server connected: the screen the session is placed on, and what
/// makes the transport once the session knows its frame.
public struct DisplayConnection {
    /// The screen as it is now.
    public var screen: ScreenInfo
    /// What connecting had to say, one line each.
    public var notes: [String]
    /// Makes the transport (the keyboard's window, not yet shown) for the session's frame.
    public var makeTransport: (Rect, KeyboardConfiguration) throws -> any KeyboardTransport

    /// A connection with its screen, its notes and its transport's maker.
    public init(screen: ScreenInfo, notes: [String] = [],
                makeTransport: @escaping (Rect, KeyboardConfiguration) throws -> any KeyboardTransport) {
        self.screen = screen
        self.notes = notes
        self.makeTransport = makeTransport
    }
}

/// An error of a display backend, or of reaching a running keyboard, said on
/// one line (its description), with the status the command exits with.
public protocol BackendError: Error, CustomStringConvertible {
    /// 1 when the server fails the keyboard, 2 when what the user asked for is wrong.
    var exitStatus: Int32 { get }
}
