/// The lexicon's words as the keys a gesture passes through, for one set of
/// letter keys (not one size: positions come from `SwipeKeys` at decode time,
/// so a resize keeps the index). Built lazily, one folded first letter at a
/// time (a decode needs only the letters of the keys near its start), and kept
/// grouped by first and last key, so a decode reads only those buckets.
///
/// A word's keys are its letters' keys in order: a letter with a key of its
/// own uses it (`ä` on a German page); otherwise the letter folded as the
/// lexicon folds it (`é` uses `e`); a character with no key is skipped, and
/// a letter repeated on the same key is one point (`hello` is h e l o).
struct SwipeWordIndex: Sendable {
    /// The letters of the keys it was made for, in key order.
    let letters: [String]
    /// Each key's letter folded as the lexicon folds it: the words starting on
    /// that key are under that first letter.
    let foldedFirst: [Unicode.Scalar?]
    /// Whether some key's letter is not its own folded form (`ä`, `й`): then a
    /// word's keys come from the word as written, not from its folded form.
    let readsWords: Bool
    /// The keys a scalar is drawn through, for scalars below `tableSize`: -2 not
    /// looked up yet, -1 none, -3 several (in `multiKeys`), else the key.
    private var table: [Int16]
    private var multiKeys: [Unicode.Scalar: [UInt8]] = [:]
    private static let tableSize = 0x600
    /// Built chunks by folded first letter.
    private(set) var chunks: [Unicode.Scalar: Chunk] = [:]

    /// The words under one folded first letter.
    struct Chunk: Sendable {
        /// Each bucket's range of words, by `first << 8 | last` key.
        var buckets: [UInt16: Range<Int32>] = [:]
        /// Word i's keys are `keys[keyStart[i] ..< keyStart[i + 1]]`.
        var keyStart: [Int32] = [0]
        var keys: [UInt8] = []
        /// Word i's folded form is `folded[foldedStart[i] ..< foldedStart[i + 1]]`, and it is
        /// the `ordinal[i]`-th word of the lexicon with that folded form: enough to find it again.
        var foldedStart: [Int32] = [0]
        var folded: [UInt8] = []
        var ordinal: [UInt8] = []
        /// Zipf frequency times 100.
        var zipf: [Int16] = []

        var count: Int { zipf.count }
        /// Bytes held, for the memory figure.
        var bytes: Int { keyStart.count * 8 + keys.count + folded.count + ordinal.count + zipf.count * 2 + buckets.count * 16 }
    }

    /// Makes an empty index for these keys.
    init(keys: SwipeKeys, lexicon: Lexicon) {
        letters = keys.letters
        var readsWords = false
        foldedFirst = keys.letters.map { letter in
            let folded = lexicon.fold(letter)
            if folded != letter { readsWords = true }
            return folded.unicodeScalars.first
        }
        self.readsWords = readsWords
        table = Array(repeating: -2, count: Self.tableSize)
        var index: [Unicode.Scalar: Int] = [:]
        for (k, letter) in keys.letters.enumerated() { index[letter.unicodeScalars.first!] = k }
        keyIndex = index
    }

    private let keyIndex: [Unicode.Scalar: Int]

    /// Bytes held by the built chunks.
    var bytes: Int { chunks.values.reduce(0) { $0 + $1.bytes } + table.count * 2 }

    /// The keys a character of a word is drawn through (appended to `out`).
    private mutating func appendKeys(of scalar: Unicode.Scalar, lexicon: Lexicon, to out: inout [UInt8]) {
        let v = Int(scalar.value)
        if v < Self.tableSize {
            let t = table[v]
            if t >= 0 { out.append(UInt8(t)); return }
            if t == -1 { return }
            if t == -3 { out += multiKeys[scalar]!; return }
        } else if let keys = multiKeys[scalar] {
            out += keys
            return
        }
        let keys = lookUp(scalar, lexicon: lexicon)
        if v < Self.tableSize, keys.count <= 1 {
            table[v] = keys.first.map { Int16($0) } ?? -1
        } else {
            if v < Self.tableSize { table[v] = -3 }
            multiKeys[scalar] = keys
        }
        out += keys
    }

    /// Its own key when lower-cased, else the keys of its folded form's letters.
    private func lookUp(_ scalar: Unicode.Scalar, lexicon: Lexicon) -> [UInt8] {
        let lower = String(scalar).lowercased()
        if lower.unicodeScalars.count == 1, let k = keyIndex[lower.unicodeScalars.first!] { return [UInt8(k)] }
        return lexicon.fold(lower).unicodeScalars.compactMap { keyIndex[$0].map(UInt8.init) }
    }

    /// A word's keys, a repeated key once.
    mutating func keys(of word: String, lexicon: Lexicon) -> [UInt8] {
        var raw: [UInt8] = []
        for scalar in word.unicodeScalars { appendKeys(of: scalar, lexicon: lexicon, to: &raw) }
        return Self.collapsed(raw)
    }

    private static func collapsed(_ raw: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        for k in raw where out.last != k { out.append(k) }
        return out
    }

