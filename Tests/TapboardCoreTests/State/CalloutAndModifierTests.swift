import Testing
@testable import TapboardCore

/// The state machine's long-press callouts, Ctrl/Alt/Super latching and locking,
/// layout switching and replacement, and shifted forms that are not the usual upper case.
struct CalloutAndModifierTests {
    // MARK: helpers

    private static let here = Point(x: 5, y: 7)
    private static let there = Point(x: 40, y: -60)
    private static let noAutoShift = InteractionOptions(autoShift: false)
    private static let eCallouts = ["è", "é", "ê", "ë", "ē", "ė", "ę"]


    /// What the effects type, in order.
    private static func typed(_ effects: [Effect]) -> [Keystroke] {
        effects.compactMap { if case .type(let k) = $0 { return k } else { return nil } }
    }

    /// A one-page layout with modifiers, a layout key and sentence punctuation.
    private static func modifierLayout(name: String = "mods") -> Layout {
        Layout(name: name, pages: [
            Page(name: Page.letters, switchLabel: "ABC", rows: [
                Row("abc.x"),
                Row([Key(.modifier(.control)), Key(.modifier(.alt)), Key(.modifier(.super)), Key.shift(), Key.space(),
                     Key.return(), Key(.layout(.next)), Key(.layout(.named("de"))), Key(.keysym(.escape))]),
            ]),
        ])
    }

    /// Presses `e` of en-US at `time` and lets the long-press timer open its callout;
    /// returns the index of `e`.
    private static func openCallout(_ state: inout KeyboardState, at time: Duration = .zero,
                                    sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let e = try StateTesting.index("e", in: state, sourceLocation: sourceLocation)
        _ = state.handle(.touch(.began, point: here, key: e), at: time)
        _ = state.handle(.timer(.longPress), at: time + state.options.calloutDelay)
        try #require(state.callout != nil, "the callout did not open", sourceLocation: sourceLocation)
        return e
    }

    // MARK: long press

