import Foundation
import TapboardTestKit
import Testing

/// Switch scanning on the real keyboard under Xvfb: a switch key pressed
/// through XTest (grabbed by the keyboard, so the application never sees it),
/// the highlight followed through `tapboard events --keys`, a pangram typed
/// into xterm and a GTK 3 entry with one switch (auto scan) and with two (step
/// scan), and a word by `tapboard switch` commands.
@Suite("Switch scanning on X", .serialized)
struct SwitchScanTests {
    /// A compact keyboard (four rows of keys) across the bottom of the 1280x800 screen.
    static let geometry = WindowPlacement(width: 640, height: 260, x: 320, y: 540)
    static let pangram = "sphinx of black quartz judge my vow"
    static let f11: Int32 = 0xFFC8, f12: Int32 = 0xFFC9

    private func launch(on desktop: Desktop, _ arguments: [String]) throws -> (Keyboard, ChildProcess) {
        let keyboard = try desktop.launchKeyboard(geometry: Self.geometry,
                                                  arguments: ["--no-auto-shift", "--no-suggestions", "--publish-keys"] + arguments)
        return (keyboard, try desktop.listen(["--keys"]))
    }

    /// Auto scan with one switch: for each character the switch is pressed as its row lights, then as its key does.
    private func typeByAutoScan(_ text: String, desktop: Desktop, events: ChildProcess) {
        for c in text {
            let key = Desktop.keyID(typing: c)
            #expect(desktop.waitForScan(of: events) { $0.count > 1 && $0.contains(key) }, "\(key)'s row never lit")
            desktop.pressSwitch(keysym: Self.f12)
            #expect(desktop.waitForScan(of: events) { $0 == [key] }, "\(key) never lit")
            selectKey(desktop: desktop, events: events)
        }
    }

    /// The select switch on a lit key, and its keystroke awaited, so the next
    /// step starts from the page the key left (shift let go, the strip updated).
    private func selectKey(desktop: Desktop, events: ChildProcess) {
        let typed = Desktop.eventLines("key", in: events.standardOutput)
        desktop.pressSwitch(keysym: Self.f12)
        #expect(desktop.waitForOutput(of: events) { Desktop.eventLines("key", in: $0) > typed }, "no keystroke")
    }

