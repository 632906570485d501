import Testing
@testable import TapboardCore

/// Swipe typing in the session: a gesture types a word, a slide stays a slide.
struct SwipeSessionTests {
    static let english = try! Lexicon(text: """
        hallo\t400
        heap\t450
        hello\t520
        help\t540
        hemp\t400
        that\t730
        the\t773
        world\t560

        """)

    private func driver(swipe: Bool = true) throws -> SessionDriver {
        let storage = MemoryStorage(["en": Self.english])
        var configuration = KeyboardConfiguration(layouts: [.enUS])
        configuration.publishKeys = true
        configuration.suggestions = SuggestionSettings(languages: storage.languagesWithLexicon(["en"]), swipe: swipe)
        return try SessionDriver(configuration, storage: storage)
    }

    /// A contact pressed on the first key, through the others' centres, lifted on the last; `start` seconds in, 50 ms a key.
    private func swipe(_ d: inout SessionDriver, _ keys: [String], at start: Int) throws {
        var t = Duration.seconds(start)
        try d.contact(.began, keys[0], at: t)
        for key in keys.dropFirst() {
            t += .milliseconds(50)
            try d.contact(.moved, key, at: t)
        }
        t += .milliseconds(20)
        try d.contact(.ended, keys[keys.count - 1], at: t)
    }

