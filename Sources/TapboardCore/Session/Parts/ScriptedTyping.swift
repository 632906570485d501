/// `tapboard type`'s timeline: each request's text planned as the touches a
/// person would make, when each is due, how much of each text is typed, and
/// when each request is answered. (Its part: `ScriptedTyping+Part.swift`.)
struct ScriptedTyping: Sendable {
    /// What a request does at a time: touch a key, or show then type a
    /// character no key has (held as long as a key would be).
    enum Action: Sendable {
        case contact(MadeContact)
        case showDirect(String)
        case direct(String)
        /// Tap the strip's candidate that is this text (`TypingStep.candidate`), each tap held `hold`, `gap` apart.
        case pick(String, letters: Int, hold: Duration, gap: Duration)
    }

    /// An action of a request: when, and how many characters of its text it
    /// completes (several: a run of kana composed, then committed).
    private struct Touch: Sendable {
        var at: Duration
        var action: Action
        var requester: UInt64
        var completesCharacters: Int

        /// Whether it begins a step (a key's press, a character shown).
        var begins: Bool {
            switch action {
            case .contact(let c): c.phase == .began
            case .showDirect, .pick: true
            case .direct: false
            }
        }
    }

    /// The touches of the requests, in order.
    private var touches: [Touch] = []
    /// The answers, in order: when, which request, what could not be typed.
    private var answers: [(at: Duration, requester: UInt64, untyped: String)] = []
    /// How many characters of each request's text were typed so far.
    private var progress: [UInt64: Int] = [:]

    /// Each request's characters, and how far they were last foreseen (`foresight`).
    private var texts: [UInt64: (characters: [Character], foreseenTo: Int)] = [:]
    /// Whether keystrokes are foreseen now (a request's next characters were said).
    private var foreseeing = false
    /// How many characters ahead are foreseen; said again when half of them are typed.
    static let foresightLength = 64

    /// Requests waiting for the emoji files before they are planned.
    var waiting: [(text: String, delay: Duration, requester: UInt64)] = []

    /// When the next touch or answer is due.
    var nextDue: Duration? {
        var next = EarliestDeadline()
        next.consider(touches.first?.at)
        next.consider(answers.first?.at)
        return next.value
    }

    /// Plans the text from the state as it will be after what is already
    /// planned, each key held `delay` and `delay` apart; `centre` says where a key is.
    /// A text with a character that cannot be typed at all is not typed: it is
    /// answered at once, naming those characters.
    /// Returns the characters an input method was there for but gave no way to (typed with no key).
    @discardableResult
    mutating func plan(_ text: String, delay: Duration, requester: UInt64, from state: KeyboardState, ring: LayoutRing?,
                       emoji: EmojiPlanning?, converter: (any CompositionConverter)? = nil, now: Duration, centre: (Int) -> Point) -> [Character] {
        let plan = TypingPlanner.plan(text, from: state, ring: ring, emoji: emoji, converter: converter)
        guard plan.untypable.isEmpty else {
            progress[requester] = 0
            answers.append((max(now, touches.last?.at ?? .zero), requester, String(plan.untypable)))
            return []
        }
        var t = max(now, touches.last?.at ?? .zero) + delay
        // No pace (`--fast`, `--delay 0`): no key held, a callout opened at once; otherwise each key held at least 10 ms.
        let fast = delay == .zero
        let hold = fast ? .zero : max(delay, .milliseconds(10))
        let ends = Dictionary(plan.characterEnds.map { ($0, 1) }, uniquingKeysWith: +)
        func touch(_ at: Duration, _ phase: TouchPhase, _ key: Int, item: Int? = nil, completes: Int = 0) {
            let contact = MadeContact(phase: phase, id: .typing, point: centre(key), target: KeyTarget(key: key, calloutItem: item))
            touches.append(Touch(at: at, action: .contact(contact), requester: requester, completesCharacters: completes))
        }
        for (index, step) in plan.steps.enumerated() {
            let completes = ends[index + 1] ?? 0
            switch step {
            case .tap(_, let key):
                touch(t, .began, key)
                touch(t + hold, .ended, key, completes: completes)
                t += hold + delay
            case .callout(_, let key, let item):
                // The alternate is chosen once the callout is open (`runDue` waits for it, and opens it at once
                // when fast, held a frame each way so it is seen).
                let open = fast ? t : t + state.options.calloutDelay
                let shown = fast ? WindowPresentation.slideFrame : hold
                touch(t, .began, key)
                touch(open + shown, .moved, key, item: item)
                touch(open + shown * 2, .ended, key, item: item, completes: completes)
                t = open + shown * 2 + delay
            case .direct(let character):
                touches.append(Touch(at: t, action: .showDirect(character), requester: requester, completesCharacters: 0))
                touches.append(Touch(at: t + hold, action: .direct(character), requester: requester, completesCharacters: completes))
                t += hold + delay
            case .candidate(let text, let letters):
                touches.append(Touch(at: t, action: .pick(text, letters: letters, hold: hold, gap: delay), requester: requester,
                                     completesCharacters: completes))
                t += hold + delay
            }
        }
        progress[requester] = 0
        texts[requester] = (Array(text), 0)
        answers.append((t, requester, String(plan.untypable)))
        return plan.uncomposed
    }

