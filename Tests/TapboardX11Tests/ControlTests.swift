import CX11
import Foundation
import TapboardTestKit
import Testing

/// `tapboard show|hide|toggle|quit`, one keyboard per display, `--hidden` and
/// `--replace`, through the real binary under a private Xvfb.
@Suite("Controlling the running keyboard", .serialized)
struct ControlTests {
    let desktop: Desktop

    init() throws { desktop = try Desktop() }

    /// Runs `tapboard ARGS --display D` to its end; its exit status and stderr.
    private func tapboard(_ arguments: [String]) throws -> (status: TapboardTestKit.ExitStatus?, stderr: String) {
        let child = try ChildProcess(try Keyboard.locateBinary(), arguments + ["--display", desktop.xvfb.displayName])
        let status = child.wait(until: Deadline(.seconds(10)))
        return (status, child.standardError)
    }

    /// How many top-level windows of class tapboard are mapped.
    private func mappedKeyboardWindows() throws -> Int {
        try WindowWatcher.topLevelWindows(named: "tapboard", on: desktop.xvfb.displayName).filter(\.mapped).count
    }

    @Test("tapboard keys: the running keyboard's layout, page and frame, and its keys where dump-layout puts them; the page as it changes")
    func keysOnScreen() throws {
        let keyboard = try desktop.launchKeyboard()
        func keys() throws -> [String: Any] {
            let child = try ChildProcess(try Keyboard.locateBinary(), ["keys", "--display", desktop.xvfb.displayName])
            #expect(child.wait(until: Deadline(.seconds(10))) == .exited(0), "\(child.standardError)")
            return try #require(try JSONSerialization.jsonObject(with: Data(child.standardOutput.utf8)) as? [String: Any])
        }
        let shown = try keys()
        #expect(shown["layout"] as? String == "en-US")
        #expect(shown["page"] as? String == "letters")
        let a = keyboard.actual
        #expect(shown["frame"] as? [String: Int] == ["x": a.x, "y": a.y, "width": a.width, "height": a.height])
        let listed = try #require(shown["keys"] as? [[String: Any]])
        let dumped = try keyboard.frames(of: "letters").keys
        #expect(listed.map { $0["id"] as? String } == dumped.map(\.id))
        #expect(listed.map { $0["x"] as? Int } == dumped.map { Int($0.x) })
        try keyboard.tap("letters", "page:symbols")
        #expect(desktop.waitUntil { (try? keys())?["page"] as? String == "symbols" })
    }

    @Test("A second tapboard on the display says one is running and exits 1; the first keeps running")
    func oneKeyboardPerDisplay() throws {
        let keyboard = try desktop.launchKeyboard()
        let second = try tapboard([])
        #expect(second.status == .exited(1))
        #expect(second.stderr == "tapboard: a tapboard is already running on display \(desktop.xvfb.displayName): use 'tapboard show', 'hide', 'toggle' or 'quit', or start with --replace\n")
        #expect(keyboard.isRunning)
        try keyboard.tap("letters", "q")
        desktop.target.waitForText(length: 1)
        #expect(desktop.target.text == "Q")  // auto-shift at the start
    }

    @Test("hide, show, toggle and toggle map and unmap the window; quit exits 0 with no key down and the keymap as before")
    func controlCommands() throws {
        let before = desktop.tapper.keyboardMapping()
        let keyboard = try desktop.launchKeyboard()
        let watch = try MapWatch(desktop.xvfb.displayName, window: keyboard.window)
        #expect(watch.mapped)
        for (command, mapped) in [("hide", false), ("show", true), ("toggle", false), ("toggle", true)] {
            let result = try tapboard([command])
            #expect(result.status == .exited(0), "\(command): \(result.stderr)")
            #expect(watch.waitUntil(mapped: mapped), "after \(command) the window is \(watch.mapped ? "mapped" : "unmapped")")
        }
        // A key typed through a borrowed keycode, so quit has one to put back.
        try keyboard.tap("letters", "page:symbols")
        try keyboard.tap("symbols", "page:more-symbols")
        try keyboard.tap("more-symbols", "€")
        desktop.target.waitForText(length: 1)
        let quit = try tapboard(["quit"])
        #expect(quit.status == .exited(0), "\(quit.stderr)")
        // `tapboard quit` returns once the keyboard has gone.
        #expect(!keyboard.isRunning || keyboard.child.wait(until: Deadline(.seconds(1))) == .exited(0))
        #expect(keyboard.child.wait(until: Deadline(.seconds(5))) == .exited(0))
        #expect(desktop.tapper.noKeyDown)
        #expect(desktop.tapper.keyboardMapping() == before)
        let again = try tapboard(["show"])
        #expect(again.status == .exited(1))
        #expect(again.stderr == "tapboard: no tapboard is running on display \(desktop.xvfb.displayName)\n")
    }

