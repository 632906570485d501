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
        #expect(app.waitUntilPlaced(on: desktop), "the application is not shown where it says")
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
        #expect(app.waitUntilPlaced(on: desktop), "the application is not shown where it says")
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

    @Test("--detach-switch-device: the device named floats while the keyboard runs; it is attached to its master again at exit, and after a SIGKILL at the next start")
    func detachedDevice() throws {
        // Xvfb's own mouse: a real slave device (XTest's cannot be detached), with no motion of its own.
        let desktop = try Desktop(manager: nil, focusTarget: false)
        let name = "Xvfb mouse"
        func device() -> InputDevice? { desktop.tapper.inputDevices().first { $0.name == name } }
        let attached = try #require(device(), "\(desktop.tapper.inputDevices().map(\.name))")
        #expect(!attached.floating)
        let arguments = ["--no-suggestions", "--scan", "auto", "--switch", "button3", "--switch-device", name, "--detach-switch-device"]
        let keyboard = try desktop.launchKeyboard(arguments: arguments)
        #expect(device()?.floating == true, "stderr: \(keyboard.standardError)")
        #expect(keyboard.terminate() != nil)
        #expect(device()?.floating == false && device()?.master == attached.master, "stderr: \(keyboard.standardError)")
        // Killed, a keyboard leaves it detached; the next start attaches it again and says so.
        let killed = try desktop.launchKeyboard(arguments: arguments)
        #expect(device()?.floating == true)
        killed.child.send(SIGKILL)
        _ = killed.child.wait(until: Deadline(.seconds(5)))
        #expect(device()?.floating == true)
        // One with no switches does it once its first frame is out.
        let next = try desktop.launchKeyboard(arguments: ["--no-suggestions"])
        #expect(desktop.waitUntil { device()?.floating == false && device()?.master == attached.master }, "stderr: \(next.standardError)")
        #expect(desktop.waitUntil { next.standardError.contains("attached the switch device again") }, "stderr: \(next.standardError)")
        #expect(next.terminate() != nil)
    }

    @Test("Switches that cannot be had are refused with a line naming them, exit 2, and nothing left behind: no such keysym, no key for it, no such device, a device the server will not detach, none named")
    func refused() throws {
        let desktop = try Desktop(manager: nil, focusTarget: false)
        func run(_ arguments: [String]) throws -> (status: TapboardTestKit.ExitStatus?, stderr: String) {
            let child = try ChildProcess(try Keyboard.locateBinary(), ["--display", desktop.xvfb.displayName, "--scan", "auto"] + arguments)
            return (child.wait(until: Deadline(.seconds(10))), child.standardError)
        }
        let cases: [([String], String)] = [
            (["--switch", "F99"], "tapboard: --switch 'F99': no such keysym; expected an X keysym name like F12, space or KP_Enter\n"),
            (["--switch", "Hangul_Jeonja"], "tapboard: --switch 'Hangul_Jeonja': no key types it on this keymap\n"),
            (["--switch", "F12", "--switch-device", "Foot Pedal"], "tapboard: --switch-device 'Foot Pedal': no such input device; the devices are "),
            (["--switch", "F12", "--switch-device", "Virtual core XTEST keyboard", "--detach-switch-device"],
             "tapboard: --detach-switch-device: the X server would not detach 'Virtual core XTEST keyboard' (XTest's own devices stay attached)\n"),
            (["--switch", "F12", "--detach-switch-device"], "tapboard: --detach-switch-device needs the device: --switch-device NAME (or device: in the scan settings)\n"),
        ]
        for (arguments, said) in cases {
            let result = try run(arguments)
            #expect(result.status == .exited(2), "\(arguments): \(result)")
            #expect(result.stderr.hasPrefix(said), "\(arguments): \(result.stderr)")
        }
        #expect(desktop.tapper.inputDevices().allSatisfy { !$0.floating })
        #expect(desktop.tapper.noKeyDown)
    }
}
