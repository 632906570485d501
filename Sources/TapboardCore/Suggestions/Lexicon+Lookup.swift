import Synchronization

/// Looking words up: completions of a beginning, whether any word begins so,
/// the words of one folded form, a word's frequency.
extension Lexicon {
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
}