    /// The keystrokes to foresee now, when they changed: the next characters of
    /// the request typing (said again once half of them are typed), or none
    /// once no request types.
    mutating func foresight() -> [Keystroke]? {
        guard let requester = touches.first?.requester, let typed = progress[requester], let text = texts[requester] else {
            guard foreseeing else { return nil }
            foreseeing = false
            return []
        }
        guard !foreseeing || typed + Self.foresightLength / 2 >= text.foreseenTo, text.foreseenTo < text.characters.count || !foreseeing else { return nil }
        let end = min(text.characters.count, typed + Self.foresightLength)
        texts[requester]?.foreseenTo = end
        foreseeing = true
        return text.characters[min(typed, end) ..< end].map { .text(String($0)) }
    }

    /// Stops a request: its touches and answer dropped. How many characters of
    /// its text were typed, and whether it holds a key now (its touch to be
    /// cancelled); nil for a request not (or no longer) typing.
    mutating func stop(_ requester: UInt64) -> (typed: Int, holding: Bool)? {
        guard let typed = progress.removeValue(forKey: requester) else { return nil }
        let holding = touches.first { $0.requester == requester }.map { touch in
            if case .contact(let c) = touch.action { c.phase != .began } else { false }
        } ?? false
        touches.removeAll { $0.requester == requester }
        answers.removeAll { $0.requester == requester }
        texts[requester] = nil
        return (typed, holding)
    }

    /// The next action, if it is due by `now` (and before `limit`), taken and
    /// counted. An action that begins a step late (it waited for a keystroke, or
    /// the loop was slow) moves every action and answer after it as much later,
    /// so each step keeps its timing: a callout's alternate is chosen only after it opened.
    mutating func takeDue(now: Duration, before limit: Duration?) -> (action: Action, requester: UInt64)? {
        guard let next = touches.first, next.at <= now, limit.map({ next.at < $0 }) ?? true else { return nil }
        if next.begins, next.at < now {
            let lateness = now - next.at
            for i in touches.indices { touches[i].at += lateness }
            for i in answers.indices { answers[i].at += lateness }
        }
        touches.removeFirst()
        progress[next.requester]? += next.completesCharacters
        return (next.action, next.requester)
    }

    /// Actions made now for a request, before the others; the actions and
    /// answers after them wait `later` more.
    mutating func insert(_ actions: [(at: Duration, action: Action)], for requester: UInt64, later: Duration) {
        for i in touches.indices { touches[i].at += later }
        for i in answers.indices { answers[i].at += later }
        touches.insert(contentsOf: actions.map { Touch(at: $0.at, action: $0.action, requester: requester, completesCharacters: 0) }, at: 0)
    }

    /// The next action if it is due by `now`, without taking it.
    func peekDue(now: Duration) -> Action? {
        guard let next = touches.first, next.at <= now else { return nil }
        return next.action
    }

    /// The next answer, if it is due by `now` and every touch before it was made.
    mutating func takeAnswer(now: Duration) -> (requester: UInt64, untyped: String)? {
        guard let answer = answers.first, answer.at <= now, touches.first.map({ $0.at > answer.at }) ?? true else { return nil }
        answers.removeFirst()
        progress[answer.requester] = nil
        texts[answer.requester] = nil
        return (answer.requester, answer.untyped)
    }
}