    /// The chunk of words whose folded form begins with `letter`, built now if it was not.
    mutating func chunk(_ letter: Unicode.Scalar, lexicon: Lexicon) -> Chunk {
        if let built = chunks[letter] { return built }
        let built = build(letter, lexicon: lexicon)
        chunks[letter] = built
        return built
    }

    /// Builds one more chunk that a key starts; false when all are built.
    mutating func buildNext(lexicon: Lexicon) -> Bool {
        guard let letter = foldedFirst.lazy.compactMap({ $0 }).first(where: { self.chunks[$0] == nil }) else { return false }
        _ = chunk(letter, lexicon: lexicon)
        return true
    }

    private mutating func build(_ letter: Unicode.Scalar, lexicon: Lexicon) -> Chunk {
        // Words in file order first, then laid out by bucket.
        var keyStart: [Int32] = [0], keys: [UInt8] = [], foldedStart: [Int32] = [0], folded: [UInt8] = []
        var ordinal: [UInt8] = [], zipf: [Int16] = [], bucketOf: [UInt16] = []
        var previous: [UInt8] = []
        var sameAsPrevious = 0
        var raw: [UInt8] = []
        lexicon.forEachWord(beginningWith: String(letter)) { key, zipfOf, entry in
            if key.elementsEqual(previous) {
                sameAsPrevious += 1
            } else {
                sameAsPrevious = 0
                previous.removeAll(keepingCapacity: true)
                previous += key
            }
            raw.removeAll(keepingCapacity: true)
            if readsWords {
                for scalar in entry().word.unicodeScalars { appendKeys(of: scalar, lexicon: lexicon, to: &raw) }
            } else {
                // The folded form's letters are the keys' own: no need to make the word's string.
                var i = key.startIndex
                while i < key.endIndex {
                    let b0 = UInt32(key[i])
                    var scalar = b0, extra = 0
                    if b0 >= 0xF0 { scalar = b0 & 0x07; extra = 3 } else if b0 >= 0xE0 { scalar = b0 & 0x0F; extra = 2 } else if b0 >= 0xC0 { scalar = b0 & 0x1F; extra = 1 }
                    i += 1
                    while extra > 0, i < key.endIndex { scalar = scalar << 6 | UInt32(key[i] & 0x3F); i += 1; extra -= 1 }
                    if let s = Unicode.Scalar(scalar) { appendKeys(of: s, lexicon: lexicon, to: &raw) }
                }
            }
            // A word on one key is a tap, not a gesture; an ordinal past 255 cannot be stored (never seen).
            var distinct = 0
            for (j, k) in raw.enumerated() where j == 0 || raw[j - 1] != k { distinct += 1 }
            guard distinct >= 2, sameAsPrevious < 256 else { return true }
            let before = keys.count
            for (j, k) in raw.enumerated() where j == 0 || raw[j - 1] != k { keys.append(k) }
            keyStart.append(Int32(keys.count))
            folded += key
            foldedStart.append(Int32(folded.count))
            ordinal.append(UInt8(sameAsPrevious))
            zipf.append(Int16(clamping: zipfOf()))
            bucketOf.append(UInt16(keys[before]) << 8 | UInt16(keys[keys.count - 1]))
            return true
        }
        // Laid out by bucket, the most frequent first within one: a decode then
        // meets the likely words early, and the rest are cut short sooner.
        let order = bucketOf.indices.sorted { (bucketOf[$0], -zipf[$0], $0) < (bucketOf[$1], -zipf[$1], $1) }
        var chunk = Chunk()
        chunk.keys.reserveCapacity(keys.count)
        chunk.folded.reserveCapacity(folded.count)
        var bucketStart = 0
        for (n, i) in order.enumerated() {
            if n > 0, bucketOf[i] != bucketOf[order[n - 1]] {
                chunk.buckets[bucketOf[order[n - 1]]] = Int32(bucketStart) ..< Int32(n)
                bucketStart = n
            }
            chunk.keys += keys[Int(keyStart[i]) ..< Int(keyStart[i + 1])]
            chunk.keyStart.append(Int32(chunk.keys.count))
            chunk.folded += folded[Int(foldedStart[i]) ..< Int(foldedStart[i + 1])]
            chunk.foldedStart.append(Int32(chunk.folded.count))
            chunk.ordinal.append(ordinal[i])
            chunk.zipf.append(zipf[i])
        }
        if let last = order.last { chunk.buckets[bucketOf[last]] = Int32(bucketStart) ..< Int32(order.count) }
        return chunk
    }

    /// The word a chunk's entry stands for, as the lexicon writes it.
    static func word(_ i: Int, of chunk: Chunk, in lexicon: Lexicon) -> Lexicon.Entry? {
        let folded = chunk.folded[Int(chunk.foldedStart[i]) ..< Int(chunk.foldedStart[i + 1])]
        var seen = 0
        var found: Lexicon.Entry?
        // The exact folded form sorts first among the words it begins.
        lexicon.forEachWord(beginningWith: String(decoding: folded, as: UTF8.self)) { key, _, entry in
            guard key.elementsEqual(folded) else { return false }
            if seen == Int(chunk.ordinal[i]) { found = entry(); return false }
            seen += 1
            return true
        }
        return found
    }
}
