import Testing
@testable import TapboardCore

/// The layout provider: compact or wide by width, the keys of en-US in order, the globe
/// key, callouts and shifted forms, equal rows, full-form layouts passed through.
struct LayoutProviderTests {
    /// Key identifiers of each page, by page name.
    static func ids(_ layout: Layout) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: layout.pages.map { ($0.name, $0.keyIdentifiers) })
    }

    /// The page's key identifiers (duplicates numbered on the page), row by row.
    static func rowIDs(_ page: Page) -> [[String]] {
        var rest = page.keyIdentifiers[...]
        return page.rows.map { row in
            defer { rest = rest.dropFirst(row.keys.count) }
            return Array(rest.prefix(row.keys.count))
        }
    }

    /// How many units a row is wide: its keys' units and both insets; nil if anything is not in units.
    static func units(_ row: Row) -> Double? {
        guard let inset = row.inset.unitsOrZero else { return nil }
        var total = 2 * inset
        for item in row.items {
            guard case .key(let k) = item, let u = k.width.shareUnits else { return nil }
            total += u
        }
        return total
    }

    static let digits = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"]
    static let top = ["q", "w", "e", "r", "t", "y", "u", "i", "o", "p"]
    static let home = ["a", "s", "d", "f", "g", "h", "j", "k", "l"]
    static let bottom = ["z", "x", "c", "v", "b", "n", "m"]
    static let symbolsRow2 = ["-", "/", ":", ";", "(", ")", "$", "&", "@", "\""]
    static let moreRow1 = ["[", "]", "{", "}", "#", "%", "^", "*", "+", "="]
    static let moreRow2 = ["_", "\\", "|", "~", "<", ">", "€", "£", "¥", "•"]
    static let punctuation = [".", ",", "?", "!", "'"]

    // MARK: compact or wide

    @Test func defaultThreshold() {
        let p = LayoutProvider()
        #expect(LayoutProvider.defaultWideWidth == 1000)
        #expect(p.wideWidth == 1000)
        #expect(!p.isWide(width: 0))
        #expect(!p.isWide(width: 999))
        #expect(p.isWide(width: 1000))
        #expect(p.isWide(width: 3840))
        #expect(p.layout(for: .enUS, width: 999).pages[0].keyIdentifiers.first == "q")
        #expect(p.layout(for: .enUS, width: 1000).pages[0].keyIdentifiers.first == "1")
    }

    @Test func customThreshold() {
        let p = LayoutProvider(wideWidth: 600)
        #expect(!p.isWide(width: 599))
        #expect(p.isWide(width: 600))
        #expect(p.layout(for: .enUS, width: 599).pages[0].keyIdentifiers.first == "q")
        #expect(p.layout(for: .enUS, width: 600).pages[0].keyIdentifiers.first == "1")
        #expect(LayoutProvider(wideWidth: 2000).layout(for: .enUS, width: 1999).pages[0].keyIdentifiers.first == "q")
    }

    // MARK: en-US keys

    @Test func enUSCompact() throws {
        let layout = LayoutProvider().layout(for: .enUS, width: 400)
        #expect(layout.name == "en-US")
        #expect(layout.pages.map(\.name) == ["letters", "symbols", "more-symbols", "emoji", "clipboard"])
        #expect(layout.pages.map(\.switchLabel) == ["ABC", "123", "#+=", "☺", "📋"])
        #expect(Self.rowIDs(layout.pages[0]) == [
            Self.top, Self.home, ["shift"] + Self.bottom + ["backspace"],
            ["page:symbols", "page:emoji", "hide", ",", "space", ".", "return"],
        ])
        #expect(Self.emojiPageShape(layout.pages[3]) == [8, 8, 8])
        #expect(Self.rowIDs(layout.pages[1]) == [
            Self.digits, Self.symbolsRow2, ["page:more-symbols"] + Self.punctuation + ["backspace"],
            ["page:letters", "hide", "space", "return"],
        ])
        #expect(Self.rowIDs(layout.pages[2]) == [
            Self.moreRow1, Self.moreRow2, ["page:symbols"] + Self.punctuation + ["backspace"],
            ["page:letters", "hide", "space", "return"],
        ])
        #expect(layout == Layout.enUS)
    }

    @Test func enUSWide() throws {
        let layout = LayoutProvider().layout(for: .enUS, width: 1280)
        #expect(layout.name == "en-US")
        #expect(layout.pages.map(\.name) == ["letters", "symbols", "more-symbols", "emoji", "clipboard"])
        #expect(layout.pages.map(\.switchLabel) == ["ABC", "123", "#+=", "☺", "📋"])
        #expect(Self.rowIDs(layout.pages[0]) == [
            Self.digits + ["backspace"], ["Tab"] + Self.top, ["capslock"] + Self.home + ["return"],
            ["shift"] + Self.bottom + ["shift-2"],
            ["page:symbols", "page:emoji", "hide", "space", ",", ".", "page:symbols-2"],
        ])
        #expect(Array(layout.pages[0].keyIdentifiers.suffix(8))
                == ["shift-2", "page:symbols", "page:emoji", "hide", "space", ",", ".", "page:symbols-2"])
        #expect(Self.emojiPageShape(layout.pages[3]) == [12, 12, 12])
        #expect(Self.rowIDs(layout.pages[1]) == [
            Self.digits, Self.symbolsRow2, ["page:more-symbols"] + Self.punctuation + ["backspace"],
            ["page:letters", "hide", "space", ",-2", ".-2", "page:letters-2"],
        ])
        #expect(Self.rowIDs(layout.pages[2]) == [
            Self.moreRow1, Self.moreRow2, ["page:symbols"] + Self.punctuation + ["backspace"],
            ["page:letters", "hide", "space", ",-2", ".-2", "page:letters-2"],
        ])
        // Duplicates are numbered on the page.
        #expect(Array(layout.pages[1].keyIdentifiers.suffix(6)) == ["page:letters", "hide", "space", ",-2", ".-2", "page:letters-2"])
        // The wide action keys have their widths.
        let letters = layout.pages[0]
        #expect(letters.rows[0].keys.last?.width == .units(2.5))
        #expect(letters.rows[1].keys.first?.width == .units(2.5))
        #expect(letters.rows[2].keys.first?.width == .units(1.75))
        #expect(letters.rows[2].keys.last?.width == .units(1.75))
        #expect(letters.rows[3].keys.first?.width == .units(2))
        #expect(letters.rows[3].keys.last?.width == .units(3.5))
    }

    /// The emoji page as built: its grid's blank keys a row, then the letters' key, a key a group and backspace below.
    static func emojiPageShape(_ page: Page) -> [Int] {
        let ids = rowIDs(page)
        #expect(ids.last == ["page:letters"] + (1 ... EmojiGroups.keys.count).map { "emoji-group-\($0)" } + ["page:clipboard", "backspace"])
        #expect(page.rows.dropLast().allSatisfy { $0.keys.allSatisfy { $0.action == .text("") } })
        return page.rows.dropLast().map { $0.keys.count }
    }

    @Test("the globe key is there only with layoutKey", arguments: [400, 1280])
    func globeKey(width: Int) {
        let without = LayoutProvider(layoutKey: false).layout(for: .enUS, width: width)
        let with = LayoutProvider(layoutKey: true).layout(for: .enUS, width: width)
        for page in without.pages {
            #expect(!page.keyIdentifiers.contains("layout:next"), "\(page.name)")
        }
        for (page, plain) in zip(with.pages, without.pages) {
            // Right after the page key of the bottom row (and the letters' emoji key), and nowhere else;
            // not on the emoji page, whose bottom row has its groups.
            var expected = Self.rowIDs(plain)
            let panel = page.name == Page.emoji || page.name == Page.clipboard
            if !panel { expected[expected.count - 1].insert("layout:next", at: page.name == Page.letters ? 2 : 1) }
            #expect(Self.rowIDs(page) == expected, "\(page.name)")
            #expect(page.keys.filter { $0.action == .layout(.next) }.count == (panel ? 0 : 1))
        }
    }

    // MARK: callouts and shifted forms

    @Test func calloutsOnEveryKeyTypingTheCharacter() throws {
        let layout = LayoutProvider().layout(for: .enUS, width: 400)
        let letters = layout.pages[0], symbols = layout.pages[1]
        let e = try #require(letters.keyIdentifiers.firstIndex(of: "e"))
        #expect(letters.keys[e].callouts == ["è", "é", "ê", "ë", "ē", "ė", "ę"])
        let q = try #require(letters.keyIdentifiers.firstIndex(of: "q"))
        #expect(letters.keys[q].callouts == [])
        // "." is on the letters bottom row and on the symbols page: both get "…".
        let dot = try #require(letters.keyIdentifiers.firstIndex(of: "."))
        #expect(letters.keys[dot].callouts == ["…"])
        let dotSymbols = try #require(symbols.keyIdentifiers.firstIndex(of: "."))
        #expect(symbols.keys[dotSymbols].callouts == ["…"])
        let dollar = try #require(symbols.keyIdentifiers.firstIndex(of: "$"))
        #expect(symbols.keys[dollar].callouts == ["€", "£", "¥", "¢", "₽"])
        // Action keys get none; the clipboard's entries have theirs (pin, delete).
        #expect(layout.pages.flatMap(\.keys).filter {
            switch $0.action {
            case .character: false
            case .clipboard(.entry): $0.callouts != ClipboardChoice.callout
            default: !$0.callouts.isEmpty
            }
        } == [])
    }

    @Test func uppercaseSetsShiftedForms() throws {
        let source = LayoutSource(name: "tt", description: "t",
                                  definition: .inputSet(InputSet(letters: [["i", "ı", "e"]])),
                                  uppercase: ["i": "İ", "ı": "I"])
        for width in [400, 1280] {
            let letters = LayoutProvider().layout(for: source, width: width).pages[0]
            let shifted = Dictionary(uniqueKeysWithValues: zip(letters.keyIdentifiers, letters.keys.map(\.shifted)))
            #expect(shifted["i"] == .some("İ"))
            #expect(shifted["ı"] == .some("I"))
            #expect(shifted["e"] == .some(nil))
        }
    }

    @Test func aKeysOwnCalloutsAndShiftedFormWin() {
        var own = Key.character("e")
        own.callouts = ["x"]
        own.shifted = "Y"
        let layout = Layout(name: "f", pages: [Page(name: "p", switchLabel: "p", rows: [
            Row(keys: [own, .character("e"), .character("a"), .backspace()]),
            Row([.stack([Row(keys: [.character("e")])], width: .units(1))]),
        ])])
        let source = LayoutSource(name: "f", description: "f", definition: .full(layout),
                                  callouts: ["e": ["é", "è"], "b": ["ḃ"]], uppercase: ["e": "Ɛ"])
        let keys = LayoutProvider().layout(for: source, width: 400).pages[0].keys
        #expect(keys.map(\.callouts) == [["x"], ["é", "è"], [], [], ["é", "è"]])
        #expect(keys.map(\.shifted) == ["Y", "Ɛ", nil, nil, "Ɛ"])
    }

    // MARK: equal rows

    @Test func wideLetterRowsAreEquallyWide() throws {
        let letters = LayoutProvider().layout(for: .enUS, width: 1280).pages[0]
        let characterRows = letters.rows.dropLast()
        #expect(characterRows.map { Self.units($0) } == [12.5, 12.5, 12.5, 12.5])
    }

    /// Every row as wide as the widest, the bottom one too (the space bar takes
    /// the rest), so a 1-unit key there is as wide as a letter.
    @Test("the wide bottom row is as many units wide as the letter rows", arguments: [false, true])
    func wideBottomRowIsEquallyWide(layoutKey: Bool) throws {
        let letters = LayoutProvider(layoutKey: layoutKey).layout(for: .enUS, width: 1280).pages[0]
        let bottom = try #require(letters.rows.last)
        #expect(Self.units(bottom) == Self.units(letters.rows[0]))
        #expect(Self.units(bottom) == 12.5)
    }

    @Test("wide rows are equal for any number and length of letter rows", arguments: [
        [["q", "w"], ["a", "s", "d", "f", "g", "h", "j", "k", "l", "ö", "ä", "#"], ["z"]],
        [["a", "b", "c"], ["d", "e", "f"], ["g"], ["h", "i"], ["j", "k", "l", "m"]],
        [["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n"], ["o"]],
    ])
    func wideRowsEqualForOtherSets(_ letters: [[String]]) throws {
        let source = LayoutSource(name: "t", description: "t", definition: .inputSet(InputSet(letters: letters)))
        let page = LayoutProvider().layout(for: source, width: 2000).pages[0]
        let totals = page.rows.dropLast().map { Self.units($0) }
        #expect(totals.count == letters.count + 1)
        #expect(totals.allSatisfy { $0 != nil })
        #expect(Set(totals).count == 1, "\(totals)")
    }

    @Test func compactRowsAreEquallyWide() {
        let layout = LayoutProvider().layout(for: .enUS, width: 400)
        for page in layout.pages where page.name != Page.emoji && page.name != Page.clipboard {
            #expect(page.rows.dropLast().map { Self.units($0) } == [10, 10, 10], "\(page.name)")
        }
    }

    // MARK: full form

    @Test func fullFormPassesThrough() {
        let layout = Layout(name: "pad", pages: [
            Page(name: "digits", switchLabel: "123", rows: [Row("789"), Row([Key.character("0"), Key.backspace(width: .units(2))])]),
            Page(name: "ops", switchLabel: "+", rows: [Row("+-")]),
        ])
        let source = LayoutSource(name: "pad", description: "Pad", definition: .full(layout))
        for provider in [LayoutProvider(), LayoutProvider(layoutKey: true), LayoutProvider(wideWidth: 10)] {
            for width in [0, 400, 999, 1000, 4000] {
                #expect(provider.layout(for: source, width: width) == layout)
            }
        }
    }

    @Test func fullFormGetsCalloutsOnly() {
        let layout = Layout(name: "pad", pages: [
            Page(name: "digits", switchLabel: "123", rows: [Row("789"), Row([Key.character("0"), Key.backspace(width: .units(2))])]),
        ])
        let source = LayoutSource(name: "pad", description: "Pad", definition: .full(layout), callouts: ["0": ["°"]])
        var expected = layout
        expected.pages[0].rows[1].items[0] = .key(Key(.character("0"), callouts: ["°"]))
        #expect(LayoutProvider(layoutKey: true).layout(for: source, width: 1280) == expected)
        #expect(layout.addingCharacterOptions(callouts: ["0": ["°"]], uppercase: [:]) == expected)
    }
}

extension KeyWidth {
    /// Units of an inset: zero points count as no units.
    fileprivate var unitsOrZero: Double? {
        switch self {
        case .units(let u): return u
        case .fixed(0): return 0
        default: return nil
        }
    }
}
