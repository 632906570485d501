import Synchronization

/// A mistake in a lexicon or learned-words file, with the line it is on.
public struct LineError: Error, CustomStringConvertible, Equatable {
    /// The line (from 1).
    public var line: Int
    /// What is wrong.
    public var reason: String

    /// One line for the user.
    public var description: String { "line \(line): \(printable(reason))" }
}

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

    private let bytes: UnsafeRawBufferPointer
    /// Keeps the bytes alive (a mapping, an array).
    private let owner: AnyObject
    /// Where each word's line starts, in file order (sorted by folded key).
    private let lines: [Int32]
    /// Each line's frequency, parsed once: a short beginning's scan reads
    /// thousands of them, which in the file meant a walk to each line's last
    /// column and a cache miss per line (a tenth of the strip's instructions,
    /// callgrind at 50 taps/s), here two bytes each, side by side.
    private let zipfs: [UInt16]
    /// What a letter folds to, beyond lower-casing (from the `# fold` line).
    private let folds: [Unicode.Scalar: String]
    /// Whether `folds` changes an ASCII letter (then `fold` takes the general path for every text).
    private let foldsASCII: Bool
    /// For folded beginnings of one or two characters, their most frequent
    /// words, most frequent first, as entries made on first use (from `shortRuns`).
    private let tops = TopsCache()
    /// The most frequent lines of every beginning of up to two characters (and
    /// of none: nothing typed yet), by its number of characters, worked out as
    /// the file is read. A short beginning matches thousands of lines: looked
    /// for at its first keystroke, each new one cost a scan of them (about 50k
    /// instructions, ~30 of the first 200 keystrokes of a session; callgrind).
    private let shortRuns: [Runs]
    /// How many lines `tops` keeps per beginning.
    public static let topsKept = 16
    /// The first 8 bytes of the key of every `blockSize`th line (zero after a
    /// short key's end), big-endian so they sort as the keys do: a binary search
    /// starts in these few kilobytes, which stay in the cache, and ends among
    /// one block's neighbouring lines. Straight over the whole file, each of
    /// a keystroke's lookups missed the cache at every probe (the strip makes
    /// tens of lookups per keystroke, between which the X server and the
    /// application run).
    private let blockKeys: [UInt64]
    private static let blockSize = 64

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
    private final class TopsCache: Sendable {
        let entries = Mutex<[String: [Entry]]>([:])
    }

    /// How many characters a folded key has (continuation bytes are 10xxxxxx).
    private static func characters(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        key.count(where: { $0 & 0xC0 != 0x80 })
    }

    /// A folded text's bytes, in place: an array made for each lookup was a
    /// heap allocation and its release, several a keystroke, each cold.
    private func withKey<T>(_ folded: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        var folded = folded
        return folded.withUTF8(body)
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

    /// The most frequent words that begin with `prefix` (folded), most frequent first.
    public func completions(of prefix: String, limit: Int) -> [Entry] {
        Array(completions(ofFolded: fold(prefix), limit: limit))
    }

    /// `completions(of:limit:)` for a prefix already folded (the strip folds
    /// what is typed once a keystroke), as a slice of the kept tops: no copy.
    func completions(ofFolded folded: String, limit: Int) -> ArraySlice<Entry> {
        guard limit > 0 else { return [] }
        return withKey(folded) { key in
            if limit <= Self.topsKept, case let characters = Self.characters(key), characters < shortRuns.count {
                // Kept as entries: the strip asks for the same beginning's words at every keystroke of a word's first letters.
                let top = tops.entries.withLock { $0[folded] } ?? {
                    let found = shortTop(key, characters: characters).map { entry(Int($0)) }
                    tops.entries.withLock { $0[folded] = found }
                    return found
                }()
                return top.prefix(limit)
            }
            return scan(key, limit: limit).map { entry(Int($0)) }[...]
        }
    }

    /// The most frequent lines of a key of `characters` characters, at most
    /// `topsKept`, from its run (the runs were found as the file was read).
    private func shortTop(_ key: UnsafeBufferPointer<UInt8>, characters: Int) -> ArraySlice<Int32> {
        let low = lowerBound(key)
        guard low < lines.count, keyStarts(low, with: key) else { return [] }
        // The lines before `low` sort below the key, so its run begins there.
        return shortRuns[characters].top(ofRunAt: low)
    }

    /// The most frequent lines whose key begins with `key`, most frequent first.
    private func scan(_ key: UnsafeBufferPointer<UInt8>, limit: Int) -> [Int32] {
        let low = lowerBound(key)
        return top(low ..< prefixEnd(key, from: low), limit: limit)
    }

    /// The `limit` most frequent lines of `range`, most frequent first (equal ones in file order).
    func top(_ range: Range<Int>, limit: Int) -> [Int32] {
        Self.top(range, limit: limit, zipfs: zipfs)
    }

    /// `top(_:limit:)` over the frequencies given.
    static func top(_ range: Range<Int>, limit: Int, zipfs: [UInt16]) -> [Int32] {
        var best: [(line: Int32, zipf: UInt16)] = []
        best.reserveCapacity(limit + 1)
        zipfs.withUnsafeBufferPointer { zipfs in
            for i in range {
                let zipf = zipfs[i]
                guard best.count < limit || zipf > best[best.count - 1].zipf else { continue }
                let at = best.firstIndex { $0.zipf < zipf } ?? best.count
                best.insert((Int32(i), zipf), at: at)
                if best.count > limit { best.removeLast() }
            }
        }
        return best.map(\.line)
    }

    /// The lines whose folded key begins with what `prefix` folds to.
    func lines(beginningWith prefix: String) -> Range<Int> {
        withKey(fold(prefix)) { key in
            let low = lowerBound(key)
            return low ..< prefixEnd(key, from: low)
        }
    }

    /// The first line from `low` on (the first whose key is not below `key`)
    /// whose key does not begin with `key`: galloping from `low`, so a run of
    /// a few lines (most of those the corrector skips) costs a few compares,
    /// and a long one (a first letter's) a logarithm of its length.
    func prefixEnd<K: Collection>(_ key: K, from low: Int) -> Int where K.Element == UInt8 {
        guard !key.isEmpty else { return lines.count }
        // Lines from `low` on begin with the key up to some line, and none after it.
        var inside = low - 1, step = 1
        var outside = low
        while outside < lines.count, keyStarts(outside, with: key) {
            inside = outside
            outside = low + step
            step *= 2
        }
        outside = min(outside, lines.count)
        while outside - inside > 1 {
            let mid = (inside + outside) / 2
            if keyStarts(mid, with: key) { inside = mid } else { outside = mid }
        }
        return outside
    }

    /// Every word whose folded form begins with `prefix`'s, in file order; `body`
    /// returns false to stop. For corrections, which look at many words once.
    public func forEachWord(beginningWith prefix: String,
                            _ body: (_ folded: Slice<UnsafeRawBufferPointer>, _ zipf: () -> Int, _ entry: () -> Entry) -> Bool) {
        for i in lines(beginningWith: prefix) {
            if !body(key(i), { zipf(i) }, { entry(i) }) { return }
        }
    }

    /// Whether some word's folded form begins with what is typed.
    public func hasWord(beginningWith prefix: String) -> Bool {
        hasWord(beginningWithFolded: fold(prefix))
    }

    /// `hasWord(beginningWith:)` for a prefix already folded.
    func hasWord(beginningWithFolded folded: String) -> Bool {
        withKey(folded) { key in
            let i = lowerBound(key)
            return i < lines.count && keyStarts(i, with: key)
        }
    }

    /// The words whose folded form is exactly that of `word` (`cafe`: cafe, café), most frequent first.
    public func words(matching word: String) -> [Entry] {
        withKey(fold(word)) { key in
            var out: [Entry] = []
            var i = lowerBound(key)
            while i < lines.count, keyIs(i, key) {
                out.append(entry(i))
                i += 1
            }
            return out.sorted { $0.zipf > $1.zipf }
        }
    }

    /// The frequency of `word` written exactly so, if the lexicon has it: the
    /// strip asks this of every candidate on every keystroke, so no entry is built.
    public func zipf(ofExactly word: String) -> Int? {
        zipf(ofExactly: word, folded: fold(word))
    }

    /// `zipf(ofExactly:)` for a word already folded as this lexicon folds.
    func zipf(ofExactly word: String, folded: String) -> Int? {
        withKey(folded) { key in
            var i = lowerBound(key)
            while i < lines.count, keyIs(i, key) {
                if bytes[columns(i).word].elementsEqual(word.utf8) { return zipf(i) }
                i += 1
            }
            return nil
        }
    }

    /// A key's first 8 bytes as a big-endian number, zero from its end (a tab, a line's end) on.
    private static func leading<C: Collection>(_ bytes: C, at start: C.Index) -> UInt64 where C.Element == UInt8 {
        var value: UInt64 = 0
        var at = start, ended = false
        for _ in 0 ..< 8 {
            var b: UInt8 = 0
            if !ended, at < bytes.endIndex, bytes[at] != 9, bytes[at] != 10 { b = bytes[at] } else { ended = true }
            value = value << 8 | UInt64(b)
            if !ended { at = bytes.index(after: at) }
        }
        return value
    }

    /// The first line whose key is not below `key`.
    private func lowerBound(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        // Blocks first: a block whose first key's leading bytes are below the
        // key's starts below it; one whose are above starts above it; equal
        // leading bytes decide nothing, so those blocks are searched line by line.
        let lead = Self.leading(key, at: 0)
        var low = 0, high = blockKeys.count
        while low < high {
            let mid = (low + high) / 2
            if blockKeys[mid] < lead { low = mid + 1 } else { high = mid }
        }
        var firstAbove = low
        while firstAbove < blockKeys.count, blockKeys[firstAbove] == lead { firstAbove += 1 }
        return lowerBound(key, in: max(low - 1, 0) * Self.blockSize, min(firstAbove * Self.blockSize, lines.count))
    }

    /// The first line in `low ..< high` whose key is not below `key`, or `high`.
    private func lowerBound(_ key: UnsafeBufferPointer<UInt8>, in low: Int, _ high: Int) -> Int {
        var low = low, high = high
        while low < high {
            let mid = (low + high) / 2
            if keyIsBelow(mid, key) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    // A line's key is read in place, up to its tab (no word has a byte below the
    // tab's, so the tab sorts like the end of the key): finding the tab first
    // cost a scan per probe of every binary search.

    /// Whether line `i`'s key sorts before `key`.
    private func keyIsBelow(_ i: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        var at = Int(lines[i])
        for b in key {
            guard at < bytes.count else { return true }
            let c = bytes[at]
            if c == 9 || c < b { return true }
            if c > b { return false }
            at += 1
        }
        return false
    }

    /// Whether line `i`'s key begins with `key`.
    private func keyStarts<K: Collection>(_ i: Int, with key: K) -> Bool where K.Element == UInt8 {
        var at = Int(lines[i])
        guard at + key.count <= bytes.count else { return false }
        for b in key {
            if bytes[at] != b { return false }
            at += 1
        }
        return true
    }

    /// Whether line `i`'s key is exactly `key` (its tab comes right after).
    private func keyIs(_ i: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = Int(lines[i]) + key.count
        return keyStarts(i, with: key) && end < bytes.count && bytes[end] == 9
    }

    /// A line's folded key, up to its tab.
    func key(_ i: Int) -> Slice<UnsafeRawBufferPointer> {
        let start = Int(lines[i])
        var end = start
        while bytes[end] != 9 { end += 1 }
        return bytes[start ..< end]
    }

    /// Where a line's word is (a two-column line's word is its key). One plain
    /// walk over the line's bytes: `firstIndex(of:)` on slices of the buffer
    /// cost ten times as much, and the strip asks this tens of times a keystroke.
    private func columns(_ i: Int) -> (word: Range<Int>, end: Int) {
        let start = Int(lines[i])
        var tab1 = -1, tab2 = -1
        var end = start
        while end < bytes.count {
            let b = bytes[end]
            if b == 10 { break }
            if b == 9 { if tab1 < 0 { tab1 = end } else if tab2 < 0 { tab2 = end } }
            end += 1
        }
        return (tab2 >= 0 ? (tab1 + 1) ..< tab2 : start ..< tab1, end)
    }

    /// A line's frequency.
    func zipf(_ i: Int) -> Int { Int(zipfs[i]) }

    /// The number written between a tab and a line's end (its digits; past 65535 it stays there).
    private static func number(after tab: Int, to end: Int, in bytes: UnsafeRawBufferPointer) -> UInt16 {
        var value = 0
        for b in bytes[(tab + 1) ..< end] where b >= 48 && b <= 57 { value = min(value * 10 + Int(b - 48), Int(UInt16.max)) }
        return UInt16(value)
    }

    /// A line's word and frequency.
    func entry(_ i: Int) -> Entry {
        Entry(word: bytes.string(columns(i).word), zipf: zipf(i))
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

/// Bytes held in memory, for a lexicon or pairs made from text (files are mapped instead).
final class ByteStorage {
    let pointer: UnsafeMutableRawBufferPointer
    let count: Int
    var buffer: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: pointer[0 ..< count]) }
    init(_ bytes: [UInt8]) {
        count = bytes.count
        pointer = .allocate(byteCount: max(bytes.count, 1), alignment: 1)
        bytes.withUnsafeBytes { pointer.copyMemory(from: $0) }
    }
    deinit { pointer.deallocate() }
}

extension UnsafeRawBufferPointer {
    /// The bytes at `range` as a string, invalid UTF-8 repaired. `String(decoding:
    /// self[range], as: UTF8.self)` took the generic path: a slice of raw bytes
    /// offers no contiguous storage, so it was cast at run time and then copied
    /// a byte at a time (a word of the strip's candidates, many a keystroke).
    func string(_ range: Range<Int>) -> String {
        String(unsafeUninitializedCapacity: range.count) { buffer in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: self[range]))
            return range.count
        }
    }
}
