import CX11
import Foundation
import TapboardTestKit
import Testing

/// `--auto-show` with the real parts: a private session bus, the accessibility
/// bus and registry from at-spi2-core, a GTK 3 application under Xvfb with
/// openbox (a click focuses its window), and the real keyboard.
@Suite("Auto-show with a GTK application", .serialized)
struct AutoShowTests {
    let desktop: Desktop
    let bus: SessionBus
    /// The keyboard, started before the application.
    let autoShow: AutoShowKeyboard
    let app: ToolkitFields
    var keyboard: ChildProcess { autoShow.process }
    var keyboardWindow: Window { autoShow.window }

    init() throws {
        let desktop = try Desktop(windowManager: true)
        let bus = try SessionBus()
        self.desktop = desktop
        self.bus = bus
        // The keyboard first: the application learns of its listener from the registry as it starts.
        autoShow = try AutoShowKeyboard(on: desktop, bus: bus)
        app = try ToolkitFields(on: desktop, size: (1280, 800), environment: bus.environment)
        // The application starts with its first entry focused: the keyboard shows for it
        // (its first show reads the lexicon first: over a second in a debug build, more under load).
        let watch = try MapWatch(desktop.xvfb.displayName, window: autoShow.window)
        try #require(watch.waitUntil(mapped: true, timeout: .seconds(10)),
                     "the keyboard did not show for the application's focused entry (the application says \(app.focused ?? "nothing") has the focus); keyboard: \(autoShow.process.standardError)")
    }

    /// Focuses the button and waits until the keyboard has hidden.
    private func focusButton(_ watch: MapWatch) -> Bool {
        desktop.tapper.tap(app.centre("button"))
        return watch.waitUntil(mapped: false)
    }

    /// The top-level windows of a WM_CLASS instance name.
    private static func windows(of name: String, on displayName: String) throws -> [Window] {
        try WindowWatcher.topLevelWindows(named: name, on: displayName).map(\.window)
    }

    private func tapboard(_ arguments: [String]) throws -> ChildProcess {
        let child = try ChildProcess(try Keyboard.locateBinary(), arguments + ["--display", desktop.xvfb.displayName])
        _ = child.wait(until: Deadline(.seconds(20)))
        return child
    }

    /// Waits until a field's text is as given.
    private func waitForText(_ field: String, _ text: String) -> Bool {
        desktop.waitForOutput(of: app.process, timeout: .seconds(10)) { _ in app.text(field) == text }
    }

    @Test("A field takes the focus: shown at once, and it types there; between two fields no hide; a button: hidden 300 ms later")
    func showTypeHide() throws {
        let watch = try MapWatch(desktop.xvfb.displayName, window: keyboardWindow)
        #expect(focusButton(watch))
        let click = MonotonicClock.now
        desktop.tapper.tap(app.centre("entry"))
        #expect(watch.waitUntil(mapped: true))
        print("focus to visible: \(MonotonicClock.milliseconds(from: click, to: watch.changedAt)) ms")
        _ = try tapboard(["type", "Hi there"])
        #expect(waitForText("entry", "Hi there"))
        desktop.tapper.tap(app.centre("view"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "view" })
        _ = try tapboard(["type", "two"])
        #expect(waitForText("view", "two"))
        let leave = MonotonicClock.now
        desktop.tapper.tap(app.centre("button"))
        #expect(watch.waitUntil(mapped: false))
        let hidden = MonotonicClock.milliseconds(from: leave, to: watch.changedAt)
        print("focus leave to hidden: \(hidden) ms")
        #expect(hidden >= 250, "hidden after the grace period, not at once")
        #expect(watch.unmaps == 2, "the button's two hides, none between the entry and the text view")
        #expect(keyboard.standardError == "")
    }

    @Test("xterm (no AT-SPI) made the active window by openbox: the keyboard shows for it and types there; a click on a button hides it")
    func terminalUnderWindowManager() throws {
        let watch = try MapWatch(desktop.xvfb.displayName, window: keyboardWindow)
        #expect(focusButton(watch))
        let xterm = try XtermLine(on: desktop.xvfb.displayName, geometry: "60x8+700+380")
        desktop.tapper.tap(xterm.inside)
        // openbox gives the focus (a new window's, or the click's) once it manages the window: a condition, as a user sees the cursor.
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.hasFocus }, "openbox did not give xterm the focus")
        #expect(watch.waitUntil(mapped: true), "not shown for the terminal")
        _ = try tapboard(["type", "hi\n"])
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line == "hi\n" }, "\(xterm.line.debugDescription)")
        desktop.tapper.tap(app.centre("button"))
        #expect(watch.waitUntil(mapped: false), "still shown after the application's button took the focus")
    }

    @Test("Focus to visible and focus-leave to hidden over 15 rounds, within bounds; not woken while idle")
    func latencyAndIdle() throws {
        let watch = try MapWatch(desktop.xvfb.displayName, window: keyboardWindow)
        var shows: [Double] = [], hides: [Double] = []
        for _ in 0 ..< 15 {
            let leave = MonotonicClock.now
            #expect(focusButton(watch))
            hides.append(MonotonicClock.milliseconds(from: leave, to: watch.changedAt))
            let click = MonotonicClock.now
            desktop.tapper.tap(app.centre("entry"))
            #expect(watch.waitUntil(mapped: true))
            shows.append(MonotonicClock.milliseconds(from: click, to: watch.changedAt))
        }
        func percentile(_ values: [Double], _ p: Double) -> Double { values.sorted()[min(values.count - 1, Int(Double(values.count) * p))] }
        print("focus to visible: median \(percentile(shows, 0.5)) ms, p95 \(percentile(shows, 0.95)) ms; "
              + "focus leave to hidden: median \(percentile(hides, 0.5)) ms, p95 \(percentile(hides, 0.95)) ms")
        #expect(percentile(shows, 0.95) < 250, "shown well within a quarter second")
        #expect(hides.allSatisfy { $0 >= 280 && $0 < 800 }, "hidden after the 300 ms grace, not much later")
        // Idle with the accessibility bus connected: nothing wakes it. Counted in
        // wake-ups (a timer at 60 Hz would be 180 in 3 s), after a second for the
        // show just made to be drawn and settle.
        Deadline(.seconds(1)).waitReadable([])
        let before = try Self.wakeUps(keyboard.pid)
        Deadline(.seconds(3)).waitReadable([])
        let woken = try Self.wakeUps(keyboard.pid) - before
        print("wake-ups in 3 s of idling: \(woken)")
        #expect(woken <= 2, "an idle keyboard is not woken (a stray event or two aside)")
    }

    /// How many times a process has been switched out (voluntary and not): each wake-up adds one.
    private static func wakeUps(_ pid: pid_t) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        return status.split(separator: "\n").filter { $0.hasSuffix("ctxt_switches") || $0.contains("ctxt_switches:") }
            .compactMap { Int($0.split(separator: "\t").last.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? "") }.reduce(0, +)
    }

    @Test("A key typed on a hardware keyboard hides it at once; XTest's keys and its own never do; a field clicked shows it again")
    func hardwareKeyboardHides() throws {
        let watch = try MapWatch(desktop.xvfb.displayName, window: keyboardWindow)
        // XTest's key (xdotool's way), then the keyboard's own keystrokes.
        let (x, z) = (desktop.tapper.keycode(for: XK_x), desktop.tapper.keycode(for: XK_z))
        desktop.tapper.key(x, down: true)
        desktop.tapper.key(x, down: false)
        #expect(waitForText("entry", "x"))
        _ = try tapboard(["type", "y"])
        #expect(waitForText("entry", "xy"))
        // Answered after every event before it on the keyboard's connection: the raw key events included.
        _ = try tapboard(["keys"])
        #expect(watch.mapped && watch.unmaps == 0, "XTest's keys hid the keyboard")
        // The server's own keyboard device: a key of the user's.
        #expect(desktop.tapper.hardwareKey(z))
        #expect(waitForText("entry", "xyz"))
        #expect(watch.waitUntil(mapped: false), "a hardware key did not hide the keyboard")
        desktop.tapper.tap(app.centre("view"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "view" })
        #expect(watch.waitUntil(mapped: true), "the field clicked did not show the keyboard again")
        #expect(watch.unmaps == 1 && watch.maps == 1)
        #expect(keyboard.standardError == "")
    }

    @Test("Hidden by the user over a field: stays hidden when the focus comes back to it; keyboard navigation to another field shows it")
    func userHideWins() throws {
        let watch = try MapWatch(desktop.xvfb.displayName, window: keyboardWindow)
        desktop.tapper.tap(app.centre("entry"))
        #expect(watch.waitUntil(mapped: true))
        _ = try tapboard(["hide"])
        #expect(watch.waitUntil(mapped: false))
        // Away and back to the same entry: it stays hidden; then Tab to the text view: shown for that one only
        // (events come in order, so a show for the entry would have been counted first).
        // Each click waited for: openbox holds a click on a window (a synchronous
        // grab, replayed) until it has seen it, and a key is not held, so under
        // load the Tab overtook the click and went from the button to the next field.
        desktop.tapper.tap(app.centre("button"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "button" })
        desktop.tapper.tap(app.centre("entry"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "entry" })
        _ = try ChildProcess(URL(fileURLWithPath: "/usr/bin/xdotool"), ["key", "Tab"], environment: ["DISPLAY": desktop.xvfb.displayName])
            .wait(until: Deadline(.seconds(5)))
        #expect(watch.waitUntil(mapped: true))
        #expect(watch.maps == 1)
    }

    @Test("A field at the bottom of a full-screen window: the keyboard shows at the top edge instead, and the events say so")
    func keepsClear() throws {
        let watch = try MapWatch(desktop.xvfb.displayName, window: keyboardWindow)
        #expect(focusButton(watch))
        let events = try desktop.listen()
        desktop.tapper.tap(app.centre("bottom"))
        #expect(watch.waitUntil(mapped: true))
        #expect(desktop.waitForOutput(of: events) { $0.contains("\"didShow\"") && $0.contains("\"y\":0,") })
        // The field moves up, clear of the keyboard's own place: it goes back there.
        _ = try tapboard(["type", "up"])
        #expect(waitForText("bottom", "up"))
        let back = keyboardRest()
        #expect(desktop.waitForOutput(of: events) { $0.contains("\"didChangeFrame\"") && $0.hasSuffix(back) })
    }

    @Test("The strip follows the caret's text: a field focused again completes the word before its caret; a click at the start makes a sentence's start")
    func caretContext() throws {
        let watch = try MapWatch(desktop.xvfb.displayName, window: keyboardWindow)
        desktop.tapper.tap(app.centre("view"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "view" })
        _ = try tapboard(["type", "I said hel"])
        #expect(waitForText("view", "I said hel"))
        // Away and back: what the keyboard typed is forgotten with the focus; only the field can tell it now.
        #expect(focusButton(watch))
        let events = try desktop.listen(["--keys"])
        defer { _ = events.terminate() }
        desktop.tapper.tap(app.centre("view"))
        #expect(watch.waitUntil(mapped: true))
        #expect(desktop.waitForWords(of: events) { $0.count >= 3 && $0.allSatisfy { $0.hasPrefix("hel") } },
                "completions of hel: \(events.standardOutput.suffix(300))")
        // The caret to the text's start, in the same field: a sentence starts there.
        let view = try #require(app.places["view"])
        desktop.tapper.tap(ScreenPoint(x: Int32(view.x + 1), y: Int32(view.y + 6)))
        #expect(desktop.waitForWords(of: events) { $0.contains("The") && $0.allSatisfy { $0.first?.isUppercase == true } },
                "capitalised predictions: \(events.standardOutput.suffix(300))")
        #expect(keyboard.standardError == "")
    }

    /// The end of the JSON line of a frame change back to the keyboard's place at the bottom of the 1280x800 screen.
    private func keyboardRest() -> String { "\"endFrame\":{\"x\":0,\"y\":512,\"width\":1280,\"height\":288},\"duration\":0}\n" }

    @Test("A password field: no preview window while typing, nothing published; an ordinary field has both")
    func password() throws {
        let events = try desktop.listen(["--keys"])
        let watch = try MapWatch(desktop.xvfb.displayName, window: keyboardWindow)
        let preview = try MapWatch(desktop.xvfb.displayName, window: try #require(try Self.windows(of: "tapboard-preview", on: desktop.xvfb.displayName).first))
        #expect(focusButton(watch))
        desktop.tapper.tap(app.centre("password"))
        #expect(watch.waitUntil(mapped: true))
        _ = try tapboard(["type", "secret", "--delay", "30"])
        #expect(waitForText("password", "secret"))
        preview.update()
        #expect(preview.maps == 0)
        #expect(!events.standardOutput.contains("\"key\""))
        desktop.tapper.tap(app.centre("entry"))
        // The keyboard types at once now: the click's focus change must have reached GTK first.
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "entry" })
        _ = try tapboard(["type", "open", "--delay", "30"])
        #expect(waitForText("entry", "open"), "entry has \(app.text("entry").debugDescription); events \(events.standardOutput); stderr \(keyboard.standardError)")
        #expect(desktop.waitForOutput(of: events) { $0.contains("\"text\":\"n\"") })
        preview.update()
        #expect(preview.maps > 0, "the check above can fail: previews show over an ordinary field")
    }
}

