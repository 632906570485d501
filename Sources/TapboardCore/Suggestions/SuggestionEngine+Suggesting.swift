/// The strip's words for the text before the cursor, and the autocorrection of
/// the word just typed: candidates from the lexicon, the shipped and learned
/// pairs, the learned words and corrections, scored and cased.
extension SuggestionEngine {
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

    /// A Zipf frequency (times 100) as a probability per word: from a table,
    /// since every word offered on every keystroke needs one.
    static func probability(zipf: Int) -> Double {
        zipf >= 0 && zipf < zipfProbabilities.count ? zipfProbabilities[zipf] : SeriesMath.power(10, Double(zipf) / 100 - 9)
    }

    /// 10^(zipf/100 − 9) for Zipf values 0 to 9.99 (the lexicons' range).
    private static let zipfProbabilities: [Double] = (0 ..< 1000).map { SeriesMath.power(10, Double($0) / 100 - 9) }
}
