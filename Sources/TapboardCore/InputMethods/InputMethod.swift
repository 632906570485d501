/// A converter a layout's letters go through before they reach the
/// application: Hangul jamo composed into syllables, pinyin or kana converted
/// into Chinese characters or kanji, chosen from candidates in the strip.
public enum InputMethodKind: Hashable, Sendable, CustomStringConvertible {
    /// Hangul jamo composed into syllables as they are typed (libhangul's keyboard, `2` for dubeolsik).
    case hangul(keyboard: String)
    /// A Rime schema (`luna_pinyin`, `bopomofo`, `cangjie5`): its candidates in the strip.
    case rime(schema: String)
    /// Romaji read as kana, converted to kanji by Anthy: its candidates in the strip.
    case anthy

    /// How a layout file writes it: `hangul`, `hangul:3f`, `rime:luna_pinyin`, `anthy`.
    public var description: String {
        switch self {
        case .hangul(let keyboard): return keyboard == "2" ? "hangul" : "hangul:" + keyboard
        case .rime(let schema): return "rime:" + schema
        case .anthy: return "anthy"
        }
    }

    /// Reads how a layout file writes it; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        switch (parts.first, parts.count) {
        case ("hangul"?, 1): self = .hangul(keyboard: "2")
        case ("hangul"?, 2) where !parts[1].isEmpty: self = .hangul(keyboard: parts[1])
        case ("rime"?, 2) where !parts[1].isEmpty && parts[1].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }):
            self = .rime(schema: parts[1])
        case ("anthy"?, 1): self = .anthy
        default: return nil
        }
    }

    /// The forms a layout file may use, for errors.
    public static let forms = "hangul, hangul:KEYBOARD, rime:SCHEMA or anthy"
}

/// One step of a composition, as the keys and the strip give it.
public enum CompositionAction: Hashable, Sendable {
    /// A character a key of the layout typed (a jamo, a pinyin or romaji letter).
    case key(String)
    /// Backspace: the last jamo or letter taken back, not what was committed.
    case backspace
    /// The candidate shown at this place of the page shown.
    case choose(Int)
    /// The next page of candidates, or the one before.
    case page(forward: Bool)
    /// What is composed is committed as it is shown: the syllable (Hangul), the
    /// first candidate (space), or the letters typed (`raw`: return, the reading tapped).
    case commit(raw: Bool)
}

/// What a converter shows and what it gave to type, after a run of actions.
public struct Composition: Hashable, Sendable {
    /// Text given to the application, in order (the syllables finished, the candidates chosen).
    public var committed: String
    /// What is being composed, as the converter shows it (`한`, `ni hao`, `にほんご`).
    public var preedit: String
    /// The candidates of the page shown, best first.
    public var candidates: [String]
    /// Whether another page of candidates follows, and one comes before.
    public var hasNextPage: Bool
    public var hasPreviousPage: Bool

    public init(committed: String = "", preedit: String = "", candidates: [String] = [], hasNextPage: Bool = false,
                hasPreviousPage: Bool = false) {
        self.committed = committed
        self.preedit = preedit
        self.candidates = candidates
        self.hasNextPage = hasNextPage
        self.hasPreviousPage = hasPreviousPage
    }

    /// Nothing is being composed.
    public var isEmpty: Bool { preedit.isEmpty && candidates.isEmpty }
}

/// Runs compositions: what a run of actions, from nothing composed, gives.
/// The session keeps the actions (so it stays a value that can be replayed);
/// a converter keeps what it needs to answer the next action without running
/// all of them again. Implemented over libhangul and librime at the edge
/// (`TapboardCatalog`); a test gives its own.
public protocol CompositionConverter: AnyObject, Sendable {
    /// Whether the converter takes this character as part of a composition
    /// (letters, jamo); others end the composition and are typed as they are.
    func takes(_ character: String, in method: InputMethodKind) -> Bool
    /// What the actions, from nothing composed, give; an error names the
    /// converter and what went wrong (a library or its data missing).
    func compose(_ actions: [CompositionAction], in method: InputMethodKind) throws(ConverterError) -> Composition
    /// The letters that give a character with this input method (`中` →
    /// `zhong`), the most used first; none when the converter cannot say
    /// (for `tapboard type`, which taps the letters, then the candidate).
    func readings(of character: Character, in method: InputMethodKind) -> [String]
}

extension CompositionConverter {
    public func readings(of character: Character, in method: InputMethodKind) -> [String] { [] }
}

/// A converter cannot run: its library or its data is missing, or it failed.
public struct ConverterError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
