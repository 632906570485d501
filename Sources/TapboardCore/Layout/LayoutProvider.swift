/// Turns a layout source into the layout shown in a window of a given width:
/// phone-style compact below `wideWidth`, and at or above it a wide layout with
/// a number row, Tab, caps lock and larger action keys.
public struct LayoutProvider: Hashable, Sendable {
    /// Windows at least this wide (pixels) get the wide form.
    public var wideWidth: Int
    /// Whether to add a globe key (next layout): when there is more than one layout.
    public var layoutKey: Bool
    /// Whether the bottom row has the hide key: not when embedded in a host's
    /// window (`--xid`), where only the host could bring the keyboard back.
    public var hideKey = true
    /// The keys a terminal gets above the letters (`--terminal-keys`; empty: no
    /// row); nil for `TerminalKeys.defaults`, made only when a terminal is first focused.
    public var terminalKeys: [KeyAction]?
    /// Whether the emoji page has the settings page's key (where a settings file may be written).
    public var settingsKey = false

    /// The default threshold: a tablet in landscape or a desktop is wide, a phone-sized strip is compact.
    public static let defaultWideWidth = 1000

    /// Makes a provider.
    public init(wideWidth: Int = LayoutProvider.defaultWideWidth, layoutKey: Bool = false) {
        self.wideWidth = wideWidth
        self.layoutKey = layoutKey
    }

    /// Whether a window of this width shows the wide form.
    public func isWide(width: Int) -> Bool { width >= wideWidth }

    /// The layout for a window of this width; with a suggestion strip of this
    /// height (a share of a key row) above every page, when given: its slots
    /// left to right for an input method's `candidates`.
    /// In a terminal, `terminalKeys` above every page of keys, in the strip's place
    /// (a terminal's text is prompts and output, not words), above the candidates.
    public func layout(for source: LayoutSource, width: Int, strip: Double? = nil, candidates: Bool = false, terminal: Bool = false,
                       terminalRowHeight: Double = 0.6) -> Layout {
        var layout: Layout
        switch source.definition {
        case .full(let full): layout = full
        case .inputSet(let set):
            layout = isWide(width: width) ? wide(set, name: source.name) : compact(set, name: source.name)
        }
        let keys = terminal ? terminalKeys ?? TerminalKeys.defaults : []
        let terminalRow = keys.isEmpty ? nil
            : Row(keys: keys.map { Key($0, style: .action) }, heightWeight: candidates ? terminalRowHeight : strip ?? terminalRowHeight)
        if let strip, terminalRow == nil || candidates {
            let row = candidates ? Self.candidateRow(slots: isWide(width: width) ? Self.wideCandidateSlots : Self.compactCandidateSlots, height: strip)
                : Self.stripRow(slots: isWide(width: width) ? Self.wideSlots : Self.compactSlots, height: strip)
            for p in layout.pages.indices {
                // The emoji page's strip is its search bar.
                let top = layout.pages[p].name == Page.emoji ? Row(keys: [Key(.emoji(.search))], heightWeight: strip) : row
                layout.pages[p].rows.insert(top, at: 0)
            }
        }
        if let terminalRow {
            for p in layout.pages.indices where ![Page.emoji, Page.clipboard].contains(layout.pages[p].name) {
                layout.pages[p].rows.insert(terminalRow, at: 0)
            }
        }
        layout.inputMethod = source.inputMethod
        return layout.addingCharacterOptions(callouts: source.callouts, uppercase: source.uppercase)
    }

    /// Suggestions a compact keyboard shows: three, as phones do, each wide enough for a long word.
    public static let compactSlots = 3
    /// Suggestions a wide keyboard shows.
    public static let wideSlots = 5

    /// Slots of an input method's strip: what is composed, four candidates (a
    /// converter's page), the page key; a wide keyboard's are wider, for phrases.
    public static let compactCandidateSlots = 6
    public static let wideCandidateSlots = 6

    /// An input method's strip: its slots in reading order, left to right.
    static func candidateRow(slots: Int, height: Double) -> Row {
        Row(keys: (0 ..< slots).map { Key(.suggestion($0)) }, heightWeight: height)
    }

