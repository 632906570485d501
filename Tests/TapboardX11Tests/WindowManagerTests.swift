import CX11
import Foundation
import TapboardTestKit
import Testing

/// The keyboard window with and without a window manager: under openbox, whose
/// click-to-focus grab lost and misplaced fast taps on a managed keyboard, no
/// tap is lost or misplaced and the focus stays put; with or without one, the
/// keyboard stays above ordinary windows mapped or raised over it; and SIGTERM
/// leaves nothing behind. A fresh Xvfb (and openbox) per test.
@Suite("The keyboard window under a window manager", .serialized)
struct WindowManagerTests {
    /// Which window manager a test's server runs.
    enum Session: String, CaseIterable, CustomTestStringConvertible {
        /// None: the keyboard stacks itself, alone.
        case noWindowManager = "no window manager"
        /// openbox, started before the target window and waited for until it manages windows.
        case openbox

        var testDescription: String { rawValue }
    }

    /// Lower-case words joined by single spaces, at least `count` characters (taps), ending in a letter.
    static func words(atLeast count: Int) -> String {
        let words = ["pack", "my", "box", "with", "five", "dozen", "liquor", "jugs", "the", "quick", "brown", "fox",
                     "jumps", "over", "a", "lazy", "dog", "sphinx", "of", "black", "quartz", "judge", "my", "vow"]
        var text = ""
        var index = 0
        while text.count < count {
            text += (text.isEmpty ? "" : " ") + words[index % words.count]
            index += 1
        }
        return text
    }

    @Test("Under openbox, a fast burst of 300+ taps of lower-case words arrives exactly, focus kept, no key left down")
    func fastBurstUnderOpenbox() throws {
        let desktop = try Desktop(windowManager: true)
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift"])
        #expect(keyboard.actual == keyboard.requested, "the window is not where --geometry put it")
        let sentence = Self.words(atLeast: 320)
        let points = try sentence.map { try keyboard.centre(of: $0 == " " ? "space" : String($0), on: "letters") }
        #expect(points.count >= 300)
        let target = desktop.target
        let tapper = desktop.tapper
        target.clearLog()

        // As fast as the server takes them: each tap (motion, press, release)
        // sent and XSync'ed before the next, the target reading what has come.
        for point in points {
            tapper.queueMotion(to: point)
            tapper.queueButton(down: true)
            tapper.queueButton(down: false)
            tapper.sync()
            target.handlePending()
        }

        let arrived = target.waitForText(length: sentence.count)
        #expect(arrived, "only \(target.length) of \(sentence.count) characters arrived: \(target.text.debugDescription); keyboard stderr: \(keyboard.standardError)")
        // One more tap after the burst: nothing extra arrived between.
        try keyboard.tap("letters", ".")
        let full = sentence + "."
        target.waitForText(length: full.count)
        target.drain()
        #expect(target.text == full, "first difference \(Self.firstDifference(full, target.text))")
        #expect(target.presses.count == full.count, "\(target.presses.count) KeyPresses for \(full.count) characters (modifiers or keys without text)")
        #expect(target.hasFocus, "the target window lost the input focus")
        #expect(target.focusOuts.isEmpty, "\(target.focusOuts)")
        #expect(tapper.keysDown().isEmpty, "keycodes left down: \(tapper.keysDown())")
        #expect(tapper.buttonsDown() == 0, "buttons left down: \(tapper.buttonsDown())")
        #expect(keyboard.isRunning, "the keyboard exited: \(keyboard.standardError)")
    }

    @Test("An ordinary window mapped, then raised, over the keyboard ends up below it", arguments: Session.allCases)
    func staysAboveOrdinaryWindows(_ session: Session) throws {
        let desktop = try Desktop(windowManager: session == .openbox)
        let keyboard = try desktop.launchKeyboard()
        // Overlaps the keyboard (240,500 800x280), clear of the target (40,40 500x300).
        let other = try OrdinaryWindow(displayName: desktop.xvfb.displayName,
                                       placement: WindowPlacement(width: 600, height: 300, x: 400, y: 420))
        defer { other.close() }
        let outer = other.outerPlacement
        let overlaps = outer.x < keyboard.actual.x + keyboard.actual.width && keyboard.actual.x < outer.x + outer.width
            && outer.y < keyboard.actual.y + keyboard.actual.height && keyboard.actual.y < outer.y + outer.height
        try #require(overlaps, "the window (\(outer)) does not overlap the keyboard (\(keyboard.actual))")
        let marks = [other.topLevel(of: keyboard.window): "keyboard", other.topLevel(): "ordinary window"]

        let belowAfterMap = other.waitUntilBelow(keyboard.window)
        #expect(belowAfterMap, "after mapping, bottom to top:\n\(other.describeStacking(marking: marks))")

        other.raise()
        let belowAfterRaise = other.waitUntilBelow(keyboard.window)
        #expect(belowAfterRaise, "after raising, bottom to top:\n\(other.describeStacking(marking: marks))")
        #expect(keyboard.isRunning, "the keyboard exited: \(keyboard.standardError)")
    }

