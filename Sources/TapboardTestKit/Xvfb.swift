import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private X server for one test: `Xvfb -displayfd 1 -noreset`, stopped by `stop()` or
/// on release. Or, for a test that changes the screen's resolution or monitors
/// (Xvfb's RandR has one fixed mode), Xorg with its dummy video driver: see
/// `resizable()`.
public final class Xvfb {
    /// The display number Xvfb chose.
    public let displayNumber: Int
    private var child: ChildProcess?

    /// The server's process id while it runs (to read its CPU time).
    public var pid: pid_t? { child?.pid }

    /// The display name for clients (`:N`).
    public var displayName: String { ":\(displayNumber)" }

    /// Files the server needs while it runs (the dummy Xorg's configuration and log).
    private var scratch: URL?

    /// Starts Xvfb with one screen of `screen` (WxHxDepth) and waits for its display number.
    public convenience init(screen: String = "1280x800x24", timeout: Duration = .seconds(15)) throws {
        guard let xvfb = executableOnPath("Xvfb") else {
            throw HarnessError.programMissing("Xvfb", hint: "the X11 integration tests need it (apt-get install xvfb)")
        }
        try self.init(xvfb, ["-screen", "0", screen], scratch: nil, timeout: timeout)
    }

    /// Starts Xorg with the dummy driver: one output, DUMMY0, at 1024x768 and
    /// fifteen more off, whose modes RandR can change (`RandR`) up to 3840x2160.
    /// Needs root (Xorg reads a configuration from any path only as root).
    public static func resizable(timeout: Duration = .seconds(15)) throws -> Xvfb {
        guard let xorg = executableOnPath("Xorg"),
              FileManager.default.fileExists(atPath: "/usr/lib/xorg/modules/drivers/dummy_drv.so") else {
            throw HarnessError.programMissing("Xorg", hint: "screen change tests need it (apt-get install xserver-xorg-core xserver-xorg-video-dummy)")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tapboard-xorg-\(getpid())-\(UInt32.random(in: 0 ... .max))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let config = scratch.appendingPathComponent("xorg.conf")
        try """
            Section "ServerFlags"
              Option "AutoAddDevices" "false"
              Option "AutoAddGPU" "false"
            EndSection
            Section "Device"
              Identifier "dummy"
              Driver "dummy"
              VideoRam 256000
            EndSection
            Section "Screen"
              Identifier "screen"
              Device "dummy"
              DefaultDepth 24
              SubSection "Display"
                Depth 24
                Virtual 3840 2160
              EndSubSection
            EndSection

            """.write(to: config, atomically: false, encoding: .utf8)
        do {
            return try Xvfb(xorg, ["-config", config.path, "-logfile", scratch.appendingPathComponent("xorg.log").path],
                            scratch: scratch, timeout: timeout)
        } catch {
            try? FileManager.default.removeItem(at: scratch)
            throw error
        }
    }

    private init(_ server: URL, _ arguments: [String], scratch: URL?, timeout: Duration) throws {
        self.scratch = scratch
        // -noreset: when its last client leaves, a server otherwise resets for ~20 ms, and a
        // client connecting meanwhile is refused now and then ("cannot open display"); and what
        // a keyboard leaves behind (a key down, a keymap change) would be wiped before a check.
        let child = try ChildProcess(server, ["-displayfd", "1", "-nolisten", "tcp", "-noreset"] + arguments, output: .pipe)
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
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
        scratch = nil
    }

    deinit { stop() }
}
