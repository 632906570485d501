import Synchronization

/// A language's words with their frequencies, for completions: read in place
/// from the text `scripts/make-lexicons` writes (a `# fold` line, then
/// `FOLDED<TAB>WORD<TAB>ZIPF` lines sorted by FOLDED, or `WORD<TAB>ZIPF` where
/// the word is its own folded form), so the words are never copied. Lookups fold what was typed the way the file folded its words
/// (lower case, accents off), so `cafe` finds `café` and `Haus` finds `haus`.
/// A class: the engine and its lookups pass it around at every keystroke, and
/// as a struct each copy retained and released its seven references, a cache line
/// each, cold at a hand's pace (callgrind with the caches emptied before each tap).
public final class Lexicon: @unchecked Sendable {
    /// One word of the lexicon.
    public struct Entry: Hashable, Sendable {
        /// The word as it is written.
        public var word: String
        /// Its Zipf frequency times 100 (300: once per billion words; 700: very common).
        public var zipf: Int
    }

    // Internal rather than private where the extensions in Lexicon+*.swift read them.
    let bytes: UnsafeRawBufferPointer
    /// Keeps the bytes alive (a mapping, an array).
    private let owner: AnyObject
    /// Where each word's line starts, in file order (sorted by folded key).
    let lines: [Int32]
    /// Each line's frequency, parsed once: a short beginning's scan reads
    /// thousands of them, which in the file meant a walk to each line's last
    /// column and a cache miss per line (a tenth of the strip's instructions,
    /// callgrind at 50 taps/s), here two bytes each, side by side.
    let zipfs: [UInt16]
    /// What a letter folds to, beyond lower-casing (from the `# fold` line).
    private let folds: [Unicode.Scalar: String]
    /// Whether `folds` changes an ASCII letter (then `fold` takes the general path for every text).
    private let foldsASCII: Bool
    /// For folded beginnings of one or two characters, their most frequent
    /// words, most frequent first, as entries made on first use (from `shortRuns`).
    let tops = TopsCache()
    /// The most frequent lines of every beginning of up to two characters (and
    /// of none: nothing typed yet), by its number of characters, worked out as
    /// the file is read. A short beginning matches thousands of lines: looked
    /// for at its first keystroke, each new one cost a scan of them (about 50k
    /// instructions, ~30 of the first 200 keystrokes of a session; callgrind).
    let shortRuns: [Runs]
    /// How many lines `tops` keeps per beginning.
    public static let topsKept = 16
    /// The first 8 bytes of the key of every `blockSize`th line (zero after a
    /// short key's end), big-endian so they sort as the keys do: a binary search
    /// starts in these few kilobytes, which stay in the cache, and ends among
    /// one block's neighbouring lines. Straight over the whole file, each of
    /// a keystroke's lookups missed the cache at every probe (the strip makes
    /// tens of lookups per keystroke, between which the X server and the
    /// application run).
    let blockKeys: [UInt64]
    static let blockSize = 64

