import Foundation
import TapboardTestKit
import Testing

/// `tapboard type` of any text into real applications on a bare server: the
/// characters of every layout given reached through the globe key, accents
/// through callouts, a character no layout has typed with no key; whatever
/// the server's keymap (us, de, fr, and ru with us as a second group); at the fast pace
/// (`--fast`: no key held, callouts opened at once).
@Suite("tapboard type: any text, through the globe key, on any keymap")
struct AnyTextTests {
    static let layouts = ["--layouts", "en-US,de,fr,ru,el"]
    /// ASCII with digits and symbols, German and French with €, Russian, Greek, and ∮ that no layout has.
    static let text = "Hi, 42 #+=! Grüße, déjà vu à 5 €; Привет, мир; Γειά σου ∮ ok"

    static func keymap(_ name: String, on desktop: Desktop) throws {
        _ = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/setxkbmap"), ["-display", desktop.xvfb.displayName, "-layout", name])
    }

    /// A GTK 3 or Qt 5 application with its entry clicked with the pointer, once the entry says it has the focus.
    static func focusedEntry(_ toolkit: ToolkitFields.Toolkit = .gtk3, on desktop: Desktop,
                             sourceLocation: SourceLocation = #_sourceLocation) throws -> ToolkitFields {
        let app = try ToolkitFields(toolkit, on: desktop, size: (1280, 400), environment: KioskTests.noBridge)
        #expect(app.waitUntilPlaced(on: desktop), "the application is not shown where it says")
        desktop.tapper.tap(app.centre("entry"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "entry" }, sourceLocation: sourceLocation)
        return app
    }

    static func type(_ text: String, on desktop: Desktop) throws -> (TapboardTestKit.ExitStatus?, String) {
        let type = try ChildProcess(try Keyboard.locateBinary(), ["type", "--fast", text, "--display", desktop.xvfb.displayName])
        return (type.wait(until: Deadline(.seconds(120))), type.standardError)
    }

    @Test("GTK 3 and Qt 5 entries", arguments: [ToolkitFields.Toolkit.gtk3, .qt5], ["us", "de", "fr", "ru,us"])
    func toolkit(_ toolkit: ToolkitFields.Toolkit, keymap: String) throws {
        let desktop = try Desktop(focusTarget: false)
        try Self.keymap(keymap, on: desktop)
        let keyboard = try desktop.launchKeyboard(arguments: Self.layouts)
        let app = try Self.focusedEntry(toolkit, on: desktop)
        let (status, said) = try Self.type(Self.text, on: desktop)
        #expect(status == .exited(0), "\(said)")
        #expect(desktop.waitForOutput(of: app.process) { _ in app.text("entry") == Self.text }, "\(app.text("entry").debugDescription)")
        #expect(desktop.tapper.noKeyDown)
        #expect(keyboard.standardError == "")
    }

    @Test("xterm", arguments: ["us", "de", "fr", "ru,us"])
    func xterm(_ keymap: String) throws {
        let desktop = try Desktop(focusTarget: false)
        try Self.keymap(keymap, on: desktop)
        let xterm = try XtermLine(on: desktop.xvfb.displayName, geometry: "120x20+0+0")
        let keyboard = try desktop.launchKeyboard(arguments: Self.layouts)
        desktop.tapper.move(to: xterm.inside)
        let (status, said) = try Self.type(Self.text + "\n", on: desktop)
        #expect(status == .exited(0), "\(said)")
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line == Self.text + "\n" }, "\(xterm.line.debugDescription)")
        #expect(desktop.tapper.noKeyDown)
        #expect(keyboard.standardError == "")
    }

    /// The server's whole XKB keymap as text.
    static func xkbKeymap(on desktop: Desktop) throws -> String {
        try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/xkbcomp"), ["-xkb", desktop.xvfb.displayName, "-"])
    }

    @Test("More new characters than the keymap has free keycodes, remapped many at once: exact, and the keymap after exit is the one before, key for key",
          arguments: ["us", "ru,us"])
    func manyNewCharacters(_ keymap: String) throws {
        let desktop = try Desktop(focusTarget: false)
        try Self.keymap(keymap, on: desktop)
        let before = try Self.xkbKeymap(on: desktop)
        let xterm = try XtermLine(on: desktop.xvfb.displayName, geometry: "160x20+0+0")
        let keyboard = try desktop.launchKeyboard(arguments: Self.layouts)
        desktop.tapper.move(to: xterm.inside)
        let text = "Съешь же ещё этих мягких французских булок. Ξεσκεπάζω την ψυχοφθόρα βδελυγμία. Zwölf Boxkämpfer"
        let (status, said) = try Self.type(text + "\n", on: desktop)
        #expect(status == .exited(0), "\(said)")
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line == text + "\n" }, "\(xterm.line.debugDescription)")
        #expect(keyboard.terminate() == .exited(0))
        let after = try Self.xkbKeymap(on: desktop)
        #expect(after == before, "\(zip(before.split(separator: "\n"), after.split(separator: "\n")).first { $0 != $1 }.map { "\($0) → \($1)" } ?? "")")
        #expect(keyboard.standardError == "")
    }

    @Test("The server's keymap changed while typing (us, then de, then ru,us): the text still arrives exactly")
    func keymapChangedWhileTyping() throws {
        let desktop = try Desktop(focusTarget: false)
        let keyboard = try desktop.launchKeyboard(arguments: Self.layouts)
        let app = try Self.focusedEntry(.gtk3, on: desktop)
        let text = String(repeating: Self.text + " ", count: 3)
        // A pace at which the changes land while the text is typed (about a minute's worth at most).
        let type = try ChildProcess(try Keyboard.locateBinary(), ["type", "--delay", "5", text, "--display", desktop.xvfb.displayName])
        // Each change once part of the text has arrived, while the rest is still to come.
        for (keymap, arrived) in [("de", 20), ("ru,us", 90)] {
            #expect(desktop.waitForOutput(of: app.process, timeout: .seconds(60)) { _ in app.text("entry").count >= arrived })
            try Self.keymap(keymap, on: desktop)
        }
        #expect(type.wait(until: Deadline(.seconds(120))) == .exited(0), "\(type.standardError)")
        #expect(desktop.waitForOutput(of: app.process) { _ in app.text("entry") == text }, "\(app.text("entry").debugDescription)")
        #expect(desktop.tapper.noKeyDown)
        #expect(keyboard.standardError == "")
    }

    @Test("A text with a character that cannot be typed: nothing typed, the character named, exit 2")
    func nothingTyped() throws {
        let desktop = try Desktop(focusTarget: false)
        let keyboard = try desktop.launchKeyboard(arguments: Self.layouts)
        let app = try Self.focusedEntry(.gtk3, on: desktop)
        let (status, said) = try Self.type("Привет\u{1B}", on: desktop)
        #expect(status == .exited(2))
        #expect(said.contains("U+001B"), "\(said)")
        // Typed after it: the entry holds only that, so the refused text left nothing.
        #expect(try Self.type("ok", on: desktop).0 == TapboardTestKit.ExitStatus.exited(0))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.text("entry") == "ok" }, "\(app.text("entry").debugDescription)")
        #expect(keyboard.standardError == "")
    }
}
