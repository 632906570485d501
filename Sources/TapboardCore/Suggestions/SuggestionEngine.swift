/// Suggestions for a language: completions of the word being typed, the next
/// word after it, corrections of letters that begin no word; and learning the
/// user's words and pairs as they are typed. Pure: the lexicon and what was
/// learned are given, nothing is read or written here.
public struct SuggestionEngine: Sendable {
    /// The language's words, once read.
    public var lexicon: Lexicon? { didSet { contextCache = ContextCache() } }
    /// The word pairs the language ships with, if it has them (read with the lexicon).
    public var shippedPairs: WordPairs? { didSet { contextCache = ContextCache() } }
    /// What the user typed before.
    public var learned: LearnedWords
    /// Which letters are neighbours on the layout shown.
    public var corrector = Corrector(neighbours: KeyNeighbours())
    /// What was typed before the cursor.
    public private(set) var typed = TypedText()
    /// Whether words are learned as they are typed.
    public var learns: Bool
    /// The last keystroke was the space after a chosen suggestion: punctuation typed now takes its place.
    public private(set) var spaceFromSuggestion = false

    /// How much each source counts: the lexicon's frequencies, the user's words, the user's pairs.
    public var lexiconWeight = 0.2, wordWeight = 0.3, pairWeight = 0.5
    /// How much the shipped pairs count: P(word | previous word) from text that is not the user's.
    public var shippedPairWeight = 0.4
    /// The shipped followers of the contexts last asked for (internal: `shippedFollowers` fills it).
    var contextCache = ContextCache()
    /// A word not in the lexicon is offered once typed this many times (so a typo typed once never is).
    public static let timesBeforeOffered = 2
    /// Words longer than this get no corrections.
    public static let longestCorrected = 12

    /// An engine with a lexicon (nil while it is not read yet), the shipped pairs and what was learned.
    public init(lexicon: Lexicon?, shippedPairs: WordPairs? = nil, learned: LearnedWords = LearnedWords(), learns: Bool = true) {
        self.lexicon = lexicon
        self.shippedPairs = shippedPairs
        self.learned = learned
        self.learns = learns
    }

    // MARK: - Typing

    /// A keystroke went out: the text before the cursor follows it, and a word
    /// it ends (a letter's run followed by anything else) is learned.
    public mutating func typed(_ keystroke: Keystroke) {
        // The word is found only when the keystroke ends it: a letter (most keystrokes) asks nothing of the text.
        if learns, Self.endsWord(keystroke), case let word = typed.currentWord, !word.isEmpty {
            learn(String(word), atSentenceStart: typed.atSentenceStart, after: typed.previousWord.map(String.init))
        }
        typed.type(keystroke)
        spaceFromSuggestion = false
    }

    /// The cursor moved somewhere the keyboard did not see (the focus went to
    /// another field): nothing before it is known.
    public mutating func resetText() {
        typed = TypedText(fromStart: false)
        spaceFromSuggestion = false
    }

    /// The text before the cursor was read from the field (the caret moved
    /// where the keyboard did not type, or the focus came to a field with text).
    public mutating func textRead(_ text: TypedText) {
        typed = text
        spaceFromSuggestion = false
    }

    /// A suggestion was chosen and typed with its space.
    public mutating func chose(_ suggestion: Suggestion) {
        for _ in 0 ..< suggestion.delete { typed(.keysym(.backSpace)) }
        typed(.text(suggestion.insert))
        typed(.text(" "))
        spaceFromSuggestion = true
    }

    /// Whether a keystroke ends the word before it: a space, punctuation, return.
    static func endsWord(_ keystroke: Keystroke) -> Bool {
        switch keystroke {
        case .text(let text):
            // One ASCII byte (most keystrokes) is read without the Unicode tables:
            // asked of every keystroke before it goes out.
            if text.utf8.count == 1, let b = text.utf8.first, b < 0x80 {
                return !TypedText.isASCIILetter(b) && b != UInt8(ascii: "'") && b != UInt8(ascii: "-")
            }
            guard let c = text.first else { return false }
            // A joiner right after letters may be inside a word (don't, e-mail): not yet an end.
            return !c.isLetter && !TypedText.isJoiner(c)
        case .keysym(let symbol): return symbol == .return
        case .chord: return false
        }
    }

    /// Counts a finished word and its pair; a capital only because a sentence starts is not learned.
    private mutating func learn(_ word: String, atSentenceStart: Bool, after previous: String?) {
        var word = word
        while let last = word.last, TypedText.isJoiner(last) { word.removeLast() }
        guard !word.isEmpty, word.count <= 40 else { return }
        if atSentenceStart, let first = word.first, first.isUppercase, !word.dropFirst().contains(where: \.isUppercase) {
            let lowered = first.lowercased() + word.dropFirst()
            let known = lexicon?.words(matching: word).first?.word
            // `The` at a sentence's start is `the`; `Paris` and `I` stay as the lexicon writes them.
            if known == nil || known == lowered || learned.use(of: lowered) != nil { word = lowered }
        }
        // `previous.map(fold)` made a closure of `fold` holding a copy of the engine.
        learned.learn(word, folded: fold(word), after: previous.map { fold($0) })
    }

    /// Folded as the lexicon folds (lower case only until it is read).
    public func fold(_ text: String) -> String { lexicon?.fold(text) ?? text.lowercased() }
}