    @Test("Under openbox, SIGTERM after a few taps: exit status 0, no key left down, the keymap as it was")
    func terminatesCleanlyUnderOpenbox() throws {
        let desktop = try Desktop(windowManager: true)
        let tapper = desktop.tapper
        let before = tapper.keyboardMapping()
        #expect(!before.keysyms.contains(KeySym(XK_EuroSign)), "the server's keymap already has EuroSign")

        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift"])
        // € needs a spare keycode remapped, which SIGTERM must put back.
        try keyboard.tap([("letters", "o"), ("letters", "k"), ("letters", "page:symbols"),
                          ("symbols", "page:more-symbols"), ("more-symbols", "€")])
        let arrived = desktop.target.waitForText(length: 3)
        #expect(arrived, "only \(desktop.target.text.debugDescription) arrived; stderr: \(keyboard.standardError)")
        #expect(tapper.keyboardMapping() != before, "€ was typed without a remapped keycode, or it was restored at once")

        expectCleanExit(keyboard, on: desktop, mappingBefore: before)
        #expect(desktop.target.text == "ok€", "\(desktop.target.pressLog)")
        #expect(desktop.target.hasFocus, "the target window lost the input focus")
        #expect(desktop.target.focusOuts.isEmpty, "\(desktop.target.focusOuts)")
        // The harness stops openbox cleanly too.
        let managerStatus = desktop.windowManager?.stop()
        #expect(managerStatus == .exited(0), "openbox \(managerStatus.map(\.description) ?? "did not exit"); stderr: \(desktop.windowManager?.standardError ?? "")")
    }

    /// Where `typed` first departs from `expected`, with some context.
    static func firstDifference(_ expected: String, _ typed: String) -> String {
        let e = Array(expected), t = Array(typed)
        guard let index = zip(e, t).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
                ?? (e.count == t.count ? nil : min(e.count, t.count)) else { return "none" }
        let from = max(0, index - 10)
        return "at \(index): expected \(String(e[from..<min(e.count, index + 20)]).debugDescription), "
            + "got \(String(t[from..<min(t.count, index + 20)]).debugDescription)"
    }

    /// The managers `typesUnderEachManager` runs under. fluxbox 1.3.5 under Xvfb
    /// now and then (about 1 start in 12 here) never maps a window asked for
    /// just after it has begun managing, whatever the keyboard does: it runs only
    /// when `TAPBOARD_TEST_FLUXBOX=1`, so CI does not fail on it.
    static let managers: [WindowManager.Kind] = WindowManager.Kind.allCases.filter {
        $0 != .fluxbox || ProcessInfo.processInfo.environment["TAPBOARD_TEST_FLUXBOX"] == "1"
    }

    @Test("Under each manager (fluxbox when asked): a GTK 3 field clicked gets the keys tapped, the keyboard never sets the focus itself, and hide and show are published",
          arguments: WindowManagerTests.managers)
    func typesUnderEachManager(_ kind: WindowManager.Kind) throws {
        let desktop = try Desktop(manager: kind, focusTarget: false)
        let app = try ToolkitFields(on: desktop, size: (1000, 450), environment: ["NO_AT_BRIDGE": "1", "DBUS_SESSION_BUS_ADDRESS": "disabled:"])
        let keyboard = try desktop.launchKeyboard()
        let events = try desktop.listen()
        desktop.tapper.tap(app.centre("entry"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "entry" }, "\(kind): the entry did not take the focus")
        try keyboard.tap("hello".map { ("letters", String($0)) })
        #expect(desktop.waitForOutput(of: app.process) { _ in app.text("entry") == "Hello" }, "\(kind): \(app.text("entry").debugDescription)")
        // The window manager owns the focus: the keyboard gave none.
        #expect(try XConnection.rootProperty("_TAPBOARD_FOCUS_GIVEN", on: desktop.xvfb.displayName) == nil,
                "\(kind): the keyboard recorded a focus it gave")
        try keyboard.tap("letters", "hide")
        #expect(desktop.waitForOutput(of: events) { $0.contains("\"didHide\"") }, "\(kind): \(events.standardOutput)")
        _ = try ChildProcess(try Keyboard.locateBinary(), ["show", "--display", desktop.xvfb.displayName]).wait(until: Deadline(.seconds(10)))
        #expect(desktop.waitForOutput(of: events) { $0.components(separatedBy: "\"didShow\"").count == 3 }, "\(kind): \(events.standardOutput)")
        #expect(desktop.tapper.noKeyDown)
        #expect(keyboard.standardError == "")
    }
}
