/// The emoji files (the catalog and a language's words for it), shared by the
/// parts that use them: the emoji page and its search, `tapboard type`
/// planning emoji, the strip offering emoji for `:` and a name. Asked for the
/// first time one needs them, each language read once a run.
struct EmojiFiles: Sendable {
    /// Not asked for yet, asked for, read (nil: there are none).
    private enum Status: Sendable {
        case notAsked
        case asked(language: String)
        case arrived(LoadedEmoji?, language: String)
    }

    private var status = Status.notAsked
    /// The files read, by language.
    private var read: [String: LoadedEmoji?] = [:]
    /// Counts the changes of `loaded`: a part that shows them compares it with the one it showed.
    private(set) var generation = 0

    /// The files, once read.
    var loaded: LoadedEmoji? {
        if case .arrived(let loaded, _) = status { loaded } else { nil }
    }

    /// Whether the files were asked for and have not come.
    var awaited: Bool {
        if case .asked = status { true } else { false }
    }

    /// Whether the files must be asked for now: the first time, and for another
    /// layout's language (its words; the emoji stay where they were until they come).
    mutating func ask(language: String) -> Bool {
        switch status {
        case .asked(let asked) where asked == language: return false
        case .arrived(_, let arrived) where arrived == language: return false
        default: break
        }
        // A language read before (the globe key went round): kept, not read again.
        if let kept = read[language] {
            status = .arrived(kept, language: language)
            generation += 1
            return false
        }
        status = .asked(language: language)
        return true
    }

    /// The files came.
    mutating func arrived(_ loaded: LoadedEmoji?) {
        let language: String
        if case .asked(let asked) = status { language = asked } else { language = loaded?.language ?? "" }
        status = .arrived(loaded, language: language)
        read[language] = .some(loaded)
        generation += 1
    }
}

extension SessionCore {
    /// The emoji files and the words of the shown layout's language, asked for
    /// when they are not in yet; whether they are awaited.
    @discardableResult
    mutating func askEmojiFiles() -> Bool {
        let language = choice.shown.language ?? "en"
        if emojiFiles.ask(language: language) { emit(.files(.loadEmoji(language: language))) }
        return emojiFiles.awaited
    }
}