/// `--auto-show` started after the application, as a kiosk usually starts them.
@Suite("Auto-show with a field focused before the keyboard starts")
struct AutoShowAtStartTests {
    @Test("A GTK application first, its entry focused, then the keyboard: shown for it at once, once")
    func gtk() throws {
        let desktop = try Desktop(windowManager: true)
        let bus = try SessionBus()
        let app = try ToolkitFields(on: desktop, size: (1280, 800), environment: bus.environment)
        try #require(desktop.waitForOutput(of: app.process) { _ in app.focused == "entry" })
        let watch = try MapWatch(topLevelsOn: desktop.xvfb.displayName)
        let start = MonotonicClock.now
        let keyboard = try AutoShowKeyboard(on: desktop, bus: bus)
        watch.watch(keyboard.window)
        #expect(watch.waitUntil(mapped: true, timeout: .seconds(10)), "shown for the entry focused before it started: \(keyboard.process.standardError)")
        print("start to visible: \(MonotonicClock.milliseconds(from: start, to: watch.changedAt)) ms")
        // Away: hidden, with no hide or show in between (events come in order).
        desktop.tapper.tap(app.centre("button"))
        #expect(watch.waitUntil(mapped: false))
        #expect(watch.maps == 1 && watch.unmaps == 1, "\(watch.maps) maps, \(watch.unmaps) unmaps")
        #expect(keyboard.process.standardError == "")
    }
}

/// `--auto-show` without an accessibility bus.
@Suite("Auto-show without accessibility")
struct AutoShowWithoutBusTests {
    @Test("No accessibility bus: one line, and a keyboard that shows and types as without --auto-show")
    func noBus() throws {
        let desktop = try Desktop()
        let keyboard = try desktop.launchKeyboard(arguments: ["--auto-show"], environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"])
        try keyboard.tap("letters", "q")
        desktop.target.waitForText(length: 1)
        #expect(desktop.target.text == "Q")
        let lines = keyboard.standardError.split(separator: "\n")
        #expect(lines.count == 2, "the D-Bus interface and --auto-show each say so once")
        #expect(lines.contains { $0.hasPrefix("tapboard: --auto-show: no accessibility bus") && $0.hasSuffix("running as a keyboard that does not follow the focus") })
    }
}
