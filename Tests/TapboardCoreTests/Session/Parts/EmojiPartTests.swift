import Testing
@testable import TapboardCore

/// The emoji page's part: its search takes what the keys type before it goes
/// into the batch, and ends by itself when its row is gone.
struct EmojiPartTests {
    private func searching(width: Int = 400) throws -> SessionDriver {
        var configuration = KeyboardConfiguration(layouts: [.enUS])
        configuration.options.autoShift = false
        configuration.suggestions = SuggestionSettings(languages: ["en"])
        var d = try SessionDriver(configuration, storage: try EmojiMemoryStorage(), screen: ScreenInfo(size: Size(width: width, height: 700)))
        try d.tap("page:emoji", at: .seconds(2))
        try d.tap("emoji-search", at: .seconds(3))
        #expect(d.session.parts.emoji.panel.searching)
        return d
    }

    @Test("Searching, the part takes every keystroke: text into its line with the row drawn again, any other key neither to the line nor the application")
    func takesKeystrokes() throws {
        let d = try searching()
        var core = d.session.core
        var part = d.session.parts.emoji
        #expect(part.takesKeystrokes(core))
        core.pending = []
        #expect(part.typed(.text("wa"), &core))
        #expect(part.panel.query == "wa")
        #expect(core.pending == [.redraw(EmojiPart.searchRowKeys(core))])
        core.pending = []
        #expect(part.typed(.keysym(KeySymbol("Left")), &core))
        #expect(part.typed(.chord([.control], .text("c")), &core))
        #expect(core.pending.isEmpty && part.panel.query == "wa")
        #expect(part.typed(.keysym(.backSpace), &core) && part.panel.query == "w")
        #expect(part.typed(.keysym(.return), &core))
        #expect(!part.panel.searching && !part.takesKeystrokes(core))
        #expect(!part.typed(.text("x"), &core), "the search over, keystrokes go to the application")
    }

    @Test("Searching, nothing is typed ahead of the batch: the letters wait for the part")
    func noTypeAhead() throws {
        var d = try searching()
        d.typesAhead = true
        try d.tap("w", at: .seconds(4))
        #expect(d.typedAheadCount == 0)
        #expect(d.text.isEmpty && d.session.parts.emoji.panel.query == "w")
    }

    @Test("Backspace held while searching: its repeats take letters back from the line, none reach the application")
    func heldBackspace() throws {
        var d = try searching()
        for (i, c) in "wave".enumerated() { try d.tap(String(c), at: .seconds(4) + .milliseconds(200 * i)) }
        #expect(d.session.parts.emoji.panel.query == "wave")
        d.send(.contact(.began, id: .pointer, point: try d.centre("backspace")), at: .seconds(6))
        d.run(until: .seconds(6) + .milliseconds(800))
        d.send(.contact(.ended, id: .pointer, point: try d.centre("backspace")), at: .seconds(6) + .milliseconds(800))
        #expect(d.session.parts.emoji.panel.query == "")
        #expect(d.typed.isEmpty, "typed into the application: \(d.typed.map(\.keystroke))")
    }

    @Test("The search ends by itself when its row is gone: the letters built again for a wide window, the next letter typed")
    func endsWithItsRow() throws {
        var d = try searching()
        try d.tap("w", at: .seconds(4))
        d.send(.windowConfigured(Rect(x: 0, y: 400, width: 1200, height: 300)), at: .seconds(5))
        #expect(!d.session.parts.emoji.panel.searching)
        #expect(!d.session.keyFrames.contains { $0.id == "emoji-search-line" })
        try d.tap("a", at: .seconds(6))
        #expect(d.text == "a")
    }
}
