/// Planning text that a layout's input method composes: a Hangul syllable as
/// its jamo, hiragana as romaji, tapped on the layout whose letters go to the
/// converter (through the globe key when another shows), and what is composed
/// committed as it shows (a tap on the strip's first slot) before anything
/// else is typed and at the end.
extension TypingPlanner {
    /// What the plan has left composed so far.
    struct Composing {
        /// The input method composing (nil: nothing is).
        var method: InputMethodKind?
        /// The jamo last tapped on its own, when the last unit was one.
        var loneJamo: String?

        /// The tap that commits what is composed, before `next` (nil: the end
        /// of the text) is typed some other way; none when nothing is composed,
        /// or when the key typing `next` commits it as it should (Hangul's space).
        mutating func commit(_ next: Character?, in s: inout KeyboardState, ring: inout LayoutRing?, clock: inout Duration) -> [TypingStep] {
            guard let method else { return [] }
            defer { self = Composing() }
            if case .hangul = method, next == " " { return [] }
            return TypingPlanner.commitSteps(in: &s, ring: &ring, clock: &clock)
        }
    }

    /// The steps that compose the start of `text` with an input method of the
    /// layouts, and how many characters they cover; nil when no layout's input
    /// method composes it (or its keys are missing).
    static func composedSteps(_ text: ArraySlice<Character>, in s: inout KeyboardState, ring: inout LayoutRing?, clock: inout Duration,
                              composing: inout Composing) -> (steps: [TypingStep], covers: Int)? {
        if let method = s.layout.inputMethod, let unit = Spelling.unit(text, method: method) {
            var trial = s, trialRing = ring, trialClock = clock, trialComposing = composing
            if let steps = unitSteps(unit, method, in: &trial, ring: &trialRing, clock: &trialClock, composing: &trialComposing) {
                (s, ring, clock, composing) = (trial, trialRing, trialClock, trialComposing)
                return steps
            }
        }
        // Through the globe key to the nearest layout that composes it (switching commits what was composed).
        guard let layouts = ring?.layouts, layouts.count > 1,
              layouts.contains(where: { $0.inputMethod.map { Spelling.unit(text, method: $0) != nil } ?? false }) else { return nil }
        for hops in 1 ..< layouts.count {
            var trial = s, trialRing = ring, trialClock = clock
            guard let globe = globeSteps(hops, in: &trial, ring: &trialRing, clock: &trialClock), let method = trial.layout.inputMethod,
                  let unit = Spelling.unit(text, method: method) else { continue }
            var trialComposing = Composing()
            guard let (steps, covers) = unitSteps(unit, method, in: &trial, ring: &trialRing, clock: &trialClock, composing: &trialComposing)
            else { continue }
            (s, ring, clock, composing) = (trial, trialRing, trialClock, trialComposing)
            return (globe + steps, covers)
        }
        return nil
    }

    /// A unit's key taps on the layout shown, after a commit where what is
    /// composed would otherwise take its first key (a jamo on its own joins
    /// the syllable before it, unless it repeats the last one: ㅋㅋ).
    private static func unitSteps(_ unit: Spelling.Unit, _ method: InputMethodKind, in s: inout KeyboardState, ring: inout LayoutRing?,
                                  clock: inout Duration, composing: inout Composing) -> (steps: [TypingStep], covers: Int)? {
        var steps: [TypingStep] = []
        let keys: [String], covers: Int
        switch unit {
        case .composed(let k, let c):
            (keys, covers) = (k, c)
            if composing.method == method, composing.loneJamo != nil { steps += commitSteps(in: &s, ring: &ring, clock: &clock) }
            composing = Composing(method: method, loneJamo: nil)
        case .loneJamo(let jamo):
            (keys, covers) = ([jamo], 1)
            if composing.method == method, composing.loneJamo != jamo { steps += commitSteps(in: &s, ring: &ring, clock: &clock) }
            composing = Composing(method: method, loneJamo: jamo)
        }
        // Each key on this layout's own keys (`steps(for:)` leaves out its letters, which compose).
        keys: for key in keys {
            for candidate in candidates(for: key, in: s) {
                var trial = s, trialRing = ring, trialClock = clock
                guard run(candidate, on: &trial, ring: &trialRing, clock: &trialClock) == key else { continue }
                (s, ring, clock) = (trial, trialRing, trialClock)
                steps += candidate
                continue keys
            }
            return nil
        }
        return (steps, covers)
    }

    /// A tap on the strip's first slot (what is composed, committed as it shows), from the page shown.
    static func commitSteps(in s: inout KeyboardState, ring: inout LayoutRing?, clock: inout Duration) -> [TypingStep] {
        let pages = [s.pageIndex] + s.layout.pages.indices.filter { $0 != s.pageIndex }
        for p in pages {
            guard let key = s.layout.pages[p].keys.firstIndex(where: { $0.action == .suggestion(0) }),
                  let route = route(to: p, from: s) else { continue }
            let steps = route + [.tap(page: p, key: key)]
            guard run(steps, on: &s, ring: &ring, clock: &clock) != nil else { continue }
            return steps
        }
        return []
    }
}
