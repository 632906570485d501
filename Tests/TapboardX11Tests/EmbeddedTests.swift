import Foundation
import TapboardTestKit
import Testing

/// The keyboard as greeters and lock screens run it (`--xid`): a host spawns
/// it, reads its window id, embeds it, and a password is typed by tapping the
/// embedded keys, on a server with no window manager (as at a login screen).
@Suite("Embedded at a login screen (--xid)")
struct EmbeddedTests {
    /// The password tapped: shift, a digit from the symbols page, a space.
    static let password = "Tap3 ok"
    static let taps: [(page: String, id: String)] = [
        ("letters", "shift"), ("letters", "t"), ("letters", "a"), ("letters", "p"),
        ("letters", "page:symbols"), ("symbols", "3"), ("symbols", "page:letters"),
        ("letters", "space"), ("letters", "o"), ("letters", "k"),
    ]

    /// Taps keys of the keyboard embedded in the host's socket, from the key frames at the socket's size.
    static func tap(_ plan: [(page: String, id: String)], in host: EmbeddingHost, desktop: Desktop) throws {
        let socket = host.places["socket"]!
        var pages: [String: PageFrames] = [:]
        for step in plan {
            let frames = try pages[step.page] ?? PageFrames.dump(binary: try Keyboard.locateBinary(), size: socket.size, page: step.page,
                                                                 arguments: ["--xid"])
            pages[step.page] = frames
            guard let key = frames.key(step.id) else { throw HarnessError.noSuchKey(page: step.page, id: step.id, known: frames.keys.map(\.id)) }
            desktop.tapper.tap(socket.screenPoint(x: key.x + key.width / 2, y: key.y + key.height / 2))
        }
    }

    /// Where the keyboard's own window is on the screen, and its size.
    static func keyboardWindow(_ host: EmbeddingHost, desktop: Desktop) throws -> WindowPlacement? {
        guard let id = host.reports.lazy.compactMap({ $0["xid"] as? Int }).first else { return nil }
        let watcher = try WindowWatcher(displayName: desktop.xvfb.displayName)
        defer { watcher.close() }
        return watcher.placement(of: UInt(id))
    }

    static func command(_ desktop: Desktop, _ extra: [String] = []) throws -> [String] {
        [try Keyboard.locateBinary().path, "--xid", "--display", desktop.xvfb.displayName] + extra
    }

