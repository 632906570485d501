import TapboardTestKit

/// A server a `RunningKeyboard` is started on: the bench's sessions (with their
/// target window) and the kiosk table's (with a real application instead).
protocol KeyboardHost: AnyObject {
    /// The private server.
    var xvfb: Xvfb { get }
    /// The private session bus's address, if the session has one.
    var sessionBusAddress: String? { get }
    /// What a program is given to use the session bus (empty without one).
    var sessionBusEnvironment: [String: String] { get }
    /// Runs `busctl --user ARGS` on the session bus: whether it exited 0, and its stdout.
    func busctl(_ arguments: [String]) throws -> (ok: Bool, output: String)
}
