import Foundation
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
    /// The keyboards started on it (`launch`), stopped before the server.
    var keyboards: [RunningKeyboard] { get set }
}

extension KeyboardHost {
    /// Runs `busctl --user ARGS` on the session bus to its end (deadline 10 s): whether it exited 0, and its stdout.
    func busctl(_ arguments: [String]) throws -> (ok: Bool, output: String) {
        guard sessionBusAddress != nil else { throw BenchError.setup("no session bus on this server") }
        guard let program = executableOnPath("busctl") else { throw BenchError.setup("busctl is not installed (apt-get install systemd)") }
        var environment = ProcessInfo.processInfo.environment
        environment.merge(sessionBusEnvironment) { $1 }
        let child = try ChildProcess(program, ["--user"] + arguments, environment: environment)
        let status = child.wait(until: Deadline(.seconds(10)))
        if status == nil { _ = child.terminate() }
        return (status == .exited(0), child.standardOutput)
    }

    /// Starts a keyboard, waits for its window to be mapped, and places it.
    func launch(_ spec: KeyboardSpec) throws -> RunningKeyboard {
        let keyboard = try RunningKeyboard(spec, session: self)
        keyboards.append(keyboard)
        return keyboard
    }

    /// Stops a keyboard started by `launch`; how it ended.
    func stop(_ keyboard: RunningKeyboard) -> ExitStatus? {
        keyboards.removeAll { $0 === keyboard }
        return keyboard.stop()
    }
}