    /// The strip: the likeliest suggestion in the middle, where the eye lands, the
    /// next ones alternating to its left and right.
    static func stripRow(slots: Int, height: Double) -> Row {
        var ranks: [Int] = []
        for rank in 0 ..< slots { if rank % 2 == 1 { ranks.insert(rank, at: 0) } else { ranks.append(rank) } }
        return Row(keys: ranks.map { Key(.suggestion($0)) }, heightWeight: height)
    }

    // MARK: - Compact

    private func compact(_ set: InputSet, name: String) -> Layout {
        let symbols = set.symbols ?? InputSet.standardSymbols
        let more = set.moreSymbols ?? InputSet.standardMoreSymbols
        return Layout(name: name, pages: [
            Page(name: Page.letters, switchLabel: "ABC", rows: compactRows(set.letters, lead: .shift(width: .units(0)))
                + [bottomRow(pageKey: .page(Page.symbols), punctuation: true)]),
            Page(name: Page.symbols, switchLabel: "123", rows: compactRows(symbols, lead: .page(Page.moreSymbols, width: .units(0)))
                + [bottomRow(pageKey: .page(Page.letters), punctuation: false)]),
            Page(name: Page.moreSymbols, switchLabel: "#+=", rows: compactRows(more, lead: .page(Page.symbols, width: .units(0)))
                + [bottomRow(pageKey: .page(Page.letters), punctuation: false)]),
            Self.emojiPage(columns: Self.compactEmojiColumns, side: .relative(0.13), settings: settingsKey),
            Self.clipboardPage(columns: Self.compactClipboardColumns, side: .relative(0.13)),
        ] + (settingsKey ? [Self.settingsPage(side: .relative(0.13))] : []))
    }

    /// The settings page: the theme (before, in use, after) and the size
    /// (smaller, now, larger), six layouts a
    /// screen (on or off), then the letters' key, the next screen of layouts,
    /// and the switches. The session says what each key shows.
    static func settingsPage(side: KeyWidth) -> Page {
        // The theme's name between its arrows; the letters' key as wide as on the other pages.
        let slots = SettingsPage.layoutSlots / 2
        let layouts = (0 ..< 2).map { row in Row(keys: (0 ..< slots).map { Key(.settings(.layout(row * slots + $0))) }) }
        return Page(name: Page.settings, switchLabel: "⚙", rows: [
            Row(keys: [Key(.settings(.themePrevious), width: .relative(0.1)), Key(.settings(.theme), width: .relative(0.3)),
                       Key(.settings(.themeNext), width: .relative(0.1)), Key(.settings(.smaller), width: .relative(0.1)),
                       Key(.settings(.size), width: .relative(0.3)), Key(.settings(.larger), width: .relative(0.1))]),
        ] + layouts + [
            Row(keys: [.page(Page.letters, width: side), Key(.settings(.moreLayouts)), Key(.settings(.flag("suggestions"))),
                       Key(.settings(.flag("auto-show")))]),
        ])
    }

    /// Emoji across a compact page's grid, and a wide one's.
    public static let compactEmojiColumns = 8
    public static let wideEmojiColumns = 12
    /// Rows of emoji on the page: as many as the letters have.
    public static let emojiRows = 3

    /// The emoji page as built: a grid of blank keys, which the session fills
    /// with the group and screen shown (the emoji are read when the page first
    /// opens, never at start), and below it the letters' key, a key per group and backspace.
    static func emojiPage(columns: Int, side: KeyWidth, settings: Bool = false) -> Page {
        let blank = Key(.text(""))
        let grid = (0 ..< emojiRows).map { _ in Row(keys: Array(repeating: blank, count: columns)) }
        var bottom = [Key.page(Page.letters, width: side)]
        bottom += EmojiGroups.keys.indices.map { Key(.emoji(.group($0))) }
        // Beside the emoji, the other things one puts in rather than types.
        bottom.append(.page(Page.clipboard))
        if settings { bottom.append(.page(Page.settings)) }
        bottom.append(.backspace(width: side))
        return Page(name: Page.emoji, switchLabel: "☺", rows: grid + [Row(keys: bottom)])
    }

    /// Entries of the clipboard history across a compact page, and a wide one.
    public static let compactClipboardColumns = 2
    public static let wideClipboardColumns = 3
    /// Rows of entries on the clipboard page.
    public static let clipboardRows = 3

