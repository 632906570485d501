/// The emoji page and its search as the page shows them: the files last
/// given (`EmojiFiles` reads them), the group and screen shown, the emoji used
/// lately, and what is typed into the search line and what it found.
struct EmojiPanel: Sendable {
    /// The files shown, and which generation of `EmojiFiles` they are (-1: none given yet).
    private(set) var loaded: LoadedEmoji?
    private(set) var filesGeneration = -1
    /// The group shown (an index of `EmojiGroups.keys`; 0: the recently used) and which screen of it.
    fileprivate(set) var group = 1
    private(set) var screen = 0
    /// The emoji typed from the page or the search, most recent first.
    private(set) var recent: [String] = []
    /// What is typed into the search line; nil when no search is on.
    private(set) var query: String?
    /// What the search found, best first.
    private(set) var matches: [String] = []
    /// What the emoji page's grid was last filled for.
    private var filledFor: Basis?
    /// What a filled grid depends on.
    struct Basis: Equatable, Sendable {
        var generation: Int
        var group: Int
        var screen: Int
        var filesRead: Bool
    }

    /// How many emoji are kept as the recently used: a wide page's screen.
    static let recentKept = LayoutProvider.wideEmojiColumns * LayoutProvider.emojiRows
    /// How far a contact must move across the grid, in key widths, to swipe to the next screen.
    static let swipeKeys = 1.5

    /// Files given (another language's words, or the first time): the grid is
    /// filled again, and the recently used shown first when there are some.
    mutating func filesChanged(_ loaded: LoadedEmoji?, generation: Int) {
        self.loaded = loaded
        filesGeneration = generation
        filledFor = nil
        if group == 1, screen == 0, !recent.isEmpty { group = 0 }
    }

    /// An emoji was typed from the page or the search: first among the recently used.
    mutating func used(_ emoji: String) {
        guard let catalog = loaded?.catalog, catalog.index(of: emoji) != nil else { return }
        recent.removeAll { $0 == emoji }
        recent.insert(emoji, at: 0)
        if recent.count > Self.recentKept { recent.removeLast() }
    }

    /// A group key: that group's first screen, or the shown group's next one (after its last, its first).
    mutating func tapGroup(_ n: Int, perScreen: Int) {
        if n == group {
            screen = (screen + 1) % screens(perScreen: perScreen)
        } else {
            group = n
            screen = 0
        }
    }

    /// A swipe: the next screen (`forward`) or the one before, into the next group or the one before past either end.
    mutating func turn(forward: Bool, perScreen: Int) {
        if forward {
            if screen + 1 < screens(perScreen: perScreen) {
                screen += 1
            } else {
                group = (group + 1) % EmojiGroups.keys.count
                screen = 0
            }
        } else if screen > 0 {
            screen -= 1
        } else {
            group = (group + EmojiGroups.keys.count - 1) % EmojiGroups.keys.count
            screen = max(0, screens(perScreen: perScreen) - 1)
        }
    }

    /// The emoji of the group shown, every screen of it.
    var groupEmoji: [String] {
        guard let catalog = loaded?.catalog else { return [] }
        if group == 0 { return recent }
        guard group < EmojiGroups.keys.count, let name = EmojiGroups.keys[group].name,
              let members = catalog.groups.first(where: { $0.name == name })?.members else { return [] }
        return members.map { catalog.emoji[$0] }
    }

    /// How many screens the group shown takes.
    func screens(perScreen: Int) -> Int {
        max(1, (groupEmoji.count + perScreen - 1) / max(perScreen, 1))
    }

    // MARK: - Filling the page

    /// The grid is filled again when next shown, whatever it showed.
    mutating func forgetFilling() { filledFor = nil }

    /// Whether the grid must be filled again for this layout generation.
    func needsFilling(generation: Int) -> Bool { filledFor != basis(generation: generation) }

    private func basis(generation: Int) -> Basis {
        Basis(generation: generation, group: group, screen: screen, filesRead: loaded != nil)
    }

