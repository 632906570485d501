/// A suggestion engine per language, made when its layout first shows: the
/// text each follows, their files (asked for when first needed, put in when
/// they come), the letters followed once they are out, and what each learned
/// that is still to be kept.
struct LanguageEngines: Sendable {
    /// The strip shown: its language, and what each keystroke would otherwise
    /// look up by the language's name (hashing it, a set's or a dictionary's
    /// cold lines): where its engine is in `engines`, and whether its files are in.
    private struct ShownStrip: Sendable {
        var language: String
        /// Forgotten when an engine is added (the others may move).
        var engine: Dictionary<String, SuggestionEngine>.Index?
        /// Its files are in the engine.
        var filesIn = false
    }

    /// Whether the files of the shown language are in.
    enum Files: Equatable {
        case ready
        /// Not yet: ask for them (once).
        case ask(String)
        /// Asked for, still to come.
        case waiting
    }

    /// The engines, by language. Changed through `engines.values[index]`, in
    /// place: `engines[language]!` moved the engine out and copied it back,
    /// every field retained and released (a cache line each, cold at a hand's
    /// pace) at every keystroke.
    private(set) var engines: [String: SuggestionEngine] = [:]
    private var shownStrip: ShownStrip?
    /// Languages whose files were asked for, and those whose files came.
    private var requested: Set<String> = []
    private var loaded: Set<String> = []
    /// Keystrokes sent or being sent that the engine of `unfollowedLanguage`
    /// has not followed yet: one that ends no word asks nothing of the engine
    /// before it goes out, so the engine follows it after (see `followTyped`).
    private(set) var unfollowed: [Keystroke] = []
    private var unfollowedLanguage: String?
    /// The neighbour map was built for this layout generation and size.
    private var neighboursFor: (generation: Int, size: Size)?
    /// Languages that learned words in this batch, not yet handed to the storage's journal.
    private(set) var unsaved: Set<String> = []
    /// Languages whose journal grew in this run: their whole is written at exit.
    private var journaled: Set<String> = []
    /// Suggestions are on: engines are made.
    private let enabled: Bool
    /// The engines learn what is typed (`--no-learn` turns it off).
    private let learns: Bool

    init(_ settings: SuggestionSettings?) {
        enabled = settings != nil
        learns = settings?.learns ?? false
    }

    /// The language of the strip shown, if the layout shown has one.
    var shownLanguage: String? { shownStrip?.language }

    /// The layout shown changed: its strip's language, if it has one.
    mutating func show(_ language: String?) {
        shownStrip = language.map { ShownStrip(language: $0) }
    }

    /// The engine of a language, as it is (nil before it was made).
    func engine(_ language: String) -> SuggestionEngine? { engines[language] }

    // MARK: - The engines

    /// The engine for the layout shown, made (without its files, read later) the first time.
    mutating func withShown<T>(_ body: (inout SuggestionEngine) -> T) -> T? {
        if !unfollowed.isEmpty { followTyped() }
        guard let index = shownEngine() else { return nil }
        return body(&engines.values[index])
    }

    /// Where the shown strip's engine is in `engines`, made the first time.
    private mutating func shownEngine() -> Dictionary<String, SuggestionEngine>.Index? {
        if let index = shownStrip?.engine { return index }
        guard let language = shownLanguage, let index = makeEngine(for: language) else { return nil }
        shownStrip?.engine = index
        return index
    }

    /// Where a language's engine is in `engines`, made (without its files, read
    /// later) unless there is one; nil without suggestions.
    private mutating func makeEngine(for language: String) -> Dictionary<String, SuggestionEngine>.Index? {
        guard enabled else { return nil }
        if let index = engines.index(forKey: language) { return index }
        shownStrip?.engine = nil
        engines[language] = SuggestionEngine(lexicon: nil, learns: learns)
        return engines.index(forKey: language)
    }

    /// Every engine, changed in place.
    private mutating func forEach(_ body: (inout SuggestionEngine) -> Void) {
        for index in engines.values.indices { body(&engines.values[index]) }
    }

    // MARK: - Following the text

    /// Whether keystrokes wait to be followed (asked at every batch: no copy of the list).
    var hasUnfollowed: Bool { !unfollowed.isEmpty }

    /// Whether a keystroke of `language` may be followed after it went out:
    /// none of another language's is waiting.
    func canFollowLater(in language: String) -> Bool {
        unfollowed.isEmpty || unfollowedLanguage == language
    }

    /// A keystroke the engine of `language` follows once it is out (`canFollowLater`).
    mutating func followLater(_ keystroke: Keystroke, in language: String) {
        if unfollowed.isEmpty { unfollowedLanguage = language }
        unfollowed.append(keystroke)
    }

