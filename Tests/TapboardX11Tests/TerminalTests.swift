import CX11
import Foundation
import TapboardTestKit
import Testing

/// The desktop layout's keys in a real terminal (xterm): Esc, Tab, arrows and
/// F-keys arrive as a physical keyboard's do, and ctrl then c is a real Ctrl+C
/// that interrupts the program running there.
@Suite("Keys in xterm", .serialized)
struct TerminalTests {
    /// Reads the terminal unbuffered (signals still on), writes what it has read
    /// after each read, as hex, to the file named (the terminal drops unread
    /// input on Ctrl+C), and on SIGINT writes it once more, followed by "interrupted".
    static let reader = """
        import os, sys, termios, tty
        tty.setcbreak(0)
        got = b''
        def save(text):
            with open(sys.argv[1] + '.tmp', 'w') as f: f.write(text)
            os.rename(sys.argv[1] + '.tmp', sys.argv[1])
        save('')
        try:
            while True:
                got += os.read(0, 64)
                save(got.hex())
        except KeyboardInterrupt:
            save(got.hex() + ' interrupted')
        """

    @Test("Esc, Tab, Left and F1 reach a program in xterm as escape sequences; ctrl, c interrupts it")
    func keysInXterm() throws {
        let desktop = try Desktop()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tapboard-xterm-\(getpid())-\(UInt32.random(in: 0 ... .max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let script = Self.reader
        let scriptFile = dir.appendingPathComponent("read.py")
        try script.write(to: scriptFile, atomically: false, encoding: .utf8)

        let watcher = try WindowWatcher(displayName: desktop.xvfb.displayName)
        defer { watcher.close() }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = desktop.xvfb.displayName
        let xterm = try ChildProcess(URL(fileURLWithPath: "/usr/bin/xterm"),
                                     ["-geometry", "80x10+0+0", "-e", "python3", scriptFile.path, out.path], environment: environment)
        defer { xterm.terminate() }
        let terminal = try watcher.waitForWindow(WindowIdentity(classes: ["XTerm", "xterm"]), child: xterm, timeout: .seconds(15))
        let keyboard = try desktop.launchKeyboard(geometry: WindowPlacement(width: 1000, height: 320, x: 140, y: 470),
                                                  arguments: ["--layout", "desktop", "--no-auto-shift"])
        // The focus to the terminal, as a user's click would give it.
        let d = try XConnection.open(desktop.xvfb.displayName)
        defer { XCloseDisplay(d) }
        XSetInputFocus(d, terminal.window, RevertToParent, Time(CurrentTime))
        XSync(d, 0)
        // The program must be reading before the keys come: it writes an empty file first.
        let end = Deadline(.seconds(10))
        func written() -> String? { try? String(contentsOf: out, encoding: .utf8) }
        func wait(for condition: (String) -> Bool) {
            while !end.hasPassed, !(written().map(condition) ?? false) {
                desktop.target.handleEvents(until: Deadline(.milliseconds(20)))
            }
        }
        wait { _ in true }
        try keyboard.tap([("keys", "Escape"), ("keys", "Tab"), ("keys", "Left"), ("keys", "F1")])
        wait { $0 == "1b091b5b441b4f50" }
        try keyboard.tap([("keys", "ctrl"), ("keys", "c")])
        wait { $0.hasSuffix("interrupted") }
        let text = try String(contentsOf: out, encoding: .utf8)
        // ESC, TAB, ESC [ D, ESC O P, then SIGINT from Ctrl+C.
        #expect(text == "1b091b5b441b4f50 interrupted")
        #expect(desktop.tapper.noKeyDown)
    }

    @Test("With --auto-show, xterm focused (made active by openbox): the terminal's keys above the letters; Esc, Up and ^C tapped reach the program")
    func terminalRow() throws {
        let desktop = try Desktop(windowManager: true)
        let bus = try SessionBus()
        let dir = try ScratchDirectory()
        let out = URL(fileURLWithPath: dir.path("out"))
        let script = Self.reader
        try script.write(toFile: dir.path("read.py"), atomically: false, encoding: .utf8)
        let keyboard = try AutoShowKeyboard(on: desktop, bus: bus, arguments: ["--overlay", "--no-auto-shift"])
        let watcher = try WindowWatcher(displayName: desktop.xvfb.displayName)
        defer { watcher.close() }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = desktop.xvfb.displayName
        let xterm = try ChildProcess(URL(fileURLWithPath: "/usr/bin/xterm"),
                                     ["-geometry", "80x10+0+0", "-e", "python3", dir.path("read.py"), out.path], environment: environment)
        defer { xterm.terminate() }
        let terminal = try watcher.waitForWindow(WindowIdentity(classes: ["XTerm", "xterm"]), child: xterm, timeout: .seconds(15))
        func written() -> String? { try? String(contentsOf: out, encoding: .utf8) }
        #expect(desktop.waitUntil(timeout: .seconds(10)) { written() != nil }, "the program did not start")
        desktop.tapper.tap(ScreenPoint(x: Int32(terminal.placement.x + 40), y: Int32(terminal.placement.y + 40)))
        let watch = try MapWatch(desktop.xvfb.displayName, window: keyboard.window)
        #expect(watch.waitUntil(mapped: true), "the keyboard did not show for xterm: \(keyboard.process.standardError)")
        var keys: [(id: String, label: String, centre: ScreenPoint)] = []
        #expect(desktop.waitUntil { keys = (try? InputMethodTests.shownKeys(on: desktop)) ?? []; return keys.contains { $0.id == "ctrl+c" } },
                "no terminal row: \(keys.map(\.id))")
        #expect(Array(keys.map(\.label).prefix(11)) == ["Esc", "Tab", "ctrl", "←", "↓", "↑", "→", "^C", "^D", "^Z", "^R"])
        func tap(_ id: String) {
            if let key = keys.first(where: { $0.id == id }) { desktop.tapper.tap(key.centre) }
        }
        tap("Escape")
        tap("Up")
        // Read before ^C, which drops what the terminal has not handed over.
        #expect(desktop.waitUntil(timeout: .seconds(10)) { written() == "1b1b5b41" }, "\(written() ?? "nothing")")
        tap("ctrl+c")
        #expect(desktop.waitUntil(timeout: .seconds(10)) { written()?.hasSuffix("interrupted") == true }, "\(written() ?? "nothing")")
        // ESC, then ESC [ A for Up, then SIGINT from ^C.
        #expect(written() == "1b1b5b41 interrupted")
        #expect(desktop.tapper.noKeyDown)
    }
}
