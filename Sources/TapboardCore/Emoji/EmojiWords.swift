/// A language's words for emoji, for searching the emoji by name: read in
/// place from the text `scripts/make-emoji` writes (a `# fold` line, then
/// `WORD<TAB>NAMED<TAB>KEYWORDS` lines sorted by WORD, folded), its emoji
/// turned into catalog indices once, when the emoji page first opens.
public final class EmojiWords: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    /// Keeps the bytes alive (a mapping, an array).
    private let owner: AnyObject
    /// Each line's word: where it starts and ends in `bytes`, in file order (sorted by bytes).
    let wordStarts: [Int32]
    let wordEnds: [Int32]
    /// The emoji of every line, named ones then keyword ones, as catalog
    /// indices; line `i`'s are `emojiList[listStarts[i] ..< listStarts[i + 1]]`,
    /// the first `namedCounts[i]` of them named.
    let emojiList: [UInt16]
    let listStarts: [Int32]
    let namedCounts: [UInt16]
    /// How many words each emoji's name has (by catalog index): of two names with
    /// the word searched for, the shorter says more about it (`thumbs up` before
    /// `hand with index finger and thumb crossed`).
    let nameLengths: [UInt8]
    /// What a letter folds to, beyond lower-casing (from the `# fold` line).
    private let folds: [Unicode.Scalar: String]

    /// Reads a language's words over the catalog they name; an emoji the catalog
    /// does not have is an error naming the line, as is a file out of order.
    public init(bytes: UnsafeRawBufferPointer, owner: AnyObject, catalog: EmojiCatalog) throws(LineError) {
        self.bytes = bytes
        self.owner = owner
        var folds: [Unicode.Scalar: String] = [:]
        var wordStarts: [Int32] = [], wordEnds: [Int32] = []
        var list: [UInt16] = [], listStarts: [Int32] = [], named: [UInt16] = []
        var nameLengths = [UInt8](repeating: 0, count: catalog.count)
        for (number, range) in try ByteLines(bytes) {
            let (start, end) = (range.lowerBound, range.upperBound)
            let line = bytes[start ..< end]
            if number == 1 {
                guard line.starts(with: Array("# fold".utf8)) else { throw LineError(line: 1, reason: "expected '# fold'") }
                for pair in String(decoding: line, as: UTF8.self).dropFirst(6).split(separator: " ") {
                    let scalars = Array(pair.unicodeScalars)
                    guard scalars.count >= 2 else { throw LineError(line: 1, reason: "fold pair '\(pair)' has no folded form") }
                    folds[scalars[0]] = String(String.UnicodeScalarView(scalars.dropFirst()))
                }
                continue
            }
            if line.isEmpty { continue }
            guard let tab1 = line.firstIndex(of: 9), let tab2 = line[(tab1 + 1)...].firstIndex(of: 9), tab1 > start,
                  !line[(tab2 + 1)...].contains(9) else {
                throw LineError(line: number, reason: "expected WORD<TAB>NAMED<TAB>KEYWORDS")
            }
            if let last = wordStarts.indices.last,
               !bytes[Int(wordStarts[last]) ..< Int(wordEnds[last])].lexicographicallyPrecedes(bytes[start ..< tab1]) {
                throw LineError(line: number, reason: "not sorted by its first column")
            }
            wordStarts.append(Int32(start))
            wordEnds.append(Int32(tab1))
            listStarts.append(Int32(list.count))
            var count = 0
            for (from, to, isName) in [(tab1 + 1, tab2, true), (tab2 + 1, end, false)] {
                for token in bytes[from ..< to].split(separator: 32) {
                    guard let i = catalog.index(of: String(decoding: token, as: UTF8.self)) else {
                        throw LineError(line: number, reason: "'\(String(decoding: token, as: UTF8.self))' is not in the emoji list")
                    }
                    list.append(UInt16(i))
                    if isName {
                        count += 1
                        nameLengths[i] &+= nameLengths[i] < 255 ? 1 : 0
                    }
                }
            }
            named.append(UInt16(count))
        }
        listStarts.append(Int32(list.count))
        self.wordStarts = wordStarts
        self.wordEnds = wordEnds
        self.emojiList = list
        self.listStarts = listStarts
        self.namedCounts = named
        self.nameLengths = nameLengths
        self.folds = folds
    }

    /// Reads a language's words from text in memory.
    public convenience init(text: String, catalog: EmojiCatalog) throws(LineError) {
        let storage = ByteStorage(Array(text.utf8))
        try self.init(bytes: storage.buffer, owner: storage, catalog: catalog)
    }

    /// How many words it has.
    public var count: Int { wordStarts.count }

    /// What is typed, split into words and folded as the file's were: lower case,
    /// accents off, anything but letters and digits between words.
    public func words(of text: String) -> [String] {
        var out: [String] = [], current = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            let p = scalar.properties
            if p.isAlphabetic || p.numericType != nil {
                if let folded = folds[scalar] { current += folded } else { current.unicodeScalars.append(scalar) }
            } else if !current.isEmpty {
                out.append(current)
                current = ""
            }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    /// The lines whose word begins with `prefix` (folded), as a range of line numbers.
    func lines(beginningWith prefix: String) -> Range<Int> {
        var prefix = prefix
        return prefix.withUTF8 { key in
            // The first line not below the prefix, then the first past every line that begins with it.
            func firstLine(where isPast: (Slice<UnsafeRawBufferPointer>) -> Bool) -> Int {
                var low = 0, high = wordStarts.count
                while low < high {
                    let mid = (low + high) / 2
                    if isPast(bytes[Int(wordStarts[mid]) ..< Int(wordEnds[mid])]) { high = mid } else { low = mid + 1 }
                }
                return low
            }
            let from = firstLine { !$0.lexicographicallyPrecedes(key) }
            let to = firstLine { word in
                // Past the run: sorts after the prefix and does not begin with it.
                !word.starts(with: key) && !word.lexicographicallyPrecedes(key)
            }
            return from ..< max(from, to)
        }
    }

    /// How many bytes line `i`'s word has: as many as a prefix's when the prefix is the whole word.
    func wordLength(_ i: Int) -> Int { Int(wordEnds[i] - wordStarts[i]) }
}
