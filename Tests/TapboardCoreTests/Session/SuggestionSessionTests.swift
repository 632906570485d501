import Testing
@testable import TapboardCore

/// Lexicons and learned words in memory, with what was asked of them.
final class MemoryStorage: SuggestionStorage, @unchecked Sendable {
    var lexicons: [String: Lexicon]
    var learned: [String: LearnedWords] = [:]
    var lexiconReads: [String] = []
    var saves: [String] = []
    /// What each language's journal was handed, in order.
    var appended: [String: [LearnedWords.Learning]] = [:]

    init(_ lexicons: [String: Lexicon]) { self.lexicons = lexicons }
    func hasLexicon(for language: String) -> Bool { lexicons[language] != nil }
    func lexicon(for language: String) -> Lexicon? {
        lexiconReads.append(language)
        return lexicons[language]
    }
    func learnedWords(for language: String) -> LearnedWords { learned[language] ?? LearnedWords() }
    func save(_ words: LearnedWords, for language: String) {
        saves.append(language)
        learned[language] = words
    }
    func append(_ learnings: [LearnedWords.Learning], whole: LearnedWords, for language: String) {
        appended[language, default: []] += learnings
    }
    func takeNotes() -> [String] { [] }
}

/// The strip in the session: its slots, what tapping one types, the order of work, privacy.
struct SuggestionSessionTests {
    static let english = try! Lexicon(text: """
        hello\t520
        help\t540
        that\t730
        the\t773
        then\t610
        there\t640
        this\t720
        world\t560

        """)

    private func driver(publishKeys: Bool = true, layouts: [LayoutSource] = [.enUS]) throws -> (SessionDriver, MemoryStorage) {
        let storage = MemoryStorage(["en": Self.english])
        var configuration = KeyboardConfiguration(layouts: layouts)
        configuration.publishKeys = publishKeys
        configuration.suggestions = SuggestionSettings(languages: storage.languagesWithLexicon(["en"]))
        return (try SessionDriver(configuration, storage: storage), storage)
    }

    private func words(_ d: SessionDriver) -> [String] { d.session.suggestions.map(\.word) }

    /// A driver whose first word is typed in lower case: shift tapped at 2 s turns auto-shift's capital off.
    private func lowerCaseDriver() throws -> SessionDriver {
        var (d, _) = try driver()
        try d.tap("shift", at: .seconds(2))
        return d
    }

    @Test("The strip's slots are keys above the letters, the likeliest in the middle; its lexicon is read after the first keystroke went out")
    func slots() throws {
        var (d, storage) = try driver()
        let ids = d.session.keyFrames.map(\.id)
        #expect(Array(ids.prefix(3)) == ["suggestion-2", "suggestion-1", "suggestion-3"])
        #expect(storage.lexiconReads.isEmpty, "read at start")
        // The batch handled whole: the `.type` asked for comes before the words.
        d.typesAhead = false
        d.commands = []
        try d.tap("h", at: .seconds(2))
        #expect(storage.lexiconReads == ["en"])
        // The keystroke first, then the words.
        let typeAt = try #require(d.commands.firstIndex { if case .type = $0 { return true } else { return false } })
        let wordsAt = try #require(d.commands.firstIndex { if case .publish(.suggestions) = $0 { return true } else { return false } })
        #expect(typeAt < wordsAt)
        #expect(words(d) == ["Help", "Hello"], "typed at the start: capitalised")
    }

