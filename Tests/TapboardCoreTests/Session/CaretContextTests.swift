import Testing
@testable import TapboardCore

/// The text before the caret, as the focused field reports it: moves the
/// keyboard did not make replace what it knew; its own keystrokes' reports do not.
struct CaretContextTests {
    @Test("Reports of the keyboard's own keystrokes are its own; a move elsewhere is not")
    func tracker() {
        var t = CaretTracker()
        #expect(t.reported(10) == .moved, "nothing known yet: the report is believed")
        t.sent(.text("ab"))
        t.sent(.keysym(.backSpace))
        t.sent(.text("é"))
        #expect(t.expected == [12, 11, 12])
        #expect(t.reported(12) == .own, "the first keystroke's report")
        #expect(t.reported(11) == .own)
        #expect(t.reported(12) == .own)
        #expect(t.reported(12) == .own, "the same place said twice")
        #expect(t.reported(3) == .moved, "a click earlier in the text")
        #expect(t.offset == 3)
        t.sent(.keysym(.return))
        #expect(t.expected == [4])
    }

    @Test("A move that none of the keystrokes in flight made is stale; the next report, with nothing in flight, is believed")
    func stale() {
        var t = CaretTracker()
        _ = t.reported(5)
        t.sent(.text("a"))
        t.sent(.text("b"))
        #expect(t.reported(40) == .stale)
        #expect(t.offset == nil)
        t.sent(.text("c"))
        #expect(t.expected.isEmpty, "not followed while unknown")
        #expect(t.reported(42) == .moved)
    }

    @Test("A key that can move the caret anywhere (an arrow, a chord) makes it unknown")
    func arrows() {
        var t = CaretTracker()
        _ = t.reported(5)
        t.sent(.keysym(KeySymbol("Left")))
        #expect(t.offset == nil && t.expected.isEmpty)
        #expect(t.reported(4) == .moved)
    }

    private func driver() throws -> SessionDriver {
        let storage = MemoryStorage(["en": SuggestionSessionTests.english])
        var configuration = KeyboardConfiguration(layouts: [.enUS])
        configuration.publishKeys = true
        configuration.suggestions = SuggestionSettings(languages: storage.languagesWithLexicon(["en"]))
        return try SessionDriver(configuration, storage: storage)
    }

    private func words(_ d: SessionDriver) -> [String] { d.session.suggestions.map(\.word) }
    private static let field = FocusedField(id: ":1.5/org/a11y/atspi/accessible/7", kind: .text, extents: nil)

    @Test("Focusing a field with text: the strip completes the word before the caret, with no key tapped")
    func readOnFocus() throws {
        var d = try driver()
        d.send(.focusChanged(Self.field), at: .seconds(1))
        d.commands = []
        d.send(.caretMoved(CaretText(fieldID: Self.field.id, offset: 10, before: "I said hel")), at: .seconds(2))
        #expect(words(d) == ["help", "hello"], "not a sentence's start: lower case")
        #expect(d.commands.contains { if case .publish(.suggestions) = $0 { return true } else { return false } })
        try d.tap("suggestion-2", at: .seconds(3))
        #expect(d.text == "lo ", "the rest of the word read from the field")
    }

    @Test("The field's reports of the keyboard's own letters change nothing; a click elsewhere does")
    func ownAndMoved() throws {
        var d = try driver()
        d.send(.focusChanged(Self.field), at: .seconds(1))
        d.send(.caretMoved(CaretText(fieldID: Self.field.id, offset: 7, before: "I said ")), at: .seconds(2))
        try d.tap("t", at: .seconds(3))
        try d.tap("h", at: .seconds(4))
        #expect(words(d) == ["the", "that", "this"])
        // Late reports of the two letters, the second read after both were typed.
        d.send(.caretMoved(CaretText(fieldID: Self.field.id, offset: 8, before: "I said th")), at: .seconds(5))
        d.send(.caretMoved(CaretText(fieldID: Self.field.id, offset: 9, before: "I said th")), at: .seconds(5))
        #expect(d.session.engines["en"]?.typed.text == "I said th")
        // A click after "I said " and before "th": the word before the caret is gone.
        d.send(.caretMoved(CaretText(fieldID: Self.field.id, offset: 2, before: "I ")), at: .seconds(6))
        #expect(d.session.engines["en"]?.typed.text == "I ")
        #expect(d.session.suggestions.allSatisfy { $0.kind == .prediction }, "no completion of th once the caret left it")
    }

