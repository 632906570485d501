/// One word the strip offers, and how tapping it edits the text.
public struct Suggestion: Hashable, Sendable {
    /// Why it is offered.
    public enum Kind: Hashable, Sendable {
        /// Completes the word being typed.
        case completion
        /// The next word, after a space or punctuation.
        case prediction
        /// What the letters typed, which begin no word, were probably meant to be.
        case correction
    }

    /// The word as shown and typed (cased for the shift state and what was typed).
    public var word: String
    /// Characters to take back first (the letters typed, when the word differs from them in more than their continuation).
    public var delete: Int
    /// What to type (the rest of the word, or all of it after `delete`), before a space.
    public var insert: String
    /// Why it is offered.
    public var kind: Kind

    /// Makes a suggestion.
    public init(word: String, delete: Int, insert: String, kind: Kind) {
        self.word = word; self.delete = delete; self.insert = insert; self.kind = kind
    }

    /// The word as an edit of the letters typed: the rest typed after them, or
    /// the letters replaced when they differ (case, accents, a correction).
    public init(word: String, replacing typed: String, kind: Kind) {
        // Bytes while what is typed is ASCII and the word goes on with an ASCII
        // byte or ends there (so no accent joins the last letter): counting
        // characters and dropping them walked grapheme breaks for every word offered.
        let bytes = typed.utf8.count
        if typed.utf8.allSatisfy({ $0 < 0x80 }) {
            if word.utf8.count >= bytes, word.utf8.starts(with: typed.utf8) {
                let rest = word.utf8.dropFirst(bytes)
                if rest.first.map({ $0 < 0x80 }) ?? true {
                    self.init(word: word, delete: 0, insert: String(rest)!, kind: kind)
                    return
                }
            } else if word.utf8.allSatisfy({ $0 < 0x80 }) {
                self.init(word: word, delete: bytes, insert: word, kind: kind)
                return
            }
        }
        if word.hasPrefix(typed) {
            self.init(word: word, delete: 0, insert: String(word.dropFirst(typed.count)), kind: kind)
        } else {
            self.init(word: word, delete: typed.count, insert: word, kind: kind)
        }
    }
}
