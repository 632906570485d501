extension EmojiWords {
    /// How a word of the search matched an emoji, best last: its name has a
    /// word beginning with it, or the word itself, above its keywords likewise.
    enum Match: UInt8, Comparable {
        case none = 0, keywordPrefix = 1, keywordWhole = 2, namePrefix = 4, nameWhole = 8

        static func < (a: Match, b: Match) -> Bool { a.rawValue < b.rawValue }
    }

    /// The emoji offered whose names or keywords match every word of `text`, best
    /// first, at most `limit`: each word scores its best match (a name above a
    /// keyword, a whole word above a beginning); then shorter names (which the
    /// word says more about), then Unicode's order.
    public func search(_ text: String, in catalog: EmojiCatalog, limit: Int) -> [Int] {
        let terms = words(of: text)
        guard !terms.isEmpty, limit > 0 else { return [] }
        var total = [UInt16](repeating: 0, count: catalog.count)
        var matched = [UInt8](repeating: 0, count: catalog.count)
        var best = [Match](repeating: .none, count: catalog.count)
        var touched: [Int] = []
        for (n, term) in terms.enumerated() {
            var seen: [Int] = []
            for line in lines(beginningWith: term) {
                let whole = wordLength(line) == term.utf8.count
                let named = Int(namedCounts[line])
                for (k, position) in (Int(listStarts[line]) ..< Int(listStarts[line + 1])).enumerated() {
                    let i = Int(emojiList[position])
                    // Only emoji every earlier word matched can still be found.
                    guard Int(matched[i]) == n else { continue }
                    let match: Match = k < named ? (whole ? .nameWhole : .namePrefix) : (whole ? .keywordWhole : .keywordPrefix)
                    if best[i] == .none { seen.append(i) }
                    if match > best[i] { best[i] = match }
                }
            }
            for i in seen {
                total[i] += UInt16(best[i].rawValue)
                matched[i] += 1
                best[i] = .none
            }
            touched = seen
        }
        let found = touched.filter { catalog.offered[$0] }
        return Array(found.sorted { a, b in
            if total[a] != total[b] { return total[a] > total[b] }
            if nameLengths[a] != nameLengths[b] { return nameLengths[a] < nameLengths[b] }
            return a < b
        }.prefix(limit))
    }
}