    /// Reads a lexicon's bytes, which `owner` keeps alive and unchanged; only the
    /// line starts are indexed (one pass), the words stay where they are.
    public init(bytes: UnsafeRawBufferPointer, owner: AnyObject) throws(LineError) {
        self.bytes = bytes
        self.owner = owner
        var starts: [Int32] = []
        var numbers: [Int] = []
        var zipfs: [UInt16] = []
        var folds: [Unicode.Scalar: String] = [:]
        var start = 0, number = 0
        while start < bytes.count {
            number += 1
            let end = bytes[start...].firstIndex(of: 10) ?? bytes.count
            if number == 1, bytes[start ..< end].starts(with: Array("# fold".utf8)) {
                let header = String(decoding: bytes[start ..< end], as: UTF8.self)
                for pair in header.dropFirst(6).split(separator: " ") {
                    // `éé`-style pairs: a letter and what it folds to; `x=yz` when that is longer.
                    let scalars = Array(pair.unicodeScalars)
                    guard scalars.count >= 2 else { throw LineError(line: 1, reason: "fold pair '\(pair)' has no folded form") }
                    let rest = scalars[1] == "=" ? scalars.dropFirst(2) : scalars.dropFirst()
                    folds[scalars[0]] = String(String.UnicodeScalarView(rest))
                }
            } else if end > start {
                let tabs = bytes[start ..< end].filter { $0 == 9 }.count
                guard tabs == 1 || tabs == 2 else { throw LineError(line: number, reason: "expected WORD<TAB>ZIPF or FOLDED<TAB>WORD<TAB>ZIPF") }
                guard end <= Int(Int32.max) else { throw LineError(line: number, reason: "the file is larger than 2 GB") }
                starts.append(Int32(start))
                numbers.append(number)
                zipfs.append(Self.number(after: bytes[start ..< end].lastIndex(of: 9)!, to: end, in: bytes))
            }
            start = end + 1
        }
        lines = starts
        self.zipfs = zipfs
        blockKeys = stride(from: 0, to: starts.count, by: Self.blockSize).map { Self.leading(bytes, at: Int(starts[$0])) }
        self.folds = folds
        foldsASCII = folds.keys.contains { $0.isASCII }
        // Two characters from the lines, then one and none from those runs' tops.
        let two = Runs(lines: starts, zipfs: zipfs, bytes: bytes)
        let one = Runs(two, characters: 1, lines: starts, zipfs: zipfs, bytes: bytes)
        shortRuns = [Runs(one, characters: 0, lines: starts, zipfs: zipfs, bytes: bytes), one, two]
        // Sorted, or the binary search would miss words (and the runs would be wrong).
        for i in lines.indices.dropFirst() where compare(key(i - 1), key(i)) > 0 {
            throw LineError(line: numbers[i], reason: "not sorted by its first column")
        }
    }

    /// Remembered tops of short beginnings (a reference: lookups do not mutate
    /// the lexicon; locked: a lexicon may be shared between threads).
    final class TopsCache: Sendable {
        let entries = Mutex<[String: [Entry]]>([:])
    }

    /// Reads a lexicon from text in memory.
    public convenience init(text: String) throws(LineError) {
        let storage = ByteStorage(Array(text.utf8))
        try self.init(bytes: storage.buffer, owner: storage)
    }

    /// How many words it has.
    public var count: Int { lines.count }

    /// What is typed, folded as the words were: lower case, accents and apostrophes off (`I'm` is `im`).
    public func fold(_ text: String) -> String {
        // Plain ASCII (most keystrokes of most languages) folds byte by byte:
        // the strip folds what is typed on every key, and the general path's
        // Unicode property lookups were a tenth of its time (perf, 50 taps/s).
        if !foldsASCII, text.utf8.allSatisfy({ $0 < 0x80 }) {
            // Already folded (a lexicon's or a follower's word, mostly): the same string, nothing allocated.
            if !text.utf8.contains(where: { ($0 >= 65 && $0 <= 90) || $0 == UInt8(ascii: "'") }) { return text }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            for b in text.utf8 where b != UInt8(ascii: "'") { bytes.append(b >= 65 && b <= 90 ? b + 32 : b) }
            return String(decoding: bytes, as: UTF8.self)
        }
        var out = ""
        // A combining mark left by lower-casing (Turkish İ is i and a dot above) goes like any accent.
        for scalar in text.lowercased().unicodeScalars
        where scalar != "'" && scalar != "’" && scalar.properties.generalCategory != .nonspacingMark {
            if let folded = folds[scalar] { out += folded } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// The number written between a tab and a line's end (its digits; past 65535 it stays there).
    private static func number(after tab: Int, to end: Int, in bytes: UnsafeRawBufferPointer) -> UInt16 {
        var value = 0
        for b in bytes[(tab + 1) ..< end] where b >= 48 && b <= 57 { value = min(value * 10 + Int(b - 48), Int(UInt16.max)) }
        return UInt16(value)
    }

    /// Byte order of two keys: negative, zero or positive.
    private func compare<A: Collection, B: Collection>(_ a: A, _ b: B) -> Int where A.Element == UInt8, B.Element == UInt8 {
        var ia = a.makeIterator(), ib = b.makeIterator()
        while true {
            switch (ia.next(), ib.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let x?, let y?): if x != y { return x < y ? -1 : 1 }
            }
        }
    }
}
