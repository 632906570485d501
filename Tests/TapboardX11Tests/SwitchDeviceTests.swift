import Foundation
import TapboardTestKit
import Testing

/// What a switch's grab takes and leaves under Xvfb: keys of another keyboard
/// pressed while a key switch is held reach the application after it; with
/// `--switch-device`, only that device's keys are switches.
@Suite("Switch devices on X", .serialized)
struct SwitchDeviceTests {
    static let xShift: Int32 = 0xFFE1, xX: Int32 = 0x78, xY: Int32 = 0x79, xQ: Int32 = 0x71, xW: Int32 = 0x77

    /// A GTK 3 entry with the focus under openbox, and a keyboard scanning with two switches.
    private func entryAndKeyboard(_ extra: [String] = []) throws -> (Desktop, ToolkitFields, Keyboard, ChildProcess) {
        let desktop = try Desktop(manager: .openbox, focusTarget: false)
        let app = try ToolkitFields(.gtk3, on: desktop, size: (600, 400), environment: ["NO_AT_BRIDGE": "1", "DBUS_SESSION_BUS_ADDRESS": "disabled:"])
        desktop.tapper.tap(app.centre("entry"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "entry" })
        let keyboard = try desktop.launchKeyboard(geometry: SwitchScanTests.geometry,
                                                  arguments: ["--no-auto-shift", "--no-suggestions", "--publish-keys",
                                                              "--scan", "step", "--switch", "next=F11,select=F12"] + extra)
        return (desktop, app, keyboard, try desktop.listen(["--keys"]))
    }

    @Test("Keys pressed while a switch is held (the keyboard's own keystrokes when a switch bounces) reach the entry once it is let go, with their Shift")
    func caughtKeysTypedAgain() throws {
        let (desktop, app, keyboard, events) = try entryAndKeyboard()
        defer { _ = events.terminate() }
        let tapper = desktop.tapper
        let f11 = tapper.keycode(for: SwitchScanTests.f11)
        tapper.key(f11, down: true)
        // The switch's press has come to the keyboard: its grab is active.
        #expect(desktop.waitForScan(of: events) { !$0.isEmpty }, "the first press lit nothing")
        for (keysym, down) in [(Self.xShift, true), (Self.xX, true), (Self.xX, false), (Self.xShift, false), (Self.xY, true), (Self.xY, false)] {
            tapper.key(tapper.keycode(for: keysym), down: down)
        }
        #expect(app.text("entry") == "", "a key went past the grab")
        tapper.key(f11, down: false)
        #expect(desktop.waitForOutput(of: app.process, timeout: .seconds(5)) { _ in app.text("entry") == "Xy" },
                "\(app.text("entry")); stderr: \(keyboard.standardError)")
        #expect(desktop.waitUntil { tapper.noKeyDown })
        #expect(keyboard.isRunning)
    }

    @Test("With --switch-device, the box's keys are switches and the same keys of the main keyboard type as ever")
    func switchDevice() throws {
        let desktop = try Desktop(manager: .openbox, focusTarget: false)
        let box = try SwitchBox(displayName: desktop.xvfb.displayName)
        defer { box.close() }
        let app = try ToolkitFields(.gtk3, on: desktop, size: (600, 400), environment: ["NO_AT_BRIDGE": "1", "DBUS_SESSION_BUS_ADDRESS": "disabled:"])
        desktop.tapper.tap(app.centre("entry"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "entry" })
        // Letters as switches: the keyboard types q and w itself, through its own device.
        let keyboard = try desktop.launchKeyboard(geometry: SwitchScanTests.geometry,
                                                  arguments: ["--no-auto-shift", "--no-suggestions", "--publish-keys", "--scan", "step",
                                                              "--switch", "next=q,select=w", "--switch-device", box.keyboardDevice])
        let events = try desktop.listen(["--keys"])
        defer { _ = events.terminate() }
        let failures = desktop.typeByStepScan("qw", events: events, next: { box.press(keysym: Self.xQ) }, select: { box.press(keysym: Self.xW) })
        #expect(failures.isEmpty, "\(failures)")
        #expect(desktop.waitForOutput(of: app.process) { _ in app.text("entry") == "qw" }, "\(app.text("entry")); stderr: \(keyboard.standardError)")
        desktop.pressSwitch(keysym: Self.xQ)
        #expect(desktop.waitForOutput(of: app.process) { _ in app.text("entry") == "qwq" }, "\(app.text("entry"))")
        #expect(desktop.tapper.noKeyDown)
    }
}
