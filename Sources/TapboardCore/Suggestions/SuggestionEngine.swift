import Synchronization

/// Suggestions for a language: completions of the word being typed, the next
/// word after it, corrections of letters that begin no word; and learning the
/// user's words and pairs as they are typed. Pure: the lexicon and what was
/// learned are given, nothing is read or written here.
public struct SuggestionEngine: Sendable {
    /// The language's words, once read.
    public var lexicon: Lexicon? { didSet { contextCache = ContextCache() } }
    /// The word pairs the language ships with, if it has them (read with the lexicon).
    public var shippedPairs: WordPairs? { didSet { contextCache = ContextCache() } }
    /// What the user typed before.
    public var learned: LearnedWords
    /// Which letters are neighbours on the layout shown.
    public var corrector = Corrector(neighbours: KeyNeighbours())
    /// What was typed before the cursor.
    public private(set) var typed = TypedText()
    /// Whether words are learned as they are typed.
    public var learns: Bool
    /// The last keystroke was the space after a chosen suggestion: punctuation typed now takes its place.
    public private(set) var spaceFromSuggestion = false

    /// How much each source counts: the lexicon's frequencies, the user's words, the user's pairs.
    public var lexiconWeight = 0.2, wordWeight = 0.3, pairWeight = 0.5
    /// How much the shipped pairs count: P(word | previous word) from text that is not the user's.
    public var shippedPairWeight = 0.4
    /// A word not in the lexicon is offered once typed this many times (so a typo typed once never is).
    public static let timesBeforeOffered = 2
    /// Words longer than this get no corrections.
    public static let longestCorrected = 12

    /// An engine with a lexicon (nil while it is not read yet), the shipped pairs and what was learned.
    public init(lexicon: Lexicon?, shippedPairs: WordPairs? = nil, learned: LearnedWords = LearnedWords(), learns: Bool = true) {
        self.lexicon = lexicon
        self.shippedPairs = shippedPairs
        self.learned = learned
        self.learns = learns
    }

    // MARK: - Typing

    /// A keystroke went out: the text before the cursor follows it, and a word
    /// it ends (a letter's run followed by anything else) is learned.
    public mutating func typed(_ keystroke: Keystroke) {
        // The word is found only when the keystroke ends it: a letter (most keystrokes) asks nothing of the text.
        if learns, Self.endsWord(keystroke), case let word = typed.currentWord, !word.isEmpty {
            learn(String(word), atSentenceStart: typed.atSentenceStart, after: typed.previousWord.map(String.init))
        }
        typed.type(keystroke)
        spaceFromSuggestion = false
    }

    /// The cursor moved somewhere the keyboard did not see (the focus went to
    /// another field): nothing before it is known.
    public mutating func resetText() {
        typed = TypedText(fromStart: false)
        spaceFromSuggestion = false
    }

    /// The text before the cursor was read from the field (the caret moved
    /// where the keyboard did not type, or the focus came to a field with text).
    public mutating func textRead(_ text: TypedText) {
        typed = text
        spaceFromSuggestion = false
    }

    /// A suggestion was chosen and typed with its space.
    public mutating func chose(_ suggestion: Suggestion) {
        for _ in 0 ..< suggestion.delete { typed(.keysym(.backSpace)) }
        typed(.text(suggestion.insert))
        typed(.text(" "))
        spaceFromSuggestion = true
    }

    /// Whether a keystroke ends the word before it: a space, punctuation, return.
    static func endsWord(_ keystroke: Keystroke) -> Bool {
        switch keystroke {
        case .text(let text):
            // One ASCII byte (most keystrokes) is read without the Unicode tables:
            // asked of every keystroke before it goes out.
            if text.utf8.count == 1, let b = text.utf8.first, b < 0x80 {
                return !TypedText.isASCIILetter(b) && b != UInt8(ascii: "'") && b != UInt8(ascii: "-")
            }
            guard let c = text.first else { return false }
            // A joiner right after letters may be inside a word (don't, e-mail): not yet an end.
            return !c.isLetter && !TypedText.isJoiner(c)
        case .keysym(let symbol): return symbol == .return
        case .chord: return false
        }
    }

