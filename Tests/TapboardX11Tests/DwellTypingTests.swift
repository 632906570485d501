import Foundation
import TapboardTestKit
import Testing

/// Dwell on the real keyboard under Xvfb: the pointer moved through XTest onto
/// each key and left there, no button ever pressed; what arrives must be exact.
@Suite("Dwell typing on X", .serialized)
struct DwellTypingTests {
    @Test("The pointer alone types a pangram into xterm and a GTK 3 entry, exactly", arguments: [WindowManager.Kind?.some(.openbox), nil])
    func pangram(manager: WindowManager.Kind?) throws {
        let desktop = try Desktop(manager: manager, focusTarget: false)
        let xterm = try XtermLine(on: desktop.xvfb.displayName, geometry: "60x5+0+0", environment: ["LANG": "C.UTF-8"])
        desktop.tapper.tap(xterm.inside)
        let keyboard = try desktop.launchKeyboard(geometry: SwitchScanTests.geometry,
                                                  arguments: ["--no-auto-shift", "--no-suggestions", "--publish-keys", "--dwell", "300"])
        let events = try desktop.listen(["--keys"])
        defer { _ = events.terminate() }
        let frames = try keyboard.frames(of: "letters")
        func type(_ text: String) throws {
            for c in text {
                let id = c == " " ? "space" : c == "\n" ? "return" : String(c)
                let key = try #require(frames.key(id), "no key \(id)")
                let typed = events.standardOutput.split(separator: "\n").count { $0.contains("\"event\":\"key\"") }
                // Onto the key, and kept there until its keystroke comes.
                desktop.tapper.move(to: keyboard.actual.screenPoint(x: key.x + key.width / 2, y: key.y + key.height / 2))
                #expect(desktop.waitForOutput(of: events) { $0.split(separator: "\n").count { $0.contains("\"event\":\"key\"") } > typed },
                        "\(id) was not typed")
            }
        }
        try type(SwitchScanTests.pangram + "\n")
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line != nil }, "stderr: \(keyboard.standardError)")
        #expect(xterm.line == SwitchScanTests.pangram + "\n", "stderr: \(keyboard.standardError)")

        let app = try ToolkitFields(.gtk3, on: desktop, size: (600, 400), environment: ["NO_AT_BRIDGE": "1", "DBUS_SESSION_BUS_ADDRESS": "disabled:"])
        desktop.tapper.tap(app.centre("entry"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "entry" })
        try type(SwitchScanTests.pangram)
        #expect(desktop.waitForOutput(of: app.process, timeout: .seconds(10)) { _ in app.text("entry") == SwitchScanTests.pangram },
                "\(app.text("entry")); stderr: \(keyboard.standardError)")
        #expect(desktop.tapper.noKeyDown)
    }
}