    @Test("Auto-shift follows the text read: on after a sentence's end, off inside one")
    func autoShift() throws {
        var d = try driver()
        d.send(.focusChanged(Self.field), at: .seconds(1))
        d.send(.caretMoved(CaretText(fieldID: Self.field.id, offset: 11, before: "It is done.")), at: .seconds(2))
        #expect(d.session.state.shift == .off)
        d.send(.caretMoved(CaretText(fieldID: Self.field.id, offset: 12, before: "It is done. ")), at: .seconds(3))
        #expect(d.session.state.shift == .once)
        #expect(words(d).first?.first?.isUppercase == true, "predictions capitalised")
        d.send(.caretMoved(CaretText(fieldID: Self.field.id, offset: 3, before: "It ")), at: .seconds(4))
        #expect(d.session.state.shift == .off)
    }

    @Test("Never a password field's or a terminal's text, nor a report from a field without the focus")
    func ignored() throws {
        var d = try driver()
        d.send(.focusChanged(FocusedField(id: "pw", kind: .password, extents: nil)), at: .seconds(1))
        d.send(.caretMoved(CaretText(fieldID: "pw", offset: 3, before: "hel")), at: .seconds(2))
        #expect(words(d).isEmpty, "nothing over a password field")
        d.send(.focusChanged(FocusedField(id: "term", kind: .terminal, extents: nil)), at: .seconds(3))
        d.send(.caretMoved(CaretText(fieldID: "term", offset: 3, before: "hel")), at: .seconds(4))
        #expect(d.session.suggestions.allSatisfy { $0.kind == .prediction }, "predictions: the terminal's text is not read")
        d.send(.focusChanged(Self.field), at: .seconds(5))
        d.send(.caretMoved(CaretText(fieldID: "another", offset: 3, before: "hel")), at: .seconds(6))
        #expect(d.session.suggestions.allSatisfy { $0.kind == .prediction })
    }

    @Test("Another window made active: the word typed is not continued there; unless a field (AT-SPI) has the focus, whose text was read")
    func otherWindow() throws {
        var d = try driver()
        for (i, c) in "hel".enumerated() { try d.tap(String(c), at: .seconds(2 + i)) }
        #expect(d.session.suggestions.allSatisfy { $0.kind == .completion })
        d.send(.activeWindowChanged, at: .seconds(6))
        #expect(d.session.engines["en"]?.typed.text == "")
        #expect(d.session.suggestions.allSatisfy { $0.kind == .prediction }, "\(words(d))")
        // The field's focus and caret come first, then the window manager's news: the text read stays.
        d.send(.focusChanged(Self.field), at: .seconds(7))
        d.send(.caretMoved(CaretText(fieldID: Self.field.id, offset: 3, before: "wor")), at: .seconds(7))
        d.send(.activeWindowChanged, at: .seconds(8))
        #expect(d.session.engines["en"]?.typed.text == "wor")
        // The focus leaving every field forgets it.
        d.send(.focusChanged(nil), at: .seconds(9))
        #expect(d.session.engines["en"]?.typed.text == "")
    }
}

/// `--autocorrect` in the session: the fix as the word ends, and backspace taking it back.
struct AutocorrectSessionTests {
    private func driver() throws -> SessionDriver {
        let storage = MemoryStorage(["en": SuggestionSessionTests.english])
        var configuration = KeyboardConfiguration(layouts: [.enUS])
        configuration.suggestions = SuggestionSettings(languages: storage.languagesWithLexicon(["en"]), autocorrect: true)
        return try SessionDriver(configuration, storage: storage)
    }

    @Test("A space after a slip fixes the word; backspace right after gives back the letters typed, which are then kept")
    func fixAndUndo() throws {
        var d = try driver()
        try d.tap("shift", at: .seconds(1))
        for (i, c) in "hellp".enumerated() { try d.tap(String(c), at: .seconds(2 + i)) }
        try d.tap("space", at: .seconds(6))
        #expect(d.text == "hellp" + String(repeating: "[BackSpace]", count: 5) + "hello ")
        try d.tap("backspace", at: .seconds(7))
        #expect(d.text == "hellp" + String(repeating: "[BackSpace]", count: 5) + "hello " + String(repeating: "[BackSpace]", count: 6) + "hellp ")
        #expect(d.session.engines["en"]?.typed.text == "hellp ")
        // Typed again, it is kept: learned as typed.
        for (i, c) in "hellp".enumerated() { try d.tap(String(c), at: .seconds(8 + i)) }
        try d.tap("space", at: .seconds(14))
        #expect(d.text.hasSuffix("hellp hellp "))
        // Another key between the fix and the backspace: the backspace is only a backspace.
        for (i, c) in "thsi".enumerated() { try d.tap(String(c), at: .seconds(15 + i)) }
        try d.tap(".", at: .seconds(20))
        try d.tap("space", at: .seconds(21))
        try d.tap("backspace", at: .seconds(22))
        #expect(d.text.hasSuffix("hellp hellp thsi" + String(repeating: "[BackSpace]", count: 4) + "this. [BackSpace]"), "\(d.text)")
    }
}
