/// The words the suggestion strip shows, what they were found for, and when
/// it looks again: at once after a key, held back while keys flood.
struct StripWords: Sendable {
    /// How long keys must pause before the strip looks for words again, once
    /// they come faster than that. Nobody reads a strip that changes twenty
    /// times a second; a flood (a test typing at 50 keys a second, `tapboard
    /// type`) would pay for words no one sees at every key. Keys typed by hand
    /// come further apart (LatinIME waits 100 ms after every key; here a key
    /// after a pause is answered at once, without a timer's wake-up).
    static let pause: Duration = .milliseconds(50)

    /// What the strip's words depend on: when it is unchanged they are not looked for again.
    struct Query: Equatable, Sendable {
        var text: TypedText
        var shift: ShiftState
        var language: String?
        var slots: Int
        var clock: Int
        var secure: Bool
    }

    /// The words shown, likeliest first.
    private(set) var suggestions: [Suggestion] = []
    /// What `suggestions` were found for: not looked for again while it is the same.
    private(set) var query: Query?
    /// The text before the cursor changed without a keystroke (the focus or the caret moved, the files came): the strip looks again.
    private(set) var contextChanged = false
    /// When keystrokes last went out: the next that follows within `pause` is part of a flood.
    private var lastTyped: Duration?
    /// When the strip looks for its words, held back while keys come faster than words can be read.
    private(set) var deadline: Duration?
    /// The word `--autocorrect` replaced with the last keystroke, which backspace now takes back.
    private(set) var lastAutocorrection: Autocorrection?

    /// The text before the caret changed without a keystroke.
    mutating func noteContextChanged() { contextChanged = true }

    /// Whether the text before the caret changed without a keystroke since last asked:
    /// then the strip shows what follows it at once, no flood held back.
    mutating func takeContextChange() -> Bool {
        guard contextChanged else { return false }
        contextChanged = false
        deadline = nil
        lastTyped = nil
        return true
    }

    /// Holds the words back while keys flood; true when they wait. Keys typed
    /// within `pause` of the last put the look off again; a batch that types
    /// nothing leaves a wait as it is. A new layout looks at once.
    mutating func hold(after plan: EffectPlan, now: Duration) -> Bool {
        let typed = !plan.keystrokes.isEmpty
        let flood = typed && lastTyped.map { now - $0 < Self.pause } == true
        if typed { lastTyped = now }
        guard !plan.relayout, flood || (!typed && deadline != nil) else { return false }
        if typed { deadline = now + Self.pause }
        return true
    }

    /// The strip looks now.
    mutating func stopHolding() { deadline = nil }

    /// Words found for a query: the words shown before, when they changed.
    mutating func found(_ words: [Suggestion], for query: Query) -> [Suggestion]? {
        self.query = query
        guard words != suggestions else { return nil }
        defer { suggestions = words }
        return suggestions
    }

    /// The strip has no slots on the page shown.
    mutating func clear() { suggestions = [] }

    /// Whatever the words were found for, they are looked for again.
    mutating func forgetQuery() { query = nil }

    /// The word the last keystroke corrected, or none.
    mutating func corrected(_ correction: Autocorrection?) { lastAutocorrection = correction }
}
