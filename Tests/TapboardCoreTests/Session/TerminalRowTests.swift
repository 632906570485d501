import Testing
@testable import TapboardCore

/// A terminal's keys above the letters while a terminal has the focus: Esc,
/// Tab, Ctrl, the arrows and ^C ^D ^Z ^R by default, or those given.
struct TerminalRowTests {
    private static let t0 = Duration.seconds(10)
    private static func ms(_ n: Int) -> Duration { t0 + .milliseconds(n) }
    private static let terminal = FocusedField(id: "window:0x400001", kind: .terminal, extents: nil)
    private static let entry = FocusedField(id: ":1.5/entry", kind: .text, extents: Rect(x: 20, y: 40, width: 300, height: 30))

    private func driver(keys: [KeyAction]? = nil) throws -> SessionDriver {
        var c = KeyboardConfiguration(options: InteractionOptions(autoShift: false))
        c.autoShow = true
        c.startHidden = true
        c.mode = .overlay
        if let keys { c.provider.terminalKeys = keys }
        return try SessionDriver(c)
    }

    private func ids(_ d: SessionDriver) -> [String] { d.session.keyFrames.map(\.id) }

    @Test("A terminal focused: the row above the letters; ^C types ctrl+c, Esc Escape, ctrl then a the chord; a text field: the row goes")
    func rowAndKeys() throws {
        var d = try driver()
        let plain = ids(d)
        #expect(!plain.contains("Escape"))
        d.send(.windowFocusChanged(Self.terminal), at: Self.t0)
        let row = ["Escape", "Tab", "ctrl", "Left", "Down", "Up", "Right", "ctrl+c", "ctrl+d", "ctrl+z", "ctrl+r"]
        #expect(Array(ids(d).prefix(row.count)) == row)
        #expect(Array(ids(d).dropFirst(row.count)) == plain, "the letters below as they were")
        try d.tap("ctrl+c", at: Self.ms(100))
        try d.tap("Escape", at: Self.ms(200))
        try d.tap("ctrl", at: Self.ms(300))
        try d.tap("a", at: Self.ms(400))
        #expect(d.typed.map(\.keystroke) == [.chord([.control], .text("c")), .keysym(.escape), .chord([.control], .text("a"))])
        d.send(.focusChanged(Self.entry), at: Self.ms(500))
        #expect(ids(d) == plain)
    }

    @Test("The keys given instead (a chord with a keysym, alt), and none: no row")
    func given() throws {
        var d = try driver(keys: try TerminalKeys.parse("alt, ctrl+Left, q", keysymExists: { $0 == "Left" }))
        d.send(.windowFocusChanged(Self.terminal), at: Self.t0)
        #expect(Array(ids(d).prefix(3)) == ["alt", "ctrl+Left", "q"])
        try d.tap("ctrl+Left", at: Self.ms(100))
        #expect(d.typed.map(\.keystroke) == [.chord([.control], .keysym(KeySymbol("Left")))])
        var none = try driver(keys: [])
        let plain = ids(none)
        none.send(.windowFocusChanged(Self.terminal), at: Self.t0)
        #expect(ids(none) == plain)
    }

    @Test("A list's mistakes name the key", arguments: [
        ("ctrl+", "--terminal-keys 'ctrl+': nothing after the '+'"),
        ("meta+c", "--terminal-keys 'meta+c': 'meta' is not ctrl, alt or super"),
        ("Esc", "--terminal-keys 'Esc': no keysym 'Esc'; expected a name like Escape, Left or F5, a modifier, a chord like ctrl+c, or one character"),
    ])
    func mistakes(list: String, message: String) {
        #expect(throws: TerminalKeysError.self) { try TerminalKeys.parse(list, keysymExists: { $0 == "Escape" }) }
        do {
            _ = try TerminalKeys.parse(list, keysymExists: { $0 == "Escape" })
        } catch {
            #expect(error.description == message)
        }
    }
}
