import Testing
@testable import TapboardCore

/// Completions, predictions from what was learned, corrections by neighbouring keys, casing, learning.
struct SuggestionEngineTests {
    static let lexicon = try! Lexicon(text: """
        # fold ée
        and\t700
        ant\t390
        any\t620
        cafe\t409
        cafe\tcafé\t375
        for\t690
        fox\t450
        i\tI\t720
        im\tI'm\t560
        quick\t480
        quiet\t470
        quixote\tQuixote\t293
        quixotic\t600
        the\t773
        their\t600
        then\t610
        there\t640

        """)

    private func engine(typing text: String) -> SuggestionEngine {
        var engine = SuggestionEngine(lexicon: Self.lexicon)
        for c in text { engine.typed(.text(String(c))) }
        return engine
    }

    @Test("What ends a word: every ASCII character read by its byte agrees with the Unicode definition (not a letter, not a joiner)")
    func wordEnds() {
        for byte in UInt8(0x20) ... 0x7E {
            let c = Character(Unicode.Scalar(byte))
            #expect(SuggestionEngine.endsWord(.text(String(c))) == (!c.isLetter && !TypedText.isJoiner(c)), "\(c)")
        }
        #expect(!SuggestionEngine.endsWord(.text("é")) && !SuggestionEngine.endsWord(.text("’")) && SuggestionEngine.endsWord(.text("…")))
        #expect(SuggestionEngine.endsWord(.keysym(.return)) && !SuggestionEngine.endsWord(.text("")))
    }

    @Test("Completions of the word being typed, most frequent first; what was typed already is not offered")
    func completions() {
        let e = engine(typing: "a an")
        #expect(e.suggestions(limit: 3, shift: .off).map(\.word) == ["and", "any", "ant"])
        let chosen = e.suggestions(limit: 1, shift: .off)[0]
        #expect(chosen.delete == 0 && chosen.insert == "d" && chosen.kind == .completion)
        #expect(!engine(typing: "the").suggestions(limit: 5, shift: .off).map(\.word).contains("the"))
    }

    @Test("A word differing in accents or case replaces the letters typed: cafe → café, im → I'm")
    func replacing() {
        let cafe = engine(typing: "cafe").suggestions(limit: 3, shift: .off)
        #expect(cafe.map(\.word) == ["café"])
        #expect(cafe[0].delete == 4 && cafe[0].insert == "café")
        let im = engine(typing: "so im").suggestions(limit: 3, shift: .off)
        #expect(im.first?.word == "I'm" && im.first?.delete == 2)
    }

    @Test("Casing: shift before the first letter capitalises, capitals typed or caps lock make upper case")
    func casing() {
        #expect(SuggestionEngine.cased("the", typed: "", shift: .once) == "The")
        #expect(SuggestionEngine.cased("the", typed: "Th", shift: .off) == "The")
        #expect(SuggestionEngine.cased("the", typed: "TH", shift: .off) == "THE")
        #expect(SuggestionEngine.cased("the", typed: "t", shift: .locked) == "THE")
        #expect(SuggestionEngine.cased("I'm", typed: "i", shift: .off) == "I'm")
        #expect(engine(typing: "Th").suggestions(limit: 2, shift: .off).map(\.word) == ["The", "There"])
    }

    @Test("After a space, the next word: what followed the previous word before comes first")
    func predictions() {
        var e = engine(typing: "the quick fox. the quick fox. the ")
        #expect(e.suggestions(limit: 1, shift: .off).first?.word == "quick")
        e.typed(.text("q"))
        #expect(e.suggestions(limit: 2, shift: .off).map(\.word) == ["quick", "quixotic"], "the learned pair first, then the most frequent")
        let after = engine(typing: "the quick ")
        #expect(after.suggestions(limit: 1, shift: .off).first?.kind == .prediction)
    }

    /// Shipped pairs for the lexicon above (`I` spelled as the lexicon spells it).
    static let shipped = try! WordPairs(text: """
        # test pairs
        ,\tand 100\tthen 120
        .\tI 80\tthe 90\tthere 95
        and\tthe 40\tthen 60\tQuixote 200
        for\tthe 30\tquiet 150\tany 160\tQuixote 170

        """)

    /// Learning off unless asked: a word just typed would outrank the pairs being tested.
    private func engine(typing text: String, shipped: WordPairs?, learns: Bool = false) -> SuggestionEngine {
        var engine = SuggestionEngine(lexicon: Self.lexicon, shippedPairs: shipped, learns: learns)
        for c in text { engine.typed(.text(String(c))) }
        return engine
    }