    /// The engine follows the keystrokes left for after they went out. None of
    /// them ends a word, so nothing is learned here.
    mutating func followTyped() {
        let keystrokes = unfollowed
        unfollowed = []
        guard let language = unfollowedLanguage,
              let index = language == shownLanguage ? shownEngine() : makeEngine(for: language) else { return }
        for keystroke in keystrokes { engines.values[index].typed(keystroke) }
    }

    /// What was typed is not before the caret any more, in any language.
    mutating func resetText() { forEach { $0.resetText() } }

    /// The text before the caret, read from the field: every language's engine
    /// follows it (the shown one made if it was not yet).
    mutating func textRead(_ text: TypedText) {
        _ = withShown { _ in }
        forEach { $0.textRead(text) }
    }

    /// Another language's layout shows: its engine continues the text the last one followed.
    mutating func carryText(from previous: String?) {
        guard let previous, let text = engines[previous]?.typed, shownLanguage != previous else { return }
        _ = withShown { $0.textRead(text) }
    }

    /// Whether the neighbouring letters were placed for this layout generation and size.
    func neighboursPlaced(generation: Int, size: Size) -> Bool {
        neighboursFor.map { $0 == (generation, size) } ?? false
    }

    /// The neighbouring letters for corrections, from the letters page as placed
    /// for this layout generation and size (`frames`, asked only when they changed).
    mutating func placeNeighbours(generation: Int, size: Size, frames: () -> [KeyFrame]?) {
        neighboursFor = (generation, size)
        guard let frames = frames() else { return }
        _ = withShown { engine in
            let lexicon = engine.lexicon
            engine.corrector = Corrector(neighbours: KeyNeighbours(frames: frames, fold: { lexicon?.fold($0) ?? $0.lowercased() }))
        }
    }

    // MARK: - Files

    /// Whether the shown language's files (lexicon, shipped pairs, learned
    /// words) are in its engine; to be asked for the first time they are needed.
    mutating func files() -> Files {
        guard let strip = shownStrip, !strip.filesIn else { return .ready }
        if loaded.contains(strip.language) {
            shownStrip?.filesIn = true
            return .ready
        }
        return requested.insert(strip.language).inserted ? .ask(strip.language) : .waiting
    }

    /// Whether the shown language's files were asked for and have not come yet.
    var filesPending: Bool {
        guard let language = shownLanguage else { return false }
        return requested.contains(language) && !loaded.contains(language)
    }

    /// A language's files, read, into its engine; whether they are the shown language's.
    mutating func put(_ files: LoadedLanguage) -> Bool {
        guard loaded.insert(files.language).inserted, let index = makeEngine(for: files.language) else { return false }
        let isShown = shownLanguage == files.language
        if isShown, shownStrip?.engine == nil { shownStrip?.engine = index }
        engines.values[index].lexicon = files.lexicon
        engines.values[index].shippedPairs = files.pairs
        // Anything learned before the files came is kept (nothing, in practice: they are read after the first keystroke).
        if engines.values[index].learned.isEmpty { engines.values[index].learned = files.learned }
        // Corrections fold letters as the lexicon does.
        neighboursFor = nil
        return isShown
    }

    // MARK: - Keeping what was learned

    /// The language learned something in this batch.
    mutating func learned(in language: String) { unsaved.insert(language) }

    /// The words each language learned in this batch, for the storage's journal
    /// (or the whole, when the journal could not hold them).
    mutating func takeLearnings() -> [FileRequest] {
        let languages = unsaved
        unsaved = []
        guard learns else { return [] }
        var requests: [FileRequest] = []
        for language in languages.sorted() {
            guard let index = engines.index(forKey: language) else { continue }
            journaled.insert(language)
            if let learnings = engines.values[index].learned.takeJournal() {
                if !learnings.isEmpty { requests.append(.append(learnings, whole: engines.values[index].learned, language: language)) }
            } else {
                requests.append(.save(engines.values[index].learned, language: language))
            }
        }
        return requests
    }

    /// At exit: the whole of every language that learned something, its journal emptied.
    mutating func takeWholes() -> [FileRequest] {
        journaled.formUnion(unsaved)
        unsaved = []
        defer { journaled = [] }
        guard learns else { return [] }
        return journaled.sorted().compactMap { language in
            guard let index = engines.index(forKey: language) else { return nil }
            // The whole holds them.
            _ = engines.values[index].learned.takeJournal()
            return .save(engines.values[index].learned, language: language)
        }
    }

    /// `tapboard forget`: nothing learned is kept in memory either.
    mutating func forget() {
        forEach { $0.learned = LearnedWords() }
        unsaved = []
        journaled = []
    }
}
