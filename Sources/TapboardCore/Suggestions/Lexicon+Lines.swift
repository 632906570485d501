/// The file's lines read in place: a line's key, word and frequency, and the
/// binary search for a key, which starts in the block keys.
extension Lexicon {
    /// A key's first 8 bytes as a big-endian number, zero from its end (a tab, a line's end) on.
    static func leading<C: Collection>(_ bytes: C, at start: C.Index) -> UInt64 where C.Element == UInt8 {
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
    func lowerBound(_ key: UnsafeBufferPointer<UInt8>) -> Int {
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
    func keyStarts<K: Collection>(_ i: Int, with key: K) -> Bool where K.Element == UInt8 {
        var at = Int(lines[i])
        guard at + key.count <= bytes.count else { return false }
        for b in key {
            if bytes[at] != b { return false }
            at += 1
        }
        return true
    }

    /// Whether line `i`'s key is exactly `key` (its tab comes right after).
    func keyIs(_ i: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
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
    func columns(_ i: Int) -> (word: Range<Int>, end: Int) {
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

    /// A line's word and frequency.
    func entry(_ i: Int) -> Entry {
        Entry(word: bytes.string(columns(i).word), zipf: zipf(i))
    }
}
