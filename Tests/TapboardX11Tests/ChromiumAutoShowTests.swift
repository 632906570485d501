import CX11
import Foundation
import TapboardTestKit
import Testing

/// `--auto-show` with Chromium in kiosk mode on a bare server (no window
/// manager), as a kiosk runs it: a private session bus, at-spi2-core's
/// accessibility bus and registry, Debian's Chromium and the real keyboard.
@Suite("Auto-show with Chromium in kiosk mode", .serialized,
       .enabled(if: ChromiumPage.isInstalled, "Chromium is not installed (/usr/bin/chromium): apt-get install chromium, as scripts/test does"))
struct ChromiumAutoShowTests {
    let desktop: Desktop
    let bus: SessionBus

    init() throws {
        desktop = try Desktop(windowManager: false)
        bus = try SessionBus()
        // A kiosk's server has no window holding the focus: keys go where the pointer is, or where Chromium puts them.
        try desktop.focusPointerRoot()
    }

    /// The keyboard, then Chromium (which turns its accessibility on only if the
    /// session says it is wanted when it starts: the keyboard says so).
    private func keyboardThenPage() throws -> (AutoShowKeyboard, ChromiumPage) {
        let keyboard = try AutoShowKeyboard(on: desktop, bus: bus)
        let page = try ChromiumPage(on: desktop, size: (1280, 800), environment: bus.environment)
        return (keyboard, page)
    }

    /// Taps an element and waits until the page says it has the focus.
    private func focus(_ element: String, in page: ChromiumPage) -> Bool {
        desktop.tapper.tap(page.centre(element))
        return desktop.waitForOutput(of: page.process, timeout: .seconds(10)) { _ in page.focused == element }
    }

    private func tapboard(_ arguments: [String]) throws {
        let child = try ChildProcess(try Keyboard.locateBinary(), arguments + ["--display", desktop.xvfb.displayName])
        _ = child.wait(until: Deadline(.seconds(20)))
    }

    @Test("A web input takes the focus: shown, and it types there; a button: hidden after the grace; a password input: shown as a password field")
    func inputsAndPassword() throws {
        let start = MonotonicClock.now
        let (keyboard, page) = try keyboardThenPage()
        print("keyboard and Chromium ready: \(MonotonicClock.milliseconds(from: start, to: MonotonicClock.now)) ms")
        let watch = try MapWatch(desktop.xvfb.displayName, window: keyboard.window)
        #expect(!watch.mapped, "hidden while the page's document has the focus")
        let click = MonotonicClock.now
        desktop.tapper.tap(page.centre("entry"))
        // Its first show reads the lexicon first: over a second in a debug build.
        #expect(watch.waitUntil(mapped: true, timeout: .seconds(10)), "shown for the web input; keyboard: \(keyboard.process.standardError); page: \(page.log)")
        print("focus to visible: \(MonotonicClock.milliseconds(from: click, to: watch.changedAt)) ms")
        #expect(desktop.waitForOutput(of: page.process) { _ in page.focused == "entry" })
        try tapboard(["type", "Hi there"])
        #expect(desktop.waitForOutput(of: page.process) { _ in page.text("entry") == "Hi there" }, "the input has \(page.text("entry").debugDescription)")
        // Listening from here (while shown: a listener hears at once where the keyboard is).
        let events = try desktop.listen(["--keys"])
        defer { _ = events.terminate() }

        let leave = MonotonicClock.now
        #expect(focus("button", in: page))
        #expect(watch.waitUntil(mapped: false), "hidden once a button has the focus")
        let hidden = MonotonicClock.milliseconds(from: leave, to: watch.changedAt)
        print("focus leave to hidden: \(hidden) ms")
        #expect(hidden >= 250, "hidden after the grace period, not at once")

        // A password field: nothing typed is magnified or published.
        let preview = try MapWatch(desktop.xvfb.displayName,
                                   window: try #require(try WindowWatcher.topLevelWindows(named: "tapboard-preview", on: desktop.xvfb.displayName).first?.window))
        #expect(focus("password", in: page))
        #expect(watch.waitUntil(mapped: true), "shown for the password input")
        try tapboard(["type", "secret", "--delay", "30"])
        #expect(desktop.waitForOutput(of: page.process) { _ in page.text("password") == "secret" })
        preview.update()
        #expect(preview.maps == 0, "no preview over a password field")
        #expect(!events.standardOutput.contains("\"key\""), "no key published over a password field")
        // The same over an ordinary input, so the checks above can fail.
        #expect(focus("entry", in: page))
        try tapboard(["type", "open", "--delay", "30"])
        #expect(desktop.waitForOutput(of: page.process) { _ in page.text("entry") == "Hi thereopen" })
        #expect(desktop.waitForOutput(of: events) { $0.contains("\"text\":\"n\"") })
        preview.update()
        #expect(preview.maps > 0, "previews show over an ordinary field")
        #expect(watch.unmaps == 1, "hidden only for the button")
        #expect(keyboard.process.standardError == "")
    }

    @Test("A web input at the bottom of the page: the keyboard shows at the top edge instead (the input's extents)")
    func keepsClear() throws {
        let (keyboard, page) = try keyboardThenPage()
        let watch = try MapWatch(desktop.xvfb.displayName, window: keyboard.window)
        let windows = try WindowWatcher(displayName: desktop.xvfb.displayName)
        defer { windows.close() }
        desktop.tapper.tap(page.centre("bottom"))
        #expect(watch.waitUntil(mapped: true, timeout: .seconds(10)))
        #expect(desktop.waitUntil { windows.placement(of: keyboard.window)?.y == 0 },
                "at the top edge, clear of the input at \(page.places["bottom"]!): \(windows.placement(of: keyboard.window).map { "\($0)" } ?? "none")")
    }

    /// Chromium says again what is active and focused when a listener registers, so this
    /// holds even without the keyboard's walk for the focus at start (GTK needs the walk:
    /// `AutoShowAtStartTests`); the walk finds the input too, with those events ignored.
    @Test("Chromium first (ACCESSIBILITY_ENABLED=1), its input focused as the page loads, then the keyboard: shown for it at once, once")
    func focusedBeforeStart() throws {
        // Started before the keyboard, which has not turned accessibility on yet: the environment does.
        let page = try ChromiumPage(on: desktop, size: (1280, 800), focused: "entry",
                                    environment: bus.environment.merging(["ACCESSIBILITY_ENABLED": "1"]) { $1 })
        try #require(desktop.waitForOutput(of: page.process) { _ in page.focused == "entry" })
        let watch = try MapWatch(topLevelsOn: desktop.xvfb.displayName)
        let start = MonotonicClock.now
        let keyboard = try AutoShowKeyboard(on: desktop, bus: bus)
        watch.watch(keyboard.window)
        #expect(watch.waitUntil(mapped: true, timeout: .seconds(10)), "shown for the input focused before it started: \(keyboard.process.standardError)")
        print("start to visible: \(MonotonicClock.milliseconds(from: start, to: watch.changedAt)) ms")
        #expect(focus("button", in: page))
        #expect(watch.waitUntil(mapped: false))
        #expect(watch.maps == 1 && watch.unmaps == 1, "\(watch.maps) maps, \(watch.unmaps) unmaps")
        #expect(keyboard.process.standardError == "")
    }
}