    @Test("A gesture types its word (capitalised at a sentence's start), the next after a space; the strip offers the next likeliest in its place")
    func words() throws {
        var d = try driver()
        try swipe(&d, ["h", "e", "l", "o"], at: 2)
        #expect(d.text == "Hello", "no key of the path typed, nor any space")
        #expect(d.published.filter { if case .typed = $0 { return true } else { return false } } == "Hello".map { .typed(String($0)) },
                "published like typed text (--publish-keys)")
        #expect(d.session.suggestions.first.map { $0.delete == 5 } == true, "alternatives replace the word: \(d.session.suggestions)")
        try swipe(&d, ["w", "o", "r", "l", "d"], at: 3)
        #expect(d.text == "Hello world")
        try d.tap(",", at: .seconds(4))
        #expect(d.text == "Hello world,", "no space before punctuation")
    }

    @Test("Backspace right after a swiped word deletes the whole word; after another key, one character")
    func backspace() throws {
        var d = try driver()
        try swipe(&d, ["h", "e", "l", "o"], at: 2)
        try swipe(&d, ["w", "o", "r", "l", "d"], at: 3)
        try d.tap("backspace", at: .seconds(4))
        #expect(d.text == "Hello world" + String(repeating: "[BackSpace]", count: 5))
        try d.tap("backspace", at: .seconds(5))
        #expect(d.text.hasSuffix(String(repeating: "[BackSpace]", count: 6)), "the space: one character")
    }

    @Test("Tapping an alternative in the strip replaces the swiped word")
    func alternative() throws {
        var d = try driver()
        try d.tap("shift", at: .seconds(1))  // auto-shift off
        try swipe(&d, ["h", "e", "l", "p"], at: 2)
        #expect(d.text == "help")
        let alternative = try #require(d.session.suggestions.first)
        try d.tap("suggestion-1", at: .seconds(3))
        #expect(d.text == "help" + String(repeating: "[BackSpace]", count: 4) + alternative.word + " ")
    }

    @Test("A slide to a neighbouring key is no gesture: the key under the release is typed; --no-swipe types the last key of a path")
    func slides() throws {
        var d = try driver()
        try d.tap("shift", at: .seconds(1))
        try d.contact(.began, "h", at: .seconds(2))
        try d.contact(.moved, "j", at: .seconds(2) + .milliseconds(50))
        try d.contact(.ended, "j", at: .seconds(2) + .milliseconds(80))
        #expect(d.text == "j")
        var off = try driver(swipe: false)
        try off.tap("shift", at: .seconds(1))
        try swipe(&off, ["h", "e", "l", "o"], at: 2)
        #expect(off.text == "o")
    }

    @Test("tapboard type's contact and other pages never swipe")
    func notGestures() throws {
        var d = try driver()
        try d.tap("shift", at: .seconds(1))
        try d.contact(.began, "h", contact: .typing, at: .seconds(2))
        try d.contact(.moved, "e", contact: .typing, at: .seconds(2) + .milliseconds(50))
        try d.contact(.moved, "l", contact: .typing, at: .seconds(2) + .milliseconds(100))
        try d.contact(.ended, "o", contact: .typing, at: .seconds(2) + .milliseconds(150))
        #expect(d.text == "o")
    }

    @Test("Two gestures read in one batch (a keyboard that stalled), before the words came: read when they come, the second after a space")
    func oneBatch() throws {
        var d = try driver()
        var inputs: [SessionInput] = []
        for word in [["h", "e", "l", "o"], ["w", "o", "r", "l", "d"]] {
            let points = try word.map { try d.centre($0) }
            inputs.append(.contact(.began, id: .pointer, point: points[0]))
            inputs += points.dropFirst().map { .contact(.moved, id: .pointer, point: $0) }
            inputs.append(.contact(.ended, id: .pointer, point: points[points.count - 1]))
        }
        d.send(inputs, at: .seconds(2))
        #expect(d.text == "Hello world")
    }

    @Test("Taps after a gesture whose words are still to come wait for it: the word goes first, cased as at its end")
    func tapsWaitForTheGesture() throws {
        var d = try driver()
        d.holdsLoads = true
        let points = try ["h", "e", "l", "o"].map { try d.centre($0) }
        var inputs: [SessionInput] = [.contact(.began, id: .pointer, point: points[0])]
        inputs += points.dropFirst().map { .contact(.moved, id: .pointer, point: $0) }
        inputs.append(.contact(.ended, id: .pointer, point: points[points.count - 1]))
        d.send(inputs, at: .seconds(2))
        #expect(d.text == "", "the gesture waits for its words")
        try d.tap(".", at: .seconds(2) + .milliseconds(100))
        #expect(d.text == "", "the tap waits behind it")
        d.deliverLoads(at: .seconds(2) + .milliseconds(300))
        #expect(d.text == "Hello.")
    }

    /// Storage with son and soon (one path, s-o-n; soon likelier alone) and pairs saying what follows his and as.
    final class PairStorage: SuggestionStorage, @unchecked Sendable {
        let lexicon = try! Lexicon(text: """
            as\t720
            his\t720
            son\t500
            soon\t560

            """)
        let pairs = try! WordPairs(text: "as\tsoon 120\nhis\tson 150\n")
        var learned = LearnedWords()
        func hasLexicon(for language: String) -> Bool { language == "en" }
        func lexicon(for language: String) -> Lexicon? { language == "en" ? lexicon : nil }
        func wordPairs(for language: String) -> WordPairs? { language == "en" ? pairs : nil }
        func learnedWords(for language: String) -> LearnedWords { learned }
        func save(_ learned: LearnedWords, for language: String) {}
        func takeNotes() -> [String] { [] }
    }

    private func pairDriver(learned: LearnedWords = LearnedWords()) throws -> SessionDriver {
        let storage = PairStorage()
        storage.learned = learned
        var configuration = KeyboardConfiguration(layouts: [.enUS])
        configuration.suggestions = SuggestionSettings(languages: storage.languagesWithLexicon(["en"]), learns: false)
        return try SessionDriver(configuration, storage: storage)
    }

    /// Taps each letter of `word` and then space, a second a key from `start`.
    private func type(_ d: inout SessionDriver, _ word: String, at start: Int) throws {
        for (i, letter) in word.enumerated() { try d.tap(String(letter), at: .seconds(start + i)) }
        try d.tap("space", at: .seconds(start + word.count))
    }

    @Test("The previous typed word changes the swiped word: his son, as soon; at a sentence's start the likelier alone")
    func previousWord() throws {
        var d = try pairDriver()
        try swipe(&d, ["s", "o", "n"], at: 1)
        #expect(d.text == "Soon", "no previous word: the likelier word")
        try d.tap(".", at: .seconds(2))
        try d.tap("space", at: .seconds(3))
        try swipe(&d, ["s", "o", "n"], at: 4)
        #expect(d.text == "Soon. Soon", "after a sentence's end, no prior either")
        var his = try pairDriver()
        try his.tap("shift", at: .seconds(1))
        try type(&his, "his", at: 2)
        try swipe(&his, ["s", "o", "n"], at: 10)
        #expect(his.text == "his son")
        // Without the space: the gesture's word goes after one, still after his.
        var joined = try pairDriver()
        try joined.tap("shift", at: .seconds(1))
        for (i, letter) in "his".enumerated() { try joined.tap(String(letter), at: .seconds(2 + i)) }
        try swipe(&joined, ["s", "o", "n"], at: 10)
        #expect(joined.text == "his son")
        var `as` = try pairDriver()
        try `as`.tap("shift", at: .seconds(1))
        try type(&`as`, "as", at: 2)
        try swipe(&`as`, ["s", "o", "n"], at: 10)
        #expect(`as`.text == "as soon")
    }

    @Test("A pair the user typed lifts the swiped word, here over the shipped pair")
    func learnedPair() throws {
        var learned = LearnedWords()
        learned.learn("son", folded: "son", after: "as")
        learned.learn("son", folded: "son", after: "as")
        var d = try pairDriver(learned: learned)
        try d.tap("shift", at: .seconds(1))
        try type(&d, "as", at: 2)
        try swipe(&d, ["s", "o", "n"], at: 10)
        #expect(d.text == "as son")
    }

    @Test("The trail is drawn while the gesture goes on, a frame at most every 16 ms, and taken away after the word is typed")
    func trail() throws {
        var d = try driver()
        func trails(_ commands: [Command]) -> [[Point]] {
            commands.compactMap { if case .draw(.trail(let points)) = $0 { return points } else { return nil } }
        }
        let path = try ["h", "e", "l", "o"].map { try d.centre($0) }
        var t = Duration.seconds(2)
        d.send(.contact(.began, id: .pointer, point: path[0]), at: t)
        var frames: [Duration] = []
        // Motions 4 ms apart, as a fast pointer sends them.
        for (a, b) in zip(path, path.dropFirst()) {
            for i in 1 ... 10 {
                t += .milliseconds(4)
                d.commands = []
                d.run(until: t)
                d.send(.contact(.moved, id: .pointer, point: Point(x: a.x + (b.x - a.x) * i / 10, y: a.y + (b.y - a.y) * i / 10)), at: t)
                if !trails(d.commands).isEmpty { frames.append(t) }
            }
        }
        #expect(frames.count >= 5, "\(frames)")
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $1 - $0 >= .milliseconds(16) }, "\(frames)")
        d.commands = []
        d.send(.contact(.ended, id: .pointer, point: path[3]), at: t + .milliseconds(4))
        d.run(until: t + .milliseconds(10))
        let typeAt = try #require(d.commands.firstIndex { if case .type = $0 { return true } else { return false } })
        let eraseAt = try #require(d.commands.firstIndex { if case .draw(.trail(let p)) = $0 { return p.isEmpty } else { return false } })
        #expect(typeAt < eraseAt, "the word first, then the trail taken away")
        #expect(d.session.nextDeadline == nil || d.session.nextDeadline! > t + .seconds(1), "nothing more to draw")
    }

    @Test("A trail frame drawn late (a keyboard that stalled) still shows the gesture's last half second, not nothing")
    func lateTrail() throws {
        var d = try driver()
        let path = try ["h", "e", "l", "o"].map { try d.centre($0) }
        var t = Duration.seconds(2)
        d.send(.contact(.began, id: .pointer, point: path[0]), at: t)
        for p in path.dropFirst() {
            t += .milliseconds(50)
            d.send(.contact(.moved, id: .pointer, point: p), at: t)
        }
        // A motion inside the 16 ms after that frame: its frame waits for a deadline.
        t += .milliseconds(4)
        d.send(.contact(.moved, id: .pointer, point: Point(x: path[3].x + 2, y: path[3].y)), at: t)
        let due = try #require(d.session.nextDeadline)
        #expect(due <= t + .milliseconds(16))
        // The keyboard wakes 700 ms late and the finger has held still since.
        d.commands = []
        d.send(.deadlinePassed, at: t + .milliseconds(700))
        let frame = d.commands.compactMap { if case .draw(.trail(let points)) = $0 { return points } else { return nil } }.last
        let points = try #require(frame, "a trail frame is drawn")
        #expect(points.count >= 2, "the last half second of the path: \(points)")
        #expect(points.last == Point(x: path[3].x + 2, y: path[3].y))
    }
}
