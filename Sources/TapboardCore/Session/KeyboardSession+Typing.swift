/// `tapboard type`: the text planned as taps a person would make, each key held
/// `delay` and `delay` apart, pressed visibly through the same state machine.
extension KeyboardSession {
    /// Plans the text from the state as it will be after what is already queued,
    /// and queues the touches; the requester is answered when they are typed.
    mutating func startTyping(_ text: String, delay: Duration, requester: UInt64) {
        let plan = TypingPlanner.plan(text, from: state)
        var t = max(now, typingEvents.last?.at ?? .zero) + delay
        let hold = max(delay, .milliseconds(10))
        let ends = Set(plan.characterEnds)
        func touch(_ phase: TouchPhase, _ key: Int, item: Int? = nil) -> InputEvent {
            .touch(phase, point: centre(of: key), key: key, calloutItem: item, contact: .typing)
        }
        for (index, step) in plan.steps.enumerated() {
            let completes = ends.contains(index + 1)
            switch step {
            case .tap(_, let key):
                typingEvents.append((t, touch(.began, key), requester, false))
                typingEvents.append((t + hold, touch(.ended, key), requester, completes))
                t += hold + delay
            case .callout(_, let key, let item):
                let open = t + state.options.calloutDelay
                typingEvents.append((t, touch(.began, key), requester, false))
                typingEvents.append((open + hold, touch(.moved, key, item: item), requester, false))
                typingEvents.append((open + hold * 2, touch(.ended, key, item: item), requester, completes))
                t = open + hold * 2 + delay
            }
        }
        typingProgress[requester] = 0
        typingAnswers.append((t, requester, String(plan.untypable)))
    }

    /// Stops a request: its touches not yet made are dropped, the one it holds
    /// is cancelled (its key types nothing), and it is answered with how much of
    /// its text was typed, unless `answer` is false (the requester is gone).
    /// At most the keystroke of the character last completed is still to go out
    /// (see `typeDue`). Shift or a page a step left latched stays as a person's tap left it.
    mutating func stopTyping(requester: UInt64, answer: Bool) {
        guard let typed = typingProgress.removeValue(forKey: requester) else { return }
        let held = typingEvents.first { $0.requester == requester }.map { event -> Bool in
            if case .touch(.began, _, _, _, _) = event.event { return false }
            return true
        } ?? false
        typingEvents.removeAll { $0.requester == requester }
        typingAnswers.removeAll { $0.requester == requester }
        if held {
            pending += state.handle(.touch(.cancelled, point: Point(x: 0, y: 0), key: nil, calloutItem: nil, contact: .typing), at: now)
        }
        if answer { emit(.typingStopped(requester: requester, typed: typed)) }
    }

    /// Where a key of the page shown is (for the delegate; typing goes by key).
    private func centre(of key: Int) -> Point {
        key < keyFrames.count ? keyFrames[key].rect.center : Point(x: 0, y: 0)
    }

    /// The typing touches that are due (or due before `limit`) go to the state
    /// machine, up to the first that types: the next touch waits until that
    /// keystroke is out (a borrowed keycode may hold it), so a request stopped
    /// meanwhile has at most that one keystroke still to go.
    mutating func typeDue(before limit: Duration? = nil) {
        while queue.isEmpty, !pending.contains(where: Self.types), let next = typingEvents.first, next.at <= now,
              limit.map({ next.at < $0 }) ?? true {
            if case .touch(.began, _, _, _, _) = next.event, next.at < now { postponeTyping(by: now - next.at) }
            typingEvents.removeFirst()
            let effects = state.handle(next.event, at: now)
            pending += effects
            for case .switchLayout(let which) in effects { pending += switchLayout(which) }
            refreshFrames()
            if next.completesCharacter { typingProgress[next.requester]? += 1 }
        }
    }

    /// A touch that begins a step late (it waited for a keystroke, or the loop
    /// was slow) moves every touch and answer after it as much later, so each step
    /// keeps its timing: a callout's alternate is chosen only after the callout opened.
    private mutating func postponeTyping(by lateness: Duration) {
        for i in typingEvents.indices { typingEvents[i].at += lateness }
        for i in typingAnswers.indices { typingAnswers[i].at += lateness }
    }

    /// Whether an effect types.
    private static func types(_ effect: Effect) -> Bool {
        if case .type = effect { true } else { false }
    }

    /// Answers the requests whose keys are all typed and in the server.
    mutating func answerTyping() {
        while let answer = typingAnswers.first, answer.at <= now, queue.isEmpty,
              typingEvents.first.map({ $0.at > answer.at }) ?? true {
            typingAnswers.removeFirst()
            typingProgress[answer.requester] = nil
            emit(.answer(requester: answer.requester, untyped: answer.untyped))
        }
    }
}
