/// The emoji page and its search as a part of the session: the grid filled with
/// the group and screen shown (the files asked for the first time the page
/// opens), screens turned by a swipe or the group's key, the emoji typed from
/// it kept as the recently used, and the search, whose line takes what the
/// letter keys type instead of the application (`typed`).
struct EmojiPart: SessionPart {
    /// The group, screen, recently used and search.
    var panel = EmojiPanel()
    /// A contact that began on the grid, and where: it may swipe to another screen.
    private var swipeStart: (id: ContactID, point: Point)?
    /// A contact that swiped: the rest of it is not a tap.
    private var swiped: ContactID?
    /// Whether the emoji page showed when last looked: opened again, it is filled again.
    private var onPage = false

    // MARK: - Inputs

    /// A contact on the grid that moves sideways by more than a key and a half
    /// turns the screen (the press is cancelled: nothing typed); the rest of
    /// that contact is taken too.
    mutating func contact(_ contact: PartContact, _ core: inout SessionCore) -> Bool {
        if let swiped, swiped == contact.id {
            if contact.phase == .ended || contact.phase == .cancelled { self.swiped = nil }
            return true
        }
        guard core.state.page.name == Page.emoji else {
            swipeStart = nil
            return false
        }
        switch contact.phase {
        case .began:
            swipeStart = nil
            if contact.id != .typing, let key = contact.key, key < core.keyFrames.count, case .text = core.keyFrames[key].key.action {
                swipeStart = (contact.id, contact.point)
            }
        case .moved:
            guard let start = swipeStart, start.id == contact.id, core.state.callout == nil,
                  let width = core.keyFrames.first(where: { if case .text = $0.key.action { true } else { false } })?.rect.width else { return false }
            let dx = contact.point.x - start.point.x, dy = contact.point.y - start.point.y
            guard Double(abs(dx)) > EmojiPanel.swipeKeys * Double(width), abs(dx) > 2 * abs(dy) else { return false }
            core.cancelPress(contact)
            swiped = contact.id
            swipeStart = nil
            followFiles(core)
            panel.turn(forward: dx < 0, perScreen: Self.perScreen(core))
            fill(&core)
            return true
        case .ended, .cancelled:
            swipeStart = nil
        }
        return false
    }

    /// The files came: the page and the search show them, the strip looks again.
    mutating func take(_ input: SessionInput, _ core: inout SessionCore, showing: [Bool]) {
        guard case .emojiLoaded(let loaded) = input else { return }
        core.emojiFiles.arrived(loaded)
        followFiles(core)
        if panel.searching { panel.searchTyped("", limit: Self.matchSlots(core)) }
        core.strip.forgetQuery()
        core.strip.noteContextChanged()
        fill(&core)
        if panel.searching { core.pending.append(.redraw(Self.searchRowKeys(core))) }
    }

    /// What a tap's effects mean for the page: emoji typed from it are the
    /// recently used; its other keys (groups, the search) are carried out now,
    /// so the next contact of the batch meets the page as they left it. The
    /// search ends when the letters no longer show.
    mutating func stateActed(from first: Int, _ core: inout SessionCore) {
        endSearchIfGone(core)
        followFiles(core)
        let typedOnPage = onPage
        if typedOnPage || core.pending[first...].contains(where: { if case .emoji = $0 { true } else { false } }) {
            var i = first
            while i < core.pending.endIndex {
                switch core.pending[i] {
                case .type(.text(let text)) where typedOnPage:
                    panel.used(text)
                case .emoji(let key):
                    core.pending += emojiKey(key, &core)
                default:
                    break
                }
                i += 1
            }
        }
        if panel.searching, core.state.page.name != Page.letters { core.pending += endSearch(&core) }
        fill(&core)
    }

    /// The batch's inputs are handled: a layout built again (a resize, another layout) has the page blank.
    mutating func settle(_ core: inout SessionCore) {
        endSearchIfGone(core)
        fill(&core)
    }

    /// While the search is on, what the letter keys type goes into its line.
    func takesKeystrokes(_ core: SessionCore) -> Bool { panel.searching && Self.searchRowShown(core) }

    /// A keystroke into the search line: text is added, backspace takes a
    /// character back, return ends the search; the matches are found again and
    /// the row drawn. Taken as each contact or timer is handled, so a match
    /// tapped later in the same batch (keys read together after a stall) is the one shown by then.
    mutating func typed(_ keystroke: Keystroke, _ core: inout SessionCore) -> Bool {
        guard panel.searching else { return false }
        followFiles(core)
        switch keystroke {
        case .text(let text):
            panel.searchTyped(text, limit: Self.matchSlots(core))
        case .keysym(let symbol) where symbol == .backSpace:
            panel.searchTyped(nil, limit: Self.matchSlots(core))
        case .keysym(let symbol) where symbol == .return:
            core.pending += endSearch(&core)
            return true
        default:
            // Other keys type nothing into the line, nor into the application.
            return true
        }
        core.pending.append(.redraw(Self.searchRowKeys(core)))
        return true
    }