    @Test("The engine follows a letter after it is sent; a space, which may learn or be corrected, before")
    func followingAfterTheKeystroke() throws {
        var d = try lowerCaseDriver()
        for (i, key) in ["h", "e"].enumerated() { try d.tap(key, at: .seconds(3 + i)) }
        // One quick tap, its `.type` not answered yet: the letter is out, the engine has not followed it.
        let p = try d.centre("l")
        let out = d.session.handle([.contact(.began, id: .pointer, point: p), .contact(.ended, id: .pointer, point: p)], at: .seconds(6))
        #expect(out.contains { if case .type(let k, _) = $0 { return k == [.text("l")] } else { return false } })
        #expect(d.session.unfollowed == [.text("l")])
        #expect(d.session.engines["en"]?.typed.currentWord == "he")
        // Its answer: the engine follows it before the strip's words are looked for.
        _ = d.session.handle(.injected(typed: 1, readyAt: nil), at: .seconds(6))
        #expect(d.session.unfollowed.isEmpty)
        #expect(d.session.engines["en"]?.typed.currentWord == "hel")
        #expect(words(d) == ["help", "hello"])
        // A space ends the word: followed (and learned) before it goes out.
        let space = try d.centre("space")
        _ = d.session.handle([.contact(.began, id: .pointer, point: space), .contact(.ended, id: .pointer, point: space)], at: .seconds(7))
        #expect(d.session.unfollowed.isEmpty)
        #expect(d.session.engines["en"]?.learned.use(of: "hel") != nil)
        #expect(d.session.unsaved == ["en"])
    }

    @Test("After a keystroke only the slots whose word changed are drawn again")
    func changedSlotsOnly() throws {
        let lexicon = try Lexicon(text: "hat\t650\nheld\t500\nhello\t700\nhelp\t600\n")
        var configuration = KeyboardConfiguration(layouts: [.enUS])
        let storage = MemoryStorage(["en": lexicon])
        configuration.suggestions = SuggestionSettings(languages: storage.languagesWithLexicon(["en"]))
        var d = try SessionDriver(configuration, storage: storage)
        try d.tap("shift", at: .seconds(2))  // auto-shift off
        try d.tap("h", at: .seconds(3))
        #expect(words(d) == ["hello", "hat", "help"])
        d.commands = []
        try d.tap("e", at: .seconds(4))
        #expect(words(d) == ["hello", "help", "held"])
        let drawn = d.commands.flatMap { command -> [String] in
            if case .draw(.keys(let keys)) = command { return keys.map(\.frame.id) } else { return [] }
        }
        #expect(drawn.filter { $0.hasPrefix("suggestion-") }.sorted() == ["suggestion-2", "suggestion-3"], "\(drawn)")
    }

    @Test("Tapping a suggestion types the rest of the word and a space; punctuation right after takes the space's place")
    func choosing() throws {
        var d = try lowerCaseDriver()
        try d.tap("w", at: .seconds(3))
        #expect(words(d) == ["world"])
        try d.tap("suggestion-1", at: .seconds(4))
        #expect(d.text == "world ")
        try d.tap(",", at: .seconds(5))
        #expect(d.text == "world [BackSpace],")
        try d.tap("space", at: .seconds(6))
        try d.tap("h", at: .seconds(7))
        try d.tap("suggestion-1", at: .seconds(8))
        try d.tap("space", at: .seconds(9))
        #expect(d.text == "world [BackSpace], help  ", "a space typed after the suggestion's is typed: only punctuation swaps")
    }

