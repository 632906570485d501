/// `tapboard type`: the text planned as taps a person would make, each key held
/// `delay` and `delay` apart, pressed visibly through the same state machine.
extension KeyboardSession {
    /// Plans the text from the state as it will be after what is already queued,
    /// and queues the touches; the requester is answered when they are typed.
    mutating func startTyping(_ text: String, delay: Duration, requester: UInt64) {
        // Emoji are planned once their files are in (asked for now, answered in the next batch).
        if TypingPlanner.mayNeedEmoji(text), core.state.layout.pageIndex(named: Page.emoji) != nil, askEmojiFiles() {
            emoji.waitingTyping.append((text, delay, requester))
            return
        }
        let frames = keyFrames
        let planning = emoji.loaded.map(EmojiPlanning.init)
        typing.plan(text, delay: delay, requester: requester, from: core.state, emoji: planning, now: now) { key in
            // Where a key of the page shown is (for the delegate; typing goes by key).
            key < frames.count ? frames[key].rect.center : Point(x: 0, y: 0)
        }
    }

    /// Stops a request: its touches not yet made are dropped, the one it holds
    /// is cancelled (its key types nothing), and it is answered with how much of
    /// its text was typed, unless `answer` is false (the requester is gone).
    /// At most the keystroke of the character last completed is still to go out
    /// (see `typeDue`). Shift or a page a step left latched stays as a person's tap left it.
    mutating func stopTyping(requester: UInt64, answer: Bool) {
        guard let stopped = typing.stop(requester) else { return }
        if stopped.holding {
            core.pending += core.state.handle(.touch(.cancelled, point: Point(x: 0, y: 0), key: nil, calloutItem: nil, contact: .typing), at: now)
        }
        if answer { emit(.typingStopped(requester: requester, typed: stopped.typed)) }
    }

    /// The typing touches that are due (or due before `limit`) go to the state
    /// machine, up to the first that types: the next touch waits until that
    /// keystroke is out (a borrowed keycode may hold it), so a request stopped
    /// meanwhile has at most that one keystroke still to go.
    mutating func typeDue(before limit: Duration? = nil) {
        while core.pacing.queue.isEmpty, !core.pending.contains(where: Self.types), let event = typing.takeDue(now: now, before: limit) {
            let first = core.pending.endIndex
            let onEmojiPage = emoji.onPage
            let effects = core.state.handle(event, at: now)
            core.pending += effects
            for case .switchLayout(let which) in effects { core.pending += switchLayout(which) }
            // The emoji page's keys, the search line and the parts', as for a person's taps.
            searchEffects(from: first)
            emojiEffects(from: first, typedOnPage: onEmojiPage)
            fillEmojiPage()
            parts.stateActed(from: first, &core)
            refreshFrames()
        }
    }

    /// Whether an effect types.
    private static func types(_ effect: Effect) -> Bool {
        if case .type = effect { true } else { false }
    }

    /// Answers the requests whose keys are all typed and in the server.
    mutating func answerTyping() {
        while core.pacing.queue.isEmpty, let answer = typing.takeAnswer(now: now) {
            emit(.answer(requester: answer.requester, untyped: answer.untyped))
        }
    }
}
