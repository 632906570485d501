/// The words and word pairs the user typed, with how often and how lately:
/// what makes suggestions the user's own. Bounded; saved as text.
public struct LearnedWords: Equatable, Sendable {
    /// How often and how lately a word or pair was typed.
    public struct Use: Hashable, Sendable {
        /// Times typed.
        public var count: Int
        /// `clock` when last typed.
        public var last: Int
    }

    /// Words by how they are written, with their folded form.
    public private(set) var words: [String: (folded: String, use: Use)] = [:]
    /// Pairs: the previous word (folded) and the words that followed it.
    public private(set) var pairs: [String: [String: Use]] = [:]
    /// The words sorted by folded form, then as written (bytes): the words of a
    /// beginning are one run, found by a binary search, with their uses. (A set
    /// per first letter, each word then hashed, cost 0.12 ms a keystroke with
    /// 20,000 words learned.)
    private var index: [IndexEntry] = []

    /// A word in `index`.
    struct IndexEntry {
        var folded: String
        var word: String
        var use: Use
        /// log2 of its weight, but for the clock: orders words by weight at any clock
        /// (the decay is exponential), so the weightiest are found without a power each.
        var rank: Double
    }
    /// Words learned so far: the clock recency is measured on.
    public private(set) var clock = 0
    /// How many pairs there are.
    public private(set) var pairCount = 0
    /// Learned since the journal was last taken (see `takeJournal`).
    var journal: [Learning] = []
    /// More than `maxJournal` were learned since: only the whole can be written.
    var journalOverflowed = false

    /// At most this many words are kept; the least used and oldest go first.
    public static let maxWords = 20_000
    /// At most this many pairs.
    public static let maxPairs = 50_000
    /// After this many words learned since, a use counts half.
    public static let halfLife = 4_000.0

    /// Nothing learned.
    public init() {}

    /// The same words, pairs and clock (the journal not compared).
    public static func == (a: LearnedWords, b: LearnedWords) -> Bool {
        a.clock == b.clock && a.pairs == b.pairs && a.words.count == b.words.count
            && a.words.allSatisfy { b.words[$0.key]?.use == $0.value.use && b.words[$0.key]?.folded == $0.value.folded }
    }

    /// Whether nothing was learned.
    public var isEmpty: Bool { words.isEmpty }

    /// A use's weight now: its count, halved for every `halfLife` words since it was last typed.
    public func weight(_ use: Use) -> Double {
        let age = Double(clock - use.last)
        return Double(use.count) * Self.decay(age)
    }

    private static func decay(_ age: Double) -> Double {
        SeriesMath.power(0.5, age / halfLife)
    }

    /// The word typed: its use counted, and the pair with the word before it.
    public mutating func learn(_ word: String, folded: String, after previous: String?) {
        clock += 1
        var entry = words[word] ?? (folded, Use(count: 0, last: clock))
        entry.use.count += 1
        entry.use.last = clock
        words[word] = entry
        let at = Self.position(of: entry.folded, word, in: index)
        let indexed = IndexEntry(folded: entry.folded, word: word, use: entry.use, rank: Self.rank(entry.use))
        if at < index.count, index[at].word == word { index[at] = indexed } else { index.insert(indexed, at: at) }
        if let previous {
            // In place: taken out and put back, the followers were copied at every word.
            let clock = clock
            var isNew = false
            // A new pair is told by its default's `last`, which no pair has.
            modify(&pairs[previous, default: [:]][word, default: Use(count: 0, last: .min)]) { use in
                isNew = use.last == .min
                use.count += 1
                use.last = clock
            }
            if isNew { pairCount += 1 }
        }
        if journalOverflowed {
            // Only the whole can be written now.
        } else if journal.count < Self.maxJournal {
            journal.append(Learning(clock: clock, word: word, folded: folded, previous: previous))
        } else {
            journal = []
            journalOverflowed = true
        }
    }

    /// Sets the clock a replayed learning was learned after.
    mutating func setClock(_ value: Int) { clock = value }

