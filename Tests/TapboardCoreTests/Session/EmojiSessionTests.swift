import Testing
@testable import TapboardCore

/// A lexicon and the emoji files in memory, with how often the emoji were asked for.
final class EmojiMemoryStorage: SuggestionStorage, @unchecked Sendable {
    let lexicon: Lexicon
    let catalog: EmojiCatalog
    let words: EmojiWords
    var emojiReads: [String] = []

    init() throws {
        lexicon = try Lexicon(text: "hello\t520\njoke\t500\njoyful\t450\n")
        // Thirty smileys (more than a compact screen of 24), then two hands, one with skin tones.
        let smileys = (0 ..< 30).map { String(Character(Unicode.Scalar(0x1F600 + $0)!)) }
        catalog = try EmojiCatalog(text: "# tapboard emoji 1\n" + smileys.map { "Smileys & Emotion\t\($0)\t\n" }.joined()
            + "People & Body\t👍\t👍🏻 👍🏽\nPeople & Body\t👋\t\n")
        words = try EmojiWords(text: "# fold\nface\t😀 😂\t\njoy\t😂\t\nthumbs\t👍\t\nwave\t👋\t\n", catalog: catalog)
    }

    func hasLexicon(for language: String) -> Bool { language == "en" }
    func lexicon(for language: String) -> Lexicon? { language == "en" ? lexicon : nil }
    func learnedWords(for language: String) -> LearnedWords { LearnedWords() }
    func save(_ words: LearnedWords, for language: String) {}
    func takeNotes() -> [String] { [] }
    func emoji(for language: String) -> LoadedEmoji? {
        emojiReads.append(language)
        return LoadedEmoji(language: language, catalog: catalog, words: words)
    }
}

/// The emoji page and its search in the session: filling, groups and screens,
/// swipes, the recently used, the search line, `:` in the strip.
struct EmojiSessionTests {
    private func driver(width: Int = 400) throws -> (SessionDriver, EmojiMemoryStorage) {
        let storage = try EmojiMemoryStorage()
        var configuration = KeyboardConfiguration(layouts: [.enUS])
        configuration.publishKeys = true
        configuration.options.autoShift = false
        configuration.suggestions = SuggestionSettings(languages: ["en"])
        var d = try SessionDriver(configuration, storage: storage, screen: ScreenInfo(size: Size(width: width, height: 700)))
        d.typesAhead = true
        return (d, storage)
    }

    private func grid(_ d: SessionDriver) -> [String] {
        d.session.keyFrames.compactMap { if case .text(let t) = $0.key.action, !t.isEmpty { t } else { nil } }
    }

    @Test("The page is filled from files read when it first opens, once; the smileys show first, the shown group's key lit")
    func firstOpen() throws {
        var (d, storage) = try driver()
        #expect(storage.emojiReads.isEmpty, "read at start")
        try d.tap("page:emoji", at: .seconds(2))
        #expect(storage.emojiReads == ["en"])
        #expect(grid(d) == Array(storage.catalog.emoji.prefix(24)))
        #expect(d.session.keyFrames.first { $0.id == "emoji-group-2" }?.key.styleClass == .activeModifier)
        #expect(d.session.keyFrames.first { $0.id == "emoji-group-3" }?.key.styleClass == .action)
        try d.tap("page:letters", at: .seconds(3))
        try d.tap("page:emoji", at: .seconds(4))
        #expect(storage.emojiReads == ["en"])
        #expect(d.text.isEmpty)
    }

    @Test("The shown group's key turns to its next screen, past the last to its first; another group starts at its first")
    func screens() throws {
        var (d, storage) = try driver()
        try d.tap("page:emoji", at: .seconds(2))
        try d.tap("emoji-group-2", at: .seconds(3))
        #expect(grid(d) == Array(storage.catalog.emoji[24 ..< 30]))
        try d.tap("emoji-group-2", at: .seconds(4))
        #expect(grid(d) == Array(storage.catalog.emoji.prefix(24)))
        try d.tap("emoji-group-3", at: .seconds(5))
        #expect(grid(d) == ["👍", "👋"])
        #expect(d.session.keyFrames.first { $0.id == "text:👍" }?.key.callouts == ["👍🏻", "👍🏽"])
        #expect(d.text.isEmpty)
    }

