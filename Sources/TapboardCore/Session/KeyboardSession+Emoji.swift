/// The strip's emoji: `:` with three letters offers the emoji they name. (The
/// emoji page and its search are a part: `EmojiPart`.)
extension KeyboardSession {
    /// The letters after a `:` that ends no word (`:joy`, not `http:` or `12:30`),
    /// when there are at least three: the strip offers the emoji they name.
    static func colonQuery(_ text: String) -> Substring? {
        guard let colon = text.lastIndex(of: ":") else { return nil }
        let query = text[text.index(after: colon)...]
        guard query.count >= 3, query.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        if colon > text.startIndex {
            // By its last scalar: a keycap emoji (1️⃣) ends in a mark, not in its digit.
            let before = text[text.index(before: colon)].unicodeScalars.last!
            if before.properties.isAlphabetic || before.properties.numericType != nil || before == ":" || before == "/" { return nil }
        }
        return query
    }

    /// The strip's emoji for `:` and a name typed, each replacing what was typed
    /// from the colon; nil when nothing like it was typed, or in a terminal (where
    /// `:` and a word are commands). The files are asked for the first time.
    mutating func colonSuggestions(_ typed: String, limit: Int) -> [Suggestion]? {
        guard let query = Self.colonQuery(typed), focusedField?.kind != .terminal else { return nil }
        core.askEmojiFiles()
        let found = EmojiPanel.find(String(query), in: core.emojiFiles.loaded, limit: limit)
        return found.map { Suggestion(word: $0, delete: query.count + 1, insert: $0, kind: .completion) }
    }
}
