/// A control client's connection to a running keyboard, over whatever carries
/// it (an X display's windows, a Wayland keyboard's socket). The waiting is
/// the caller's: `fileDescriptor` goes into its `poll()`.
public protocol ControlChannel: AnyObject {
    /// What the keyboard is found by, for messages (a display's name).
    var displayName: String { get }
    /// The connection's descriptor, for `poll()`.
    var fileDescriptor: Int32 { get }
    /// Sends a request.
    func send(_ request: ControlClientRequest)
    /// Waits (`timeout` at most) until the keyboard has taken every request
    /// sent, where the client's going could otherwise lose them; false when it
    /// has not in time. A timeout, not a `ContinuousClock` instant: that clock
    /// is Swift's concurrency runtime, which would bring libdispatch into the
    /// keyboard's binary (the X channel is in its TapboardX11).
    func delivered(within timeout: Duration) -> Bool
    /// The next message of those that have arrived; nil when none has yet.
    func pendingMessage() -> ControlMessage?
    /// The next message, waiting for it.
    func nextMessage() -> ControlMessage
}

extension ControlLine {
    /// The control socket of the keyboard on a Wayland display: beside the
    /// compositor's socket, in the runtime directory (or the directory of a
    /// display given as a path).
    public static func socketPath(runtimeDirectory: String?, display: String) -> String? {
        if display.hasPrefix("/") {
            let slash = display.lastIndex(of: "/")!
            return String(display[..<slash]) + "/tapboard-" + String(display[display.index(after: slash)...]) + ".control"
        }
        guard let runtimeDirectory, !runtimeDirectory.isEmpty else { return nil }
        return runtimeDirectory + "/tapboard-" + display + ".control"
    }
}
