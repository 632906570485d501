import Foundation
import TapboardTestKit
import Testing

/// The keys' slides, with the pointer, into real applications: space held and
/// slid moves the caret, backspace slid left deletes whole words and sliding
/// back types them again.
@Suite("Space-bar cursor and word-wise delete on X", .serialized)
struct SlideKeysTests {
    /// Taps the keys of lower-case letters and spaces.
    private func tapText(_ text: String, on keyboard: Keyboard) throws {
        for c in text { try keyboard.tap("letters", c == " " ? "space" : String(c)) }
    }

    /// "one two three" tapped, then backspace slid three words left and back to
    /// two ("one " is left), "x" tapped, "ac", space slid a key left, and "b":
    /// the field holds "one xabc".
    private func slideIntoField(_ desktop: Desktop, keyboard: Keyboard) throws {
        let frames = try keyboard.frames(of: "letters")
        let q = try #require(frames.key("q"))
        let step = q.width
        func point(_ id: String, dx: Double) throws -> ScreenPoint {
            let key = try #require(frames.key(id))
            return keyboard.actual.screenPoint(x: key.x + key.width / 2 + dx, y: key.y + key.height / 2)
        }
        try tapText("one two three", on: keyboard)
        desktop.tapper.slide(through: [try point("backspace", dx: 0), try point("backspace", dx: -step),
                                        try point("backspace", dx: -2.7 * step), try point("backspace", dx: -1.7 * step)])
        try tapText("xac", on: keyboard)
        desktop.tapper.slide(through: [try point("space", dx: 0), try point("space", dx: -0.6 * step), try point("space", dx: -1.2 * step)])
        try tapText("b", on: keyboard)
    }

    @Test("Into xterm at a shell's line editor and a GTK 3 entry, with openbox and with no window manager", arguments: [WindowManager.Kind?.some(.openbox), nil])
    func slides(manager: WindowManager.Kind?) throws {
        let desktop = try Desktop(manager: manager, focusTarget: false)
        let xterm = try XtermLine(on: desktop.xvfb.displayName, geometry: "60x5+0+0", environment: ["LANG": "C.UTF-8"], editing: true)
        desktop.tapper.tap(xterm.inside)
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift", "--no-suggestions", "--publish-keys"])
        let events = try desktop.listen(["--keys"])
        defer { _ = events.terminate() }
        try slideIntoField(desktop, keyboard: keyboard)
        try keyboard.tap("letters", "return")
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line != nil }, "stderr: \(keyboard.standardError)")
        #expect(xterm.line == "one xabc\n", "stderr: \(keyboard.standardError)")

        let app = try ToolkitFields(.gtk3, on: desktop, size: (600, 400), environment: ["NO_AT_BRIDGE": "1", "DBUS_SESSION_BUS_ADDRESS": "disabled:"])
        #expect(app.waitUntilPlaced(on: desktop), "the application is not shown where it says")
        desktop.tapper.tap(app.centre("entry"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "entry" })
        // The window manager's click-to-focus has let the click through: presses go where they are made.
        #expect(desktop.waitUntil { desktop.tapper.pointerFree() })
        try slideIntoField(desktop, keyboard: keyboard)
        #expect(desktop.waitForOutput(of: app.process, timeout: .seconds(10)) { _ in app.text("entry") == "one xabc" },
                "\(app.text("entry")); stderr: \(keyboard.standardError) events: \(events.standardOutput)")
        #expect(desktop.tapper.noKeyDown)
        #expect(keyboard.isRunning)
    }
}