    @Test("Keys faster than a strip can be read: the words wait for a pause of suggestionsPause, then the changed slots are drawn once; a key after a pause is answered at once")
    func flood() throws {
        var d = try lowerCaseDriver()
        let pause = KeyboardSession.suggestionsPause
        try d.tap("t", at: .seconds(3))
        #expect(words(d) == ["the", "that", "this"], "after a pause: at once")
        #expect(d.session.nextDeadline == nil)
        d.commands = []
        d.published = []
        var t = Duration.seconds(3)
        for key in ["h", "e", "r"] {
            t += pause / 2
            try d.tap(key, at: t)
        }
        #expect(d.text == "ther")
        #expect(words(d) == ["the", "that", "this"], "held while the keys come faster than the pause")
        #expect(!d.published.contains { if case .suggestions = $0 { return true } else { return false } })
        #expect(d.session.nextDeadline == t + pause, "the last key puts the look off")
        d.run(until: t + pause - .milliseconds(1))
        #expect(words(d) == ["the", "that", "this"])
        d.commands = []
        d.run(until: t + pause)
        #expect(words(d) == ["there"])
        #expect(d.published.filter { if case .suggestions = $0 { return true } else { return false } }.count == 1)
        let drawn = d.commands.flatMap { command -> [String] in
            if case .draw(.keys(let keys)) = command { return keys.map(\.frame.id) } else { return [] }
        }
        #expect(drawn.sorted() == ["suggestion-1", "suggestion-2", "suggestion-3"], "\(drawn)")
        #expect(d.session.nextDeadline == nil, "idle after")
        // One key after the pause: its words at once, no timer.
        try d.tap("space", at: t + pause * 3)
        #expect(words(d).isEmpty == false)
        #expect(d.session.nextDeadline == nil)
    }

    @Test("A new listener hears the held words as they will be, before where the keyboard is")
    func listenerSeesSettledWords() throws {
        var d = try lowerCaseDriver()
        let pause = KeyboardSession.suggestionsPause
        try d.tap("t", at: .seconds(3))
        try d.tap("h", at: .seconds(3) + pause / 2)
        try d.tap("e", at: .seconds(3) + pause)
        #expect(words(d) == ["the", "that", "this"], "held")
        d.published = []
        d.send(.listenerAdded, at: .seconds(3) + pause + .milliseconds(1))
        #expect(words(d) == ["there", "then"])
        let kinds = d.published.map { event -> String in
            switch event {
            case .suggestions: return "words"
            case .frame: return "frame"
            default: return "other"
            }
        }
        #expect(kinds == ["words", "frame"])
        #expect(d.session.nextDeadline == nil)
    }

    @Test("A slot tapped while its words wait for the keys to pause types the word shown in place of the word as it is now")
    func choosingWhileHeld() throws {
        var d = try lowerCaseDriver()
        let pause = KeyboardSession.suggestionsPause
        try d.tap("h", at: .seconds(3))
        try d.tap("e", at: .seconds(4))
        #expect(words(d).first == "help", "shown for he: types lp")
        try d.tap("l", at: .seconds(4) + pause / 2)
        #expect(words(d).first == "help", "held")
        try d.tap("suggestion-1", at: .seconds(4) + pause)
        #expect(d.text == "help ", "not hellp")
        d.run(until: .seconds(5))
        #expect(d.session.engines["en"]?.typed.text.hasSuffix("help ") == true)
    }

    @Test("A sentence's first word is offered capitalised, and typed so")
    func capitalised() throws {
        var (d, _) = try driver()
        try d.tap("t", at: .seconds(2))
        #expect(words(d) == ["The", "That", "This"])
        try d.tap("suggestion-2", at: .seconds(3))
        #expect(d.text == "That ")
    }

    @Test("Each word learned goes to the storage's journal once its keystroke is out (no timer); the whole is written at exit; pairs offered next to their word")
    func learning() throws {
        var (d, storage) = try driver()
        var t = 2
        for c in "hello world. hello" { try d.tap(c == " " ? "space" : c == "." ? "." : String(c), at: .seconds(t)); t += 1 }
        #expect(storage.appended["en"]?.map(\.word) == ["hello", "world"])
        #expect(storage.appended["en"]?.map(\.previous) == [nil, "hello"])
        // The space that ends the word: learned before it goes out, handed to the journal after.
        let space = try d.centre("space")
        _ = d.session.handle([.contact(.began, id: .pointer, point: space), .contact(.ended, id: .pointer, point: space)], at: .seconds(t))
        #expect(storage.appended["en"]?.count == 2)
        let answered = d.session.handle(.injected(typed: 1, readyAt: nil), at: .seconds(t))
        let appended = answered.flatMap { command -> [LearnedWords.Learning] in
            if case .files(.append(let learnings, _, "en")) = command { learnings } else { [] }
        }
        #expect(appended.map(\.word) == ["hello"])
        #expect(appended.map(\.clock) == [3])
        #expect(words(d).first == "world", "the word that followed hello before")
        #expect(d.session.nextDeadline == nil, "nothing left to do while idle")
        #expect(storage.saves.isEmpty)
        d.send(.control(.command(.quit)), at: .seconds(t + 1))
        #expect(storage.saves == ["en"])
        #expect(storage.learned["en"]?.followers(of: "hello")["world"]?.count == 1)
    }