    @Test func pressOnAKeyWithCalloutsStartsTheLongPressTimer() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let e = try StateTesting.index("e", in: state)
        let eKey = try StateTesting.key("e", in: state)
        #expect(state.options.calloutDelay == .milliseconds(400))
        let began = state.handle(.touch(.began, point: Self.here, key: e), at: .seconds(3))
        #expect(began == [.notify(.touchesBegan(Self.here)), .startTimer(.longPress, deadline: .seconds(3) + .milliseconds(400)),
                          .redraw([e]), .showPreview(key: e), .notify(.pressStarted(eKey))])
        #expect(state.callout == nil)
    }

    @Test func calloutDelayIsAnOption() throws {
        var state = KeyboardState(layout: .enUS, options: InteractionOptions(autoShift: false, calloutDelay: .milliseconds(750)))
        let a = try StateTesting.index("a", in: state)
        let began = state.handle(.touch(.began, point: Self.here, key: a), at: .seconds(1))
        #expect(began.contains(.startTimer(.longPress, deadline: .milliseconds(1750))))
    }

    @Test func timerOpensTheCallout() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let e = try StateTesting.index("e", in: state)
        _ = state.handle(.touch(.began, point: Self.here, key: e), at: .zero)
        let fired = state.handle(.timer(.longPress), at: .milliseconds(400))
        let open = Callout(key: e, items: Self.eCallouts, selected: 0)
        #expect(fired == [.hidePreview, .showCallout(open)])
        #expect(state.callout == open)
        #expect(state.pressedKey == e)
        // A second firing changes nothing.
        #expect(state.handle(.timer(.longPress), at: .milliseconds(800)) == [])
    }

    @Test func movesChangeTheSelection() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let e = try Self.openCallout(&state)
        let to2 = state.handle(.touch(.moved, point: Self.there, key: nil, calloutItem: 2), at: .milliseconds(500))
        #expect(to2 == [.notify(.touchesMoved(Self.there)), .showCallout(Callout(key: e, items: Self.eCallouts, selected: 2))])
        // The same item again: nothing to show.
        let same = state.handle(.touch(.moved, point: Self.here, key: e, calloutItem: 2), at: .milliseconds(520))
        #expect(same == [.notify(.touchesMoved(Self.here))])
        // Off the callout: nothing selected; the key under the contact does not matter.
        let off = state.handle(.touch(.moved, point: Self.here, key: 0, calloutItem: nil), at: .milliseconds(540))
        #expect(off == [.notify(.touchesMoved(Self.here)), .showCallout(Callout(key: e, items: Self.eCallouts, selected: nil))])
        #expect(state.pressedKey == e)
        let back = state.handle(.touch(.moved, point: Self.there, key: nil, calloutItem: 6), at: .milliseconds(560))
        #expect(back == [.notify(.touchesMoved(Self.there)), .showCallout(Callout(key: e, items: Self.eCallouts, selected: 6))])
        #expect(state.callout?.selected == 6)
    }

    @Test func releaseOnAnItemTypesItAndCloses() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let e = try Self.openCallout(&state)
        let eKey = try StateTesting.key("e", in: state)
        _ = state.handle(.touch(.moved, point: Self.there, key: nil, calloutItem: 1), at: .milliseconds(500))
        let ended = state.handle(.touch(.ended, point: Self.there, key: nil, calloutItem: 1), at: .milliseconds(600))
        #expect(ended == [.type(.text("é")), .hideCallout, .redraw([e]), .notify(.pressEnded(eKey)),
                          .notify(.touchesEnded(Self.there))])
        #expect(state.callout == nil)
        #expect(state.pressedKey == nil)
        // The next tap types normally.
        #expect(Self.typed(try StateTesting.tap("e", &state, at: .seconds(2))) == [.text("e")])
    }

    @Test func releaseOffTheCalloutTypesNothing() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let e = try Self.openCallout(&state)
        let eKey = try StateTesting.key("e", in: state)
        let ended = state.handle(.touch(.ended, point: Self.there, key: e, calloutItem: nil), at: .milliseconds(600))
        #expect(ended == [.hideCallout, .redraw([e]), .notify(.pressEnded(eKey)), .notify(.touchesEnded(Self.there))])
        #expect(state.callout == nil)
        #expect(state.pressedKey == nil)
    }

    @Test func autoShiftedCalloutIsUpperCaseAndTypingTurnsShiftOff() throws {
        var state = KeyboardState(layout: .enUS)
        #expect(state.shift == .once)
        let e = try StateTesting.index("e", in: state)
        let eKey = try StateTesting.key("e", in: state)
        _ = state.handle(.touch(.began, point: Self.here, key: e), at: .zero)
        let upper = ["È", "É", "Ê", "Ë", "Ē", "Ė", "Ę"]
        #expect(state.handle(.timer(.longPress), at: .milliseconds(400))
                == [.hidePreview, .showCallout(Callout(key: e, items: upper, selected: 0))])
        let ended = state.handle(.touch(.ended, point: Self.there, key: nil, calloutItem: 1), at: .milliseconds(600))
        #expect(ended == [.type(.text("É")), .redrawAll, .hideCallout, .redraw([e]), .notify(.pressEnded(eKey)),
                          .notify(.touchesEnded(Self.there))])
        #expect(state.shift == .off)
        #expect(Self.typed(try StateTesting.tap("e", &state, at: .seconds(2))) == [.text("e")])
    }

    @Test func shiftOnceCalloutIsUpperCaseAndTypingTurnsShiftOff() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        try StateTesting.tap("shift", &state, at: .zero)
        #expect(state.shift == .once)
        let e = try Self.openCallout(&state, at: .seconds(1))
        #expect(state.callout == Callout(key: e, items: ["È", "É", "Ê", "Ë", "Ē", "Ė", "Ę"], selected: 0))
        let ended = state.handle(.touch(.ended, point: Self.there, key: nil, calloutItem: 6), at: .seconds(2))
        #expect(Self.typed(ended) == [.text("Ę")])
        #expect(ended.contains(.redrawAll))
        #expect(state.shift == .off)
    }

    @Test func capsLockedCalloutStaysUpperCase() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        try StateTesting.tap("shift", &state, at: .zero)
        try StateTesting.tap("shift", &state, at: .milliseconds(200))
        #expect(state.shift == .locked)
        _ = try Self.openCallout(&state, at: .seconds(1))
        let ended = state.handle(.touch(.ended, point: Self.there, key: nil, calloutItem: 0), at: .seconds(2))
        #expect(Self.typed(ended) == [.text("È")])
        #expect(!ended.contains(.redrawAll))
        #expect(state.shift == .locked)
    }

    @Test func keyWithoutCalloutsStartsNoTimer() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let q = try StateTesting.index("q", in: state)
        let qKey = try StateTesting.key("q", in: state)
        #expect(qKey.callouts.isEmpty)
        let began = state.handle(.touch(.began, point: Self.here, key: q), at: .zero)
        #expect(began == [.notify(.touchesBegan(Self.here)), .redraw([q]), .showPreview(key: q), .notify(.pressStarted(qKey))])
        // A stray timer does nothing.
        #expect(state.handle(.timer(.longPress), at: .milliseconds(400)) == [])
        #expect(state.callout == nil)
    }

    @Test func movingToAnotherKeyCancelsTheTimer() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let e = try StateTesting.index("e", in: state), r = try StateTesting.index("r", in: state)
        let eKey = try StateTesting.key("e", in: state), rKey = try StateTesting.key("r", in: state)
        _ = state.handle(.touch(.began, point: Self.here, key: e), at: .zero)
        let moved = state.handle(.touch(.moved, point: Self.there, key: r), at: .milliseconds(100))
        #expect(moved == [.notify(.touchesMoved(Self.there)), .redraw([e]), .cancelTimer(.longPress), .redraw([r]),
                          .showPreview(key: r), .notify(.draggedIn(from: eKey, to: rKey))])
        #expect(state.handle(.timer(.longPress), at: .milliseconds(400)) == [])
        #expect(state.callout == nil)
        #expect(Self.typed(state.handle(.touch(.ended, point: Self.there, key: r), at: .milliseconds(500))) == [.text("r")])
    }

    @Test func movingOntoAnotherKeyWithCalloutsRestartsTheTimer() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let e = try StateTesting.index("e", in: state), u = try StateTesting.index("u", in: state)
        _ = state.handle(.touch(.began, point: Self.here, key: e), at: .zero)
        let moved = state.handle(.touch(.moved, point: Self.there, key: u), at: .milliseconds(300))
        #expect(Array(moved.prefix(4)) == [.notify(.touchesMoved(Self.there)), .redraw([e]), .cancelTimer(.longPress),
                                            .startTimer(.longPress, deadline: .milliseconds(700))])
        #expect(state.handle(.timer(.longPress), at: .milliseconds(700))
                == [.hidePreview, .showCallout(Callout(key: u, items: ["û", "ü", "ù", "ú", "ū"], selected: 0))])
    }

    @Test func cancelledTouchClosesAnOpenCallout() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let e = try Self.openCallout(&state)
        let eKey = try StateTesting.key("e", in: state)
        let cancelled = state.handle(.touch(.cancelled, point: Self.here, key: nil), at: .milliseconds(600))
        #expect(cancelled == [.hideCallout, .hidePreview, .redraw([e]), .notify(.pressEnded(eKey)), .notify(.touchesCancelled)])
        #expect(state.callout == nil)
        #expect(state.pressedKey == nil)
        // A release after the cancel types nothing.
        #expect(state.handle(.touch(.ended, point: Self.here, key: e, calloutItem: 0), at: .milliseconds(700))
                == [.notify(.touchesEnded(Self.here))])
    }

    @Test func cancelledTouchBeforeTheTimerCancelsIt() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let e = try StateTesting.index("e", in: state)
        let eKey = try StateTesting.key("e", in: state)
        _ = state.handle(.touch(.began, point: Self.here, key: e), at: .zero)
        let cancelled = state.handle(.touch(.cancelled, point: Self.here, key: nil), at: .milliseconds(100))
        #expect(cancelled == [.cancelTimer(.longPress), .hidePreview, .redraw([e]), .notify(.pressEnded(eKey)),
                              .notify(.touchesCancelled)])
        #expect(state.handle(.timer(.longPress), at: .milliseconds(400)) == [])
    }

    @Test func timerAfterReleaseDoesNothing() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let e = try StateTesting.index("e", in: state)
        let eKey = try StateTesting.key("e", in: state)
        _ = state.handle(.touch(.began, point: Self.here, key: e), at: .zero)
        let ended = state.handle(.touch(.ended, point: Self.here, key: e), at: .milliseconds(100))
        #expect(ended == [.cancelTimer(.longPress), .type(.text("e")), .hidePreview, .redraw([e]), .notify(.pressEnded(eKey)),
                          .notify(.touchesEnded(Self.here))])
        #expect(state.handle(.timer(.longPress), at: .milliseconds(400)) == [])
        #expect(state.callout == nil)
        // Even when the next press, on a key without callouts, is down when the old deadline comes.
        let q = try StateTesting.index("q", in: state)
        _ = state.handle(.touch(.began, point: Self.here, key: q), at: .milliseconds(300))
        #expect(state.handle(.timer(.longPress), at: .milliseconds(400)) == [])
        #expect(state.callout == nil)
    }

    // MARK: modifiers

    @Test func tapLatchesAModifierForOneKeystroke() throws {
        var state = KeyboardState(layout: Self.modifierLayout(), options: Self.noAutoShift)
        let ctrl = try StateTesting.index("ctrl", in: state), c = try StateTesting.index("c", in: state)
        let ctrlKey = try StateTesting.key("ctrl", in: state), cKey = try StateTesting.key("c", in: state)
        #expect(state.styleClass(of: ctrlKey) == .action)
        let tapped = try StateTesting.tap("ctrl", &state, at: .zero)
        #expect(tapped == [.notify(.touchesBegan(Self.here)), .redraw([ctrl]), .hidePreview, .notify(.pressStarted(ctrlKey)),
                           .redrawAll, .hidePreview, .redraw([ctrl]), .notify(.pressEnded(ctrlKey)), .notify(.touchesEnded(Self.here))])
        #expect(state.modifiers == [.control: false])
        #expect(state.styleClass(of: ctrlKey) == .activeModifier)

        _ = state.handle(.touch(.began, point: Self.here, key: c), at: .seconds(1))
        let ended = state.handle(.touch(.ended, point: Self.here, key: c), at: .seconds(1) + .milliseconds(40))
        #expect(ended == [.type(.chord([.control], .text("c"))), .redrawAll, .hidePreview, .redraw([c]),
                          .notify(.pressEnded(cKey)), .notify(.touchesEnded(Self.here))])
        #expect(state.modifiers == [:])
        #expect(state.styleClass(of: ctrlKey) == .action)
        // The latch is gone: the next key types plainly.
        #expect(Self.typed(try StateTesting.tap("a", &state, at: .seconds(2))) == [.text("a")])
    }

    @Test func severalModifiersGoOutInOrderAndKeysymsAreChorded() throws {
        var state = KeyboardState(layout: Self.modifierLayout(), options: Self.noAutoShift)
        try StateTesting.tap("super", &state, at: .zero)
        try StateTesting.tap("ctrl", &state, at: .seconds(1))
        try StateTesting.tap("alt", &state, at: .seconds(2))
        #expect(state.modifiers == [.control: false, .alt: false, .super: false])
        #expect(Self.typed(try StateTesting.tap("Escape", &state, at: .seconds(3))) == [.chord([.control, .alt, .super], .keysym(.escape))])
        #expect(state.modifiers == [:])
    }

    @Test func doubleTapLocksUntilTappedAgain() throws {
        var state = KeyboardState(layout: Self.modifierLayout(), options: Self.noAutoShift)
        let c = try StateTesting.index("c", in: state), cKey = try StateTesting.key("c", in: state)
        try StateTesting.tap("ctrl", &state, at: .zero)
        // Released at 40 ms and at 240 ms: 200 ms apart, within the 300 ms interval.
        try StateTesting.tap("ctrl", &state, at: .milliseconds(200))
        #expect(state.modifiers == [.control: true])
        _ = state.handle(.touch(.began, point: Self.here, key: c), at: .seconds(1))
        let ended = state.handle(.touch(.ended, point: Self.here, key: c), at: .seconds(1) + .milliseconds(40))
        #expect(ended == [.type(.chord([.control], .text("c"))), .hidePreview, .redraw([c]),
                          .notify(.pressEnded(cKey)), .notify(.touchesEnded(Self.here))])
        #expect(state.modifiers == [.control: true])
        #expect(Self.typed(try StateTesting.tap("x", &state, at: .seconds(2))) == [.chord([.control], .text("x"))])
        #expect(state.modifiers == [.control: true])
        // Tapped again: off, at any interval.
        let off = try StateTesting.tap("ctrl", &state, at: .seconds(10))
        #expect(off.contains(.redrawAll))
        #expect(state.modifiers == [:])
        #expect(Self.typed(try StateTesting.tap("c", &state, at: .seconds(11))) == [.text("c")])
    }

    @Test func slowSecondTapUnlatches() throws {
        var state = KeyboardState(layout: Self.modifierLayout(), options: Self.noAutoShift)
        try StateTesting.tap("alt", &state, at: .zero)
        try StateTesting.tap("alt", &state, at: .milliseconds(301))
        #expect(state.modifiers == [:])
        // And a third tap starts a new latch, not a lock.
        try StateTesting.tap("alt", &state, at: .seconds(5))
        #expect(state.modifiers == [.alt: false])
    }

    @Test func tapsOfTwoDifferentModifiersAreNoDoubleTap() throws {
        var state = KeyboardState(layout: Self.modifierLayout(), options: Self.noAutoShift)
        try StateTesting.tap("ctrl", &state, at: .zero)
        try StateTesting.tap("alt", &state, at: .milliseconds(100))
        #expect(state.modifiers == [.control: false, .alt: false])
    }

    @Test func aChordDoesNotChangeTheAutoShiftContext() throws {
        // Typed plainly, ". " turns auto-shift on.
        var plain = KeyboardState(layout: Self.modifierLayout())
        try StateTesting.tap("a", &plain, at: .zero)
        try StateTesting.tap(".", &plain, at: .seconds(1))
        try StateTesting.tap("space", &plain, at: .seconds(2))
        #expect(plain.shift == .once)
        // The same "." as ctrl+. is a command: the space after it is no sentence end.
        var state = KeyboardState(layout: Self.modifierLayout())
        #expect(Self.typed(try StateTesting.tap("a", &state, at: .zero)) == [.text("A")])
        try StateTesting.tap("ctrl", &state, at: .seconds(1))
        #expect(Self.typed(try StateTesting.tap(".", &state, at: .seconds(2))) == [.chord([.control], .text("."))])
        #expect(Self.typed(try StateTesting.tap("space", &state, at: .seconds(3))) == [.text(" ")])
        #expect(state.shift == .off)
        #expect(Self.typed(try StateTesting.tap("b", &state, at: .seconds(4))) == [.text("b")])
    }

    /// At a start of text auto-shift is on; ctrl+c is a command there, not the first
    /// letter of a sentence, so it must not go out as ctrl+shift+C.
    @Test func autoShiftDoesNotShiftAChord() throws {
        var state = KeyboardState(layout: Self.modifierLayout())
        #expect(state.shift == .once)
        try StateTesting.tap("ctrl", &state, at: .zero)
        let effects = try StateTesting.tap("c", &state, at: .seconds(1))
        #expect(Self.typed(effects) == [.chord([.control], .text("c"))])
        // Nothing was typed: the text still starts here.
        #expect(state.shift == .once)
    }

    @Test func aLatchedModifierAppliesToACalloutAlternate() throws {
        let layout = Layout(name: "m", pages: [Page(name: "p", switchLabel: "P", rows: [
            Row([Key(.modifier(.control)), Key(.character("e"), callouts: ["è", "é"])]),
        ])])
        var state = KeyboardState(layout: layout, options: Self.noAutoShift)
        try StateTesting.tap("ctrl", &state, at: .zero)
        let e = try StateTesting.index("e", in: state)
        _ = state.handle(.touch(.began, point: Self.here, key: e), at: .seconds(1))
        _ = state.handle(.timer(.longPress), at: .seconds(1) + state.options.calloutDelay)
        let ended = state.handle(.touch(.ended, point: Self.here, key: e, calloutItem: 1), at: .seconds(2))
        #expect(Self.typed(ended) == [.chord([.control], .text("é"))])
        #expect(state.modifiers == [:])
    }

    @Test func aTappedShiftGoesIntoTheChordAndIsUsedUp() throws {
        var state = KeyboardState(layout: Self.modifierLayout(), options: Self.noAutoShift)
        try StateTesting.tap("shift", &state, at: .zero)
        try StateTesting.tap("ctrl", &state, at: .seconds(1))
        #expect(Self.typed(try StateTesting.tap("c", &state, at: .seconds(2))) == [.chord([.control], .text("C"))])
        #expect(state.shift == .off)
        #expect(state.modifiers == [:])
    }

    // MARK: layouts

    @Test func layoutKeysAskForAnotherLayout() throws {
        var state = KeyboardState(layout: Self.modifierLayout(), options: Self.noAutoShift)
        let globe = try StateTesting.index("layout:next", in: state), globeKey = try StateTesting.key("layout:next", in: state)
        let began = state.handle(.touch(.began, point: Self.here, key: globe), at: .zero)
        #expect(began == [.notify(.touchesBegan(Self.here)), .redraw([globe]), .hidePreview, .notify(.pressStarted(globeKey))])
        let ended = state.handle(.touch(.ended, point: Self.here, key: globe), at: .milliseconds(40))
        #expect(ended == [.switchLayout(.next), .hidePreview, .redraw([globe]), .notify(.pressEnded(globeKey)),
                          .notify(.touchesEnded(Self.here))])
        #expect(try StateTesting.tap("layout:de", &state, at: .seconds(1)).first { if case .switchLayout = $0 { true } else { false } }
                == .switchLayout(.named("de")))
        // The state itself stays on its layout until the backend replaces it.
        #expect(state.layout.name == "mods")
    }

    @Test func replaceLayoutKeepsThePageOfTheSameName() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        try StateTesting.tap("page:symbols", &state, at: .zero)
        #expect(state.page.name == Page.symbols)
        let wide = LayoutProvider().layout(for: .enUS, width: 1280)
        // Same name (a resize): no notification.
        #expect(state.replaceLayout(wide) == [.redrawAll])
        #expect(state.layout == wide)
        #expect(state.pageIndex == 1)
        #expect(state.page.name == Page.symbols)
    }

    @Test func replaceLayoutFallsBackToTheFirstPageAndNotifies() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        try StateTesting.tap("page:symbols", &state, at: .zero)
        try StateTesting.tap("page:more-symbols", &state, at: .seconds(1))
        #expect(state.pageIndex == 2)
        let other = Layout(name: "other", pages: [
            Page(name: "digits", switchLabel: "123", rows: [Row("123")]),
            Page(name: Page.symbols, switchLabel: "#", rows: [Row("#")]),
        ])
        #expect(state.replaceLayout(other) == [.redrawAll, .notify(.layoutChanged("other"))])
        #expect(state.pageIndex == 0)
        #expect(state.page.name == "digits")
        // Back: letters is not a page of "other", so en-US shows its first page.
        #expect(state.replaceLayout(.enUS) == [.redrawAll, .notify(.layoutChanged("en-US"))])
        #expect(state.page.name == Page.letters)
    }

    @Test func replaceLayoutKeepsShift() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        try StateTesting.tap("shift", &state, at: .zero)
        _ = state.replaceLayout(LayoutProvider().layout(for: .enUS, width: 1280))
        #expect(state.shift == .once)
        #expect(Self.typed(try StateTesting.tap("q", &state, at: .seconds(1))) == [.text("Q")])
    }

    @Test func replaceLayoutCancelsAPressInProgress() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let e = try StateTesting.index("e", in: state), eKey = try StateTesting.key("e", in: state)
        _ = state.handle(.touch(.began, point: Self.here, key: e), at: .zero)
        let effects = state.replaceLayout(LayoutProvider().layout(for: .enUS, width: 1280))
        #expect(effects == [.cancelTimer(.longPress), .hidePreview, .redraw([e]), .notify(.pressEnded(eKey)),
                            .notify(.touchesCancelled), .redrawAll])
        #expect(state.pressedKey == nil)
        // The release that follows types nothing, and the old timer opens nothing.
        #expect(state.handle(.touch(.ended, point: Self.here, key: e), at: .milliseconds(100)) == [.notify(.touchesEnded(Self.here))])
        #expect(state.handle(.timer(.longPress), at: .milliseconds(400)) == [])
    }

    @Test func replaceLayoutClosesAnOpenCallout() throws {
        var state = KeyboardState(layout: .enUS, options: Self.noAutoShift)
        let e = try Self.openCallout(&state)
        let eKey = try StateTesting.key("e", in: state)
        let effects = state.replaceLayout(Layout(name: "x", pages: [Page(name: "p", switchLabel: "p", rows: [Row("x")])]))
        #expect(effects == [.hideCallout, .hidePreview, .redraw([e]), .notify(.pressEnded(eKey)), .notify(.touchesCancelled),
                            .redrawAll, .notify(.layoutChanged("x"))])
        #expect(state.callout == nil)
    }

    // MARK: shifted forms

    @Test func turkishDottedCapitalI() throws {
        let tr = try #require(try LayoutSource.builtIn(named: "tr"))
        var state = KeyboardState(layout: LayoutProvider().layout(for: tr, width: 400))
        let i = try StateTesting.key("i", in: state), dotless = try StateTesting.key("ı", in: state)
        #expect(i.shifted == "İ")
        #expect(state.shift == .once)
        #expect(state.label(of: i) == .text("İ"))
        #expect(state.label(of: dotless) == .text("I"))
        #expect(Self.typed(try StateTesting.tap("i", &state, at: .zero)) == [.text("İ")])
        #expect(state.shift == .off)
        #expect(state.label(of: i) == .text("i"))
        #expect(Self.typed(try StateTesting.tap("i", &state, at: .seconds(1))) == [.text("i")])
        try StateTesting.tap("shift", &state, at: .seconds(2))
        #expect(Self.typed(try StateTesting.tap("ı", &state, at: .seconds(3))) == [.text("I")])
    }

    @Test func shiftedFormOfAKeyBuiltInCode() throws {
        var key = Key.character("i")
        key.shifted = "İ"
        let layout = Layout(name: "t", pages: [Page(name: "p", switchLabel: "p", rows: [Row(keys: [key, .character("e")])])])
        var state = KeyboardState(layout: layout)
        #expect(state.label(of: key) == .text("İ"))
        #expect(Self.typed(try StateTesting.tap("i", &state, at: .zero)) == [.text("İ")])
        // Without a shifted form, the usual upper case.
        var plain = KeyboardState(layout: Layout(name: "t", pages: [Page(name: "p", switchLabel: "p", rows: [Row("i")])]))
        #expect(Self.typed(try StateTesting.tap("i", &plain, at: .zero)) == [.text("I")])
    }
}
