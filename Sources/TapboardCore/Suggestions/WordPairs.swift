/// The word pairs a language ships with (`scripts/make-pairs`): for a previous
/// word, the words that follow it and how likely each is, read in place from
/// text (`PREVIOUS<TAB>WORD COST<TAB>WORD COST…`, sorted by PREVIOUS, an
/// optional first `#` line), so nothing is copied until a lookup reads one line.
/// PREVIOUS is folded as the language's lexicon folds; COST is
/// −100·log10 P(WORD | PREVIOUS), the likeliest first.
///
/// A final class, as `Lexicon` is: as a struct every copy (the engine's
/// optional, read at each word's start) retained and released its owner and its
/// line index, two cache lines cold at a hand's pace, through outlined copies
/// (perf at 8 taps a second: about 3 µs a tap).
public final class WordPairs: @unchecked Sendable {
    /// A word that follows another.
    public struct Follower: Hashable, Sendable {
        /// The word, spelled as the lexicon spells it.
        public var word: String
        /// −100·log10 of its probability after the previous word (0: always; 100: one time in ten).
        public var cost: Int

        /// Its probability after the previous word.
        public var probability: Double {
            cost < Self.probabilities.count ? Self.probabilities[cost] : SeriesMath.power(10, -Double(cost) / 100)
        }

        /// 10^(−cost/100) for the costs files mostly give (a line's followers are read at each word's start).
        private static let probabilities: [Double] = (0 ..< 1000).map { SeriesMath.power(10, -Double($0) / 100) }
    }

    private let bytes: UnsafeRawBufferPointer
    /// Keeps the bytes alive (a mapping, an array).
    private let owner: AnyObject
    /// Where each previous word's line starts, in file order (sorted by the previous word).
    private let lines: [Int32]
    /// The largest cost a file may give (a probability of 10⁻⁹⁹ is none).
    public static let maximumCost = 9999

    /// Reads pairs from bytes that `owner` keeps alive and unchanged: one pass
    /// checks every line and indexes where lines start; the words stay where they are.
    public init(bytes: UnsafeRawBufferPointer, owner: AnyObject) throws(LineError) {
        self.bytes = bytes
        self.owner = owner
        var starts: [Int32] = []
        var previous: Range<Int>?
        for (number, line) in try ByteLines(bytes) {
            let (start, end) = (line.lowerBound, line.upperBound)
            if end == start || (number == 1 && bytes[start] == UInt8(ascii: "#")) { continue }
            try Self.check(bytes[start ..< end], line: number)
            let key = start ..< bytes[start ..< end].firstIndex(of: 9)!
            if let previous, !Self.less(bytes[previous], bytes[key]) {
                throw LineError(line: number, reason: "not sorted by its first column (each previous word once)")
            }
            previous = key
            starts.append(Int32(start))
        }
        lines = starts
    }

    /// Reads pairs from text in memory.
    public convenience init(text: String) throws(LineError) {
        let storage = ByteStorage(Array(text.utf8))
        try self.init(bytes: storage.buffer, owner: storage)
    }

    /// How many previous words have followers.
    public var count: Int { lines.count }

    /// The words that follow `previous` (folded as the lexicon folds), likeliest first, at most `limit`.
    public func followers(of previous: String, limit: Int = .max) -> [Follower] {
        var out: [Follower] = []
        forEachFollower(of: previous) { follower in
            out.append(follower)
            return out.count < limit
        }
        return out
    }

    /// Each word that follows `previous` (folded), likeliest first; `body` returns false to stop.
    public func forEachFollower(of previous: String, _ body: (Follower) -> Bool) {
        guard let line = line(of: Array(previous.utf8)) else { return }
        let end = bytes[line...].firstIndex(of: 10) ?? bytes.count
        var i = bytes[line ..< end].firstIndex(of: 9)! + 1
        while i < end {
            let entryEnd = bytes[i ..< end].firstIndex(of: 9) ?? end
            let space = bytes[i ..< entryEnd].firstIndex(of: 32)!
            var cost = 0
            for b in bytes[(space + 1) ..< entryEnd] { cost = cost * 10 + Int(b - 48) }
            if !body(Follower(word: bytes.string(i ..< space), cost: cost)) { return }
            i = entryEnd + 1
        }
    }

    /// Where the line of a previous word starts, if it has one.
    private func line(of key: [UInt8]) -> Int? {
        var low = 0, high = lines.count
        while low < high {
            let mid = (low + high) / 2
            let start = Int(lines[mid])
            let k = bytes[start ..< bytes[start...].firstIndex(of: 9)!]
            if Self.less(k, key[...]) { low = mid + 1 } else { high = mid }
        }
        guard low < lines.count else { return nil }
        let start = Int(lines[low])
        return bytes[start ..< bytes[start...].firstIndex(of: 9)!].elementsEqual(key) ? start : nil
    }

    /// A line is a previous word, then followers `WORD COST` after tabs (one
    /// pass over the bytes: the file is read when the first suggestions need it).
    private static func check(_ line: Slice<UnsafeRawBufferPointer>, line number: Int) throws(LineError) {
        enum Part { case previous, word, cost }
        var part = Part.previous
        var length = 0, followers = 0
        func fail() -> LineError {
            part == .previous
                ? LineError(line: number, reason: "expected PREVIOUS<TAB>WORD COST[<TAB>WORD COST…]")
                : LineError(line: number, reason: "follower \(followers + 1): expected WORD COST (a whole number up to \(maximumCost))")
        }
        for b in line {
            switch (part, b) {
            case (.previous, 9), (.word, 32):
                guard length > 0 else { throw fail() }
                part = part == .previous ? .word : .cost
                length = 0
            case (.previous, 32), (.word, 9): throw fail()
            case (.cost, 9):
                guard length > 0 else { throw fail() }
                part = .word
                length = 0
                followers += 1
            case (.cost, _):
                guard b >= 48, b <= 57, length < 4 else { throw fail() }
                length += 1
            default:
                length += 1
            }
        }
        guard part == .cost, length > 0 else { throw fail() }
    }

    /// Byte order of two keys.
    private static func less<A: Collection, B: Collection>(_ a: A, _ b: B) -> Bool where A.Element == UInt8, B.Element == UInt8 {
        a.lexicographicallyPrecedes(b)
    }
}
