import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private D-Bus session bus (`dbus-daemon --session`) for one test, and
/// `busctl` calls on it as a user would make them.
public final class SessionBus {
    private let daemon: ChildProcess
    /// The address programs find it by (`DBUS_SESSION_BUS_ADDRESS`).
    public let address: String
    /// A runtime directory of its own: the accessibility bus it starts puts its socket there, not in one shared by every test.
    public let runtimeDirectory: URL

    /// Starts the daemon and waits (deadline 10 s) for its address.
    public init() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon") else {
            throw HarnessError.programMissing("dbus-daemon", hint: "apt-get install dbus-daemon")
        }
        runtimeDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("tapboard-bus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = runtimeDirectory.path
        // The services it starts (the accessibility bus's launcher keeps org.a11y.Status
        // in GSettings) keep their settings in memory: a keyboard turning accessibility
        // on in a test never writes the user's dconf, nor starts the next test with it on.
        env["GSETTINGS_BACKEND"] = "memory"
        daemon = try ChildProcess(URL(fileURLWithPath: "/usr/bin/dbus-daemon"), ["--session", "--nofork", "--print-address=1"],
                                  environment: env, output: .pipe)
        // The address is its first line of output.
        let end = Deadline(.seconds(10))
        var bytes: [UInt8] = []
        while !bytes.contains(10) {
            guard let fd = daemon.outputPipe, !end.waitReadable([fd]).isEmpty else { throw HarnessError.timedOut("dbus-daemon gave no address") }
            var chunk = [UInt8](repeating: 0, count: 512)
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { throw HarnessError.timedOut("dbus-daemon closed its output without an address") }
            bytes += chunk[..<n]
        }
        address = String(decoding: bytes.prefix { $0 != 10 }, as: UTF8.self)
    }

    deinit {
        _ = daemon.terminate()
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }

    /// The environment a program uses this bus with.
    public var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address, "XDG_RUNTIME_DIR": runtimeDirectory.path] }

    /// The accessibility bus's address (org.a11y.Bus.GetAddress, which starts it), or nil when it cannot be had.
    public func accessibilityAddress() throws -> String? {
        let answer = try busctl(["call", "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress"])
        guard answer.status == .exited(0), answer.output.hasPrefix("s \"") else { return nil }
        return String(answer.output.dropFirst(3).prefix { $0 != "\"" })
    }

    /// Waits until process `pid` owns `name` on this bus; false at the deadline.
    /// A keyboard takes its names once its first frame is out, just after its window maps.
    public func waitForOwner(of name: String, pid: pid_t, until deadline: Deadline = Deadline(.seconds(10))) -> Bool {
        repeat {
            if let status = try? busctl(["status", name]).output, status.contains("PID=\(pid)\n") { return true }
        } while !deadline.hasPassed
        return false
    }

    /// Runs `busctl --user ARGS` on this bus to its end (deadline 10 s); its status, stdout and stderr.
    @discardableResult
    public func busctl(_ arguments: [String]) throws -> (status: ExitStatus?, output: String, error: String) {
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        let child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/busctl"), ["--user"] + arguments, environment: env)
        let status = child.wait(until: Deadline(.seconds(10)))
        return (status, child.standardOutput, child.standardError)
    }
}