    /// Counts a finished word and its pair; a capital only because a sentence starts is not learned.
    private mutating func learn(_ word: String, atSentenceStart: Bool, after previous: String?) {
        var word = word
        while let last = word.last, TypedText.isJoiner(last) { word.removeLast() }
        guard !word.isEmpty, word.count <= 40 else { return }
        if atSentenceStart, let first = word.first, first.isUppercase, !word.dropFirst().contains(where: \.isUppercase) {
            let lowered = first.lowercased() + word.dropFirst()
            let known = lexicon?.words(matching: word).first?.word
            // `The` at a sentence's start is `the`; `Paris` and `I` stay as the lexicon writes them.
            if known == nil || known == lowered || learned.use(of: lowered) != nil { word = lowered }
        }
        // `previous.map(fold)` made a closure of `fold` holding a copy of the engine.
        learned.learn(word, folded: fold(word), after: previous.map { fold($0) })
    }

    /// Folded as the lexicon folds (lower case only until it is read).
    public func fold(_ text: String) -> String { lexicon?.fold(text) ?? text.lowercased() }

    // MARK: - Suggesting

    /// The shipped followers of one context, with what every keystroke of the word
    /// after it asks of them: their folded form, probability and frequency.
    struct ShippedFollower {
        var word: String
        /// `Offered.fingerprint(word)`: a candidate's shipped probability is found by a look along these.
        var print: UInt64
        var folded: String
        var probability: Double
        /// Its frequency, looked up ahead for the likeliest (those a strip offers before a letter is typed).
        var zipf: Int?
        var zipfKnown: Bool
    }

    /// The shipped followers of the contexts last asked for: the same for every
    /// keystroke of a word, so parsed, folded and looked up once per word, and
    /// kept for the next words too: common previous words come back (a cache of
    /// 32 found 37 % of the previous words of a fortune file's 12,600 words, 64
    /// found 44 %). A reference, so the non-mutating `suggestions` can fill it;
    /// copies of an engine share it; locked, as an engine may be used from two threads.
    final class ContextCache: Sendable {
        struct Entry {
            var context: String
            var followers: [ShippedFollower]
        }
        /// Most recently used last.
        let entries = Mutex<[Entry]>([])
        /// At most this many contexts (a long line's are about 4 KB).
        static let kept = 32

        func find(_ context: String) -> Entry? {
            entries.withLock { entries in
                guard let i = entries.lastIndex(where: { $0.context == context }) else { return nil }
                // Every keystroke of a word asks for the same context: the last one, left where it is.
                if i == entries.count - 1 { return entries[i] }
                let entry = entries.remove(at: i)
                entries.append(entry)
                return entry
            }
        }

        func keep(_ entry: Entry) {
            entries.withLock { entries in
                if entries.count >= Self.kept { entries.removeFirst() }
                entries.append(entry)
            }
        }
    }
    private var contextCache = ContextCache()

    /// The shipped followers for a context, likeliest first, each word once.
    private func shippedFollowers(of context: String?) -> [ShippedFollower] {
        guard let context, let shippedPairs else { return [] }
        if let known = contextCache.find(context) { return known.followers }
        // Room for a long line's followers (make-pairs writes at most 40).
        var list: [ShippedFollower] = []
        list.reserveCapacity(40)
        // The lexicon alone goes into the closure: naming `self` there copied the whole engine.
        let lexicon = self.lexicon
        shippedPairs.forEachFollower(of: context) { follower in
            // A word given twice keeps its first (likeliest) probability.
            let print = Offered.fingerprint(follower.word)
            guard Self.shippedProbability(follower.word, print, in: list) == nil else { return true }
            let ahead = list.count < Lexicon.topsKept
            let folded = lexicon?.fold(follower.word) ?? follower.word.lowercased()
            list.append(ShippedFollower(word: follower.word, print: print, folded: folded, probability: follower.probability,
                                        zipf: ahead ? lexicon?.zipf(ofExactly: follower.word, folded: folded) : nil, zipfKnown: ahead))
            return true
        }
        contextCache.keep(ContextCache.Entry(context: context, followers: list))
        return list
    }

    /// A word's probability among shipped followers, if it is one: a look along
    /// their fingerprints (at most 40, in a few cache lines), where a dictionary
    /// hashed every candidate and built a table for each new context.
    static func shippedProbability(_ word: String, _ print: UInt64, in followers: [ShippedFollower]) -> Double? {
        for follower in followers where follower.print == print && follower.word == word { return follower.probability }
        return nil
    }

