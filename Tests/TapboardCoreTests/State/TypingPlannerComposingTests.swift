import Testing
@testable import TapboardCore

/// `tapboard type` of text a layout's input method composes: the keys a person
/// taps (jamo, romaji) on that layout, and the strip's first slot tapped to
/// commit what is composed before anything else is typed and at the end.
struct TypingPlannerComposingTests {
    /// en-US, ko and ja as the globe key goes, built as the session builds them (ko and ja with their strip).
    private static func ring() throws -> LayoutRing {
        let provider = LayoutProvider(layoutKey: true)
        let sources = [LayoutSource.enUS, try #require(try LayoutSource.builtIn(named: "ko")), try #require(try LayoutSource.builtIn(named: "ja"))]
        return LayoutRing(layouts: sources.map { provider.layout(for: $0, width: 0, strip: 40, candidates: $0.inputMethod != nil) }, index: 0)
    }

    /// Whether a step taps the strip's first slot.
    private static func commits(_ step: TypingStep, _ ring: LayoutRing) -> Bool {
        guard case .tap(let page, let key) = step else { return false }
        return ring.layouts.contains { $0.pages.indices.contains(page) && $0.pages[page].keys.indices.contains(key) && $0.pages[page].keys[key].action == .suggestion(0) }
    }

    @Test("Hangul as jamo and hiragana as romaji, on their layouts through the globe key; commits before other keys and at the end")
    func composedText() throws {
        let ring = try Self.ring()
        let state = KeyboardState(layout: ring.layouts[0], options: InteractionOptions(autoShift: false))
        let plan = TypingPlanner.plan("Hi 한국어 ㅋㅋ 값. にほんご", from: state, ring: ring, converter: ComposingTests.TableConverter())
        #expect(plan.untypable.isEmpty)
        #expect(!plan.steps.contains { if case .direct = $0 { true } else { false } }, "\(plan.steps)")
        var s = state
        var r: LayoutRing? = ring
        var clock = Duration.seconds(1000)
        // The state machine types the keys; the converter (not here) composes them.
        #expect(TypingPlanner.run(plan.steps, on: &s, ring: &r, clock: &clock) == "Hi ㅎㅏㄴㄱㅜㄱㅇㅓ ㅋㅋ ㄱㅏㅂㅅ. nihonngo")
        #expect(r?.index == 2)
        // Two commits: before "." (space commits a syllable itself) and at the end.
        #expect(plan.steps.filter { Self.commits($0, ring) }.count == 2, "\(plan.steps)")
        #expect(plan.steps.last.map { Self.commits($0, ring) } == true)
        #expect(plan.characterEnds.count == "Hi 한국어 ㅋㅋ 값. にほんご".count)
    }

    @Test("Without a converter (none runs, or a password field) nothing is planned as composed")
    func noConverter() throws {
        let ring = try Self.ring()
        let state = KeyboardState(layout: ring.layouts[1], options: InteractionOptions(autoShift: false))
        let plan = TypingPlanner.plan("한", from: state, ring: LayoutRing(layouts: ring.layouts, index: 1))
        #expect(plan.steps == [.direct("한")])
    }

    @Test("A character an input method is there for but gives no way to is typed with no key, and said (not what it is)")
    func uncomposed() throws {
        let ring = try Self.ring()
        let state = KeyboardState(layout: ring.layouts[2], options: InteractionOptions(autoShift: false))
        // Kanji: Anthy's reading cannot be looked up; katakana is not spelled.
        let plan = TypingPlanner.plan("日本カ", from: state, ring: LayoutRing(layouts: ring.layouts, index: 2),
                                      converter: ComposingTests.TableConverter())
        #expect(plan.steps == [.direct("日"), .direct("本"), .direct("カ")])
        #expect(plan.uncomposed == ["日", "本", "カ"])
        #expect(TypingPlanner.plan("日", from: state, ring: LayoutRing(layouts: ring.layouts, index: 2)).uncomposed.isEmpty,
                "no converter runs (a password field): nothing is said")
    }

    @Test("A jamo on its own after a syllable is committed apart (가ㄱ is not 각); a repeated one is not (ㅋㅋ)")
    func loneJamo() throws {
        let ring = try Self.ring()
        let state = KeyboardState(layout: ring.layouts[1], options: InteractionOptions(autoShift: false))
        let plan = TypingPlanner.plan("가ㄱㄱ", from: state, ring: LayoutRing(layouts: ring.layouts, index: 1), converter: ComposingTests.TableConverter())
        let commitIndices = plan.steps.indices.filter { Self.commits(plan.steps[$0], ring) }
        #expect(commitIndices.count == 2, "between 가 and ㄱ, and at the end: \(plan.steps)")
    }
}