    /// Whether it holds a tenth more than its bounds: time to `keepWithinBounds`.
    public var overBounds: Bool {
        words.count > Self.maxWords + Self.maxWords / 10 || pairCount > Self.maxPairs + Self.maxPairs / 10
    }

    /// The learned words whose folded form begins with `folded` (its bytes), in folded order.
    public func words(beginningWith folded: String) -> [(word: String, use: Use)] {
        index[run(beginningWith: folded)].map { ($0.word, $0.use) }
    }

    /// The `limit` weightiest learned words whose folded form begins with `folded`, weightiest first.
    public func words(beginningWith folded: String, weightiest limit: Int) -> [(word: String, use: Use)] {
        words(in: run(beginningWith: folded), weightiest: limit)
    }

    /// The `limit` weightiest learned words of a run `run(beginningWith:)` found, weightiest first.
    func words(in run: Range<Int>, weightiest limit: Int) -> [(word: String, use: Use)] {
        guard limit > 0 else { return [] }
        // Places in `index`, weightiest first (an equal rank after those before
        // it), kept by hand: inserting entries moved their strings through the
        // general replacement's code, cold at every keystroke.
        var best: [Int] = []
        best.reserveCapacity(limit + 1)
        for i in run where best.count < limit || index[i].rank > index[best[best.count - 1]].rank {
            best.append(i)
            var j = best.count - 1
            while j > 0, index[best[j - 1]].rank < index[i].rank {
                best.swapAt(j - 1, j)
                j -= 1
            }
            if best.count > limit { best.removeLast() }
        }
        var out: [(word: String, use: Use)] = []
        out.reserveCapacity(best.count)
        for i in best { out.append((index[i].word, index[i].use)) }
        return out
    }

    /// Whether a learned word's folded form begins with `folded`: one binary search.
    public func hasWord(beginningWith folded: String) -> Bool {
        let low = lowerBound(folded)
        return low < index.count && index[low].folded.utf8.starts(with: folded.utf8)
    }

