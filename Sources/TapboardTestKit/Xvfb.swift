import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private X server for one test: `Xvfb -displayfd 1`, stopped by `stop()` or on release.
public final class Xvfb {
    /// The display number Xvfb chose.
    public let displayNumber: Int
    private var child: ChildProcess?

    /// The server's process id while it runs (to read its CPU time).
    public var pid: pid_t? { child?.pid }

    /// The display name for clients (`:N`).
    public var displayName: String { ":\(displayNumber)" }

    /// Starts Xvfb with one screen of `screen` (WxHxDepth) and waits for its display number.
    public init(screen: String = "1280x800x24", timeout: Duration = .seconds(15)) throws {
        guard let xvfb = executableOnPath("Xvfb") else {
            throw HarnessError.programMissing("Xvfb", hint: "the X11 integration tests need it (apt-get install xvfb)")
        }
        let child = try ChildProcess(xvfb, ["-displayfd", "1", "-screen", "0", screen, "-nolisten", "tcp"],
                                     output: .pipe)
        guard let fd = child.outputPipe else { throw HarnessError.xvfbDidNotStart("no stdout pipe") }
        let deadline = Deadline(timeout)
        var line = ""
        reading: while true {
            let ready = deadline.waitReadable([fd, child.exitDescriptor])
            if ready.isEmpty {
                throw HarnessError.xvfbDidNotStart("no display number within \(timeout); stderr: \(child.standardError)")
            }
            if ready.contains(fd) {
                var buffer = [UInt8](repeating: 0, count: 64)
                let n = Glibc.read(fd, &buffer, buffer.count)
                if n > 0 {
                    line += String(decoding: buffer[..<n], as: UTF8.self)
                    if line.contains("\n") { break reading }
                    continue
                }
            }
            if let status = child.status {
                throw HarnessError.xvfbDidNotStart("\(status) before printing its display; stderr: \(child.standardError)")
            }
        }
        guard let number = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw HarnessError.xvfbDidNotStart("unexpected -displayfd output \(line.debugDescription)")
        }
        displayNumber = number
        self.child = child
    }

    /// Stops the server (SIGTERM, then SIGKILL if it lingers). Close every client connection first.
    public func stop() {
        child?.terminate()
        child = nil
    }

    deinit { stop() }
}