    /// The suggestions for the text before the cursor, best first, at most `limit`.
    /// `shift`: the keyboard's shift state (a sentence's first word is offered capitalised).
    ///
    /// Asked after every keystroke at a hand's pace, when the X server and the
    /// application have run since the last and little of this is in the caches:
    /// what is typed is folded once, the learned words searched once, a
    /// shipped probability found along fingerprints.
    public func suggestions(limit: Int, shift: ShiftState) -> [Suggestion] {
        guard limit > 0 else { return [] }
        let current = typed.currentWord
        let prefix = String(current)
        let previous = typed.previousWord(before: current).map { fold(String($0)) }
        // Every candidate word once, with its score and why it is offered: a
        // few tens, looked along by a cheap fingerprint of the word's bytes. A
        // dictionary cost more on every keystroke: a fresh table allocated and
        // each word hashed (callgrind, the strip over scripts/bench's hand run).
        var offered = Offered()
        let folded = fold(prefix)
        let pairs = previous.map { learned.followers(of: $0) } ?? [:]
        let pairTotal = pairs.values.reduce(0.0) { $0 + learned.weight($1) }
        let clock = Double(max(learned.clock, 1))
        // The shipped followers of the previous word (or of a sentence's start, or a comma): a short line of the file, likeliest first.
        let shipped = shippedFollowers(of: shippedContext(previous: previous))

        // The lexicon's precomputed tops hold enough for any strip; more would mean a scan.
        let wanted = min(max(limit * 3, 12), Lexicon.topsKept)
        // Whether some shipped follower fits the letters typed (`the` after `of` before anything was learned).
        let mayBeShipped = shipped.contains { Self.begins($0.folded, with: folded) }
        // A word beginning with the letters typed is learned, or a shipped follower, only if
        // some learned word or follower begins with them; when none does, the lookups (each
        // hashes the word, about 300 instructions) are skipped. One search finds whether and which.
        let learnedRun = folded.isEmpty ? nil : learned.run(beginningWith: folded)
        let mayBeLearned = learnedRun.map { !$0.isEmpty } ?? !learned.isEmpty

        // `shipped`: the word's shipped probability when the caller has it (nil: look it up).
        // `beginsWithTyped`: the word begins with the letters typed (all but corrections).
        func score(_ word: String, _ print: UInt64, zipf: Int?, shipped known: Double? = nil, beginsWithTyped: Bool = true) -> Double {
            var p = 0.0
            if let zipf { p += lexiconWeight * Self.probability(zipf: zipf) }
            if mayBeLearned || !beginsWithTyped, let use = learned.use(of: word) { p += wordWeight * learned.weight(use) / clock }
            if !pairs.isEmpty, let use = pairs[word] { p += pairWeight * learned.weight(use) / (pairTotal + 1) }
            let lookShipped = mayBeShipped || (!beginsWithTyped && !shipped.isEmpty)
            if let probability = known ?? (lookShipped ? Self.shippedProbability(word, print, in: shipped) : nil) {
                p += shippedPairWeight * probability
            }
            return p
        }
        // A word already offered keeps its first score and kind.
        func offer(_ word: String, kind: Suggestion.Kind, _ scored: (UInt64) -> Double) {
            let print = Offered.fingerprint(word)
            guard !offered.contains(word, print) else { return }
            offered.candidates.append(Offered.Candidate(word: word, print: print, score: scored(print), kind: kind))
        }
        let kind: Suggestion.Kind = prefix.isEmpty ? .prediction : .completion
        for entry in lexicon?.completions(ofFolded: folded, limit: wanted) ?? [] {
            offer(entry.word, kind: kind) { score(entry.word, $0, zipf: entry.zipf) }
        }
        // The followers that fit, offered after the lexicon's words (found again:
        // a list of them was an allocation and its release at every keystroke).
        var fitting = 0
        for follower in shipped where mayBeShipped && fitting < wanted && Self.begins(follower.folded, with: folded) {
            fitting += 1
            offer(follower.word, kind: kind) {
                score(follower.word, $0, zipf: follower.zipfKnown ? follower.zipf : lexicon?.zipf(ofExactly: follower.word, folded: follower.folded),
                      shipped: follower.probability)
            }
        }
        // The learned candidates by their own weight first: only the weightiest are looked up in the lexicon.
        var learnedCandidates: [(word: String, weight: Double)] = []
        // Room only when some may come (an empty array allocates nothing).
        if !pairs.isEmpty || learnedRun?.isEmpty == false { learnedCandidates.reserveCapacity(pairs.count + wanted + offered.candidates.count) }
        for (word, use) in pairs where learned.folded(word).map({ Self.begins($0, with: folded) }) ?? false {
            learnedCandidates.append((word, pairWeight * learned.weight(use) / (pairTotal + 1)))
        }
        if let learnedRun, !learnedRun.isEmpty {
            // Only the weightiest can be looked at below: `wanted`, and as many again as may be offered already.
            for (word, use) in learned.words(in: learnedRun, weightiest: wanted + offered.candidates.count) {
                learnedCandidates.append((word, wordWeight * learned.weight(use) / clock))
            }
        }
        learnedCandidates.sort { $0.weight > $1.weight }
        var looked = 0
        for (word, _) in learnedCandidates where looked < wanted && !offered.contains(word, Offered.fingerprint(word)) {
            looked += 1
            let zipf = self.zipf(of: word)
            // A word the lexicon does not know is offered once typed twice: a typo typed once never is.
            if zipf != nil || (learned.use(of: word)?.count ?? 0) >= Self.timesBeforeOffered { offer(word, kind: kind) { score(word, $0, zipf: zipf) } }
        }
        // Letters only, and not too many: a compound with a hyphen is no typo, and a long tail costs a long search.
        // (Whether enough were offered is asked first: mostly they were, and it costs nothing.)
        if offered.candidates.count < limit, !prefix.isEmpty, prefix.utf8.count <= Self.longestCorrected || prefix.count <= Self.longestCorrected,
           Self.isLetters(prefix), let lexicon, !lexicon.hasWord(beginningWithFolded: folded) {
            // The letters begin no word: the nearest words, a slip to a neighbouring key costing least.
            for (entry, cost) in corrector.corrections(of: prefix, in: lexicon, limit: wanted) {
                offer(entry.word, kind: .correction) { score(entry.word, $0, zipf: entry.zipf, beginsWithTyped: false) * SeriesMath.power(0.01, cost) }
            }
        }
        let casing = Casing(typed: prefix, shift: shift)
        var out: [Suggestion] = []
        out.reserveCapacity(limit)
        offered.candidates.sort { $0.score != $1.score ? $0.score > $1.score : $0.word < $1.word }
        for candidate in offered.candidates {
            let cased = casing.apply(to: candidate.word)
            // What is typed already saves nothing; the same word twice only once
            // (a look along the few kept: cheaper than hashing each word into a set).
            guard cased != prefix, !out.contains(where: { $0.word == cased }) else { continue }
            out.append(Suggestion(word: cased, replacing: prefix, kind: candidate.kind))
            if out.count == limit { break }
        }
        return out
    }

