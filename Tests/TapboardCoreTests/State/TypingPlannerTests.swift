import Testing
@testable import TapboardCore

/// Plans that type text as a person would, checked against the state machine.
struct TypingPlannerTests {
    /// What a plan types when run from the state it was made for.
    private func typed(_ plan: TypingPlanner.Plan, from state: KeyboardState) -> String? {
        var s = state
        var clock = Duration.seconds(1000)
        return TypingPlanner.run(plan.steps, on: &s, clock: &clock)
    }

    @Test("mixed text with shift, symbols, pages and a callout types exactly", arguments: [
        "Hello, World! 123 #+= € £", "Café au lait.", "a-b_c", "Über\n", "ÀÉ $€",
    ])
    func typesExactly(_ text: String) {
        let state = KeyboardState(layout: .enUS)
        let plan = TypingPlanner.plan(text, from: state)
        #expect(plan.untypable.isEmpty)
        #expect(typed(plan, from: state) == text)
    }

    @Test("A character no key has is typed with none; only what no keysym carries is untypable")
    func directAndUntypable() {
        let state = KeyboardState(layout: .enUS, options: InteractionOptions(autoShift: false))
        let plan = TypingPlanner.plan("aжb∮", from: state)
        #expect(plan.untypable.isEmpty)
        #expect(plan.steps.filter { if case .direct = $0 { true } else { false } } == [.direct("ж"), .direct("∮")])
        #expect(typed(plan, from: state) == "aжb∮")
        let refused = TypingPlanner.plan("a\u{7}b\u{FFFF}\t", from: state)
        #expect(refused.untypable == ["\u{7}", "\u{FFFF}"])
    }

    /// The ring of en-US, ru and el as the globe key goes, each built compact.
    private static func ring() throws -> LayoutRing {
        let provider = LayoutProvider(layoutKey: true)
        let sources = [LayoutSource.enUS, try #require(try LayoutSource.builtIn(named: "ru")), try #require(try LayoutSource.builtIn(named: "el"))]
        return LayoutRing(layouts: sources.map { provider.layout(for: $0, width: 0) }, index: 0)
    }

    @Test("Through the globe key: each character on the nearest layout that has it, checked by running the plan", arguments: [
        "Hi Мир, Γειά σου! 42", "Ёлка ёж", "ΑΒΓ abc",
    ])
    func acrossLayouts(_ text: String) throws {
        let ring = try Self.ring()
        let state = KeyboardState(layout: ring.layouts[0], options: InteractionOptions(autoShift: false))
        let plan = TypingPlanner.plan(text, from: state, ring: ring)
        #expect(plan.untypable.isEmpty)
        #expect(!plan.steps.contains { if case .direct = $0 { true } else { false } }, "\(plan.steps)")
        var s = state
        var r: LayoutRing? = ring
        var clock = Duration.seconds(1000)
        #expect(TypingPlanner.run(plan.steps, on: &s, ring: &r, clock: &clock) == text)
    }

    @Test("The fewest globe taps: Greek from English is two layouts on, English from Greek one")
    func fewestHops() throws {
        let ring = try Self.ring()
        let state = KeyboardState(layout: ring.layouts[0], options: InteractionOptions(autoShift: false))
        let plan = TypingPlanner.plan("αa", from: state, ring: ring)
        var s = state
        var r: LayoutRing? = ring
        var clock = Duration.seconds(1000)
        var switches: [Int] = []
        for step in plan.steps {
            let before = r!.index
            _ = TypingPlanner.run([step], on: &s, ring: &r, clock: &clock)
            if r!.index != before { switches.append(r!.index) }
        }
        #expect(switches == [1, 2, 0], "\(plan.steps)")
    }

    @Test func prefersThePageShownAndTapsShiftOnlyWhenNeeded() throws {
        let state = KeyboardState(layout: .enUS, options: InteractionOptions(autoShift: false))
        let keys = state.page.keyIdentifiers
        let plan = TypingPlanner.plan("aB", from: state)
        let a = try #require(keys.firstIndex(of: "a")), b = try #require(keys.firstIndex(of: "b"))
        let shift = try #require(keys.firstIndex(of: "shift"))
        #expect(plan.steps == [.tap(page: 0, key: a), .tap(page: 0, key: shift), .tap(page: 0, key: b)])
    }

    @Test func usesACalloutForAnAccent() throws {
        let state = KeyboardState(layout: .enUS, options: InteractionOptions(autoShift: false))
        let plan = TypingPlanner.plan("é", from: state)
        let e = try #require(state.page.keyIdentifiers.firstIndex(of: "e"))
        #expect(plan.steps == [.callout(page: 0, key: e, item: 1)])
    }
}