    @Test("One switch (auto scan) types a pangram into xterm, then into a GTK 3 entry, exactly, under openbox; the switch reaches neither")
    func autoScan() throws {
        let desktop = try Desktop(manager: .openbox, focusTarget: false)
        let xterm = try XtermLine(on: desktop.xvfb.displayName, geometry: "60x5+0+0", environment: ["LANG": "C.UTF-8"])
        desktop.tapper.tap(xterm.inside)
        let (keyboard, events) = try launch(on: desktop, ["--scan", "auto", "--switch", "F12", "--scan-interval", "250"])
        defer { _ = events.terminate() }
        // The first press starts the scan.
        desktop.pressSwitch(keysym: Self.f12)
        typeByAutoScan(Self.pangram + "\n", desktop: desktop, events: events)
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line != nil }, "stderr: \(keyboard.standardError)")
        #expect(xterm.line == Self.pangram + "\n", "stderr: \(keyboard.standardError)")

        let app = try ToolkitFields(.gtk3, on: desktop, size: (600, 400), environment: ["NO_AT_BRIDGE": "1", "DBUS_SESSION_BUS_ADDRESS": "disabled:"])
        #expect(app.waitUntilPlaced(on: desktop), "the application is not shown where it says")
        desktop.tapper.tap(app.centre("entry"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "entry" })
        // Meanwhile the scan went round its cycles and stopped: the switch starts it again.
        #expect(desktop.waitForScan(of: events) { $0.isEmpty }, "the scan did not stop")
        desktop.pressSwitch(keysym: Self.f12)
        typeByAutoScan(Self.pangram, desktop: desktop, events: events)
        #expect(desktop.waitForOutput(of: app.process, timeout: .seconds(10)) { _ in app.text("entry") == Self.pangram },
                "\(app.text("entry")); stderr: \(keyboard.standardError)")
        #expect(desktop.tapper.noKeyDown)
        #expect(keyboard.isRunning)
    }

    @Test("With no window manager too: a GTK 3 entry clicked, then words typed with one switch")
    func autoScanBare() throws {
        let desktop = try Desktop(manager: nil, focusTarget: false)
        let app = try ToolkitFields(.gtk3, on: desktop, size: (600, 400), environment: ["NO_AT_BRIDGE": "1", "DBUS_SESSION_BUS_ADDRESS": "disabled:"])
        #expect(app.waitUntilPlaced(on: desktop), "the application is not shown where it says")
        desktop.tapper.tap(app.centre("entry"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "entry" })
        let (keyboard, events) = try launch(on: desktop, ["--scan", "auto", "--switch", "F12", "--scan-interval", "250"])
        defer { _ = events.terminate() }
        desktop.pressSwitch(keysym: Self.f12)
        typeByAutoScan("judge my vow", desktop: desktop, events: events)
        #expect(desktop.waitForOutput(of: app.process, timeout: .seconds(10)) { _ in app.text("entry") == "judge my vow" },
                "\(app.text("entry")); stderr: \(keyboard.standardError)")
        #expect(desktop.tapper.noKeyDown)
    }

    @Test("Two switches (step scan) type the pangram into xterm: one moves row by row and key by key, the other selects")
    func stepScan() throws {
        let desktop = try Desktop(manager: .openbox, focusTarget: false)
        let xterm = try XtermLine(on: desktop.xvfb.displayName, geometry: "60x5+0+0", environment: ["LANG": "C.UTF-8"])
        desktop.tapper.tap(xterm.inside)
        let (keyboard, events) = try launch(on: desktop, ["--scan", "step", "--switch", "next=F11,select=F12"])
        defer { _ = events.terminate() }
        let failures = desktop.typeByStepScan(Self.pangram + "\n", events: events,
                                              next: { desktop.pressSwitch(keysym: Self.f11) }, select: { desktop.pressSwitch(keysym: Self.f12) })
        #expect(failures.isEmpty, "\(failures)")
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line != nil }, "stderr: \(keyboard.standardError)")
        #expect(xterm.line == Self.pangram + "\n", "stderr: \(keyboard.standardError)")
        #expect(desktop.tapper.noKeyDown)
    }

    @Test("Into a Qt 5 line edit under openbox: two switches type words, then, with dwell, the pointer alone types more")
    func qt5() throws {
        let desktop = try Desktop(manager: .openbox, focusTarget: false)
        let app = try ToolkitFields(.qt5, on: desktop, size: (600, 400), environment: ["NO_AT_BRIDGE": "1", "DBUS_SESSION_BUS_ADDRESS": "disabled:"])
        #expect(app.waitUntilPlaced(on: desktop), "the application is not shown where it says")
        desktop.tapper.tap(app.centre("entry"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "entry" })
        let (scanning, events) = try launch(on: desktop, ["--scan", "step", "--switch", "next=F11,select=F12"])
        let failures = desktop.typeByStepScan("judge my", events: events,
                                              next: { desktop.pressSwitch(keysym: Self.f11) }, select: { desktop.pressSwitch(keysym: Self.f12) })
        #expect(failures.isEmpty, "\(failures)")
        #expect(desktop.waitForOutput(of: app.process) { _ in app.text("entry") == "judge my" }, "\(app.text("entry")); stderr: \(scanning.standardError)")
        _ = events.terminate()
        #expect(scanning.terminate() == .exited(0))

        let (dwelling, listener) = try launch(on: desktop, ["--dwell", "300"])
        defer { _ = listener.terminate() }
        let frames = try dwelling.frames(of: "letters")
        let dwelt = desktop.typeByDwell(" vow", keyboard: dwelling, frames: frames, events: listener)
        #expect(dwelt.isEmpty, "\(dwelt)")
        #expect(desktop.waitForOutput(of: app.process) { _ in app.text("entry") == "judge my vow" }, "\(app.text("entry")); stderr: \(dwelling.standardError)")
        #expect(desktop.tapper.noKeyDown)
    }

    @Test("tapboard switch, as a window manager's key binding runs it, steps and selects as the grabbed switches do: a word into the target window")
    func switchCommand() throws {
        let desktop = try Desktop()
        let (keyboard, events) = try launch(on: desktop, ["--scan", "step", "--switch", "next=F11,select=F12"])
        defer { _ = events.terminate() }
        let binary = try Keyboard.locateBinary()
        func press(_ role: String) {
            let child = try? ChildProcess(binary, ["switch", role, "--display", desktop.xvfb.displayName])
            #expect(child?.wait(until: Deadline(.seconds(10))) == .exited(0), "tapboard switch \(role): \(child?.standardError ?? "")")
        }
        let failures = desktop.typeByStepScan("hi", events: events, next: { press("next") }, select: { press("select") })
        #expect(failures.isEmpty, "\(failures)")
        #expect(desktop.waitUntil { desktop.target.text == "hi" }, "\(desktop.target.text.debugDescription); stderr: \(keyboard.standardError)")
        #expect(desktop.tapper.noKeyDown)
    }

    @Test("A press made while the keyboard was kept from stepping (stopped, as by a busy machine) selects the row that still showed")
    func pressDuringStall() throws {
        let desktop = try Desktop(manager: nil, focusTarget: false)
        let (keyboard, events) = try launch(on: desktop, ["--scan", "auto", "--switch", "F12", "--scan-interval", "500"])
        defer { _ = events.terminate() }
        desktop.pressSwitch(keysym: Self.f12)
        // The second row lights; at once the keyboard is stopped, well before its next step.
        #expect(desktop.waitForScan(of: events) { $0.contains("a") && $0.count > 1 }, "the second row never lit")
        let shown = Desktop.lastScan(in: events.standardOutput) ?? []
        keyboard.child.send(SIGSTOP)
        desktop.pressSwitch(keysym: Self.f12)
        // Stopped past its next step: when it runs again it makes the step, then reads the press.
        Thread.sleep(forTimeInterval: 0.8)
        keyboard.child.send(SIGCONT)
        #expect(desktop.waitForScan(of: events) { $0.count == 1 }, "no key lit after the select")
        #expect(Desktop.lastScan(in: events.standardOutput) == [shown.first ?? ""], "lit \(shown), then: \(events.standardOutput.suffix(600))")
        #expect(desktop.tapper.noKeyDown)
    }
}
