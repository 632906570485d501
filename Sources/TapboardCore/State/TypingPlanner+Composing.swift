/// Planning text that a layout's input method composes: a Hangul syllable as
/// its jamo, hiragana as romaji, Chinese as its pinyin and then the candidate
/// that is the text; tapped on the layout whose letters go to the converter
/// (through the globe key when another shows), and what is composed
/// committed as it shows (a tap on the strip's first slot) before anything
/// else is typed and at the end. Nothing is composed without a converter
/// that runs (none over a password field): the text is typed as it is then.
extension TypingPlanner {
    /// What the plan has left composed so far, and the converter it plans with.
    struct Composing {
        let converter: (any CompositionConverter)?
        /// The input method composing (nil: nothing is).
        var method: InputMethodKind?
        /// The jamo last tapped on its own, when the last unit was one.
        var loneJamo: String?
        /// Whether each input method's converter runs (asked once a plan).
        private var runs: [InputMethodKind: Bool] = [:]

        init(converter: (any CompositionConverter)?) { self.converter = converter }

        /// The tap that commits what is composed, before `next` (nil: the end
        /// of the text) is typed some other way; none when nothing is composed,
        /// or when the key typing `next` commits it as it should (Hangul's space).
        mutating func commit(_ next: Character?, in s: inout KeyboardState, ring: inout LayoutRing?, clock: inout Duration) -> [TypingStep] {
            guard let method else { return [] }
            self.method = nil
            loneJamo = nil
            if case .hangul = method, next == " " { return [] }
            return TypingPlanner.commitSteps(in: &s, ring: &ring, clock: &clock)
        }

        /// How the start of `text` is composed with `method`, when its converter runs.
        mutating func unit(_ text: ArraySlice<Character>, _ method: InputMethodKind) -> Spelling.Unit? {
            guard let converter else { return nil }
            if runs[method] == nil { runs[method] = (try? converter.compose([], in: method)) != nil }
            guard runs[method] == true else { return nil }
            if case .rime = method { return TypingPlanner.chosenUnit(text, method, converter) }
            return Spelling.unit(text, method: method)
        }
    }

    /// The steps that compose the start of `text` with an input method of the
    /// layouts, and how many characters they cover; nil when no layout's input
    /// method composes it (or its keys are missing).
    static func composedSteps(_ text: ArraySlice<Character>, in s: inout KeyboardState, ring: inout LayoutRing?, clock: inout Duration,
                              composing: inout Composing) -> (steps: [TypingStep], covers: Int)? {
        guard composing.converter != nil else { return nil }
        if let method = s.layout.inputMethod, let unit = composing.unit(text, method) {
            var trial = s, trialRing = ring, trialClock = clock, trialComposing = composing
            if let steps = unitSteps(unit, method, in: &trial, ring: &trialRing, clock: &trialClock, composing: &trialComposing) {
                (s, ring, clock, composing) = (trial, trialRing, trialClock, trialComposing)
                return steps
            }
        }
        // Through the globe key to the nearest layout that composes it (switching commits what was composed).
        guard let layouts = ring?.layouts, layouts.count > 1, layouts.contains(where: { $0.inputMethod != nil && $0.name != s.layout.name })
        else { return nil }
        for hops in 1 ..< layouts.count {
            var trial = s, trialRing = ring, trialClock = clock, trialComposing = composing
            guard let globe = globeSteps(hops, in: &trial, ring: &trialRing, clock: &trialClock), let method = trial.layout.inputMethod,
                  let unit = trialComposing.unit(text, method) else { continue }
            trialComposing.method = nil
            trialComposing.loneJamo = nil
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
        var after: [TypingStep] = []
        switch unit {
        case .composed(let k, let c):
            (keys, covers) = (k, c)
            if composing.method == method, composing.loneJamo != nil { steps += commitSteps(in: &s, ring: &ring, clock: &clock) }
            (composing.method, composing.loneJamo) = (method, nil)
        case .loneJamo(let jamo):
            (keys, covers) = ([jamo], 1)
            if composing.method == method, composing.loneJamo != jamo { steps += commitSteps(in: &s, ring: &ring, clock: &clock) }
            (composing.method, composing.loneJamo) = (method, jamo)
        case .chosen(let k, let candidate):
            // The candidate covers all the letters: nothing is left composed.
            (keys, covers) = (k, candidate.count)
            after = [.candidate(candidate, letters: k.count)]
            (composing.method, composing.loneJamo) = (nil, nil)
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
        return (steps + after, covers)
    }

    /// How many characters of Chinese are tried as one candidate (a phrase), and pages looked through.
    static let longestPhrase = 4, pagesLooked = 8

    /// The longest start of `text` (a phrase, down to one character) whose
    /// readings' letters give it as a candidate on one of the first pages,
    /// asked of the converter (turning pages chooses nothing: Rime learns
    /// nothing from the plan); nil when no candidate gives even its first character.
    static func chosenUnit(_ text: ArraySlice<Character>, _ method: InputMethodKind, _ converter: any CompositionConverter) -> Spelling.Unit? {
        let readings = text.prefix(longestPhrase).lazy.map { converter.readings(of: $0, in: method) }.prefix { !$0.isEmpty }
        let run = Array(readings)
        guard !run.isEmpty else { return nil }
        for length in stride(from: run.count, through: 1, by: -1) {
            let phrase = String(text.prefix(length))
            // A phrase with each character's most used reading; one character with each of its readings.
            let spellings = length > 1 ? [run.prefix(length).map { $0[0] }.joined()] : run[0]
            for letters in spellings where offers(phrase, letters, method, converter) {
                return .chosen(keys: letters.map(String.init), candidate: phrase)
            }
        }
        return nil
    }

    /// Whether the letters typed show `phrase` as a candidate on one of the first pages.
    private static func offers(_ phrase: String, _ letters: String, _ method: InputMethodKind, _ converter: any CompositionConverter) -> Bool {
        var actions = letters.map { CompositionAction.key(String($0)) }
        for _ in 0 ..< pagesLooked {
            guard let shown = try? converter.compose(actions, in: method) else { return false }
            if shown.candidates.contains(phrase) { return true }
            guard shown.hasNextPage else { return false }
            actions.append(.page(forward: true))
        }
        return false
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
