/// One grid of keys shown at a time.
public struct Page: Hashable, Sendable {
    /// The page's name (`letters`, `symbols`, `more-symbols`).
    public var name: PageName
    /// The label of a key that switches to this page (`ABC`, `123`, `#+=`).
    public var switchLabel: String
    /// The rows, top to bottom.
    public var rows: [Row] {
        didSet { (keys, keyIdentifiers) = Self.flatten(rows) }
    }
    /// Every key of the page in reading order; a key's position here is its index.
    public private(set) var keys: [Key]
    /// Identifiers of the keys in reading order, duplicates numbered (`space`, `.`, `.-2`).
    public private(set) var keyIdentifiers: [String]

    /// Makes a page.
    public init(name: PageName, switchLabel: String, rows: [Row]) {
        self.name = name
        self.switchLabel = switchLabel
        self.rows = rows
        (keys, keyIdentifiers) = Self.flatten(rows)
    }

    /// The keys and their identifiers, worked out once per change of rows since
    /// every event and every layout pass reads them.
    private static func flatten(_ rows: [Row]) -> ([Key], [String]) {
        let keys = rows.flatMap(\.keys)
        var used: Set<String> = []
        let ids = keys.map { key in
            let base = key.action.identifier
            var id = base, n = 1
            while used.contains(id) {
                n += 1
                id = base + "-" + decimalText(n)
            }
            used.insert(id)
            return id
        }
        return (keys, ids)
    }
}

/// A complete keyboard for one language or purpose.
public struct Layout: Hashable, Sendable {
    /// The layout's name (`en-US`).
    public var name: String
    /// The pages; the first one shows at start.
    public var pages: [Page]
    /// The converter its letters go to (Korean, Chinese, Japanese), if any.
    public var inputMethod: InputMethodKind?
    /// Whether shift comes on by itself at a sentence's start (`--no-auto-shift`
    /// aside): not where letters go to a converter (shift picks a Korean layout's double consonants).
    public var autoShifts: Bool { inputMethod == nil }

    /// Makes a layout; it must have at least one page.
    public init(name: String, pages: [Page]) {
        precondition(!pages.isEmpty, "a layout needs at least one page")
        self.name = name
        self.pages = pages
    }

    /// The index of the page with this name, if the layout has it.
    public func pageIndex(named name: PageName) -> Int? {
        pages.firstIndex { $0.name == name }
    }
}
