import Testing
@testable import TapboardCore

/// Terminals that tell the accessibility bus nothing (xterm): their window taking
/// the focus shows the keyboard with `--auto-show`, and the two sources of focus
/// news (the display's and AT-SPI's) do not undo each other.
struct TerminalWindowsTests {
    private static let t0 = Duration.seconds(10)
    private static func ms(_ n: Int) -> Duration { t0 + .milliseconds(n) }
    private static let entry = FocusedField(id: ":1.5/entry", kind: .text, extents: Rect(x: 20, y: 40, width: 300, height: 30))
    private static let xterm = TerminalWindows.field(window: 0x60_000e)

    private func driver() throws -> SessionDriver {
        var c = KeyboardConfiguration(options: InteractionOptions(autoShift: false))
        c.autoShow = true
        c.startHidden = true
        c.mode = .overlay
        return try SessionDriver(c)
    }

    @Test("terminals by WM_CLASS, in either name and any case; VTE terminals and others are not")
    func classes() {
        #expect(TerminalWindows.isTerminal(wmClass: ["xterm", "XTerm"]))
        #expect(TerminalWindows.isTerminal(wmClass: ["urxvt", "URxvt"]))
        #expect(TerminalWindows.isTerminal(wmClass: ["st-256color", "St"]))
        #expect(!TerminalWindows.isTerminal(wmClass: ["gnome-terminal-server", "Gnome-terminal"]))
        #expect(!TerminalWindows.isTerminal(wmClass: ["python3", "Python3"]))
        #expect(!TerminalWindows.isTerminal(wmClass: []))
        #expect(TerminalWindows.isWindowField(Self.xterm))
        #expect(!TerminalWindows.isWindowField(Self.entry))
        #expect(Self.xterm.kind == .terminal && Self.xterm.extents == nil)
    }

    @Test("a terminal window focused: shown; another window focused: hidden after the grace")
    func showsAndHides() throws {
        var d = try driver()
        d.send(.windowFocusChanged(Self.xterm), at: Self.t0)
        #expect(d.mapped)
        d.send(.windowFocusChanged(nil), at: Self.ms(100))
        d.run(until: Self.ms(399))
        #expect(d.mapped)
        d.run(until: Self.ms(400))
        #expect(!d.mapped)
    }

    @Test("the application left for the terminal says 'away' late: the terminal keeps the keyboard")
    func lateAwayIgnored() throws {
        var d = try driver()
        d.send(.focusChanged(Self.entry), at: Self.t0)
        d.send(.windowFocusChanged(Self.xterm), at: Self.ms(50))
        d.send(.focusChanged(nil), at: Self.ms(80))
        d.run(until: Self.ms(2000))
        #expect(d.mapped)
        #expect(d.session.focusedField == Self.xterm)
    }

    @Test("from the terminal to a field: the field's word wins whichever comes first; the display's 'other window' ends only a terminal")
    func fieldWins() throws {
        var d = try driver()
        d.send(.windowFocusChanged(Self.xterm), at: Self.t0)
        // The field's report first, then the display's: the field stays.
        d.send(.focusChanged(Self.entry), at: Self.ms(50))
        d.send(.windowFocusChanged(nil), at: Self.ms(60))
        d.run(until: Self.ms(2000))
        #expect(d.mapped)
        #expect(d.session.focusedField == Self.entry)
        // Back to the terminal, then the display's word first: no hide in between.
        d.send(.windowFocusChanged(Self.xterm), at: Self.ms(2100))
        d.send(.windowFocusChanged(nil), at: Self.ms(2200))
        d.send(.focusChanged(Self.entry), at: Self.ms(2250))
        d.run(until: Self.ms(4000))
        #expect(d.mapped)
        #expect(d.frameEvents == ["willShow"])
    }

    @Test("without --auto-show the display's news changes nothing that shows")
    func withoutAutoShow() throws {
        var c = KeyboardConfiguration(options: InteractionOptions(autoShift: false))
        c.mode = .overlay
        var d = try SessionDriver(c)
        d.send(.windowFocusChanged(nil), at: Self.t0)
        #expect(d.mapped)
        #expect(!d.session.followsFocus)
    }
}
