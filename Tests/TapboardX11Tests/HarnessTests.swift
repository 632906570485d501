import CX11
import Foundation
import TapboardTestKit
import Testing

/// Checks of the harness itself, without the keyboard: text recording,
/// MappingNotify handling, focus, key state and mapping snapshots.
@Suite("X11 test harness", .serialized)
struct HarnessTests {
    let desktop: Desktop

    init() throws { desktop = try Desktop() }

    /// Types `keysym` through XTest, with Shift if `shifted`.
    private func type(_ keysym: Int32, shifted: Bool = false) {
        let tapper = desktop.tapper
        let shift = tapper.keycode(for: XK_Shift_L)
        if shifted { tapper.key(shift, down: true) }
        let code = tapper.keycode(for: keysym)
        tapper.key(code, down: true)
        tapper.key(code, down: false)
        if shifted { tapper.key(shift, down: false) }
    }

    @Test("XTest key events arrive as text, with shift, BackSpace and Return")
    func recordsKeyPresses() throws {
        type(XK_a, shifted: true)
        type(XK_b)
        type(XK_1, shifted: true)
        type(XK_BackSpace)
        type(XK_Return)
        let expected = "Ab!\u{8}\n"
        #expect(desktop.target.waitForText(length: expected.unicodeScalars.count))
        #expect(desktop.target.text == expected, "\(desktop.target.pressLog)")
        #expect(desktop.target.hasFocus)
        #expect(desktop.target.focusOuts.isEmpty)
        #expect(desktop.tapper.noKeyDown)
    }

    @Test("A spare keycode remapped to EuroSign is read after MappingNotify, and the snapshot sees the change")
    func followsRemappedKeycodes() throws {
        let tapper = desktop.tapper
        let before = tapper.keyboardMapping()
        // The highest keycode with no keysym at all is spare.
        let spare = stride(from: before.keysyms.count - before.perKeycode, through: 0, by: -before.perKeycode)
            .first { index in before.keysyms[index..<index + before.perKeycode].allSatisfy { $0 == 0 } }
            .map { before.minKeycode + $0 / before.perKeycode }
        let keycode = try #require(spare, "no spare keycode in the keymap")
        tapper.setKeysyms([KeySym(XK_EuroSign), KeySym(XK_EuroSign)], for: keycode)
        tapper.key(UInt32(keycode), down: true)
        tapper.key(UInt32(keycode), down: false)
        #expect(desktop.target.waitForText(length: 1))
        #expect(desktop.target.text == "€", "\(desktop.target.pressLog)")
        // An XKB-aware client (Xlib is one) gets XkbMapNotify, handled inside
        // Xlib, instead of a core MappingNotify; either way the keysym is right.
        #expect(tapper.keyboardMapping() != before)
        tapper.setKeysyms(Array(repeating: 0, count: before.perKeycode), for: keycode)
        #expect(tapper.keyboardMapping() == before, "\(tapper.keyboardMapping().differences(from: before))")
    }

    @Test("A held key shows in XQueryKeymap until released")
    func seesKeysDown() throws {
        let tapper = desktop.tapper
        let code = tapper.keycode(for: XK_Shift_L)
        tapper.key(code, down: true)
        #expect(tapper.keysDown() == [Int(code)])
        tapper.key(code, down: false)
        #expect(tapper.noKeyDown)
    }

    /// ASCII only: xdotool restores a remapped keycode right after typing with
    /// it, before the target reads the key (the race DESIGN.md describes), so
    /// `€ £` arrive as NoSymbol from xdotool.
    @Test("xdotool typing arrives in the target exactly", .enabled(if: executableOnPath("xdotool") != nil))
    func recordsXdotoolTyping() throws {
        let expected = "Hello, World! 123 #+="
        let xdotool = try #require(executableOnPath("xdotool"))
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = desktop.xvfb.displayName
        let child = try ChildProcess(xdotool, ["type", "--delay", "20", expected], environment: environment)
        #expect(child.wait(until: Deadline(.seconds(20))) == .exited(0), "\(child.standardError)")
        #expect(desktop.target.waitForText(length: expected.unicodeScalars.count))
        #expect(desktop.target.text == expected, "\(desktop.target.pressLog)")
        #expect(desktop.target.hasFocus)
    }

    @Test("The tapboard binary is found next to the test executable or through TAPBOARD_BIN")
    func locatesBinary() throws {
        let binary = try Keyboard.locateBinary()
        #expect(binary.lastPathComponent == "tapboard" || ProcessInfo.processInfo.environment["TAPBOARD_BIN"] != nil)
    }
}