    @Test("A sideways swipe across the grid turns the screen and types nothing; a short slide still types")
    func swipes() throws {
        var (d, storage) = try driver()
        try d.tap("page:emoji", at: .seconds(2))
        let from = try d.centre("text:" + storage.catalog.emoji[3])
        let width = try #require(d.session.keyFrames.first { $0.id == "text:" + storage.catalog.emoji[3] }).rect.width
        d.send(.contact(.began, id: .pointer, point: from), at: .seconds(3))
        d.send(.contact(.moved, id: .pointer, point: Point(x: from.x - 2 * width, y: from.y)), at: .seconds(3) + .milliseconds(60))
        d.send(.contact(.moved, id: .pointer, point: Point(x: from.x - 3 * width, y: from.y)), at: .seconds(3) + .milliseconds(90))
        d.send(.contact(.ended, id: .pointer, point: Point(x: from.x - 3 * width, y: from.y)), at: .seconds(3) + .milliseconds(120))
        #expect(grid(d) == Array(storage.catalog.emoji[24 ..< 30]))
        #expect(d.text.isEmpty)
        // Back: a swipe to the right; then past the first screen, the group before (the recently used, none yet).
        let back = try d.centre("text:" + storage.catalog.emoji[24])
        d.send(.contact(.began, id: .pointer, point: back), at: .seconds(4))
        d.send(.contact(.moved, id: .pointer, point: Point(x: back.x + 2 * width, y: back.y)), at: .seconds(4) + .milliseconds(60))
        d.send(.contact(.ended, id: .pointer, point: Point(x: back.x + 2 * width, y: back.y)), at: .seconds(4) + .milliseconds(90))
        #expect(grid(d) == Array(storage.catalog.emoji.prefix(24)))
        // A slide of less than a key and a half is a tap on the key it ends on.
        let start = try d.centre("text:" + storage.catalog.emoji[0])
        d.send(.contact(.began, id: .pointer, point: start), at: .seconds(5))
        d.send(.contact(.ended, id: .pointer, point: Point(x: start.x + width, y: start.y)), at: .seconds(5) + .milliseconds(60))
        #expect(d.text == storage.catalog.emoji[1])
    }

    @Test("Emoji typed from the page are the recently used, newest first")
    func recent() throws {
        var (d, storage) = try driver()
        try d.tap("page:emoji", at: .seconds(2))
        try d.tap("text:" + storage.catalog.emoji[0], at: .seconds(3))
        try d.tap("text:" + storage.catalog.emoji[5], at: .seconds(4))
        try d.tap("emoji-group-1", at: .seconds(5))
        #expect(grid(d) == [storage.catalog.emoji[5], storage.catalog.emoji[0]])
        #expect(d.text == storage.catalog.emoji[0] + storage.catalog.emoji[5])
    }

    @Test("The search: the letters type into its line, not the application; backspace takes a letter back; a match typed ends it")
    func search() throws {
        var (d, _) = try driver()
        try d.tap("page:emoji", at: .seconds(2))
        try d.tap("emoji-search", at: .seconds(3))
        #expect(d.session.state.page.name == Page.letters)
        #expect(d.session.keyFrames.prefix(6).map(\.id) == ["emoji-search-line", "emoji-match-1", "emoji-match-2", "emoji-match-3", "emoji-match-4", "emoji-match-5"])
        for (i, c) in "thumx".enumerated() { try d.tap(String(c), at: .seconds(4) + .milliseconds(200 * i)) }
        try d.tap("backspace", at: .seconds(6))
        try d.tap("b", at: .seconds(7))
        #expect(d.text.isEmpty, "typed into the application: \(d.text)")
        func label(_ id: String) -> KeyLabel? { d.session.appearances().first { $0.frame.id == id }?.label }
        #expect(label("emoji-search-line") == .text("thumb|"))
        #expect(label("emoji-match-1") == .text("👍"))
        #expect(label("emoji-match-2") == .text(""))
        #expect(!d.published.contains { if case .typed = $0 { true } else { false } })
        try d.tap("emoji-match-1", at: .seconds(8))
        #expect(d.text == "👍")
        #expect(d.session.keyFrames.prefix(3).map(\.id) == ["suggestion-2", "suggestion-1", "suggestion-3"])
        try d.tap("a", at: .seconds(9))
        #expect(d.text == "👍a")
    }

    @Test("Tapping the search line ends the search; another page ends it too")
    func searchEnds() throws {
        var (d, _) = try driver()
        try d.tap("page:emoji", at: .seconds(2))
        try d.tap("emoji-search", at: .seconds(3))
        try d.tap("w", at: .seconds(4))
        try d.tap("emoji-search-line", at: .seconds(5))
        #expect(d.session.keyFrames.first?.id == "suggestion-2")
        try d.tap("page:emoji", at: .seconds(6))
        try d.tap("emoji-search", at: .seconds(7))
        try d.tap("page:symbols", at: .seconds(8))
        try d.tap("page:letters", at: .seconds(9))
        #expect(d.session.keyFrames.first?.id == "suggestion-2")
        #expect(d.text.isEmpty)
    }

