import Testing
@testable import TapboardCore

/// The state machine: taps, shift and caps lock, auto-shift, pages, drags, repeat, cancel.
struct KeyboardStateTests {
    // MARK: helpers

    private static let here = Point(x: 5, y: 7)
    private static let there = Point(x: 50, y: 9)
    private static let noAutoShift = InteractionOptions(autoShift: false)


    /// Taps each key in turn, one second apart from `start`; the effects of all.
    @discardableResult
    private static func tapAll(_ ids: [String], _ state: inout KeyboardState, from start: Duration = .seconds(10),
                               sourceLocation: SourceLocation = #_sourceLocation) throws -> [Effect] {
        var out: [Effect] = []
        for (n, id) in ids.enumerated() {
            out += try StateTesting.tap(id, &state, at: start + .seconds(n), sourceLocation: sourceLocation)
        }
        return out
    }

    /// What the effects type, in order.
    private static func typed(_ effects: [Effect]) -> [Keystroke] {
        effects.compactMap { if case .type(let k) = $0 { return k } else { return nil } }
    }

    /// The text typed, keysyms left out.
    private static func text(_ effects: [Effect]) -> String {
        typed(effects).map { if case .text(let s) = $0 { return s } else { return "" } }.joined()
    }

    private static func notifications(_ effects: [Effect]) -> [KeyboardEvent] {
        effects.compactMap { if case .notify(let e) = $0 { return e } else { return nil } }
    }

    /// A one-page layout with sentence punctuation, for auto-shift.
    private static func punctuationLayout() -> Layout {
        Layout(name: "test", pages: [
            Page(name: Page.letters, switchLabel: "ABC", rows: [
                Row("abc.!?,;"),
                Row([Key.shift(), Key.space(), Key.backspace(), Key.return()]),
            ]),
        ])
    }

    // MARK: start

    @Test func startsOnFirstPageShiftedWithAutoShift() {
        let state = KeyboardState(layout: .enUS)
        #expect(state.pageIndex == 0)
        #expect(state.page.name == Page.letters)
        #expect(state.shift == .once)
        #expect(state.pressedKey == nil)
    }

    @Test func startsUnshiftedWithoutAutoShift() {
        let state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        #expect(state.shift == .off)
    }

    @Test func defaultOptions() {
        let o = InteractionOptions()
        #expect(o.autoShift)
        #expect(o.doubleTapInterval == .milliseconds(300))
        #expect(o.repeatDelay == .milliseconds(500))
        #expect(o.repeatInterval == .microseconds(66_667))
    }

    // MARK: tap