    /// Whether `text` begins with `prefix`'s bytes: for folded forms, which the
    /// lexicon matches by bytes too (`hasPrefix` compares characters).
    static func begins(_ text: String, with prefix: String) -> Bool {
        text.utf8.count >= prefix.utf8.count && text.utf8.starts(with: prefix.utf8)
    }

    /// Whether every character is a letter: by byte while ASCII (Character's
    /// properties are a Unicode table lookup each).
    static func isLetters(_ text: String) -> Bool {
        var ascii = true
        for b in text.utf8 {
            if b >= 0x80 { ascii = false; break }
            if !TypedText.isASCIILetter(b) { return false }
        }
        return ascii || text.allSatisfy(\.isLetter)
    }

    /// What the shipped pairs follow here: the previous word (`previous`, folded:
    /// the caller finds it once, as it walks the text), `.` at a sentence's
    /// start, `,` right after a comma and a space; nil otherwise.
    func shippedContext(previous: String?) -> String? {
        if let previous { return previous }
        if typed.atSentenceStart { return "." }
        guard let before = typed.beforeCurrentWord else { return nil }
        return before.spaced && before.character == "," ? "," : nil
    }

    /// The words a keystroke's suggestions are chosen from, each once.
    struct Offered {
        struct Candidate {
            var word: String
            /// `fingerprint(word)`: compared first, so most words are passed by without a string compare.
            var print: UInt64
            var score: Double
            var kind: Suggestion.Kind
        }
        var candidates: [Candidate] = []