    @Test("':' and three letters offer emoji in the strip; tapping one replaces what was typed from the colon")
    func colon() throws {
        var (d, storage) = try driver()
        try d.tap("page:symbols", at: .seconds(2))
        try d.tap(":", at: .seconds(3))
        try d.tap("page:letters", at: .seconds(4))
        for (i, c) in "jo".enumerated() { try d.tap(String(c), at: .seconds(5 + i)) }
        #expect(storage.emojiReads.isEmpty, "asked for before three letters")
        try d.tap("y", at: .seconds(8))
        #expect(d.session.suggestions.map(\.word) == ["😂"])
        try d.tap("suggestion-1", at: .seconds(9))
        #expect(d.text == ":joy[BackSpace][BackSpace][BackSpace][BackSpace]😂 ")
    }

    @Test("In a terminal, ':' and a name are a command: the strip offers words")
    func colonInTerminal() throws {
        var (d, _) = try driver()
        d.send(.windowFocusChanged(FocusedField(id: "xterm", kind: .terminal)), at: .seconds(2))
        try d.tap("page:symbols", at: .seconds(2))
        try d.tap(":", at: .seconds(3))
        try d.tap("page:letters", at: .seconds(4))
        for (i, c) in "joy".enumerated() { try d.tap(String(c), at: .seconds(5 + i)) }
        #expect(!d.session.suggestions.contains { $0.word == "😂" })
    }

    @Test("tapboard type: emoji through the emoji page (its files read first), a skin tone through the callout, letters around them, a character no key has")
    func typed() throws {
        var (d, storage) = try driver()
        let late = storage.catalog.emoji[27]
        d.send(.control(.type("a👍🏽b\(late)👋c✓", delay: .milliseconds(20), requester: 9)), at: .seconds(2))
        #expect(storage.emojiReads == ["en"])
        d.run(until: .seconds(30))
        #expect(d.text == "a👍🏽b\(late)👋c✓")
        let answers = d.commands.compactMap { c -> String? in if case .answer(9, let u) = c { u } else { nil } }
        #expect(answers == [""])
        // As a person's taps: the emoji typed are the recently used.
        #expect(d.session.parts.emoji.panel.recent == ["👋", late, "👍🏽"])
    }

    @Test("Read in one batch after a stall: the search key, its letters, a match and the emoji key again type the match alone")
    func searchInOneBatch() throws {
        var (d, _) = try driver()
        let letters = Dictionary(uniqueKeysWithValues: try ["t", "h", "u", "m", "b", "s", "page:emoji"].map { ($0, try d.centre($0)) })
        try d.tap("page:emoji", at: .seconds(2))
        let search = try d.centre("emoji-search")
        var searching = d
        try searching.tap("emoji-search", at: .seconds(3))
        let match = try searching.centre("emoji-match-1")
        let points = [search] + "thumbs".map { letters[String($0)]! } + [match, letters["page:emoji"]!]
        d.send(points.flatMap { [SessionInput.contact(.began, id: .pointer, point: $0), .contact(.ended, id: .pointer, point: $0)] }, at: .seconds(3))
        #expect(d.text == "👍")
        #expect(d.session.state.page.name == Page.emoji)
    }

    @Test("Each layout's emoji words are read once a run: the globe key going round reads nothing again")
    func readOncePerLanguage() throws {
        let storage = try EmojiMemoryStorage()
        var configuration = KeyboardConfiguration(layouts: [.enUS, try #require(try LayoutSource.builtIn(named: "ru"))])
        configuration.options.autoShift = false
        var d = try SessionDriver(configuration, storage: storage, screen: ScreenInfo(size: Size(width: 400, height: 700)))
        var t = Duration.seconds(2)
        for _ in 0 ..< 3 {
            try d.tap("page:emoji", at: t)
            try d.tap("page:letters", at: t + .milliseconds(300))
            try d.tap("layout:next", at: t + .milliseconds(600))
            t += .seconds(1)
        }
        #expect(storage.emojiReads == ["en", "ru"])
        try d.tap("page:emoji", at: t)
        #expect(d.session.keyFrames.contains { $0.id == "text:😀" })
    }
}
