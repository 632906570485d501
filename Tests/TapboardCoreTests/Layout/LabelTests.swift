import Testing
@testable import TapboardCore

/// Labels derive from actions: every built-in key shows what it types.
struct LabelTests {
    /// Every page of every built-in layout.
    static var pages: [GeometryTests.PageCase] { GeometryTests.PageCase.all }

    /// The layout with the page first, so a fresh state shows it; the other pages stay for page keys.
    private static func layoutShowing(_ c: GeometryTests.PageCase) -> Layout {
        var pages = c.layout.pages
        let page = pages.remove(at: c.pageIndex)
        return Layout(name: c.layout.name, pages: [page] + pages)
    }

    /// What a tap on the key at `index` types in `state`.
    private static func typedByTap(_ index: Int, _ state: inout KeyboardState) -> [Keystroke] {
        let p = Point(x: 1, y: 1)
        let effects = state.handle(.touch(.began, point: p, key: index), at: .seconds(1))
            + state.handle(.touch(.ended, point: p, key: index), at: .seconds(1) + .milliseconds(50))
        return effects.compactMap { if case .type(let k) = $0 { return k } else { return nil } }
    }

    @Test("a character key's label is what it types", arguments: pages)
    func characterLabelsMatchTypedText(_ c: GeometryTests.PageCase) throws {
        // The emoji and clipboard pages' keys are filled in by the session (KeyboardSession+Emoji, +ClipboardPage).
        guard c.page.name != Page.emoji, c.page.name != Page.clipboard else { return }
        let layout = Self.layoutShowing(c)
        let ids = c.page.keyIdentifiers
        var characterKeys = 0
        for (i, key) in c.page.keys.enumerated() {
            guard case .character(let character) = key.action else { continue }
            characterKeys += 1
            var state = KeyboardState(layout: layout, options: InteractionOptions(autoShift: false))
            try #require(state.page == c.page)
            let label = key.displayLabel(shift: .off, pages: layout.pages)
            #expect(state.label(of: key) == label, "\(ids[i])")
            guard case .text(let text) = label else {
                Issue.record("\(ids[i]) shows \(label), not text")
                continue
            }
            #expect(text == character, "\(ids[i])")
            #expect(Self.typedByTap(i, &state) == [.text(text)], "\(ids[i]) shows \(text)")
        }
        #expect(characterKeys >= 10, "page \(c.page.name) has \(characterKeys) character keys")
    }

    @Test("a shifted character key's label is what it types", arguments: pages)
    func shiftedCharacterLabelsMatchTypedText(_ c: GeometryTests.PageCase) {
        let layout = Self.layoutShowing(c)
        let ids = c.page.keyIdentifiers
        for (i, key) in c.page.keys.enumerated() {
            guard case .character = key.action else { continue }
            // Auto-shift puts a fresh state in shift once.
            var state = KeyboardState(layout: layout)
            #expect(state.shift == .once)
            let label = state.label(of: key)
            #expect(label == key.displayLabel(shift: .once, pages: layout.pages))
            guard case .text(let text) = label else { Issue.record("\(ids[i]) shows \(label)"); continue }
            #expect(Self.typedByTap(i, &state) == [.text(text)], "\(ids[i]) shows \(text) while shifted")
        }
    }

    @Test("a page key shows its target's switch label, and the target exists", arguments: pages)
    func pageKeyLabels(_ c: GeometryTests.PageCase) {
        var pageKeys = 0
        for key in c.page.keys {
            guard case .page(let target) = key.action else { continue }
            pageKeys += 1
            let index = c.layout.pageIndex(named: target)
            #expect(index != nil, "\(c.layout.name)/\(c.page.name) has a key to missing page \(target)")
            guard let index else { continue }
            #expect(index != c.pageIndex, "page key to the page itself")
            // The emoji page's key is a drawn face (no emoji font needed to find it).
            let expected: KeyLabel = target == Page.emoji ? .icon(.smiley)
                : target == Page.clipboard ? .icon(.clipboard) : .text(c.layout.pages[index].switchLabel)
            #expect(key.displayLabel(shift: .off, pages: c.layout.pages) == expected)
            #expect(key.displayLabel(shift: .once, pages: c.layout.pages) == expected)
        }
        #expect(pageKeys >= 1 || c.layout.pages.count == 1, "no way off page \(c.page.name)")
    }