    @Test("Shipped pairs predict the next word before anything was learned, and rank completions after the previous word")
    func shippedPredictions() {
        // Without them the most frequent words; with them what follows `for`.
        #expect(engine(typing: "look for ", shipped: nil).suggestions(limit: 3, shift: .off).map(\.word) == ["the", "I", "and"])
        let after = engine(typing: "look for ", shipped: Self.shipped).suggestions(limit: 3, shift: .off)
        #expect(after.map(\.word) == ["the", "quiet", "any"])
        #expect(after.allSatisfy { $0.kind == .prediction })
        // A rare word the pairs know is offered for its letters: quixote (293) over quixotic (600) after `for`.
        #expect(engine(typing: "for quix", shipped: nil).suggestions(limit: 1, shift: .off).map(\.word) == ["quixotic"])
        #expect(engine(typing: "for quix", shipped: Self.shipped).suggestions(limit: 1, shift: .off).map(\.word) == ["Quixote"])
        // A previous word the pairs do not know: as without them.
        #expect(engine(typing: "fox ", shipped: Self.shipped).suggestions(limit: 3, shift: .off)
            == engine(typing: "fox ", shipped: nil).suggestions(limit: 3, shift: .off))
    }

    @Test("The followers of contexts seen before come from the engine's cache as they were: back and forth between `for` and `and`, and past the cache's size")
    func shippedContextsKept() {
        let fresh = { (text: String) in self.engine(typing: text, shipped: Self.shipped).suggestions(limit: 3, shift: .off) }
        var e = engine(typing: "", shipped: Self.shipped)
        func type(_ text: String) { for c in text { e.typed(.text(String(c))) } }
        type("look for ")
        #expect(e.suggestions(limit: 3, shift: .off) == fresh("look for "))
        type("any and ")
        #expect(e.suggestions(limit: 3, shift: .off) == fresh("look for any and "))
        type("the for q")
        #expect(e.suggestions(limit: 3, shift: .off) == fresh("look for any and the for q"))
        // More contexts than are kept (each word a context of its own), then one of the first again.
        for i in 0 ... SuggestionEngine.ContextCache.kept { type("w\(i) "); _ = e.suggestions(limit: 3, shift: .off) }
        type("and ")
        #expect(e.suggestions(limit: 3, shift: .off).map(\.word) == ["the", "then", "Quixote"])
    }

    @Test("Shipped pairs after a sentence's end and after a comma; the user's own pairs still come first")
    func shippedContexts() {
        #expect(engine(typing: "", shipped: Self.shipped).suggestions(limit: 2, shift: .once).map(\.word) == ["I", "The"])
        #expect(engine(typing: "Zorb. ", shipped: Self.shipped).suggestions(limit: 2, shift: .once).map(\.word) == ["I", "The"])
        #expect(engine(typing: "zorb, ", shipped: Self.shipped).suggestions(limit: 2, shift: .off).map(\.word) == ["and", "then"])
        // After a comma with no space yet, or other punctuation: no context.
        #expect(engine(typing: "fox; ", shipped: Self.shipped).suggestions(limit: 2, shift: .off)
            == engine(typing: "fox; ", shipped: nil).suggestions(limit: 2, shift: .off))
        // Learned: `for quiet` typed three times beats the shipped `for the`.
        let learned = engine(typing: "for quiet. for quiet. for quiet. for ", shipped: Self.shipped, learns: true)
        #expect(learned.suggestions(limit: 1, shift: .off).first?.word == "quiet")
    }

    @Test("A word not in the lexicon is offered once typed twice; a sentence's capital is not learned")
    func learning() {
        let once = engine(typing: "zorblax. ")
        var e = once
        e.typed(.text("z"))
        #expect(e.suggestions(limit: 3, shift: .off).allSatisfy { $0.word.lowercased() != "zorblax" })
        var twice = engine(typing: "zorblax zorblax. z")
        #expect(twice.suggestions(limit: 3, shift: .off).first?.word == "zorblax")
        twice = engine(typing: "The end. ")
        #expect(twice.learned.use(of: "the") != nil && twice.learned.use(of: "The") == nil)
        #expect(engine(typing: "I went. ").learned.use(of: "I") != nil)
    }

    @Test("A word typed before outranks more frequent ones inside a word, with no pair to help it; a learned word elsewhere changes nothing")
    func learnedWordsInsideAWord() {
        var e = engine(typing: "quiet. quiet. quiet. qu")
        #expect(e.suggestions(limit: 3, shift: .off).map(\.word) == ["quiet", "quixotic", "quick"])
        // Nothing learned begins with "th": the lexicon's order.
        e = engine(typing: "quiet. quiet. quiet. th")
        #expect(e.suggestions(limit: 3, shift: .off).map(\.word) == ["the", "there", "then"])
        // A correction does not begin with the letters typed: looked up all the same (a tie with quick, broken by use).
        e = engine(typing: "quiet. quiet. quiet. quict")
        #expect(e.suggestions(limit: 2, shift: .off).map(\.word) == ["quiet", "quick"])
    }

    @Test("Letters that begin no word get the nearest words; a slip to a neighbouring key costs less")
    func corrections() {
        // q w e r t y / a s d f g: neighbours of 'r' are e, t, d, f...
        let frames = Self.frames(rows: ["qwertyuiop", "asdfghjkl", "zxcvbnm"])
        var e = engine(typing: "thw")
        e.corrector = Corrector(neighbours: KeyNeighbours(frames: frames, fold: { $0.lowercased() }))
        let s = e.suggestions(limit: 3, shift: .off)
        #expect(s.first?.kind == .correction)
        // w is next to e: the, then, there, their all cost half a mistake; the most frequent first.
        #expect(s.map(\.word) == ["the", "there", "then"])
        #expect(s[0].delete == 3 && s[0].insert == "the")
        #expect(e.corrector.neighbours.areNeighbours("w", "e") && !e.corrector.neighbours.areNeighbours("w", "p"))
    }

    @Test("Autocorrection replaces only a non-word one slip from a clear best word (a longer word sharing the beginning is no rival)")
    func autocorrect() {
        var e = engine(typing: "quixk")
        e.corrector = Corrector(neighbours: KeyNeighbours(frames: Self.frames(rows: ["qwertyuiop", "asdfghjkl", "zxcvbnm"]), fold: { $0 }))
        #expect(e.autocorrection(shift: .off)?.word == "quick")
        #expect(engine(typing: "quick").autocorrection(shift: .off) == nil)
        #expect(engine(typing: "xyzzyq").autocorrection(shift: .off) == nil)
    }

    @Test("Learned words survive the file; damage is an error naming the line")
    func file() throws {
        let e = engine(typing: "the quick fox the quick ")
        let text = e.learned.text()
        #expect(try LearnedWords(text: text) == e.learned)
        let cut = String(text.dropLast(8))
        #expect(throws: LineError.self) { try LearnedWords(text: cut) }
        #expect(throws: LineError(line: 1, reason: "not a learned-words file (expected 'tapboard-learned 1' and a count)")) {
            try LearnedWords(text: "hello\n")
        }
    }

    @Test("Typed text: the word being typed, the one before it, sentence starts")
    func typedText() {
        var t = TypedText()
        #expect(t.atSentenceStart)
        for c in "Hi there. don'" { t.type(.text(String(c))) }
        #expect(t.currentWord == "don'" && t.previousWord == nil && t.atSentenceStart)
        t.type(.text("t"))
        t.type(.text(" "))
        #expect(t.currentWord == "" && t.previousWord == "don't" && !t.atSentenceStart)
        t.type(.keysym(.backSpace))
        #expect(t.currentWord == "don't")
        t.type(.keysym(KeySymbol("Left")))
        #expect(t.text.isEmpty && !t.atSentenceStart)
    }

    @Test("Typed text read byte by byte while it is ASCII agrees with reading it character by character, in any script")
    func typedTextBytes() {
        // A fixed linear congruential sequence: the same 3,000 texts every run.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let pieces = ["a", "Z", "q", "'", "-", " ", " ", ".", "!", ",", "\n", "é", "’", "e\u{301}", "\r\n", "ж", "1", "?"]
        for _ in 0 ..< 3000 {
            var t = TypedText(fromStart: next(2) == 0)
            for _ in 0 ..< next(14) { t.type(.text(pieces[next(pieces.count)])) }
            let text = t.text
            let word = t.wordEndingByCharacters(at: text.endIndex, allowTrailingJoiner: true)
            #expect(t.currentWord == word, "\(text.debugDescription)")
            // The sentence start as it was worked out before: counting what is left after the spaces.
            let before = text[..<word.startIndex]
            let trimmed = before.reversed().drop { $0 == " " }
            let start = before.last == "\n" ? true : trimmed.first.map { trimmed.count < before.count && ".!?".contains($0) } ?? t.fromStart
            #expect(t.atSentenceStart == start, "\(text.debugDescription)")
            if let previous = t.previousWord {
                #expect(previous == t.wordEndingByCharacters(at: previous.endIndex, allowTrailingJoiner: false), "\(text.debugDescription)")
            }
        }
    }

    @Test("The Zipf table gives what the power gives")
    func zipfTable() {
        for zipf in [0, 1, 299, 300, 555, 773, 999, 1000, 1200] {
            let exact = SeriesMath.power(10, Double(zipf) / 100 - 9)
            #expect(abs(SuggestionEngine.probability(zipf: zipf) - exact) <= 1e-15 * exact)
        }
    }

    static func frames(rows: [String]) -> [KeyFrame] {
        var out: [KeyFrame] = []
        for (y, row) in rows.enumerated() {
            for (x, c) in row.enumerated() {
                out.append(KeyFrame(index: out.count, id: String(c), key: .character(String(c)),
                                    rect: Rect(x: x * 40 + y * 20, y: y * 50, width: 36, height: 46)))
            }
        }
        return out
    }
}
