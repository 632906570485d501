/// What the keyboard knows of the text before the cursor: what it typed since
/// the focus last moved, for suggestions and learning.
public struct TypedText: Hashable, Sendable {
    /// The text before the cursor: its last `kept` characters at least (all of
    /// it when shorter), and at most `2 · kept` bytes beyond those.
    public private(set) var text: String = ""
    /// Whether `text` begins where the field's text does (the focus just moved
    /// to an empty field, or the caret's text was read), so it starts a sentence.
    public private(set) var fromStart: Bool
    /// How many characters are kept at least: enough for the words suggestions look at.
    public static let kept = 120

    /// Empty text; `fromStart` when the cursor is known to be at the start of a field.
    public init(fromStart: Bool = true) { self.fromStart = fromStart }

    /// Text read from a field: its last `kept` characters, `fromStart` when it is all the text before the cursor.
    public init(read: String, fromStart: Bool) {
        text = String(read.suffix(Self.kept))
        self.fromStart = fromStart && text.count == read.count
    }

    /// A keystroke went out: text is added, backspace takes a character off,
    /// return starts a line; any other key (arrows, tab, a chord) may move the
    /// cursor anywhere, so what was known is dropped.
    public mutating func type(_ keystroke: Keystroke) {
        switch keystroke {
        case .text(let typed):
            text += typed
            // Counting characters walks the whole text: it is cut back to `kept`
            // characters only once its bytes are twice that (once in `kept`
            // ASCII keystrokes, not at every one once the text is long).
            if text.utf8.count > 2 * Self.kept, text.count > Self.kept {
                text.removeFirst(text.count - Self.kept)
                fromStart = false
            }
        case .keysym(let symbol) where symbol == .backSpace:
            if text.isEmpty { fromStart = false } else { text.removeLast() }
        case .keysym(let symbol) where symbol == .return:
            text += "\n"
        case .keysym, .chord:
            self = TypedText(fromStart: false)
        }
    }

    /// Whether a character can be part of a word: a letter, or an apostrophe or hyphen after one.
    static func isLetter(_ c: Character) -> Bool { c.isLetter }
    /// An ASCII letter by its byte: where a byte is a character, without Character's Unicode tables.
    static func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
    static func isJoiner(_ c: Character) -> Bool { c == "'" || c == "-" || c == "’" }

    /// The word being typed: the letters right before the cursor (with an
    /// apostrophe or hyphen inside or just typed after a letter: `don'`).
    public var currentWord: Substring {
        wordEnding(at: text.endIndex, allowTrailingJoiner: true)
    }

    /// The word before the current one, when only spaces (or a hyphen-free run of
    /// spaces) separate them and no sentence ended between: the context of a pair.
    public var previousWord: Substring? { previousWord(before: currentWord) }

    /// `previousWord`, with the current word already found.
    func previousWord(before currentWord: Substring) -> Substring? {
        // Spaces are walked back by byte: a space before a word's first letter
        // (or before another space) is a character of its own, and stepping back
        // by characters looked for grapheme breaks at every step.
        let bytes = text.utf8
        var i = currentWord.startIndex
        var sawSpace = false
        while i > bytes.startIndex {
            let before = bytes.index(before: i)
            guard bytes[before] == UInt8(ascii: " ") else { break }
            sawSpace = true
            i = before
        }
        guard sawSpace || currentWord.isEmpty, i > text.startIndex else { return nil }
        let word = wordEnding(at: i, allowTrailingJoiner: false)
        return word.isEmpty ? nil : word
    }

    /// Whether the current word starts a sentence: at a field's start, after a
    /// line break, or after `.`, `!` or `?` and a space.
    public var atSentenceStart: Bool {
        let start = currentWord.startIndex
        if start > text.startIndex, text[text.index(before: start)] == "\n" { return true }
        guard let (end, spaced) = beforeSpaces(at: start) else { return fromStart }
        return spaced && ".!?".contains(end)
    }

    /// The character before the current word and the spaces before it, and
    /// whether there were spaces; nil when only spaces (or nothing) come before.
    /// (Walked from the word back, not counted over the whole text: the strip
    /// asks this at every keystroke.)
    public var beforeCurrentWord: (character: Character, spaced: Bool)? {
        beforeSpaces(at: currentWord.startIndex)
    }

    private func beforeSpaces(at index: String.Index) -> (character: Character, spaced: Bool)? {
        var i = index
        var spaced = false
        while i > text.startIndex {
            let before = text.index(before: i)
            let c = text[before]
            guard c == " " else { return (c, spaced) }
            spaced = true
            i = before
        }
        return nil
    }

    private func wordEnding(at end: String.Index, allowTrailingJoiner: Bool) -> Substring {
        asciiWordEnding(at: end, allowTrailingJoiner: allowTrailingJoiner)
            ?? wordEndingByCharacters(at: end, allowTrailingJoiner: allowTrailingJoiner)
    }

    /// `wordEndingByCharacters` over bytes while they are ASCII, where a byte
    /// is a character (walking characters finds grapheme breaks, many times
    /// the cost); nil at the first byte that is not ASCII.
    private func asciiWordEnding(at end: String.Index, allowTrailingJoiner: Bool) -> Substring? {
        let bytes = text.utf8
        func isJoiner(_ b: UInt8) -> Bool { b == UInt8(ascii: "'") || b == UInt8(ascii: "-") }
        var start = end
        while start > bytes.startIndex {
            let before = bytes.index(before: start)
            let b = bytes[before]
            guard b < 0x80 else { return nil }
            if Self.isASCIILetter(b) {
                start = before
            } else if isJoiner(b), before > bytes.startIndex, start < end || allowTrailingJoiner {
                let letter = bytes[bytes.index(before: before)]
                guard letter < 0x80 else { return nil }
                guard Self.isASCIILetter(letter) else { break }
                start = before
            } else {
                break
            }
        }
        while start < end, isJoiner(bytes[start]) { start = bytes.index(after: start) }
        // Made from the bytes' view: the bounds are character boundaries already
        // (ASCII all round), and the string's own subscript looked for grapheme breaks to round them.
        return Substring(bytes[start ..< end])
    }

    /// The word ending at `end`, character by character (any script).
    func wordEndingByCharacters(at end: String.Index, allowTrailingJoiner: Bool) -> Substring {
        var start = end
        while start > text.startIndex {
            let before = text.index(before: start)
            let c = text[before]
            if Self.isLetter(c) {
                start = before
            } else if Self.isJoiner(c), before > text.startIndex, Self.isLetter(text[text.index(before: before)]),
                      start < end || allowTrailingJoiner {
                // A joiner counts between letters, or last while the word is still being typed.
                start = before
            } else {
                break
            }
        }
        // A word never starts with a joiner.
        while start < end, Self.isJoiner(text[start]) { start = text.index(after: start) }
        return text[start ..< end]
    }
}
