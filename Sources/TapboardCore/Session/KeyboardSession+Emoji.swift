/// The emoji page and its search: the grid filled with the group and screen
/// shown (the files read the first time the page opens), screens turned by a
/// swipe or the group's key, the search line typed into by the letter keys
/// instead of the application, and `:` with three letters offering emoji in the strip.
extension KeyboardSession {
    /// How many matches the search row shows.
    var matchSlots: Int { Page.emojiMatches(wide: provider.isWide(width: frame.width)) }

    /// The emoji on a screen of the emoji page, 0 when the layout has none.
    private var emojiPerScreen: Int {
        guard let index = core.state.layout.pageIndex(named: Page.emoji) else { return 0 }
        let rows = core.state.layout.pages[index].rows
        guard rows.count > LayoutProvider.emojiRows else { return 0 }
        return rows[rows.count - 1 - LayoutProvider.emojiRows].keys.count * LayoutProvider.emojiRows
    }

    /// The emoji page shows: its files asked for the first time, its grid filled
    /// when what it shows changed (and each time the page opens, so the recently
    /// used are current, but never under a finger).
    mutating func fillEmojiPage() {
        let onPage = core.state.page.name == Page.emoji
        defer { emoji.onPage = onPage }
        guard onPage else { return }
        askEmojiFiles()
        if !emoji.onPage { emoji.forgetFilling() }
        guard emoji.needsFilling(generation: core.state.layoutGeneration) else { return }
        let rows = emoji.filled(core.state.page, generation: core.state.layoutGeneration)
        core.pending += core.state.replaceRows(ofPage: core.state.pageIndex, with: rows)
    }

    /// The emoji files and the words of the shown layout's language, asked for
    /// when they are not in yet; whether they are awaited.
    @discardableResult
    mutating func askEmojiFiles() -> Bool {
        let language = core.choice.shown.language ?? "en"
        if emoji.askFiles(language: language) { emit(.files(.loadEmoji(language: language))) }
        return emoji.awaitingFiles
    }

    /// The emoji files came: the page and the search show them, the strip looks again.
    mutating func emojiLoaded(_ loaded: LoadedEmoji?) {
        emoji.arrived(loaded)
        // `tapboard type` requests that waited for them.
        for request in emoji.takeWaitingTyping() { startTyping(request.text, delay: request.delay, requester: request.requester) }
        if emoji.searching { emoji.searchTyped("", limit: matchSlots) }
        core.strip.forgetQuery()
        core.strip.noteContextChanged()
        fillEmojiPage()
        if emoji.searching { core.pending.append(.redraw(searchRowKeys)) }
    }

    /// A contact on the emoji page's grid that moves sideways by more than a key
    /// and a half turns the screen (the press is cancelled: nothing typed); the
    /// rest of that contact is taken too. Whether the contact was taken.
    mutating func emojiSwipe(_ phase: TouchPhase, id: ContactID, at point: Point, key: Int?) -> Bool {
        if let swiped = emoji.swiped, swiped == id {
            if phase == .ended || phase == .cancelled { emoji.swiped = nil }
            return true
        }
        guard core.state.page.name == Page.emoji else {
            emoji.swipeStart = nil
            return false
        }
        switch phase {
        case .began:
            emoji.swipeStart = nil
            if id != .typing, let key, key < keyFrames.count, case .text = keyFrames[key].key.action { emoji.swipeStart = (id, point) }
        case .moved:
            guard let start = emoji.swipeStart, start.id == id, core.state.callout == nil,
                  let width = keyFrames.first(where: { if case .text = $0.key.action { true } else { false } })?.rect.width else { return false }
            let dx = point.x - start.point.x, dy = point.y - start.point.y
            guard Double(abs(dx)) > EmojiPanel.swipeKeys * Double(width), abs(dx) > 2 * abs(dy) else { return false }
            core.state.handle(.touch(.cancelled, point: point, key: nil, calloutItem: nil, contact: id), at: now, into: &core.pending)
            emoji.swiped = id
            emoji.swipeStart = nil
            emoji.turn(forward: dx < 0, perScreen: emojiPerScreen)
            fillEmojiPage()
            return true
        case .ended, .cancelled:
            emoji.swipeStart = nil
        }
        return false
    }

    /// What a tap's effects mean for the emoji page: emoji typed from it are the
    /// recently used; its other keys (groups, the search) are carried out now, so
    /// the next contact of the batch meets the page as they left it.
    mutating func emojiEffects(from first: Int, typedOnPage: Bool) {
        guard typedOnPage || core.pending[first...].contains(where: { if case .emoji = $0 { true } else { false } }) else { return }
        var i = first
        while i < core.pending.endIndex {
            switch core.pending[i] {
            case .type(.text(let text)) where typedOnPage:
                emoji.used(text)
            case .emoji(let key):
                core.pending += emojiKey(key)
            default:
                break
            }
            i += 1
        }
    }