    @Test func tapTypesOnRelease() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let q = try StateTesting.index("q", in: state)
        let qKey = try StateTesting.key("q", in: state)
        #expect(q == 0)
        let began = state.handle(.touch(.began, point: Self.here, key: q), at: .zero)
        #expect(began == [.notify(.touchesBegan(Self.here)), .redraw([q]), .showPreview(key: q), .notify(.pressStarted(qKey))])
        #expect(state.pressedKey == q)
        let ended = state.handle(.touch(.ended, point: Self.here, key: q), at: .milliseconds(80))
        #expect(ended == [.type(.text("q")), .hidePreview, .redraw([q]), .notify(.pressEnded(qKey)), .notify(.touchesEnded(Self.here))])
        #expect(state.pressedKey == nil)
    }

    /// With nobody listening, the same taps, drags and page switches give the
    /// same effects less the delegate's contact events, and leave the same state;
    /// a page change is still told (it is published too).
    @Test func withoutListenerTheSameEffectsLessEvents() throws {
        var heard = KeyboardState(layout: .enUS)
        var unheard = heard
        unheard.notifies = false
        let q = try StateTesting.index("q", in: heard), w = try StateTesting.index("w", in: heard)
        let toSymbols = try #require(heard.page.keys.firstIndex { if case .page = $0.action { true } else { false } })
        let events: [InputEvent] = [
            .touch(.began, point: Self.here, key: q), .touch(.ended, point: Self.here, key: q),
            .touch(.began, point: Self.here, key: q), .touch(.moved, point: Self.there, key: w), .touch(.ended, point: Self.there, key: w),
            .touch(.began, point: Self.here, key: q), .touch(.cancelled, point: Self.here, key: q),
            .touch(.began, point: Self.here, key: toSymbols), .touch(.ended, point: Self.here, key: toSymbols),
        ]
        var sawEvents = false
        for (n, event) in events.enumerated() {
            let time = Duration.seconds(n)
            let all = heard.handle(event, at: time)
            let quiet = unheard.handle(event, at: time)
            sawEvents = sawEvents || !Self.notifications(all).isEmpty
            #expect(quiet == all.filter {
                if case .notify(let e) = $0 { if case .pageChanged = e { true } else { false } } else { true }
            }, "event \(n)")
            #expect(Self.notifications(quiet).allSatisfy { if case .pageChanged = $0 { true } else { false } })
        }
        #expect(sawEvents)
        #expect(unheard.pageIndex != 0)
        #expect(unheard.pageIndex == heard.pageIndex && unheard.shift == heard.shift && unheard.pressedKey == heard.pressedKey)
    }


    @Test func autoShiftTypesFirstLetterUpperCase() throws {
        var state = KeyboardState(layout: .enUS)
        let h = try StateTesting.index("h", in: state)
        let hKey = try StateTesting.key("h", in: state)
        _ = state.handle(.touch(.began, point: Self.here, key: h), at: .zero)
        let ended = state.handle(.touch(.ended, point: Self.here, key: h), at: .milliseconds(80))
        #expect(ended == [.type(.text("H")), .redrawAll, .hidePreview, .redraw([h]),
                          .notify(.pressEnded(hKey)), .notify(.touchesEnded(Self.here))])
        #expect(state.shift == .off)
        #expect(Self.text(try Self.tapAll(["i"], &state)) == "i")
    }

    @Test func withoutAutoShiftFirstLetterLowerCase() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        #expect(Self.text(try Self.tapAll(["h", "i"], &state)) == "hi")
        #expect(state.shift == .off)
    }

    @Test func typesAWordAndSpace() throws {
        var state = KeyboardState(layout: .enUS)
        let effects = try Self.tapAll(["h", "e", "l", "l", "o", "space", "w", ",", "."], &state)
        #expect(Self.typed(effects) == ["H", "e", "l", "l", "o", " ", "w", ",", "."].map { Keystroke.text($0) })
    }

    /// DESIGN.md: "flush the injected key before any redraw"; effects are carried out in order.
    @Test(".type comes before any redraw, so the key is injected first")
    func typeBeforeRedraw() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let q = try StateTesting.index("q", in: state)
        _ = state.handle(.touch(.began, point: Self.here, key: q), at: .zero)
        let ended = state.handle(.touch(.ended, point: Self.here, key: q), at: .milliseconds(50))
        let bs = try StateTesting.index("backspace", in: state)
        let pressed = state.handle(.touch(.began, point: Self.here, key: bs), at: .seconds(1))
        for effects in [ended, pressed] {
            let firstType = try #require(effects.firstIndex { if case .type = $0 { true } else { false } })
            let firstRedraw = effects.firstIndex { if case .redraw = $0 { true } else { $0 == .redrawAll } }
            #expect(firstRedraw.map { firstType < $0 } ?? true, "\(effects)")
        }
    }

    // MARK: shift

    @Test func shiftOnceThenOffAfterOneCharacter() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let effects = try StateTesting.tap("shift", &state, at: .seconds(1))
        #expect(effects.contains(.redrawAll))
        #expect(state.shift == .once)
        #expect(Self.typed(effects) == [])
        #expect(Self.text(try StateTesting.tap("a", &state, at: .seconds(2))) == "A")
        #expect(state.shift == .off)
        #expect(Self.text(try StateTesting.tap("b", &state, at: .seconds(3))) == "b")
    }

    @Test("second shift tap within the double-tap interval locks; slower turns off",
          arguments: [(100, ShiftState.locked), (299, .locked), (300, .locked), (301, .off), (1000, .off)])
    func doubleTapShift(gapMilliseconds: Int, expected: ShiftState) throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        // Taps are measured release to release (each held 40 ms).
        try StateTesting.tap("shift", &state, at: .seconds(1))
        #expect(state.shift == .once)
        try StateTesting.tap("shift", &state, at: .seconds(1) + .milliseconds(gapMilliseconds))
        #expect(state.shift == expected)
    }

    @Test func doubleTapFromAutoShiftLocks() throws {
        var state = KeyboardState(layout: .enUS)
        #expect(state.shift == .once)
        try StateTesting.tap("shift", &state, at: .seconds(1))
        #expect(state.shift == .off)
        try StateTesting.tap("shift", &state, at: .seconds(1) + .milliseconds(200))
        #expect(state.shift == .locked)
    }

    @Test func tapFromLockedTurnsOff() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        try StateTesting.tap("shift", &state, at: .seconds(1))
        try StateTesting.tap("shift", &state, at: .seconds(1) + .milliseconds(150))
        #expect(state.shift == .locked)
        // Even a quick third tap turns it off, not on again.
        try StateTesting.tap("shift", &state, at: .seconds(1) + .milliseconds(300))
        #expect(state.shift == .off)
        try StateTesting.tap("shift", &state, at: .seconds(5))
        #expect(state.shift == .once)
    }

    @Test func lockedSlowTapTurnsOff() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        try StateTesting.tap("shift", &state, at: .seconds(1))
        try StateTesting.tap("shift", &state, at: .seconds(1) + .milliseconds(150))
        try StateTesting.tap("shift", &state, at: .seconds(9))
        #expect(state.shift == .off)
    }

    @Test func capsLockTypesSeveralUpperCaseLetters() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        try StateTesting.tap("shift", &state, at: .seconds(1))
        try StateTesting.tap("shift", &state, at: .seconds(1) + .milliseconds(150))
        let effects = try Self.tapAll(["c", "a", "p", "s", "space", "o", "n"], &state)
        #expect(Self.text(effects) == "CAPS ON")
        #expect(!effects.contains(.redrawAll))
        #expect(state.shift == .locked)
    }

    @Test func capsLockSurvivesSentenceEndsAndReturn() throws {
        var state = KeyboardState(layout: .enUS)
        try StateTesting.tap("shift", &state, at: .seconds(1))
        try StateTesting.tap("shift", &state, at: .seconds(1) + .milliseconds(150))
        let effects = try Self.tapAll(["a", ".", "space", "return", "b", "backspace", "backspace", "c"], &state)
        #expect(Self.text(effects) == "A. BC")
        #expect(state.shift == .locked)
    }

    @Test func typingBetweenShiftTapsIsNoDoubleTap() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        try StateTesting.tap("shift", &state, at: .seconds(1))
        try StateTesting.tap("a", &state, at: .seconds(1) + .milliseconds(60))
        try StateTesting.tap("shift", &state, at: .seconds(1) + .milliseconds(120))
        #expect(state.shift == .once)
    }

    @Test func labelsFollowShift() throws {
        var state = KeyboardState(layout: .enUS)
        let a = try StateTesting.key("a", in: state), shift = try StateTesting.key("shift", in: state)
        let comma = try StateTesting.key(",", in: state), symbols = try StateTesting.key("page:symbols", in: state)
        #expect(state.label(of: a) == .text("A"))
        #expect(state.label(of: comma) == .text(","))
        #expect(state.label(of: shift) == .icon(.shift(.once)))
        #expect(state.label(of: symbols) == .text("123"))
        #expect(state.styleClass(of: shift) == .activeModifier)
        #expect(state.styleClass(of: a) == .character)

        try StateTesting.tap("a", &state, at: .seconds(1))
        #expect(state.label(of: a) == .text("a"))
        #expect(state.label(of: shift) == .icon(.shift(.off)))
        #expect(state.styleClass(of: shift) == .action)

        try StateTesting.tap("shift", &state, at: .seconds(2))
        try StateTesting.tap("shift", &state, at: .seconds(2) + .milliseconds(100))
        #expect(state.label(of: a) == .text("A"))
        #expect(state.label(of: shift) == .icon(.shift(.locked)))
        #expect(state.styleClass(of: shift) == .activeModifier)
        #expect(state.styleClass(of: a) == .character)
    }

    @Test func capsLockKey() throws {
        let layout = Layout(name: "caps", pages: [Page(name: "p", switchLabel: "P", rows: [
            Row([Key(.capsLock), Key.shift(), Key.character("a")]),
        ])])
        var state = KeyboardState(layout: layout, options: Self.noAutoShift)
        let caps = try StateTesting.key("capslock", in: state)
        #expect(state.label(of: caps) == .text("caps"))
        #expect(state.styleClass(of: caps) == .action)
        try StateTesting.tap("capslock", &state, at: .seconds(1))
        #expect(state.shift == .locked)
        #expect(state.styleClass(of: caps) == .activeModifier)
        #expect(Self.text(try Self.tapAll(["a", "a"], &state)) == "AA")
        try StateTesting.tap("capslock", &state, at: .seconds(20))
        #expect(state.shift == .off)
        #expect(state.styleClass(of: caps) == .action)
    }

    // MARK: auto-shift

    @Test("auto-shift after a sentence end and a space", arguments: [".", "!", "?"])
    func autoShiftAfterSentenceEnd(_ end: String) throws {
        var state = KeyboardState(layout: Self.punctuationLayout())
        let effects = try Self.tapAll(["a", end], &state)
        #expect(Self.text(effects) == "A" + end)
        #expect(state.shift == .off)
        let space = try StateTesting.tap("space", &state, at: .seconds(30))
        #expect(Self.typed(space) == [.text(" ")])
        #expect(space.contains(.redrawAll))
        #expect(state.shift == .once)
        #expect(Self.text(try Self.tapAll(["b", "c"], &state, from: .seconds(40))) == "Bc")
    }

    @Test("no auto-shift after other punctuation and a space", arguments: [",", ";"])
    func noAutoShiftAfterComma(_ mark: String) throws {
        var state = KeyboardState(layout: Self.punctuationLayout())
        try Self.tapAll(["a", mark, "space"], &state)
        #expect(state.shift == .off)
        #expect(Self.text(try Self.tapAll(["b"], &state, from: .seconds(40))) == "b")
    }

    @Test func noAutoShiftAfterSentenceEndWithoutSpace() throws {
        var state = KeyboardState(layout: Self.punctuationLayout())
        try Self.tapAll(["a", ".", "b"], &state)
        #expect(state.shift == .off)
    }

    @Test func autoShiftAfterSentenceEndOnBuiltInLayout() throws {
        var state = KeyboardState(layout: .enUS)
        try Self.tapAll(["h", "i", ".", "space"], &state)
        #expect(state.shift == .once)
        // "!" and "?" are on the symbols page.
        try Self.tapAll(["o", "k", "page:symbols", "!", "space", "page:letters"], &state, from: .seconds(30))
        #expect(state.page.name == Page.letters)
        #expect(state.shift == .once)
        try Self.tapAll(["s", "o", "page:symbols", "?", "space"], &state, from: .seconds(60))
        #expect(state.shift == .once)
    }

    @Test func autoShiftAfterReturn() throws {
        var state = KeyboardState(layout: .enUS)
        try Self.tapAll(["a", "b"], &state)
        #expect(state.shift == .off)
        let effects = try StateTesting.tap("return", &state, at: .seconds(30))
        #expect(Self.typed(effects) == [.keysym(.return)])
        #expect(effects.contains(.redrawAll))
        #expect(state.shift == .once)
        #expect(Self.text(try Self.tapAll(["c", "d"], &state, from: .seconds(40))) == "Cd")
    }

    @Test func noAutoShiftAfterReturnWhenOff() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        try Self.tapAll(["a", ".", "space", "return"], &state)
        #expect(state.shift == .off)
    }

    @Test func backspaceAfterSentenceEndTurnsAutoShiftOff() throws {
        var state = KeyboardState(layout: Self.punctuationLayout())
        try Self.tapAll(["a", ".", "space"], &state)
        #expect(state.shift == .once)
        let effects = try StateTesting.tap("backspace", &state, at: .seconds(30))
        #expect(Self.typed(effects) == [.keysym(.backSpace)])
        #expect(effects.contains(.redrawAll))
        #expect(state.shift == .off)
        // Retyping the space brings it back.
        try StateTesting.tap("space", &state, at: .seconds(31))
        #expect(state.shift == .once)
    }

    @Test func backspaceKeepsManualShift() throws {
        var state = KeyboardState(layout: Self.punctuationLayout())
        try Self.tapAll(["a", "b"], &state)
        try StateTesting.tap("shift", &state, at: .seconds(30))
        #expect(state.shift == .once)
        try StateTesting.tap("backspace", &state, at: .seconds(31))
        #expect(state.shift == .once)
    }

    @Test func backspaceToTheStartShiftsAgain() throws {
        var state = KeyboardState(layout: Self.punctuationLayout())
        try Self.tapAll(["a", "b"], &state)
        try Self.tapAll(["backspace", "backspace"], &state, from: .seconds(30))
        #expect(state.shift == .once)
    }

    @Test("auto-shift after backspacing over a long word matches the text left")
    func backspaceOverLongWord() throws {
        var state = KeyboardState(layout: .enUS)
        // Types "Hello", then deletes "ello": "H" is left, so shift should be off.
        try Self.tapAll(["h", "e", "l", "l", "o"], &state)
        try Self.tapAll(["backspace", "backspace", "backspace", "backspace"], &state, from: .seconds(30))
        let shift = state.shift
        let next = Self.text(try Self.tapAll(["a"], &state, from: .seconds(60)))
        #expect(shift == .off)
        #expect(next == "a")
    }

    @Test func backspaceAtUnknownStartTurnsAutoShiftOff() throws {
        // At start nothing is known about text before the cursor: a backspace there
        // means text existed, so the auto shift goes.
        var state = KeyboardState(layout: .enUS)
        try StateTesting.tap("backspace", &state, at: .seconds(1))
        #expect(state.shift == .off)
    }

    // MARK: pages

    @Test func pageSwitchingViaPageKeys() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let toSymbols = try StateTesting.key("page:symbols", in: state)
        #expect(state.label(of: toSymbols) == .text("123"))
        let i = try StateTesting.index("page:symbols", in: state)
        let began = state.handle(.touch(.began, point: Self.here, key: i), at: .seconds(1))
        #expect(began == [.notify(.touchesBegan(Self.here)), .redraw([i]), .hidePreview, .notify(.pressStarted(toSymbols))])
        #expect(state.pageIndex == 0)
        let ended = state.handle(.touch(.ended, point: Self.here, key: i), at: .seconds(1) + .milliseconds(50))
        #expect(ended == [.redrawAll, .notify(.pageChanged(Page.symbols)), .hidePreview, .redraw([i]),
                          .notify(.pressEnded(toSymbols)), .notify(.touchesEnded(Self.here))])
        #expect(state.pageIndex == 1)
        #expect(state.page.name == Page.symbols)
        #expect(Self.text(try Self.tapAll(["1", "$"], &state)) == "1$")

        let toMore = try StateTesting.key("page:more-symbols", in: state)
        #expect(state.label(of: toMore) == .text("#+="))
        var effects = try StateTesting.tap("page:more-symbols", &state, at: .seconds(30))
        #expect(Self.notifications(effects).contains(.pageChanged(Page.moreSymbols)))
        #expect(state.page.name == Page.moreSymbols)
        #expect(Self.text(try Self.tapAll(["€"], &state, from: .seconds(31))) == "€")

        #expect(state.label(of: try StateTesting.key("page:symbols", in: state)) == .text("123"))
        effects = try StateTesting.tap("page:symbols", &state, at: .seconds(40))
        #expect(Self.notifications(effects).contains(.pageChanged(Page.symbols)))
        #expect(state.page.name == Page.symbols)

        #expect(state.label(of: try StateTesting.key("page:letters", in: state)) == .text("ABC"))
        effects = try StateTesting.tap("page:letters", &state, at: .seconds(50))
        #expect(Self.notifications(effects).contains(.pageChanged(Page.letters)))
        #expect(Self.typed(effects) == [])
        #expect(state.pageIndex == 0)
        #expect(Self.text(try Self.tapAll(["z"], &state, from: .seconds(51))) == "z")
    }

    @Test func pageKeyToCurrentOrMissingPageDoesNothing() throws {
        let layout = Layout(name: "t", pages: [
            Page(name: "one", switchLabel: "1", rows: [Row([Key.page("one"), Key.page("nowhere"), Key.page("two")])]),
            Page(name: "two", switchLabel: "2", rows: [Row([Key.page("one")])]),
        ])
        var state = KeyboardState(layout: layout, options: Self.noAutoShift)
        for id in ["page:one", "page:nowhere"] {
            let effects = try StateTesting.tap(id, &state, at: .seconds(1))
            #expect(!effects.contains(.redrawAll), "\(id)")
            #expect(!Self.notifications(effects).contains { if case .pageChanged = $0 { true } else { false } }, "\(id)")
            #expect(state.pageIndex == 0)
        }
        #expect(state.label(of: try StateTesting.key("page:nowhere", in: state)) == .text("nowhere"))
        try StateTesting.tap("page:two", &state, at: .seconds(2))
        #expect(state.pageIndex == 1)
    }

    @Test func shiftStaysAcrossPageSwitch() throws {
        var state = KeyboardState(layout: .enUS)
        try Self.tapAll(["page:symbols", "page:letters"], &state)
        #expect(state.shift == .once)
        #expect(Self.text(try Self.tapAll(["a"], &state, from: .seconds(30))) == "A")
    }

    // MARK: drag

    @Test func dragFromQToWTypesOnlyW() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let q = try StateTesting.index("q", in: state), w = try StateTesting.index("w", in: state)
        let qKey = try StateTesting.key("q", in: state), wKey = try StateTesting.key("w", in: state)
        var all = state.handle(.touch(.began, point: Self.here, key: q), at: .zero)
        let moved = state.handle(.touch(.moved, point: Self.there, key: w), at: .milliseconds(30))
        #expect(moved == [.notify(.touchesMoved(Self.there)), .redraw([q]), .redraw([w]), .showPreview(key: w),
                          .notify(.draggedIn(from: qKey, to: wKey))])
        #expect(state.pressedKey == w)
        // Moving within the same key changes nothing but the notification.
        let again = state.handle(.touch(.moved, point: Self.there, key: w), at: .milliseconds(40))
        #expect(again == [.notify(.touchesMoved(Self.there))])
        let ended = state.handle(.touch(.ended, point: Self.there, key: w), at: .milliseconds(60))
        #expect(ended == [.type(.text("w")), .hidePreview, .redraw([w]), .notify(.pressEnded(wKey)),
                          .notify(.touchesEnded(Self.there))])
        all += moved + again + ended
        #expect(Self.typed(all) == [.text("w")])
        #expect(Self.notifications(all).filter { if case .draggedIn = $0 { true } else { false } }
                == [.draggedIn(from: qKey, to: wKey)])
        // Only the key the press began on gets pressStarted.
        #expect(Self.notifications(all).filter { if case .pressStarted = $0 { true } else { false } }
                == [.pressStarted(qKey)])
    }

    @Test func releaseOnAnotherKeyWithoutMoveTypesThatKey() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let q = try StateTesting.index("q", in: state), w = try StateTesting.index("w", in: state)
        let qKey = try StateTesting.key("q", in: state), wKey = try StateTesting.key("w", in: state)
        _ = state.handle(.touch(.began, point: Self.here, key: q), at: .zero)
        let ended = state.handle(.touch(.ended, point: Self.there, key: w), at: .milliseconds(60))
        #expect(Self.typed(ended) == [.text("w")])
        #expect(Self.notifications(ended).contains(.draggedIn(from: qKey, to: wKey)))
    }

    @Test func releaseOutsideEveryKeyTypesNothing() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let q = try StateTesting.index("q", in: state)
        let began = state.handle(.touch(.began, point: Self.here, key: q), at: .zero)
        let moved = state.handle(.touch(.moved, point: Self.there, key: nil), at: .milliseconds(20))
        #expect(moved == [.notify(.touchesMoved(Self.there)), .redraw([q]), .hidePreview])
        #expect(state.pressedKey == nil)
        let ended = state.handle(.touch(.ended, point: Self.there, key: nil), at: .milliseconds(40))
        #expect(ended == [.notify(.touchesEnded(Self.there))])
        #expect(Self.typed(began + moved + ended) == [])
    }

    @Test func releasedOutsideWithoutMoveTypesNothing() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let q = try StateTesting.index("q", in: state)
        _ = state.handle(.touch(.began, point: Self.here, key: q), at: .zero)
        let ended = state.handle(.touch(.ended, point: Self.there, key: nil), at: .milliseconds(40))
        #expect(ended == [.redraw([q]), .hidePreview, .notify(.touchesEnded(Self.there))])
    }

    @Test func beganOutsideThenMovedOntoKey() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        // w: a key without callouts, so no long-press timer.
        let e = try StateTesting.index("w", in: state), eKey = try StateTesting.key("w", in: state)
        let began = state.handle(.touch(.began, point: Self.here, key: nil), at: .zero)
        #expect(began == [.notify(.touchesBegan(Self.here)), .hidePreview])
        let moved = state.handle(.touch(.moved, point: Self.there, key: e), at: .milliseconds(20))
        // A press that began outside every key gets no pressStarted when it reaches one.
        #expect(moved == [.notify(.touchesMoved(Self.there)), .redraw([e]), .showPreview(key: e)])
        #expect(state.pressedKey == e)
        let ended = state.handle(.touch(.ended, point: Self.there, key: e), at: .milliseconds(40))
        #expect(ended == [.type(.text("w")), .hidePreview, .redraw([e]), .notify(.pressEnded(eKey)),
                          .notify(.touchesEnded(Self.there))])
        #expect(!Self.notifications(began + moved + ended).contains { if case .pressStarted = $0 { true } else { false } })
    }

    @Test func releasedOnKeyAfterBeginningOutsideGetsNoPressStarted() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        // w: a key without callouts, so no long-press timer.
        let e = try StateTesting.index("w", in: state), eKey = try StateTesting.key("w", in: state)
        let began = state.handle(.touch(.began, point: Self.here, key: nil), at: .zero)
        let ended = state.handle(.touch(.ended, point: Self.there, key: e), at: .milliseconds(40))
        #expect(ended == [.redraw([e]), .showPreview(key: e), .type(.text("w")), .hidePreview, .redraw([e]),
                          .notify(.pressEnded(eKey)), .notify(.touchesEnded(Self.there))])
        #expect(!Self.notifications(began + ended).contains { if case .pressStarted = $0 { true } else { false } })
    }

    @Test func eventsWithoutContactOnlyNotify() {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        #expect(state.handle(.touch(.moved, point: Self.here, key: 3), at: .zero) == [.notify(.touchesMoved(Self.here))])
        #expect(state.handle(.touch(.ended, point: Self.here, key: 3), at: .zero) == [.notify(.touchesEnded(Self.here))])
        #expect(state.handle(.touch(.cancelled, point: Self.here, key: 3), at: .zero) == [.notify(.touchesCancelled)])
        #expect(state.handle(.timer(.keyRepeat), at: .seconds(1)) == [])
        #expect(state.pressedKey == nil)
    }

    @Test func newContactReleasesTheHeldKey() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let a = try StateTesting.index("a", in: state), s = try StateTesting.index("s", in: state)
        _ = state.handle(.touch(.began, point: Self.here, key: a), at: .zero)
        let second = state.handle(.touch(.began, point: Self.there, key: s), at: .milliseconds(30))
        #expect(Self.typed(second) == [.text("a")])
        #expect(state.pressedKey == s)
        let ended = state.handle(.touch(.ended, point: Self.there, key: s), at: .milliseconds(60))
        #expect(Self.typed(ended) == [.text("s")])
    }

    // MARK: backspace repeat

    @Test func backspaceTypesOnPressAndRepeats() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let bs = try StateTesting.index("backspace", in: state), bsKey = try StateTesting.key("backspace", in: state)
        let t0 = Duration.seconds(2)
        let began = state.handle(.touch(.began, point: Self.here, key: bs), at: t0)
        #expect(began == [.notify(.touchesBegan(Self.here)), .type(.keysym(.backSpace)),
                          .startTimer(.keyRepeat, deadline: t0 + .milliseconds(500)),
                          .redraw([bs]), .hidePreview, .notify(.pressStarted(bsKey))])
        // Each timer, delivered at its deadline, types and asks for the next one 66.667 ms later.
        var deadline = t0 + .milliseconds(500)
        for n in 1...5 {
            let effects = state.handle(.timer(.keyRepeat), at: deadline)
            let next = t0 + .milliseconds(500) + .microseconds(66_667) * n
            #expect(effects == [.type(.keysym(.backSpace)), .startTimer(.keyRepeat, deadline: next)], "repeat \(n)")
            deadline = next
        }
        #expect(deadline == t0 + .microseconds(833_335))
        let ended = state.handle(.touch(.ended, point: Self.here, key: bs), at: deadline + .milliseconds(10))
        #expect(ended == [.cancelTimer(.keyRepeat), .hidePreview, .redraw([bs]), .notify(.pressEnded(bsKey)),
                          .notify(.touchesEnded(Self.here))])
        // A timer that was already queued does nothing after the release.
        #expect(state.handle(.timer(.keyRepeat), at: deadline + .milliseconds(20)) == [])
    }

    @Test func backspaceQuickTapTypesOnce() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let effects = try StateTesting.tap("backspace", &state, at: .seconds(1))
        #expect(Self.typed(effects) == [.keysym(.backSpace)])
        #expect(effects.contains(.startTimer(.keyRepeat, deadline: .seconds(1) + .milliseconds(500))))
        #expect(effects.contains(.cancelTimer(.keyRepeat)))
    }

    @Test func lateRepeatTimerSchedulesFromNow() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let bs = try StateTesting.index("backspace", in: state)
        _ = state.handle(.touch(.began, point: Self.here, key: bs), at: .zero)
        // Due at 500 ms, delivered at 800 ms: the next deadline is in the future.
        let late = state.handle(.timer(.keyRepeat), at: .milliseconds(800))
        #expect(late == [.type(.keysym(.backSpace)), .startTimer(.keyRepeat, deadline: .milliseconds(800) + .microseconds(66_667))])
    }

    @Test func backspaceRepeatStopsWhenDraggedOff() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let bs = try StateTesting.index("backspace", in: state), m = try StateTesting.index("m", in: state)
        let bsKey = try StateTesting.key("backspace", in: state), mKey = try StateTesting.key("m", in: state)
        _ = state.handle(.touch(.began, point: Self.here, key: bs), at: .zero)
        let first = state.handle(.timer(.keyRepeat), at: .milliseconds(500))
        #expect(Self.typed(first) == [.keysym(.backSpace)])
        let moved = state.handle(.touch(.moved, point: Self.there, key: m), at: .milliseconds(520))
        #expect(moved == [.notify(.touchesMoved(Self.there)), .cancelTimer(.keyRepeat), .redraw([bs]), .redraw([m]),
                          .showPreview(key: m), .notify(.draggedIn(from: bsKey, to: mKey))])
        #expect(state.handle(.timer(.keyRepeat), at: .microseconds(566_667)) == [])
        let ended = state.handle(.touch(.ended, point: Self.there, key: m), at: .milliseconds(700))
        #expect(Self.typed(ended) == [.text("m")])
    }

    @Test func backspaceRepeatStopsWhenDraggedOutside() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let bs = try StateTesting.index("backspace", in: state)
        _ = state.handle(.touch(.began, point: Self.here, key: bs), at: .zero)
        let moved = state.handle(.touch(.moved, point: Self.there, key: nil), at: .milliseconds(100))
        #expect(moved == [.notify(.touchesMoved(Self.there)), .cancelTimer(.keyRepeat), .redraw([bs]), .hidePreview])
        #expect(state.handle(.timer(.keyRepeat), at: .milliseconds(500)) == [])
        #expect(Self.typed(state.handle(.touch(.ended, point: Self.there, key: nil), at: .milliseconds(600))) == [])
    }

    @Test func dragOntoBackspaceThenReleaseDeletesOnce() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let m = try StateTesting.index("m", in: state), bs = try StateTesting.index("backspace", in: state)
        let mKey = try StateTesting.key("m", in: state), bsKey = try StateTesting.key("backspace", in: state)
        let began = state.handle(.touch(.began, point: Self.here, key: m), at: .zero)
        #expect(began == [.notify(.touchesBegan(Self.here)), .redraw([m]), .showPreview(key: m), .notify(.pressStarted(mKey))])
        // Reaching backspace by dragging deletes nothing yet and starts no repeat.
        let moved = state.handle(.touch(.moved, point: Self.there, key: bs), at: .milliseconds(30))
        #expect(moved == [.notify(.touchesMoved(Self.there)), .redraw([m]), .redraw([bs]), .hidePreview,
                          .notify(.draggedIn(from: mKey, to: bsKey))])
        #expect(state.pressedKey == bs)
        // Held long past the repeat delay: no timer was started, and a stray one does nothing.
        #expect(state.handle(.timer(.keyRepeat), at: .seconds(2)) == [])
        let ended = state.handle(.touch(.ended, point: Self.there, key: bs), at: .seconds(3))
        #expect(ended == [.type(.keysym(.backSpace)), .hidePreview, .redraw([bs]), .notify(.pressEnded(bsKey)),
                          .notify(.touchesEnded(Self.there))])
        #expect(Self.typed(began + moved + ended) == [.keysym(.backSpace)])
        #expect(state.pressedKey == nil)
    }

    @Test func dragOntoBackspaceThenOffDeletesNothing() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let m = try StateTesting.index("m", in: state), bs = try StateTesting.index("backspace", in: state)
        let mKey = try StateTesting.key("m", in: state), bsKey = try StateTesting.key("backspace", in: state)
        var all = state.handle(.touch(.began, point: Self.here, key: m), at: .zero)
        all += state.handle(.touch(.moved, point: Self.there, key: bs), at: .milliseconds(30))
        #expect(state.handle(.timer(.keyRepeat), at: .seconds(1)) == [])
        // Off backspace onto another key, then outside every key: nothing is deleted.
        let back = state.handle(.touch(.moved, point: Self.here, key: m), at: .seconds(1) + .milliseconds(10))
        #expect(back == [.notify(.touchesMoved(Self.here)), .redraw([bs]), .redraw([m]), .showPreview(key: m),
                         .notify(.draggedIn(from: bsKey, to: mKey))])
        let out = state.handle(.touch(.moved, point: Self.there, key: nil), at: .seconds(1) + .milliseconds(20))
        #expect(out == [.notify(.touchesMoved(Self.there)), .redraw([m]), .hidePreview])
        let ended = state.handle(.touch(.ended, point: Self.there, key: nil), at: .seconds(1) + .milliseconds(40))
        #expect(ended == [.notify(.touchesEnded(Self.there))])
        all += back + out + ended
        #expect(Self.typed(all) == [])
        #expect(!all.contains { if case .startTimer = $0 { true } else { false } })
    }

    @Test func dragOntoBackspaceThenOutsideDeletesNothing() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let m = try StateTesting.index("m", in: state), bs = try StateTesting.index("backspace", in: state)
        var all = state.handle(.touch(.began, point: Self.here, key: m), at: .zero)
        all += state.handle(.touch(.moved, point: Self.there, key: bs), at: .milliseconds(30))
        let out = state.handle(.touch(.moved, point: Self.here, key: nil), at: .milliseconds(60))
        #expect(out == [.notify(.touchesMoved(Self.here)), .redraw([bs]), .hidePreview])
        all += out + state.handle(.touch(.ended, point: Self.here, key: nil), at: .milliseconds(90))
        #expect(Self.typed(all) == [])
    }

    @Test func pressedBackspaceDoesNotDeleteAgainOnRelease() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let bs = try StateTesting.index("backspace", in: state), bsKey = try StateTesting.key("backspace", in: state)
        let began = state.handle(.touch(.began, point: Self.here, key: bs), at: .zero)
        #expect(Self.typed(began) == [.keysym(.backSpace)])
        // Released before the repeat delay: exactly the one delete from the press.
        let ended = state.handle(.touch(.ended, point: Self.here, key: bs), at: .milliseconds(200))
        #expect(ended == [.cancelTimer(.keyRepeat), .hidePreview, .redraw([bs]), .notify(.pressEnded(bsKey)),
                          .notify(.touchesEnded(Self.here))])
    }

    @Test func repeatOptionsAreHonoured() throws {
        let options = InteractionOptions(autoShift: false, repeatDelay: .milliseconds(250), repeatInterval: .milliseconds(40))
        var state = KeyboardState(layout: .enUS, options: options)
        let bs = try StateTesting.index("backspace", in: state)
        let began = state.handle(.touch(.began, point: Self.here, key: bs), at: .seconds(1))
        #expect(began.contains(.startTimer(.keyRepeat, deadline: .milliseconds(1250))))
        #expect(state.handle(.timer(.keyRepeat), at: .milliseconds(1250)).last
                == .startTimer(.keyRepeat, deadline: .milliseconds(1290)))
    }

    // MARK: cancel, hide, other actions

    @Test func cancelledTouchTypesNothing() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let q = try StateTesting.index("q", in: state), qKey = try StateTesting.key("q", in: state)
        let began = state.handle(.touch(.began, point: Self.here, key: q), at: .zero)
        let cancelled = state.handle(.touch(.cancelled, point: Self.here, key: q), at: .milliseconds(30))
        #expect(cancelled == [.hidePreview, .redraw([q]), .notify(.pressEnded(qKey)), .notify(.touchesCancelled)])
        #expect(state.pressedKey == nil)
        let ended = state.handle(.touch(.ended, point: Self.here, key: q), at: .milliseconds(60))
        #expect(ended == [.notify(.touchesEnded(Self.here))])
        #expect(Self.typed(began + cancelled + ended) == [])
    }

    @Test func cancelledBackspaceStopsRepeating() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let bs = try StateTesting.index("backspace", in: state), bsKey = try StateTesting.key("backspace", in: state)
        _ = state.handle(.touch(.began, point: Self.here, key: bs), at: .zero)
        let cancelled = state.handle(.touch(.cancelled, point: Self.here, key: nil), at: .milliseconds(30))
        #expect(cancelled == [.cancelTimer(.keyRepeat), .hidePreview, .redraw([bs]), .notify(.pressEnded(bsKey)),
                              .notify(.touchesCancelled)])
        #expect(state.handle(.timer(.keyRepeat), at: .milliseconds(500)) == [])
    }

    @Test func hideKeyHides() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let hide = try StateTesting.index("hide", in: state), hideKey = try StateTesting.key("hide", in: state)
        #expect(state.label(of: hideKey) == .icon(.hide))
        _ = state.handle(.touch(.began, point: Self.here, key: hide), at: .zero)
        let ended = state.handle(.touch(.ended, point: Self.here, key: hide), at: .milliseconds(40))
        #expect(ended == [.hide, .hidePreview, .redraw([hide]), .notify(.pressEnded(hideKey)), .notify(.touchesEnded(Self.here))])
    }

    @Test func textAndKeysymKeys() throws {
        let layout = Layout(name: "t", pages: [Page(name: "p", switchLabel: "P", rows: [
            Row(keys: [Key(.text("Hi there")), Key(.keysym(.escape)), Key(.keysym(KeySymbol("Left"))), Key.shift()]),
        ])])
        var state = KeyboardState(layout: layout, options: Self.noAutoShift)
        try StateTesting.tap("shift", &state, at: .seconds(1))
        // Text is typed as written, and uses up shift.
        #expect(Self.typed(try StateTesting.tap("text:Hi there", &state, at: .seconds(2))) == [.text("Hi there")])
        #expect(state.shift == .off)
        #expect(Self.typed(try StateTesting.tap("Escape", &state, at: .seconds(3))) == [.keysym(.escape)])
        #expect(Self.typed(try StateTesting.tap("Left", &state, at: .seconds(4))) == [.keysym(KeySymbol("Left"))])
        #expect(state.label(of: try StateTesting.key("Escape", in: state)) == .text("Esc"))
        #expect(state.label(of: try StateTesting.key("Left", in: state)) == .text("←"))
    }

    @Test func returnAndSpaceKeys() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let returnKey = try StateTesting.key("return", in: state), space = try StateTesting.key("space", in: state)
        #expect(state.label(of: returnKey) == .icon(.return))
        #expect(state.label(of: space) == .text("space"))
        #expect(state.styleClass(of: returnKey) == .accent)
        #expect(state.styleClass(of: space) == .space)
        #expect(Self.typed(try Self.tapAll(["space", "return"], &state)) == [.text(" "), .keysym(.return)])
    }
}