    /// The clipboard page: a key per entry of the screen shown (the session shows
    /// them; a long press pins or deletes), below them the letters' key, the
    /// emoji's, the next screen's and backspace.
    static func clipboardPage(columns: Int, side: KeyWidth) -> Page {
        let grid = (0 ..< clipboardRows).map { row in
            Row(keys: (0 ..< columns).map { Key(.clipboard(.entry(row * columns + $0)), callouts: ClipboardChoice.callout) })
        }
        let bottom = Row(keys: [.page(Page.letters, width: side), .page(Page.emoji), Key(.clipboard(.more)), .backspace(width: side)])
        return Page(name: Page.clipboard, switchLabel: "📋", rows: grid + [bottom])
    }

    /// Character rows centred to the widest; the last between `lead` and backspace,
    /// both as wide as the row leaves (at least a key and a quarter).
    private func compactRows(_ rows: [[String]], lead: Key) -> [Row] {
        // A closure, not \.count: this key path was built at run time, the one a start
        // built, and the stdlib's key-path code cost two 64 KiB blocks of resident pages.
        let widest = Double(rows.map { $0.count }.max() ?? 0)
        return rows.enumerated().map { i, chars in
            let keys = chars.map { Key.character($0) }
            let count = Double(chars.count)
            if i == rows.count - 1 && rows.count > 1 {
                let side = max(1.25, (widest - count) / 2)
                var first = lead
                first.width = .units(side)
                return Row([first, Row(keys: keys), Key.backspace(width: .units(side))], inset: .units(max(0, (widest - count) / 2 - side)))
            }
            return Row(keys: keys, inset: .units((widest - count) / 2))
        }
    }

    /// Page key, globe, hide, then space between `, .` (letters) and return; on the
    /// letters page the emoji key beside the page key, as phones have it, its
    /// width taken from the keys around the space bar so the space bar keeps its own.
    private func bottomRow(pageKey: Key, punctuation: Bool) -> Row {
        var page = pageKey
        page.width = .relative(punctuation ? 0.12 : 0.13)
        var parts: [any RowContent] = [page]
        if punctuation { parts.append(Key.page(Page.emoji, width: .relative(0.09))) }
        let small = punctuation ? 0.08 : 0.1
        if layoutKey { parts.append(Key(.layout(.next), width: .relative(punctuation ? 0.09 : 0.1))) }
        if hideKey { parts.append(Key.hide(width: .relative(small))) }
        if punctuation {
            parts += [Key.character(",", width: .relative(small)), Key.space(), Key.character(".", width: .relative(small))]
        } else {
            parts.append(Key.space())
        }
        parts.append(Key.return(width: .relative(punctuation ? 0.17 : 0.2)))
        return Row(parts)
    }

    // MARK: - Wide

    /// A desktop-like arrangement: digits and backspace, Tab, caps lock and return,
    /// shift at both ends, and the action keys below; every row as wide as the
    /// widest, the last key of each row taking up the difference.
    private func wide(_ set: InputSet, name: String) -> Layout {
        let symbols = set.symbols ?? InputSet.standardSymbols
        let more = set.moreSymbols ?? InputSet.standardMoreSymbols
        let letters = set.letters
        var rows: [WideRow] = [WideRow(lead: nil, chars: InputSet.rowOf("1 2 3 4 5 6 7 8 9 0"), trail: .backspace(width: .units(1.5)))]
        for (i, chars) in letters.enumerated() {
            if i == letters.count - 1 && i > 0 {
                rows.append(WideRow(lead: .shift(width: .units(2)), chars: chars, trail: .shift(width: .units(2))))
            } else if i == 0 {
                rows.append(WideRow(lead: Key(.keysym(.tab), width: .units(1.5)), chars: chars, trail: nil))
            } else if i == 1 {
                rows.append(WideRow(lead: Key(.capsLock, width: .units(1.75)), chars: chars, trail: .return(width: .units(1.75))))
            } else {
                rows.append(WideRow(lead: nil, chars: chars, trail: nil))
            }
        }
        let widest = Self.units(of: rows).max() ?? 0
        return Layout(name: name, pages: [
            Page(name: Page.letters, switchLabel: "ABC", rows: Self.equalize(rows) + [wideBottomRow(pageKey: .page(Page.symbols), units: widest)]),
            Page(name: Page.symbols, switchLabel: "123", rows: compactRows(symbols, lead: .page(Page.moreSymbols, width: .units(0)))
                + [wideBottomRow(pageKey: .page(Page.letters), units: widest)]),
            Page(name: Page.moreSymbols, switchLabel: "#+=", rows: compactRows(more, lead: .page(Page.symbols, width: .units(0)))
                + [wideBottomRow(pageKey: .page(Page.letters), units: widest)]),
            Self.emojiPage(columns: Self.wideEmojiColumns, side: .units(1.75), settings: settingsKey),
            Self.clipboardPage(columns: Self.wideClipboardColumns, side: .units(1.75)),
        ] + (settingsKey ? [Self.settingsPage(side: .units(1.75))] : []))
    }