    @Test("A GTK 3 GtkSocket and a Qt 5 window container: the keyboard fills the socket (and follows the GTK one's resize); taps type the password exactly; the host's death ends it within a second, no key down",
          arguments: [EmbeddingHost.Toolkit.gtk3, .qt5])
    func typesIntoHost(_ toolkit: EmbeddingHost.Toolkit) throws {
        let desktop = try Desktop(focusTarget: false)
        let host = try EmbeddingHost(toolkit, display: desktop.xvfb.displayName, keyboard: try Self.command(desktop), socketSize: (780, 260))
        // The keyboard fills the socket, where the host (placed by a window manager, if any) says it is now.
        #expect(desktop.waitUntil(timeout: .seconds(10)) {
            let socket = host.places["socket"]
            return socket?.size == "780x260" && (try? Self.keyboardWindow(host, desktop: desktop)) ?? nil == socket
        },
                "\(String(describing: try? Self.keyboardWindow(host, desktop: desktop)))")
        desktop.tapper.tap(host.centre("password"))
        try Self.tap(Self.taps, in: host, desktop: desktop)
        #expect(desktop.waitForOutput(of: host.process) { _ in host.text("password") == Self.password }, "\(host.text("password").debugDescription)")
        if toolkit == .gtk3 {
            try host.resize()
            #expect(desktop.waitUntil(timeout: .seconds(10)) { (try? Self.keyboardWindow(host, desktop: desktop))??.size == "640x200" })
            try Self.tap([("letters", "x")], in: host, desktop: desktop)
            #expect(desktop.waitForOutput(of: host.process) { _ in host.text("password") == Self.password + "x" })
        }
        // The host killed: the keyboard goes (its window restored to the root, or destroyed with the host's).
        let killed = MonotonicClock.now
        host.process.send(SIGKILL)
        #expect(desktop.waitUntil(timeout: .seconds(5)) { !host.keyboardRunning })
        let took = Double(MonotonicClock.now - killed) / 1e6
        #expect(took < 1000, "the keyboard took \(took) ms to go after its host")
        #expect(desktop.tapper.noKeyDown)
    }

    @Test("The keyboard killed mid-typing: the host is left with no key down and its field as typed")
    func keyboardKilled() throws {
        let desktop = try Desktop(focusTarget: false)
        let host = try EmbeddingHost(.gtk3, display: desktop.xvfb.displayName, keyboard: try Self.command(desktop), socketSize: (780, 260))
        desktop.tapper.tap(host.centre("password"))
        try Self.tap(Array(Self.taps.prefix(4)), in: host, desktop: desktop)
        #expect(desktop.waitForOutput(of: host.process) { _ in host.text("password") == "Tap" })
        // A key held down on the keyboard as it dies.
        let socket = host.places["socket"]!
        let frames = try PageFrames.dump(binary: try Keyboard.locateBinary(), size: socket.size, page: "letters", arguments: ["--xid"])
        let backspace = try #require(frames.key("backspace"))
        desktop.tapper.move(to: socket.screenPoint(x: backspace.x + backspace.width / 2, y: backspace.y + backspace.height / 2))
        desktop.tapper.press()
        kill(host.keyboardPID, SIGKILL)
        #expect(desktop.waitUntil(timeout: .seconds(5)) { !host.keyboardRunning })
        desktop.tapper.release()
        #expect(desktop.tapper.noKeyDown)
        #expect(host.process.isRunning, "the host died with the keyboard")
        // Nothing more arrives: the held backspace repeats no more.
        #expect(desktop.waitForOutput(of: host.process) { _ in host.reports.contains { $0["plug"] as? String == "removed" } })
        #expect(host.text("password").hasPrefix("Ta"))
    }
}

/// Secure mode leaves nothing behind: run with HOME, the XDG folders and TMPDIR
/// in a scratch tree, a password typed, the keyboard quit; then no file under
/// the tree was created or changed, and (under strace) the keyboard opened no
/// file for writing anywhere. The same run without `--secure` writes its font
/// cache: the check sees writes when there are some.
@Suite("Secure mode writes nothing (--xid, --secure)")
struct SecureModeTests {
    /// A home and XDG folders of their own, each a directory of the tree.
    static func environment(_ tree: ScratchDirectory) throws -> [String: String] {
        var env: [String: String] = [:]
        for (name, folder) in [("HOME", "home"), ("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache"),
                               ("XDG_STATE_HOME", "state"), ("XDG_RUNTIME_DIR", "runtime"), ("TMPDIR", "tmp")] {
            try FileManager.default.createDirectory(atPath: tree.path(folder), withIntermediateDirectories: true)
            env[name] = tree.path(folder)
        }
        return env
    }

    /// The system calls of a strace log that write to a file: opens for
    /// writing or creating, and what makes, renames or removes names (the
    /// terminal, /dev and /proc aside).
    static func writes(inTrace log: String) -> [String] {
        let naming: Set<Substring> = ["mkdir", "mkdirat", "rename", "renameat", "renameat2", "unlink", "unlinkat", "rmdir",
                                      "symlink", "symlinkat", "link", "linkat", "truncate", "mknod", "mknodat"]
        return log.split(separator: "\n").map(String.init).filter { line in
            // "PID name(arguments) = result"
            guard let space = line.firstIndex(of: " "), let paren = line[space...].firstIndex(of: "(") else { return false }
            let name = line[line.index(after: space)..<paren]
            let opens = ["open", "openat", "openat2", "creat"].contains(name)
                && (name == "creat" || line.contains("O_WRONLY") || line.contains("O_RDWR") || line.contains("O_CREAT"))
            guard opens || naming.contains(name), !line.contains("= -1") else { return false }
            return !line.contains("\"/dev/") && !line.contains("\"/proc/")
        }
    }