    @Test("every key shows something that matches its action", arguments: pages)
    func everyKeyHasAFittingLabel(_ c: GeometryTests.PageCase) {
        for (key, id) in zip(c.page.keys, c.page.keyIdentifiers) {
            let label = key.displayLabel(shift: .off, pages: c.layout.pages)
            switch key.action {
            case .shift: #expect(label == .icon(.shift(.off)), "\(id)")
            case .backspace: #expect(label == .icon(.backspace), "\(id)")
            case .return: #expect(label == .icon(.return), "\(id)")
            case .hide: #expect(label == .icon(.hide), "\(id)")
            case .space: #expect(label == .text("space"), "\(id)")
            case .capsLock: #expect(label == .text("caps"), "\(id)")
            case .text(let s): #expect(label == .text(s), "\(id)")
            case .keysym(let k): #expect(label == .text(k.displayName), "\(id)")
            case .character(let ch): #expect(label == .text(ch), "\(id)")
            case .layout(.next): #expect(label == .icon(.globe), "\(id)")
            case .layout(.named(let name)): #expect(label == .text(name), "\(id)")
            case .modifier(let m): #expect(label == .text(m.label), "\(id)")
            case .run: Issue.record("\(id): a built-in layout runs a program")
            case .suggestion: #expect(label == .text(""), "\(id): the session shows the word")
            case .emoji(.group(let n)): #expect(label == .text(EmojiGroups.keys[n].label), "\(id)")
            case .emoji(.search): #expect(label == .icon(.search), "\(id)")
            case .emoji(.searchLine), .emoji(.match): #expect(label == .text(""), "\(id): the session shows the search")
            case .clipboard: #expect(label == .text(""), "\(id): the session shows the entries")
            case .settings: #expect(label == .text(""), "\(id): the session shows the settings")
            case .chord(let modifiers, let key): #expect(modifiers == [.control] && label == .text("^" + key.name.uppercased()), "\(id)")
            case .page: break
            }
            #expect(key.label == nil, "\(id) sets its own label \(key.label ?? ""); built-in labels derive from actions")
        }
    }

    @Test func builtInLayoutsAreWellFormed() throws {
        let sources = try LayoutSource.builtIn()
        #expect(sources.count >= 19)
        #expect(try LayoutSource.builtIn(named: "en-US") == .enUS)
        #expect(try LayoutSource.builtIn(named: "xx") == nil)
        for source in sources {
            for layout in [LayoutProvider().layout(for: source, width: 0), LayoutProvider().layout(for: source, width: 5000)] {
                #expect(Set(layout.pages.map(\.name)).count == layout.pages.count, "\(layout.name): duplicate page names")
                #expect(Set(layout.pages.map(\.switchLabel)).count == layout.pages.count, "\(layout.name): duplicate switch labels")
            }
        }
        #expect(Layout.enUS.pages.map(\.name) == ["letters", "symbols", "more-symbols", "emoji", "clipboard"])
        #expect(Layout.enUS.pages.map(\.switchLabel) == ["ABC", "123", "#+=", "☺", "📋"])
    }

    // MARK: deriving labels

    @Test func givenLabelWins() {
        let key = Key(.character("a"), label: "Ä")
        #expect(key.displayLabel(shift: .off, pages: []) == .text("Ä"))
        #expect(key.displayLabel(shift: .locked, pages: []) == .text("Ä"))
        #expect(Key.page("symbols", label: "?!").displayLabel(shift: .off, pages: Layout.enUS.pages) == .text("?!"))
    }

    @Test(arguments: [
        ("a", "A"), ("z", "Z"), ("é", "É"), ("ß", "ß"), ("1", "1"), ("€", "€"), (",", ","), ("ﬁ", "ﬁ"),
    ])
    func shiftedCharacter(_ c: String, _ shifted: String) {
        #expect(c.shiftedCharacter == shifted)
        for shift in [ShiftState.once, .locked] {
            #expect(Key.character(c).displayLabel(shift: shift, pages: []) == .text(shifted))
        }
        #expect(Key.character(c).displayLabel(shift: .off, pages: []) == .text(c))
    }

    @Test(arguments: [
        ("Escape", "Esc"), ("Tab", "Tab"), ("Left", "←"), ("Right", "→"), ("Up", "↑"), ("Down", "↓"),
        ("Delete", "Del"), ("Prior", "PgUp"), ("Next", "PgDn"), ("F1", "F1"),
    ])
    func keysymDisplayNames(_ name: String, _ shown: String) {
        #expect(KeySymbol(name).displayName == shown)
        #expect(Key(.keysym(KeySymbol(name))).displayLabel(shift: .once, pages: []) == .text(shown))
    }

    @Test func shiftIconFollowsState() {
        for s in [ShiftState.off, .once, .locked] {
            #expect(Key.shift().displayLabel(shift: s, pages: []) == .icon(.shift(s)))
        }
    }

    @Test func defaultStyleClasses() {
        #expect(Key.character("a").styleClass == .character)
        #expect(Key(.text("hi")).styleClass == .character)
        #expect(Key.space().styleClass == .space)
        #expect(Key.return().styleClass == .accent)
        for key in [Key.shift(), Key.backspace(), Key.page("x"), Key.hide(), Key(.capsLock), Key(.keysym(.tab))] {
            #expect(key.styleClass == .action, "\(key.action)")
        }
        #expect(Key(.character("a"), style: .accent).styleClass == .accent)
    }
}