    /// One row of the wide letters page before the rows are made equally wide.
    private struct WideRow {
        var lead: Key?
        var chars: [String]
        var trail: Key?
    }

    /// Rows made equally wide in units: the trailing key (else the leading one,
    /// else an inset) takes up what its row lacks.
    private static func units(_ k: Key?) -> Double { k.map { $0.width.shareUnits ?? 1 } ?? 0 }

    /// Each row's width in units.
    private static func units(of rows: [WideRow]) -> [Double] {
        rows.map { units($0.lead) + Double($0.chars.count) + units($0.trail) }
    }

    private static func equalize(_ rows: [WideRow]) -> [Row] {
        let totals = units(of: rows)
        let widest = totals.max() ?? 0
        return rows.enumerated().map { i, r in
            var r = r
            let gap = widest - totals[i]
            var inset = 0.0
            if let trail = r.trail {
                r.trail?.width = .units(units(trail) + gap)
            } else if let lead = r.lead {
                r.lead?.width = .units(units(lead) + gap)
            } else {
                inset = gap / 2
            }
            var parts: [any RowContent] = []
            if let lead = r.lead { parts.append(lead) }
            parts.append(Row(keys: r.chars.map { Key.character($0) }))
            if let trail = r.trail { parts.append(trail) }
            return Row(parts, inset: .units(inset))
        }
    }

    /// Page keys at both ends, like the modifiers of a desktop keyboard (return
    /// is in the letter rows); the space bar takes what makes the row `units` wide,
    /// so its keys are the letters' size.
    private func wideBottomRow(pageKey: Key, units: Double) -> Row {
        var page = pageKey
        page.width = .units(1.75)
        var parts: [Key] = [page]
        // The letters' emoji key, as wide as a letter, and the small keys beside it too
        // when the globe is there: the space bar keeps its least width.
        let emojiKey = pageKey.action == .page(Page.symbols)
        let small: KeyWidth = emojiKey && layoutKey ? .units(1) : .units(1.25)
        if emojiKey { parts.append(Key.page(Page.emoji, width: .units(1))) }
        if layoutKey { parts.append(Key(.layout(.next), width: small)) }
        if hideKey { parts.append(Key.hide(width: small)) }
        parts += [Key.space(), Key.character(",", width: .units(1)),
                  Key.character(".", width: .units(1)), page]
        let others = parts.filter { $0.action != .space }.reduce(0.0) { $0 + Self.units($1) }
        for i in parts.indices where parts[i].action == .space { parts[i].width = .units(max(units - others, 4)) }
        return Row(keys: parts)
    }


}

extension Layout {
    /// The layout with long-press alternates and shifted forms added, by the
    /// character a key types, to every character key that has none of its own.
    public func addingCharacterOptions(callouts: [String: [String]], uppercase: [String: String]) -> Layout {
        guard !callouts.isEmpty || !uppercase.isEmpty else { return self }
        var out = self
        for p in out.pages.indices {
            out.pages[p].rows = out.pages[p].rows.map { $0.mappingKeys { key in
                guard case .character(let c) = key.action else { return key }
                var k = key
                if k.callouts.isEmpty, let alternates = callouts[c] { k.callouts = alternates }
                if k.shifted == nil, let upper = uppercase[c] { k.shifted = upper }
                return k
            } }
        }
        return out
    }
}

extension Row {
    /// The row with every key, nested stacks included, transformed.
    public func mappingKeys(_ transform: (Key) -> Key) -> Row {
        var out = self
        out.items = items.map { item in
            switch item {
            case .key(let k): return .key(transform(k))
            case .stack(let rows, let w): return .stack(rows.map { $0.mappingKeys(transform) }, width: w)
            }
        }
        return out
    }
}