    @Test("--hidden starts unmapped until shown; --replace takes the display over and the old keyboard exits 0")
    func hiddenAndReplace() throws {
        let binary = try Keyboard.locateBinary()
        let watcher = try WindowWatcher(displayName: desktop.xvfb.displayName)
        defer { watcher.close() }
        let hidden = try ChildProcess(binary, ["--display", desktop.xvfb.displayName, "--hidden"])
        // `hide` succeeds once it has started (and leaves it hidden); its window must still be unmapped.
        let end = Deadline(.seconds(10))
        var probe = try tapboard(["hide"])
        while probe.status != .exited(0) && !end.hasPassed {
            desktop.target.handleEvents(until: Deadline(.milliseconds(20)))
            probe = try tapboard(["hide"])
        }
        #expect(probe.status == .exited(0))
        #expect(try mappedKeyboardWindows() == 0, "--hidden mapped the keyboard")
        #expect(try tapboard(["show"]).status == .exited(0))
        let mapped = try watcher.waitForWindow(WindowIdentity(classes: ["tapboard"]), child: hidden, timeout: .seconds(5))
        #expect(mapped.wmClass == ["tapboard", "tapboard"])

        let replacing = try desktop.launchKeyboard(arguments: ["--replace"])
        #expect(hidden.wait(until: Deadline(.seconds(5))) == .exited(0))
        #expect(hidden.standardError.contains("another tapboard took over display"))
        try replacing.tap("letters", "w")
        desktop.target.waitForText(length: 1)
        #expect(desktop.target.text == "W")  // auto-shift at the start
    }

    private func listen(_ extra: [String] = []) throws -> ChildProcess { try desktop.listen(extra) }