    /// The first place in `index` whose folded form is not below `folded`.
    private func lowerBound(_ folded: String) -> Int {
        var low = 0, high = index.count
        while low < high {
            let mid = (low + high) / 2
            if index[mid].folded.utf8.lexicographicallyPrecedes(folded.utf8) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Where the words beginning with `folded` are in `index` (empty when none
    /// does: the strip's one search for both whether and which).
    func run(beginningWith folded: String) -> Range<Int> {
        let low = lowerBound(folded)
        var end = low
        while end < index.count, index[end].folded.utf8.starts(with: folded.utf8) { end += 1 }
        return low ..< end
    }

    /// Where (folded, word) is or goes in a sorted index.
    private static func position(of folded: String, _ word: String, in index: [IndexEntry]) -> Int {
        var low = 0, high = index.count
        while low < high {
            let mid = (low + high) / 2
            if precedes(index[mid].folded, index[mid].word, folded, word) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private static func precedes(_ foldedA: String, _ wordA: String, _ foldedB: String, _ wordB: String) -> Bool {
        foldedA == foldedB ? wordA.utf8.lexicographicallyPrecedes(wordB.utf8) : foldedA.utf8.lexicographicallyPrecedes(foldedB.utf8)
    }

    /// `IndexEntry.rank` of a use.
    static func rank(_ use: Use) -> Double {
        SeriesMath.ln(Double(max(use.count, 1))) / SeriesMath.ln(2) + Double(use.last) / halfLife
    }

    /// `index` made again from `words`.
    private mutating func reindex() {
        index = words.map { IndexEntry(folded: $0.value.folded, word: $0.key, use: $0.value.use, rank: Self.rank($0.value.use)) }
        index.sort { Self.precedes($0.folded, $0.word, $1.folded, $1.word) }
    }

    /// The words that followed `previous` (folded), with their uses.
    public func followers(of previous: String) -> [String: Use] { pairs[previous] ?? [:] }

    /// A learned word's folded form.
    public func folded(_ word: String) -> String? { words[word]?.folded }

    /// The use of a word, if learned.
    public func use(of word: String) -> Use? { words[word]?.use }

    /// Drops the least weighty words and pairs down to the bounds. Sorting them
    /// all takes milliseconds: the session does it after a keystroke went out,
    /// never in `learn`, which runs before.
    public mutating func keepWithinBounds() {
        if words.count > Self.maxWords {
            let keep = words.sorted { weight($0.value.use) > weight($1.value.use) }.prefix(Self.maxWords)
            words = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
            reindex()
        }
        if pairCount > Self.maxPairs {
            var all: [(previous: String, word: String, use: Use)] = []
            for (previous, followers) in pairs { for (word, use) in followers { all.append((previous, word, use)) } }
            all.sort { weight($0.use) > weight($1.use) }
            pairs = [:]
            for pair in all.prefix(Self.maxPairs) { pairs[pair.previous, default: [:]][pair.word] = pair.use }
            pairCount = min(all.count, Self.maxPairs)
        }
    }

    // MARK: - The file

    /// The file's first word, then its version.
    static let magic = "tapboard-learned 1"

    /// The learned words as text: a header with the clock, a line a word
    /// (`w WORD FOLDED COUNT LAST`) and a pair (`p PREVIOUS WORD COUNT LAST`),
    /// tab-separated, and a last line with the counts, so a cut file is noticed.
    public func text() -> String {
        var out = "\(Self.magic)\t\(clock)\n"
        for (word, entry) in words.sorted(by: { $0.key < $1.key }) {
            out += "w\t\(word)\t\(entry.folded)\t\(entry.use.count)\t\(entry.use.last)\n"
        }
        var pairLines = 0
        for (previous, followers) in pairs.sorted(by: { $0.key < $1.key }) {
            for (word, use) in followers.sorted(by: { $0.key < $1.key }) {
                out += "p\t\(previous)\t\(word)\t\(use.count)\t\(use.last)\n"
                pairLines += 1
            }
        }
        out += "end\t\(words.count)\t\(pairLines)\n"
        return out
    }

    /// Reads what `text()` wrote; any damage (a cut file, a bad line) is an error naming the line.
    public init(text: String) throws(LineError) {
        var lineNumber = 0
        var ended = false
        var wordLines = 0, pairLines = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if ended {
                guard line.isEmpty else { throw LineError(line: lineNumber, reason: "text after the end line") }
                continue
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if lineNumber == 1 {
                guard fields.count == 2, fields[0] == Self.magic, let clock = Int(fields[1]), clock >= 0 else {
                    throw LineError(line: 1, reason: "not a learned-words file (expected '\(Self.magic)' and a count)")
                }
                self.clock = clock
                continue
            }
            func number(_ field: Substring) throws(LineError) -> Int {
                guard let n = Int(field), n >= 0 else { throw LineError(line: lineNumber, reason: "'\(field)' is not a count") }
                return n
            }
            switch fields.first {
            case "w" where fields.count == 5 && !fields[1].isEmpty && !fields[2].isEmpty:
                let use = Use(count: try number(fields[3]), last: try number(fields[4]))
                let word = String(fields[1]), folded = String(fields[2])
                words[word] = (folded, use)
                wordLines += 1
            case "p" where fields.count == 5 && !fields[1].isEmpty && !fields[2].isEmpty:
                let use = Use(count: try number(fields[3]), last: try number(fields[4]))
                pairs[String(fields[1]), default: [:]][String(fields[2])] = use
                pairLines += 1
            case "end" where fields.count == 3:
                guard try number(fields[1]) == wordLines, try number(fields[2]) == pairLines else {
                    throw LineError(line: lineNumber, reason: "the end line's counts do not match the lines before it")
                }
                ended = true
            default:
                if line.isEmpty, lineNumber > 1 { throw LineError(line: lineNumber, reason: "the file is cut short (no end line)") }
                throw LineError(line: lineNumber, reason: "expected a 'w', 'p' or 'end' line")
            }
        }
        guard ended else { throw LineError(line: lineNumber, reason: "the file is cut short (no end line)") }
        pairCount = pairLines
        reindex()
    }
}

/// Changes a value in place (a dictionary's entry through its defaulting subscript: one hash).
@inline(__always)
private func modify<T>(_ value: inout T, _ change: (inout T) -> Void) { change(&value) }