        init() { candidates.reserveCapacity(48) }

        /// FNV-1a over the word's bytes.
        static func fingerprint(_ word: String) -> UInt64 {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for b in word.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
            return h
        }

        func contains(_ word: String, _ print: UInt64) -> Bool {
            candidates.contains { $0.print == print && $0.word == word }
        }
    }

    /// The lexicon's frequency of a word written exactly so, if it has it.
    private func zipf(of word: String) -> Int? {
        lexicon?.zipf(ofExactly: word)
    }

    /// Autocorrection: the word just typed, before a space or punctuation ends it,
    /// when it is no word (not in the lexicon, never typed before) and one
    /// correction is near (one mistake at most) and clearly the likeliest.
    public func autocorrection(shift: ShiftState) -> Suggestion? {
        let word = String(typed.currentWord)
        guard word.count >= 2, let lexicon, lexicon.words(matching: word).isEmpty, learned.use(of: word) == nil else { return nil }
        // Whole words only (the distance is over beginnings: `quixo…` is as near `quixk` as `quick`): their length near the word's.
        let near = corrector.corrections(of: word, in: lexicon, limit: 8).filter { abs($0.entry.word.count - word.count) <= 1 }
        guard let best = near.first, best.cost <= 1 else { return nil }
        if near.count > 1, near[1].cost == best.cost, near[1].entry.zipf + 50 > best.entry.zipf { return nil }
        let cased = Self.cased(best.entry.word, typed: word, shift: shift)
        return Suggestion(word: cased, delete: word.count, insert: cased, kind: .correction)
    }

    /// A word cased for the keyboard: caps lock or capitals typed make it upper
    /// case; a capital typed first, or shift on before the first letter, capitalise it.
    public static func cased(_ word: String, typed prefix: String, shift: ShiftState) -> String {
        Casing(typed: prefix, shift: shift).apply(to: word)
    }

    /// How the words offered for one prefix are cased: decided once per prefix,
    /// not once per word (it looks at every letter typed).
    struct Casing {
        enum Mode { case asWritten, capitalised, upper }
        let mode: Mode

        init(typed prefix: String, shift: ShiftState) {
            let upper: Bool, firstUpper: Bool?
            // Bytes while ASCII, in one pass: Character's letter and case properties cost a table lookup each.
            var letters = 0, capitals = 0, ascii = true
            for b in prefix.utf8 {
                if b >= 0x80 { ascii = false; break }
                if b >= 65 && b <= 90 { letters += 1; capitals += 1 } else if b >= 97 && b <= 122 { letters += 1 }
            }
            if ascii {
                upper = letters >= 2 && capitals == letters
                firstUpper = prefix.utf8.first.map { $0 >= 65 && $0 <= 90 }
            } else {
                let letters = prefix.filter(\.isLetter)
                upper = letters.count >= 2 && letters.allSatisfy(\.isUppercase)
                firstUpper = prefix.first.map(\.isUppercase)
            }
            if shift == .locked || upper {
                mode = .upper
            } else if firstUpper ?? (shift == .once) {
                mode = .capitalised
            } else {
                mode = .asWritten
            }
        }

        func apply(to word: String) -> String {
            switch mode {
            case .asWritten: return word
            case .upper: return word.uppercased()
            case .capitalised:
                guard let first = word.first else { return word }
                return first.uppercased() + word.dropFirst()
            }
        }
    }

    /// A Zipf frequency (times 100) as a probability per word: from a table,
    /// since every word offered on every keystroke needs one.
    static func probability(zipf: Int) -> Double {
        zipf >= 0 && zipf < zipfProbabilities.count ? zipfProbabilities[zipf] : SeriesMath.power(10, Double(zipf) / 100 - 9)
    }

    /// 10^(zipf/100 − 9) for Zipf values 0 to 9.99 (the lexicons' range).
    private static let zipfProbabilities: [Double] = (0 ..< 1000).map { SeriesMath.power(10, Double($0) / 100 - 9) }
}