    // MARK: - Drawing

    var labelsKeys: Bool { true }

    /// What a key of the search row shows now.
    func label(of frame: KeyFrame, _ core: SessionCore) -> KeyLabel? {
        guard case .emoji(let key) = frame.key.action else { return nil }
        switch key {
        case .searchLine: return .text((panel.query ?? "") + "|")
        case .match(let rank): return .text(rank < panel.matches.count ? panel.matches[rank] : "")
        default: return nil
        }
    }

    // MARK: - The page

    /// How many matches the search row shows.
    static func matchSlots(_ core: SessionCore) -> Int { Page.emojiMatches(wide: core.choice.provider.isWide(width: core.frame.width)) }

    /// The keys of the search row (the letters page's first row, the strip's place).
    static func searchRowKeys(_ core: SessionCore) -> [Int] { Array(0 ... matchSlots(core)) }

    /// The emoji on a screen of the emoji page, 0 when the layout has none.
    private static func perScreen(_ core: SessionCore) -> Int {
        guard let index = core.state.layout.pageIndex(named: Page.emoji) else { return 0 }
        let rows = core.state.layout.pages[index].rows
        guard rows.count > LayoutProvider.emojiRows else { return 0 }
        return rows[rows.count - 1 - LayoutProvider.emojiRows].keys.count * LayoutProvider.emojiRows
    }

    /// The files as `EmojiFiles` has them now, if they changed since the panel last had them.
    private mutating func followFiles(_ core: SessionCore) {
        if panel.filesGeneration != core.emojiFiles.generation { panel.filesChanged(core.emojiFiles.loaded, generation: core.emojiFiles.generation) }
    }

    /// The emoji page shows: its files asked for the first time, its grid filled
    /// when what it shows changed (and each time the page opens, so the recently
    /// used are current, but never under a finger).
    private mutating func fill(_ core: inout SessionCore) {
        let showsPage = core.state.page.name == Page.emoji
        defer { onPage = showsPage }
        guard showsPage else { return }
        core.askEmojiFiles()
        followFiles(core)
        if !onPage { panel.forgetFilling() }
        guard panel.needsFilling(generation: core.state.layoutGeneration) else { return }
        let rows = panel.filled(core.state.page, generation: core.state.layoutGeneration)
        core.pending += core.state.replaceRows(ofPage: core.state.pageIndex, with: rows)
    }

    /// A key of the emoji page or its search row.
    private mutating func emojiKey(_ key: EmojiKey, _ core: inout SessionCore) -> [Effect] {
        switch key {
        case .group(let n):
            panel.tapGroup(n, perScreen: Self.perScreen(core))
            fill(&core)
            return []
        case .search:
            return startSearch(&core)
        case .searchLine:
            return endSearch(&core)
        case .match(let rank):
            guard rank < panel.matches.count else { return [] }
            let chosen = panel.matches[rank]
            panel.used(chosen)
            let ended = endSearch(&core)
            return [.type(.text(chosen))] + core.state.textReplaced(deleting: 0, inserting: chosen) + ended
        }
    }

    // MARK: - The search

    /// Whether the letters page still has the search's row (a layout built
    /// again, for another layout, size or the files read again, has its strip back).
    private static func searchRowShown(_ core: SessionCore) -> Bool {
        guard let letters = core.state.layout.pageIndex(named: Page.letters), let row = core.state.layout.pages[letters].rows.first else { return false }
        return row.keys.contains { $0.action == .emoji(.searchLine) }
    }

    /// The search is over when its row is gone.
    private mutating func endSearchIfGone(_ core: SessionCore) {
        if panel.searching, !Self.searchRowShown(core) { panel.endSearch() }
    }

    /// The search starts: the letters show, their strip made the search row.
    private mutating func startSearch(_ core: inout SessionCore) -> [Effect] {
        guard let letters = core.state.layout.pageIndex(named: Page.letters),
              let searching = core.state.layout.pages[letters].searchingEmoji(matches: Self.matchSlots(core)) else { return [] }
        panel.startSearch()
        return core.state.replaceRows(ofPage: letters, with: searching.rows) + core.state.showPage(named: Page.letters)
    }

    /// The search ends: the letters' strip is back.
    private mutating func endSearch(_ core: inout SessionCore) -> [Effect] {
        guard panel.searching else { return [] }
        panel.endSearch()
        guard let letters = core.state.layout.pageIndex(named: Page.letters) else { return [] }
        let built = core.choice.buildShown(width: core.frame.width)
        guard let fresh = built.pageIndex(named: Page.letters).map({ built.pages[$0].rows }),
              fresh.count == core.state.layout.pages[letters].rows.count else { return [] }
        var rows = core.state.layout.pages[letters].rows
        rows[0] = fresh[0]
        return core.state.replaceRows(ofPage: letters, with: rows)
    }
}
