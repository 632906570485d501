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

    @Test func reportsWhatNoKeyTypes() {
        let state = KeyboardState(layout: .enUS, options: InteractionOptions(autoShift: false))
        let plan = TypingPlanner.plan("aжb", from: state)
        #expect(plan.untypable == ["ж"])
        #expect(typed(plan, from: state) == "ab")
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