    /// The emoji page's rows with the grid showing the screen shown (a key per
    /// emoji, its skin tones as its callout; blank keys past the group's end), and
    /// the shown group's key lit. The generation they will be shown under is given.
    mutating func filled(_ page: Page, generation: Int) -> [Row] {
        var rows = page.rows
        guard let bottom = rows.indices.last, bottom >= LayoutProvider.emojiRows else { return rows }
        let gridRows = (bottom - LayoutProvider.emojiRows) ..< bottom
        let columns = rows[gridRows.lowerBound].keys.count
        let perScreen = columns * gridRows.count
        screen = min(screen, screens(perScreen: perScreen) - 1)
        let shown = groupEmoji.dropFirst(screen * perScreen).prefix(perScreen)
        let catalog = loaded?.catalog
        for (r, row) in gridRows.enumerated() {
            rows[row].items = (0 ..< columns).map { c in
                let i = shown.startIndex + r * columns + c
                guard i < shown.endIndex else { return .key(Key(.text(""))) }
                let emoji = shown[i]
                let variants = catalog?.index(of: emoji).map { catalog!.variants[$0] } ?? []
                return .key(Key(.text(emoji), callouts: variants))
            }
        }
        rows[bottom] = rows[bottom].mappingKeys { key in
            guard case .emoji(.group(let n)) = key.action else { return key }
            var k = key
            k.styleClass = n == group ? .activeModifier : .action
            return k
        }
        filledFor = basis(generation: generation + 1)
        return rows
    }

    // MARK: - The search

    /// Whether a search is on.
    var searching: Bool { query != nil }

    /// The search starts, with nothing typed.
    mutating func startSearch() {
        query = ""
        matches = []
    }

    /// The search ends.
    mutating func endSearch() {
        query = nil
        matches = []
    }

    /// Text typed into the search line, or (nil) its last character taken back; the matches found again.
    mutating func searchTyped(_ text: String?, limit: Int) {
        guard var q = query else { return }
        if let text { q += text } else if !q.isEmpty { q.removeLast() }
        query = q
        matches = Self.find(q, in: loaded, limit: limit)
    }

    /// The emoji whose names match `text`, best first.
    static func find(_ text: String, in loaded: LoadedEmoji?, limit: Int) -> [String] {
        guard let loaded, let words = loaded.words else { return [] }
        return words.search(text, in: loaded.catalog, limit: limit).map { loaded.catalog.emoji[$0] }
    }

}

extension Page {
    /// The letters page with its strip made the emoji search's row: the line,
    /// then a key per match; nil when it has no strip.
    public func searchingEmoji(matches: Int) -> Page? {
        guard let strip = rows.first, strip.keys.contains(where: { if case .suggestion = $0.action { true } else { false } }) else { return nil }
        let keys = [Key(.emoji(.searchLine), width: .relative(0.3))] + (0 ..< matches).map { Key(.emoji(.match($0))) }
        var page = self
        page.rows[0] = Row(keys: keys, heightWeight: strip.heightWeight)
        return page
    }

    /// How many matches the search row shows at a window width.
    public static func emojiMatches(wide: Bool) -> Int { wide ? 9 : 5 }
}

extension Page {
    /// The emoji page as the keyboard shows a screen of a group (an index of
    /// `EmojiGroups.keys`; from 1, 0 being the recently used, empty here), for
    /// `dump-layout`; nil for another page.
    public func showingEmoji(_ loaded: LoadedEmoji, group: Int, screen: Int) -> Page? {
        guard name == Page.emoji else { return nil }
        var panel = EmojiPanel()
        panel.filesChanged(loaded, generation: 0)
        let perScreen = rows.count > LayoutProvider.emojiRows ? rows[rows.count - 1 - LayoutProvider.emojiRows].keys.count * LayoutProvider.emojiRows : 0
        panel.group = group
        for _ in 0 ..< screen { panel.turn(forward: true, perScreen: perScreen) }
        var page = self
        page.rows = panel.filled(self, generation: 0)
        return page
    }
}
