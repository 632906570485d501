/// A language's files as the storage read them: its lexicon and shipped pairs
/// (mapped by whoever read them), and what it learned before. The session asks
/// for them (`FileRequest.load`) and is handed them (`SessionInput.languageLoaded`).
public struct LoadedLanguage: Hashable, Sendable {
    /// The language.
    public var language: String
    /// Its lexicon; nil when it has none or it could not be read.
    public var lexicon: Lexicon?
    /// The word pairs shipped beside it, if any.
    public var pairs: WordPairs?
    /// What was learned in it before.
    public var learned: LearnedWords

    /// Makes the files of a language.
    public init(language: String, lexicon: Lexicon?, pairs: WordPairs?, learned: LearnedWords) {
        self.language = language; self.lexicon = lexicon; self.pairs = pairs; self.learned = learned
    }

    /// The same files: the same lexicon and pairs read (by identity), the same words learned.
    public static func == (a: LoadedLanguage, b: LoadedLanguage) -> Bool {
        a.language == b.language && a.lexicon === b.lexicon && a.pairs === b.pairs && a.learned == b.learned
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(language) }
}

/// The emoji and their words in a language, read when the emoji page first
/// opens (`FileRequest.loadEmoji`), narrowed to what the fonts can draw.
public struct LoadedEmoji: Hashable, Sendable {
    /// The language of the words.
    public var language: String
    /// The emoji offered.
    public var catalog: EmojiCatalog
    /// The language's words for them (English's where it has none); nil when none could be read.
    public var words: EmojiWords?

    /// Makes the files of the emoji page.
    public init(language: String, catalog: EmojiCatalog, words: EmojiWords?) {
        self.language = language; self.catalog = catalog; self.words = words
    }

    /// The same files (by identity).
    public static func == (a: LoadedEmoji, b: LoadedEmoji) -> Bool {
        a.language == b.language && a.catalog === b.catalog && a.words === b.words
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(language) }

    /// The same, offering only what the fonts can draw (`EmojiCatalog.offering`).
    public func offering(only canDraw: [String: Bool]) -> LoadedEmoji {
        canDraw.isEmpty ? self : LoadedEmoji(language: language, catalog: catalog.offering(only: canDraw), words: words)
    }
}

/// What the session asks of the files that keep its languages: read, or keep
/// what was learned. The session does no I/O; whoever carries its commands out
/// has the storage (`SuggestionStorage.carryOut`).
public enum FileRequest: Hashable, Sendable {
    /// Read a language's lexicon, pairs and learned words: answered with `SessionInput.languageLoaded`
    /// once the commands given with this one are carried out.
    case load(language: String)
    /// Keep the words just learned, cheaply (appended to the language's journal);
    /// `whole` is everything learned, for when the storage writes it instead.
    case append([LearnedWords.Learning], whole: LearnedWords, language: String)
    /// Keep the whole of what was learned (its journal emptied).
    case save(LearnedWords, language: String)
    /// Read the emoji and their words in a language: answered with `SessionInput.emojiLoaded`.
    case loadEmoji(language: String)

    /// The language the request is about.
    public var language: String {
        switch self {
        case .load(let language), .append(_, _, let language), .save(_, let language), .loadEmoji(let language): language
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .load: hasher.combine(0)
        case .append(let learnings, _, _): hasher.combine(1); hasher.combine(learnings.count)
        case .save: hasher.combine(2)
        case .loadEmoji: hasher.combine(3)
        }
        hasher.combine(language)
    }
}

extension SuggestionStorage {
    /// Carries out a request of the session: the input that answers it (a
    /// language's files), if it has one, and the lines to say about what went wrong.
    public func carryOut(_ request: FileRequest) -> (answer: SessionInput?, notes: [String]) {
        switch request {
        case .load(let language):
            let lexicon = lexicon(for: language)
            // Pairs fold as their lexicon does: none without it.
            let pairs = lexicon == nil ? nil : wordPairs(for: language)
            let files = LoadedLanguage(language: language, lexicon: lexicon, pairs: pairs, learned: learnedWords(for: language))
            return (.languageLoaded(files), takeNotes())
        case .append(let learnings, let whole, let language):
            append(learnings, whole: whole, for: language)
        case .save(let learned, let language):
            save(learned, for: language)
        case .loadEmoji(let language):
            return (.emojiLoaded(emoji(for: language)), takeNotes())
        }
        return (nil, takeNotes())
    }

    /// The languages of these that have a lexicon (their layouts show the strip).
    public func languagesWithLexicon(_ languages: [String]) -> Set<String> {
        Set(languages.filter(hasLexicon(for:)))
    }
}