    @Test("Over a password field: no words, nothing learned, nothing published")
    func password() throws {
        var (d, storage) = try driver()
        d.send(.focusChanged(FocusedField(id: "pw", kind: .password, extents: nil)), at: .seconds(2))
        for (i, c) in "hello help ".enumerated() { try d.tap(c == " " ? "space" : String(c), at: .seconds(3 + i)) }
        #expect(words(d).isEmpty)
        #expect(!d.published.contains { if case .suggestions = $0 { return true } else { return false } })
        d.run(until: .seconds(30))
        #expect(storage.learned["en"]?.isEmpty ?? true)
    }

    @Test("Without --publish-keys the words are never published")
    func unpublished() throws {
        var (d, _) = try driver(publishKeys: false)
        try d.tap("h", at: .seconds(2))
        #expect(words(d) == ["Help", "Hello"], "typed at the start: capitalised")
        #expect(d.published.allSatisfy { !$0.isPrivate })
    }

    @Test("Layouts of keys written out (numpad) and languages without a lexicon have no strip; the globe key brings it back")
    func noStrip() throws {
        let numpad = try #require(try LayoutSource.builtIn(named: "numpad"))
        let german = try #require(try LayoutSource.builtIn(named: "de"))
        var (d, _) = try driver(layouts: [.enUS, numpad, german])
        #expect(d.session.keyFrames.contains { $0.id == "suggestion-1" })
        try d.tap("layout:next", at: .seconds(2))
        #expect(!d.session.keyFrames.contains { $0.id.hasPrefix("suggestion") })
        try d.tap("layout:next", at: .seconds(3))
        #expect(!d.session.keyFrames.contains { $0.id.hasPrefix("suggestion") }, "no German lexicon given")
    }
}

extension SuggestionSessionTests {
    @Test("tapboard type after a password field types every letter (the strip's slots are not taps of its plan)")
    func typeAfterPassword() throws {
        let storage = MemoryStorage(["en": Self.english])
        var configuration = KeyboardConfiguration(layouts: [.enUS])
        configuration.publishKeys = true
        configuration.autoShow = true
        configuration.startHidden = true
        configuration.mode = .overlay
        configuration.suggestions = SuggestionSettings(languages: storage.languagesWithLexicon(["en"]))
        var d = try SessionDriver(configuration, storage: storage, screen: ScreenInfo(size: Size(width: 1280, height: 800)))
        d.send(.focusChanged(FocusedField(id: "entry", kind: .text, extents: nil)), at: .seconds(2))
        d.send(.control(.type("Hi there", delay: .milliseconds(20), requester: 1)), at: .seconds(2))
        d.run(until: .seconds(4))
        d.send(.focusChanged(FocusedField(id: "pw", kind: .password, extents: nil)), at: .seconds(5))
        d.send(.control(.type("secret", delay: .milliseconds(30), requester: 2)), at: .seconds(5))
        d.run(until: .seconds(7))
        d.send(.focusChanged(FocusedField(id: "entry", kind: .text, extents: nil)), at: .seconds(8))
        d.send(.control(.type("open", delay: .milliseconds(30), requester: 3)), at: .seconds(8))
        d.run(until: .seconds(10))
        #expect(d.text == "Hi theresecretopen")
    }
}
