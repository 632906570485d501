import Foundation
import Testing
import TapboardTestKit

/// The real `tapboard` binary, run as a user would.
enum TapboardBinary {
    /// The tapboard binary next to the test bundle (or `$TAPBOARD_BIN`).
    static func path() throws -> String {
        if let path = ProcessInfo.processInfo.environment["TAPBOARD_BIN"], !path.isEmpty { return path }
        let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let path = URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("tapboard").path
        try #require(FileManager.default.isExecutableFile(atPath: path), "no tapboard binary at \(path)")
        return path
    }

    /// Runs tapboard; its exit status and standard error, or nil if it ran over 10 s (then it is killed).
    /// `$DISPLAY` names a display that is never reached: the arguments and files are checked first.
    /// TestKit's ChildProcess, as in the X11 tests, not Foundation's Process: on Linux a Process is
    /// freed only through waitUntilExit(), and it leaves a weak reference's side table on the test
    /// thread's run loop, which LeakSanitizer (scripts/asan) reports as a leak at exit.
    static func run(_ arguments: [String], binary: String? = nil) throws -> (status: Int32, stderr: String)? {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = ":9999"
        let child = try ChildProcess(URL(fileURLWithPath: try binary ?? path()), arguments, environment: environment)
        switch child.wait(until: Deadline(.seconds(10))) {
        case nil: return nil  // killed when `child` is released
        case .exited(let status)?: return (status, child.standardError)
        case .signalled(let signal)?: return (128 + signal, child.standardError)
        }
    }
}