    @Test("--xid under strace, a password typed: nothing written anywhere, nothing changed under HOME, XDG or TMPDIR")
    func embeddedWritesNothing() throws {
        let desktop = try Desktop(focusTarget: false)
        let tree = try ScratchDirectory()
        let env = try Self.environment(tree)
        let before = ScratchDirectory.snapshot(of: tree.path)
        let trace = tree.path + "-strace.log"
        defer { unlink(trace) }
        let command = ["/usr/bin/strace", "-f", "-qq", "-o", trace, "-e", "trace=%file,%desc"] + (try EmbeddedTests.command(desktop))
        let host = try EmbeddingHost(.gtk3, display: desktop.xvfb.displayName, keyboard: command, socketSize: (780, 260), environment: env)
        desktop.tapper.tap(host.centre("password"))
        try EmbeddedTests.tap(EmbeddedTests.taps, in: host, desktop: desktop)
        #expect(desktop.waitForOutput(of: host.process) { _ in host.text("password") == EmbeddedTests.password })
        host.process.send(SIGTERM)
        #expect(desktop.waitUntil(timeout: .seconds(10)) { !host.keyboardRunning })
        #expect(ScratchDirectory.snapshot(of: tree.path) == before)
        let log = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
        #expect(log.contains("execve"), "strace wrote no log")
        #expect(Self.writes(inTrace: log) == [])
    }

    @Test("--secure, typed into with tapboard type: no file created or changed; without it, the font cache is written",
          arguments: [true, false])
    func secureWritesNothing(_ secure: Bool) throws {
        let desktop = try Desktop(focusTarget: false)
        let tree = try ScratchDirectory()
        let env = try Self.environment(tree)
        let before = ScratchDirectory.snapshot(of: tree.path)
        let keyboard = try desktop.launchKeyboard(arguments: secure ? ["--secure"] : ["--no-dbus"], environment: env)
        let app = try ToolkitFields(.gtk3, on: desktop, size: (1280, 400), environment: KioskTests.noBridge)
        #expect(app.waitUntilPlaced(on: desktop), "the application is not shown where it says")
        desktop.tapper.tap(app.centre("entry"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "entry" })
        let type = try ChildProcess(try Keyboard.locateBinary(), ["type", "hello there ", "--display", desktop.xvfb.displayName],
                                    environment: ProcessInfo.processInfo.environment.merging(env) { $1 })
        #expect(type.wait(until: Deadline(.seconds(30))) == .exited(0), "\(type.standardError)")
        #expect(desktop.waitForOutput(of: app.process) { _ in app.text("entry") == "hello there " })
        #expect(keyboard.terminate() == .exited(0))
        let after = ScratchDirectory.snapshot(of: tree.path)
        if secure {
            #expect(after == before, "\(after.keys.sorted())")
        } else {
            #expect(after.keys.contains { $0.hasPrefix("cache/tapboard/") }, "\(after.keys.sorted())")
        }
    }

    @Test("What secure mode cannot go with is refused, naming it (exit 64, as every mistake in the options)",
          arguments: [["--secure", "--publish-keys"], ["--xid", "--allow-run"], ["-e", "--dock", "top"], ["--secure", "--clipboard-history", "disk"]])
    func refused(_ arguments: [String]) throws {
        let run = try ChildProcess(try Keyboard.locateBinary(), arguments + ["--display", ":9999"])
        #expect(run.wait(until: Deadline(.seconds(10))) == .exited(64))
        #expect(run.standardError.contains(arguments[1]), "\(run.standardError)")
    }
}
