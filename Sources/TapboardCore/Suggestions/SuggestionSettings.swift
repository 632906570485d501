/// Where the suggestion engine's files are: the lexicons, read when first
/// needed, and what the user's typing taught it. The keyboard gives one that
/// reads files; tests give one in memory. Never called by the session: whoever
/// carries its commands out calls it (`carryOut`) and hands it the answers.
public protocol SuggestionStorage: AnyObject, Sendable {
    /// Whether there is a lexicon for a language (without reading it).
    func hasLexicon(for language: String) -> Bool
    /// The language's lexicon, read (mapped) now; nil when it cannot be (said in `takeNotes`).
    func lexicon(for language: String) -> Lexicon?
    /// The word pairs shipped beside the language's lexicon, read (mapped) now; nil when there
    /// are none, or when the file is damaged (said in `takeNotes`, naming the file and line).
    func wordPairs(for language: String) -> WordPairs?
    /// What was learned in this language before (its journal replayed); nothing when there
    /// is no file or it was damaged (then set aside, and said in `takeNotes`).
    func learnedWords(for language: String) -> LearnedWords
    /// Keeps the whole of what was learned (atomically, its journal emptied; a failure is said in `takeNotes`).
    func save(_ learned: LearnedWords, for language: String)
    /// Keeps the words just learned, cheaply (appended to the journal); `whole` is
    /// everything learned, for when the storage writes it instead (a long journal).
    func append(_ learnings: [LearnedWords.Learning], whole: LearnedWords, for language: String)
    /// One line each for what went wrong since last asked; never a learned word.
    func takeNotes() -> [String]
    /// The emoji and their words in a language (English's where it has none),
    /// read now; nil when there are none or they cannot be read (said in `takeNotes`).
    func emoji(for language: String) -> LoadedEmoji?
}

extension SuggestionStorage {
    /// No emoji, for storages that have none.
    public func emoji(for language: String) -> LoadedEmoji? { nil }

    /// No shipped pairs, for storages that have none.
    public func wordPairs(for language: String) -> WordPairs? { nil }

    /// The whole saved, for storages without a journal.
    public func append(_ learnings: [LearnedWords.Learning], whole: LearnedWords, for language: String) {
        save(whole, for: language)
    }
}

/// The suggestion strip's settings.
public struct SuggestionSettings: Hashable, Sendable {
    /// The languages that have a lexicon (found by the storage before the
    /// session starts): their layouts show the strip.
    public var languages: Set<String>
    /// Learn words and pairs as they are typed (`--no-learn` turns it off).
    public var learns: Bool
    /// Replace a word that is no word by a near, clearly likeliest one as a space or punctuation ends it (`--autocorrect`).
    public var autocorrect: Bool
    /// Draw a word across the letters without lifting (`--no-swipe` turns it off).
    public var swipe: Bool

    /// Makes the settings.
    public init(languages: Set<String>, learns: Bool = true, autocorrect: Bool = false, swipe: Bool = true) {
        self.languages = languages
        self.learns = learns
        self.autocorrect = autocorrect
        self.swipe = swipe
    }
}
