import Foundation
import Glibc
import Testing
@testable import tapboard
import TapboardCore
import TapboardTestKit

/// What `--layout`, `--theme` and `check` do with a path that is not an ordinary
/// small file: a FIFO (reading waited for a writer forever), a device (`/dev/zero`
/// never ends), a directory, a file over the size limit. Each is refused at once
/// with one line naming the path and the reason.
@Suite("reading layout and theme files")
struct FileInputTests {
    /// A fresh directory holding a FIFO, a directory, a file just over the limit and one at it.
    final class Scratch {
        let dir: String
        var fifo: String { dir + "/fifo.yaml" }
        var directory: String { dir + "/directory.yaml" }
        var big: String { dir + "/big.yaml" }
        var atLimit: String { dir + "/at-limit.yaml" }

        init() throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("tapboard-file-input-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: dir + "/config/tapboard/layouts", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try #require(mkfifo(fifo, 0o644) == 0)
            // Sparse: one byte over the limit, and exactly at it (a layout padded with a comment).
            try #require(FileManager.default.createFile(atPath: big, contents: nil))
            try #require(truncate(big, off_t(FileLocations.maximumFileSize + 1)) == 0)
            let layout = "name: padded\nletters: [q w e]\n#"
            let padded = layout + String(repeating: " ", count: FileLocations.maximumFileSize - layout.utf8.count)
            try padded.write(toFile: atLimit, atomically: false, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(atPath: dir) }
    }

    /// The error reading `path` gives; nil when it reads.
    static func readError(_ path: String) -> String? {
        do {
            _ = try FileLocations.read(path)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("a FIFO, a device and a directory are refused without reading them")
    func refusesWhatIsNotARegularFile() throws {
        let s = try Scratch()
        #expect(Self.readError(s.fifo) == "\(s.fifo): not a regular file (a device, FIFO or socket); expected a layout or theme file")
        #expect(Self.readError("/dev/zero") == "/dev/zero: not a regular file (a device, FIFO or socket); expected a layout or theme file")
        #expect(Self.readError(s.directory) == "\(s.directory): is a directory, not a layout or theme file")
    }

    @Test("a file over 1 MiB is refused; one of exactly 1 MiB is read")
    func sizeLimit() throws {
        let s = try Scratch()
        #expect(Self.readError(s.big) == "\(s.big): larger than 1 MiB; not a layout or theme file")
        let text = try FileLocations.read(s.atLimit)
        #expect(text.utf8.count == FileLocations.maximumFileSize)
        let layout = try Catalog<LayoutSource>.layouts(environment: [:], keysymExists: { _ in true }).item(s.atLimit)
        #expect(layout.name == "padded")
    }

    @Test("a missing file, a name with a NUL byte and a file whose size says 0 (/proc)")
    func otherPaths() throws {
        #expect(Self.readError("/nonexistent/x.yaml") == "/nonexistent/x.yaml: cannot read the file: No such file or directory")
        #expect(Self.readError("/dev/null\0.yaml") == "/dev/null\0.yaml: cannot read the file: the name contains a NUL byte")
        let long = "/tmp/" + String(repeating: "x", count: 5000) + ".yaml"
        #expect(Self.readError(long) == "\(long): cannot read the file: File name too long")
        #expect(try FileLocations.read("/proc/self/status").contains("Name:"))
    }

    @Test("a user's file found by name that is a FIFO or a directory is refused, naming it")
    func userFileByName() throws {
        let s = try Scratch()
        let layouts = s.dir + "/config/tapboard/layouts"
        try #require(mkfifo(layouts + "/piped.yaml", 0o644) == 0)
        try FileManager.default.createDirectory(atPath: layouts + "/folder.yaml", withIntermediateDirectories: true)
        let catalog = Catalog<LayoutSource>.layouts(environment: ["XDG_CONFIG_HOME": s.dir + "/config"], keysymExists: { _ in true })
        #expect(throws: UserError.self) { try catalog.item("piped") }
        do {
            _ = try catalog.item("piped")
        } catch {
            #expect("\(error)" == "\(layouts)/piped.yaml: not a regular file (a device, FIFO or socket); expected a layout or theme file")
        }
        do {
            _ = try catalog.item("folder")
            Issue.record("a directory decoded as a layout")
        } catch {
            #expect("\(error)" == "\(layouts)/folder.yaml: is a directory, not a layout or theme file")
        }
    }

    /// The tapboard binary next to the test bundle (or `$TAPBOARD_BIN`).
    static func binary() throws -> String {
        if let path = ProcessInfo.processInfo.environment["TAPBOARD_BIN"], !path.isEmpty { return path }
        let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let path = URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("tapboard").path
        try #require(FileManager.default.isExecutableFile(atPath: path), "no tapboard binary at \(path)")
        return path
    }

    /// Runs tapboard; its exit status and standard error, or nil if it ran over 10 s (then it is killed).
    /// TestKit's ChildProcess, as in the X11 tests, not Foundation's Process: on Linux a Process is
    /// freed only through waitUntilExit(), and it leaves a weak reference's side table on the test
    /// thread's run loop, which LeakSanitizer (scripts/asan) reports as a leak at exit.
    static func run(_ arguments: [String]) throws -> (status: Int32, stderr: String)? {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = ":9999"  // never reached: the files are read first
        let child = try ChildProcess(URL(fileURLWithPath: try binary()), arguments, environment: environment)
        switch child.wait(until: Deadline(.seconds(10))) {
        case nil: return nil  // killed when `child` is released
        case .exited(let status)?: return (status, child.standardError)
        case .signalled(let signal)?: return (128 + signal, child.standardError)
        }
    }

    @Test("tapboard check and --layout refuse a FIFO, /dev/zero, a directory and a big file at once, one line each")
    func binaryRefuses() throws {
        let s = try Scratch()
        let result = try #require(try Self.run(["check", s.fifo, "/dev/zero", s.directory, s.big]), "tapboard check hung")
        #expect(result.status == 2)
        #expect(result.stderr == """
            tapboard: \(s.fifo): not a regular file (a device, FIFO or socket); expected a layout or theme file
            tapboard: /dev/zero: not a regular file (a device, FIFO or socket); expected a layout or theme file
            tapboard: \(s.directory): is a directory, not a layout or theme file
            tapboard: \(s.big): larger than 1 MiB; not a layout or theme file

            """)
        for option in ["--layout", "--theme"] {
            let run = try #require(try Self.run([option, s.fifo]), "tapboard \(option) FIFO hung")
            #expect(run.status == 2)
            #expect(run.stderr == "tapboard: \(s.fifo): not a regular file (a device, FIFO or socket); expected a layout or theme file\n")
        }
    }
}