    @Test("tapboard events prints show, hide, frame and page events as JSON lines, with the keyboard's true frame")
    func eventsStream() throws {
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift"])
        let events = try listen()
        for command in ["hide", "show"] { #expect(try tapboard([command]).status == .exited(0)) }
        try keyboard.tap("letters", "page:symbols")
        try keyboard.tap("symbols", "1")
        desktop.target.waitForText(length: 1)
        #expect(try tapboard(["quit"]).status == .exited(0))
        #expect(events.wait(until: Deadline(.seconds(5))) == .exited(0), "events: \(events.standardError)")
        func line(_ name: String) -> String { WindowPlacement.eventLine(name, from: keyboard.actual, to: keyboard.actual) }
        #expect(events.standardOutput.split(separator: "\n").map(String.init) == [
            line("didShow"), line("willHide"), line("didHide"), line("willShow"), line("didShow"),
            "{\"event\":\"pageChanged\",\"page\":\"symbols\"}",
        ])
    }

    @Test("Typed text is published only when the keyboard allows it (--publish-keys) and the listener asks (--keys)", arguments: [false, true])
    func keysOnlyWhenAsked(keyboardAllows: Bool) throws {
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift"] + (keyboardAllows ? ["--publish-keys"] : []))
        let withKeys = try listen(["--keys"])
        let without = try listen()
        try keyboard.tap("letters", "q")
        try keyboard.tap("letters", "w")
        desktop.target.waitForText(length: 2)
        #expect(try tapboard(["quit"]).status == .exited(0))
        #expect(withKeys.wait(until: Deadline(.seconds(5))) == .exited(0))
        #expect(without.wait(until: Deadline(.seconds(5))) == .exited(0))
        let keyLines = { (p: ChildProcess) in p.standardOutput.split(separator: "\n").filter { $0.contains("\"key\"") }.map(String.init) }
        #expect(keyLines(withKeys) == (keyboardAllows ? ["{\"event\":\"key\",\"text\":\"q\"}", "{\"event\":\"key\",\"text\":\"w\"}"] : []))
        #expect(keyLines(without) == [])
    }

    @Test("tapboard type taps a mixed text (shift, pages, symbols, callouts) into the focused window exactly")
    func typeCommand() throws {
        let keyboard = try desktop.launchKeyboard()
        let text = "Hello, Wörld! 42 € é\nNext"
        let result = try tapboard(["type", "--delay", "5", text])
        #expect(result.status == .exited(0), "\(result.stderr)")
        desktop.target.waitForText(length: text.unicodeScalars.count)
        desktop.target.drain()
        #expect(desktop.target.text == text.replacingOccurrences(of: "\n", with: "\n"), "\(desktop.target.pressLog)")
        // A character no layout has is typed all the same; a control character cannot be, and then nothing is.
        let before = desktop.target.text
        let untypable = try tapboard(["type", "x\u{7}y"])
        #expect(untypable.status == .exited(2))
        #expect(untypable.stderr == "tapboard: nothing was typed: '\\u{07}' (U+0007) cannot be typed (a control character or no character at all)\n")
        let russian = try tapboard(["type", "--delay", "5", "aжb"])
        #expect(russian.status == .exited(0), "\(russian.stderr)")
        desktop.target.waitForText(length: before.unicodeScalars.count + 3)
        desktop.target.drain()
        #expect(desktop.target.text == before + "aжb")
        #expect(keyboard.isRunning)
        #expect(desktop.tapper.noKeyDown)
    }

    @Test("--animate: hide and show slide from and to the bottom edge in 250 ms, and the events say so")
    func animatedShowAndHide() throws {
        let keyboard = try desktop.launchKeyboard(arguments: ["--animate"])
        let events = try listen()
        let watch = try MapWatch(desktop.xvfb.displayName, window: keyboard.window)
        #expect(try tapboard(["hide"]).status == .exited(0))
        #expect(watch.waitUntil(mapped: false))
        #expect(try tapboard(["show"]).status == .exited(0))
        _ = desktop.waitForOutput(of: events) { $0.split(separator: "\n").count >= 5 }
        let rest = keyboard.actual
        var below = rest
        below.y = 800
        func line(_ name: String, _ from: WindowPlacement, _ to: WindowPlacement, _ ms: Int) -> String {
            WindowPlacement.eventLine(name, from: from, to: to, milliseconds: ms)
        }
        #expect(events.standardOutput.split(separator: "\n").map(String.init) == [
            line("didShow", rest, rest, 0), line("willHide", rest, below, 250), line("didHide", rest, below, 250),
            line("willShow", below, rest, 250), line("didShow", below, rest, 250),
        ])
        // Back where it was, and typing.
        let placement = try #require(WindowWatcher(displayName: desktop.xvfb.displayName).placement(of: keyboard.window))
        #expect(placement == keyboard.actual)
        try keyboard.tap("letters", "q")
        desktop.target.waitForText(length: 1)
        #expect(desktop.target.text == "Q")
    }

    @Test("--monitor names a RandR monitor: Xvfb's one is 'screen'; a name that is none says which there are")
    func monitorChoice() throws {
        let keyboard = try desktop.launchKeyboard(geometry: WindowPlacement(width: 800, height: 280, x: 240, y: 500), arguments: ["--monitor", "screen"])
        try keyboard.tap("letters", "q")
        desktop.target.waitForText(length: 1)
        #expect(desktop.target.text == "Q")
        #expect(try tapboard(["quit"]).status == .exited(0))
        let bad = try tapboard(["--monitor", "HDMI-9"])
        #expect(bad.status == .exited(1))
        #expect(bad.stderr == "tapboard: no monitor named 'HDMI-9': the monitors are screen\n")
    }

    @Test("A geometry off every monitor: one line, and the keyboard at its default place on the screen, typing")
    func geometryOffScreen() throws {
        let keyboard = try desktop.launchKeyboard(geometry: WindowPlacement(width: 1280, height: 200, x: 5000, y: 5000))
        #expect(keyboard.actual == WindowPlacement(width: 1280, height: 200, x: 0, y: 600))
        try keyboard.tap("letters", "q")
        desktop.target.waitForText(length: 1)
        #expect(desktop.target.text == "Q")
        #expect(try tapboard(["quit"]).status == .exited(0))
        #expect(keyboard.standardError
                == "tapboard: geometry 1280x200+5000+5000 is off every monitor (the screen is 1280x800); placing the keyboard at 0,600 instead\n")
    }
}
