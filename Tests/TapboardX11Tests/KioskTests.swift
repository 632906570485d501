import CX11
import Foundation
import TapboardTestKit
import Testing

/// A kiosk: an X server with no window manager, so the focus stays PointerRoot,
/// real applications, and keys tapped with the pointer. GTK 3 never sets the
/// focus itself; without the keyboard giving it, every key went to the keyboard's
/// own window under the pointer.
@Suite("Kiosk: no window manager, real applications", .serialized)
struct KioskTests {
    /// What the server's focus is: "PointerRoot", "None", or the window's id.
    static func focus(on displayName: String) throws -> String {
        let d = try XConnection.open(displayName)
        defer { XCloseDisplay(d) }
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(d, &focus, &revert)
        switch focus {
        case Window(PointerRoot): return "PointerRoot"
        case Window(None): return "None"
        default: return String(focus)
        }
    }

    /// The keys for a lower-case word on the letters page.
    static func letters(_ word: String) -> [(page: String, id: String)] {
        word.map { ("letters", String($0)) }
    }

    /// An application without an accessibility bridge (these tests follow no focus).
    static let noBridge = ["NO_AT_BRIDGE": "1", "DBUS_SESSION_BUS_ADDRESS": "disabled:"]

    @Test("GTK 3 and Qt 5, no window manager: a click on a field, then taps on the keys, type there; tapboard type too",
          arguments: [ToolkitFields.Toolkit.gtk3, .qt5])
    func toolkit(_ toolkit: ToolkitFields.Toolkit) throws {
        let desktop = try Desktop(focusTarget: false)
        let app = try ToolkitFields(toolkit, on: desktop, size: (1280, 800), environment: Self.noBridge)
        let keyboard = try desktop.launchKeyboard()
        // The view's word is not a sentence's start: without --auto-show the keyboard does not know the field changed.
        for (field, word, typed) in [("entry", "hello", "Hello"), ("view", "hi", "hi")] {
            desktop.tapper.tap(app.centre(field))
            #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == field }, "\(field) did not take the focus")
            try keyboard.tap(Self.letters(word))
            #expect(desktop.waitForOutput(of: app.process) { _ in app.text(field) == typed },
                    "\(toolkit) \(field): \(app.text(field).debugDescription), focus \((try? Self.focus(on: desktop.xvfb.displayName)) ?? "?")")
        }
        // The pointer stays on the keyboard: scripted typing goes to the same field.
        let type = try ChildProcess(try Keyboard.locateBinary(), ["type", " there", "--display", desktop.xvfb.displayName])
        _ = type.wait(until: Deadline(.seconds(20)))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.text("view") == "hi there" }, "\(app.text("view").debugDescription)")
        #expect(desktop.tapper.noKeyDown)
        #expect(keyboard.standardError == "")
    }

    @Test("xterm, no window manager: a line tapped on the keys reaches the program in it")
    func xterm() throws {
        let desktop = try Desktop(focusTarget: false)
        let xterm = try XtermLine(on: desktop.xvfb.displayName, geometry: "100x20+0+0")
        let keyboard = try desktop.launchKeyboard()
        desktop.tapper.move(to: xterm.inside)
        try keyboard.tap(Self.letters("hello") + [("letters", "return")])
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line == "Hello\n" }, "\(xterm.line.debugDescription)")
        #expect(desktop.tapper.noKeyDown)
    }

    @Test("The focus given goes back: PointerRoot after SIGTERM; after SIGKILL it stays on the window, and the next keyboard gives it back")
    func focusGivenBack() throws {
        let desktop = try Desktop(focusTarget: false)
        let display = desktop.xvfb.displayName
        let target = String(desktop.target.window)
        let inTarget = ScreenPoint(x: 100, y: 100)
        #expect(try Self.focus(on: display) == "PointerRoot")
        // Started with the pointer in the target: it has the focus at once, and keys tapped go there.
        desktop.tapper.move(to: inTarget)
        let keyboard = try desktop.launchKeyboard()
        #expect(desktop.waitUntil { (try? Self.focus(on: display)) == target })
        try keyboard.tap(Self.letters("ok"))
        #expect(desktop.target.waitForText(length: 2))
        #expect(desktop.target.text == "Ok")
        #expect(keyboard.terminate() == .exited(0))
        #expect(try Self.focus(on: display) == "PointerRoot")

        // The last tap left the pointer where the keyboard was, over no window: back into the target.
        desktop.tapper.move(to: inTarget)
        let killed = try desktop.launchKeyboard()
        #expect(desktop.waitUntil { (try? Self.focus(on: display)) == target })
        killed.child.send(SIGKILL)
        _ = killed.child.wait(until: Deadline(.seconds(5)))
        #expect(try Self.focus(on: display) == target, "the server is never left with no focus")
        // The next keyboard takes that focus as its own, and gives it back at its exit
        // (a SIGTERM at once: while fontconfig's thread still ran, that once killed the keyboard).
        let next = try desktop.launchKeyboard()
        #expect(next.terminate() == .exited(0), "\(next.standardError)")
        #expect(try Self.focus(on: display) == "PointerRoot")
    }

    @Test("A focus a client set itself is left alone")
    func clientsFocusIsTheirs() throws {
        let desktop = try Desktop(focusTarget: true)
        let keyboard = try desktop.launchKeyboard()
        // Another window, entered by the pointer: the target keeps the focus it took.
        let other = try TargetWindow(displayName: desktop.xvfb.displayName, x: 600, y: 40, width: 300, height: 200, takeFocus: false)
        defer { other.close() }
        desktop.tapper.move(to: ScreenPoint(x: 700, y: 100))
        try keyboard.tap(Self.letters("no"))
        #expect(desktop.target.waitForText(length: 2))
        #expect(desktop.target.text == "No")
        #expect(try Self.focus(on: desktop.xvfb.displayName) == String(desktop.target.window))
    }

    @Test("An application that starts while the pointer rests on the keyboard gets the focus: the keys tapped go to its field")
    func startsUnderKeyboard() throws {
        let desktop = try Desktop(focusTarget: false)
        let keyboard = try desktop.launchKeyboard()
        desktop.tapper.move(to: try keyboard.centre(of: "space", on: "letters"))
        // GTK focuses its first entry as it starts; the window is given the focus as it maps.
        let app = try ToolkitFields(on: desktop, size: (1280, 800), environment: Self.noBridge)
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "entry" })
        try keyboard.tap(Self.letters("hello"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.text("entry") == "Hello" }, "\(app.text("entry").debugDescription)")
    }
}