    /// A key of the emoji page or its search row.
    private mutating func emojiKey(_ key: EmojiKey) -> [Effect] {
        switch key {
        case .group(let n):
            emoji.tapGroup(n, perScreen: emojiPerScreen)
            fillEmojiPage()
            return []
        case .search:
            return startSearch()
        case .searchLine:
            return endSearch()
        case .match(let rank):
            guard rank < emoji.matches.count else { return [] }
            let chosen = emoji.matches[rank]
            emoji.used(chosen)
            let ended = endSearch()
            return [.type(.text(chosen))] + core.state.textReplaced(deleting: 0, inserting: chosen) + ended
        }
    }

    /// The keys of the search row (the letters page's first row, the strip's place).
    var searchRowKeys: [Int] { Array(0 ... matchSlots) }

    /// The search starts: the letters show, their strip made the search row.
    private mutating func startSearch() -> [Effect] {
        guard let letters = core.state.layout.pageIndex(named: Page.letters),
              let searching = core.state.layout.pages[letters].searchingEmoji(matches: matchSlots) else { return [] }
        emoji.startSearch()
        return core.state.replaceRows(ofPage: letters, with: searching.rows) + core.state.showPage(named: Page.letters)
    }

    /// The search ends: the letters' strip is back.
    mutating func endSearch() -> [Effect] {
        guard emoji.searching else { return [] }
        emoji.endSearch()
        guard let letters = core.state.layout.pageIndex(named: Page.letters) else { return [] }
        let built = core.choice.buildShown(width: frame.width)
        guard let fresh = built.pageIndex(named: Page.letters).map({ built.pages[$0].rows }), fresh.count == core.state.layout.pages[letters].rows.count else { return [] }
        var rows = core.state.layout.pages[letters].rows
        rows[0] = fresh[0]
        return core.state.replaceRows(ofPage: letters, with: rows)
    }

    /// While the search is on, what the letter keys type goes into its line, not
    /// to the application: text is added, backspace takes a character back, return
    /// ends the search; the matches are found again and the row drawn. Done as
    /// each contact or timer is handled, so a match tapped later in the same
    /// batch (keys read together after a stall) is the one shown by then.
    mutating func searchEffects(from first: Int) {
        guard emoji.searching, core.pending[first...].contains(where: { if case .type = $0 { true } else { false } }) else { return }
        var kept: [Effect] = []
        var changed = false
        for effect in core.pending[first...] {
            guard case .type(let keystroke) = effect, emoji.searching else {
                kept.append(effect)
                continue
            }
            switch keystroke {
            case .text(let text):
                emoji.searchTyped(text, limit: matchSlots)
                changed = true
            case .keysym(let symbol) where symbol == .backSpace:
                emoji.searchTyped(nil, limit: matchSlots)
                changed = true
            case .keysym(let symbol) where symbol == .return:
                kept += endSearch()
            default:
                break
            }
        }
        if changed, emoji.searching { kept.append(.redraw(searchRowKeys)) }
        core.pending.replaceSubrange(first..., with: kept)
    }

    /// The label of a key of the search row now.
    func searchLabel(_ key: EmojiKey) -> KeyLabel? {
        switch key {
        case .searchLine: return .text((emoji.query ?? "") + "|")
        case .match(let rank): return .text(rank < emoji.matches.count ? emoji.matches[rank] : "")
        default: return nil
        }
    }

    // MARK: - `:` in the strip

    /// The letters after a `:` that ends no word (`:joy`, not `http:` or `12:30`),
    /// when there are at least three: the strip offers the emoji they name.
    static func colonQuery(_ text: String) -> Substring? {
        guard let colon = text.lastIndex(of: ":") else { return nil }
        let query = text[text.index(after: colon)...]
        guard query.count >= 3, query.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        if colon > text.startIndex {
            // By its last scalar: a keycap emoji (1️⃣) ends in a mark, not in its digit.
            let before = text[text.index(before: colon)].unicodeScalars.last!
            if before.properties.isAlphabetic || before.properties.numericType != nil || before == ":" || before == "/" { return nil }
        }
        return query
    }

    /// The strip's emoji for `:` and a name typed, each replacing what was typed
    /// from the colon; nil when nothing like it was typed, or in a terminal (where
    /// `:` and a word are commands). The files are asked for the first time.
    mutating func colonSuggestions(_ typed: String, limit: Int) -> [Suggestion]? {
        guard let query = Self.colonQuery(typed), focusedField?.kind != .terminal else { return nil }
        askEmojiFiles()
        let found = EmojiPanel.find(String(query), in: emoji.loaded, limit: limit)
        return found.map { Suggestion(word: $0, delete: query.count + 1, insert: $0, kind: .completion) }
    }
}
