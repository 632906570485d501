/// The characters of a language's pages, without the action keys around them;
/// the layout provider turns it into a full layout for a window's size.
public struct InputSet: Hashable, Sendable {
    /// Letter rows, top to bottom; shift and backspace go around the last.
    public var letters: [[String]]
    /// The rows of the symbols page; the standard ones when nil.
    public var symbols: [[String]]?
    /// The rows of the more-symbols page; the standard ones when nil.
    public var moreSymbols: [[String]]?

    /// Makes an input set.
    public init(letters: [[String]], symbols: [[String]]? = nil, moreSymbols: [[String]]? = nil) {
        self.letters = letters
        self.symbols = symbols
        self.moreSymbols = moreSymbols
    }

    /// The digits and common punctuation of a phone keyboard's first symbols page.
    public static let standardSymbols: [[String]] = [
        rowOf("1 2 3 4 5 6 7 8 9 0"), rowOf("- / : ; ( ) $ & @ \""), rowOf(". , ? ! '"),
    ]
    /// The rarer symbols of the second page.
    public static let standardMoreSymbols: [[String]] = [
        rowOf("[ ] { } # % ^ * + ="), rowOf("_ \\ | ~ < > € £ ¥ •"), rowOf(". , ? ! '"),
    ]

    /// Splits a row written with spaces between its characters.
    public static func rowOf(_ text: String) -> [String] {
        text.split(separator: " ").map(String.init)
    }
}

/// A layout as its file gives it: just the characters, or every key.
public enum LayoutDefinition: Hashable, Sendable {
    /// Characters only; the provider adds the action keys.
    case inputSet(InputSet)
    /// A complete layout, shown as written.
    case full(Layout)
}

/// A named layout definition with its long-press alternates.
public struct LayoutSource: Hashable, Sendable {
    /// What `--layout` and `--layouts` call it (`en-US`, `de`).
    public var name: String
    /// A line for `tapboard list-layouts`.
    public var description: String
    /// The keys, or the characters the provider builds keys around.
    public var definition: LayoutDefinition
    /// Long-press alternates by the character a key types.
    public var callouts: [String: [String]]
    /// Shifted forms that are not the usual upper case, by character (Turkish `i: İ`, `ı: I`).
    public var uppercase: [String: String]
    /// The converter its letters go through (Korean, Chinese, Japanese), if any:
    /// its strip shows what is composed and the candidates.
    public var inputMethod: InputMethodKind?

    /// The language its suggestions are in (`en`, `de`): a language layout's name up
    /// to its first hyphen; nil for layouts of keys written out (numpad, phone, desktop).
    public var language: String? {
        guard case .inputSet = definition else { return nil }
        // Read on every keystroke (which engine follows it): no array, no heap string.
        let head = name.prefix { $0 != "-" }
        return head.isEmpty ? name.split(separator: "-").first.map { $0.lowercased() } : head.lowercased()
    }

    /// Makes a layout source.
    public init(name: String, description: String, definition: LayoutDefinition, callouts: [String: [String]] = [:],
                uppercase: [String: String] = [:], inputMethod: InputMethodKind? = nil) {
        self.name = name
        self.description = description
        self.definition = definition
        self.callouts = callouts
        self.uppercase = uppercase
        self.inputMethod = inputMethod
    }
}
