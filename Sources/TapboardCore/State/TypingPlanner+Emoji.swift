/// What typing an emoji needs: the emoji files, and where the emoji page is.
public struct EmojiPlanning: Sendable {
    /// The emoji offered, and their variants.
    public var loaded: LoadedEmoji

    /// Makes the planning for these files.
    public init(_ loaded: LoadedEmoji) { self.loaded = loaded }
}

extension TypingPlanner {
    /// The steps that type an emoji (or one of its skin tones) through the emoji
    /// page, as a person would: the page, another group's key then the emoji's
    /// group's (its first screen), that key again once a screen, then the emoji
    /// (or its callout's cell). Checked through a copy of the state with the page
    /// filled as the session fills it; the state after them, or nil.
    static func emojiSteps(for wanted: String, in s: KeyboardState, emoji: EmojiPlanning) -> (steps: [TypingStep], state: KeyboardState)? {
        let catalog = emoji.loaded.catalog
        guard let pageIndex = s.layout.pageIndex(named: Page.emoji), let index = catalog.index(of: wanted), catalog.offered[index] else { return nil }
        let item: Int?
        if catalog.emoji[index] == wanted {
            item = nil
        } else {
            guard let n = catalog.variants[index].firstIndex(of: wanted) else { return nil }
            item = n
        }
        guard let group = catalog.groups.first(where: { $0.members.contains(index) }),
              let groupKey = EmojiGroups.keys.firstIndex(where: { $0.name == group.name }), groupKey > 0,
              let position = group.members.firstIndex(of: index), let route = route(to: pageIndex, from: s) else { return nil }
        let page = s.layout.pages[pageIndex]
        guard page.rows.count > LayoutProvider.emojiRows else { return nil }
        let gridRows = (page.rows.count - 1 - LayoutProvider.emojiRows) ..< (page.rows.count - 1)
        let gridStart = page.rows[..<gridRows.lowerBound].reduce(0) { $0 + $1.keys.count }
        let perScreen = page.rows[gridRows.lowerBound].keys.count * gridRows.count
        func key(_ n: Int) -> Int? { page.keys.firstIndex { $0.action == .emoji(.group(n)) } }
        guard perScreen > 0, let other = key(0), let target = key(groupKey) else { return nil }
        let screen = position / perScreen, slot = gridStart + position % perScreen
        let toScreen: [TypingStep] = route + [.tap(page: pageIndex, key: other)]
            + Array(repeating: TypingStep.tap(page: pageIndex, key: target), count: screen + 1)
        let last: TypingStep = item.map { .callout(page: pageIndex, key: slot, item: $0) } ?? .tap(page: pageIndex, key: slot)
        var trial = s
        var clock = Duration.seconds(1000)
        guard run(toScreen, on: &trial, clock: &clock) == "",
              let shown = trial.layout.pages[pageIndex].showingEmoji(emoji.loaded, group: groupKey, screen: screen) else { return nil }
        _ = trial.replaceRows(ofPage: pageIndex, with: shown.rows)
        guard run([last], on: &trial, clock: &clock) == wanted else { return nil }
        return (toScreen + [last], trial)
    }

    /// Whether a text has characters only the emoji page may type (so its files are wanted before planning).
    public static func mayNeedEmoji(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            scalar.properties.isEmojiPresentation || scalar.value == 0xFE0F || scalar.value == 0x20E3 || scalar.value == 0x200D
        }
    }
}
