/// `tapboard type`: the text planned as taps a person would make, each key held
/// `delay` and `delay` apart, pressed visibly through the same state machine.
extension KeyboardSession {
    /// Plans the text from the state as it will be after what is already queued,
    /// and queues the touches; the requester is answered when they are typed.
    mutating func startTyping(_ text: String, delay: Duration, requester: UInt64) {
        let plan = TypingPlanner.plan(text, from: state)
        var t = max(now, typingEvents.last?.at ?? .zero) + delay
        let hold = max(delay, .milliseconds(10))
        func touch(_ phase: TouchPhase, _ key: Int, item: Int? = nil) -> InputEvent {
            .touch(phase, point: centre(of: key), key: key, calloutItem: item, contact: .typing)
        }
        for step in plan.steps {
            switch step {
            case .tap(_, let key):
                typingEvents.append((t, touch(.began, key)))
                typingEvents.append((t + hold, touch(.ended, key)))
                t += hold + delay
            case .callout(_, let key, let item):
                let open = t + state.options.calloutDelay
                typingEvents.append((t, touch(.began, key)))
                typingEvents.append((open + hold, touch(.moved, key, item: item)))
                typingEvents.append((open + hold * 2, touch(.ended, key, item: item)))
                t = open + hold * 2 + delay
            }
        }
        typingAnswers.append((t, requester, String(plan.untypable)))
    }

    /// Where a key of the page shown is (for the delegate; typing goes by key).
    private func centre(of key: Int) -> Point {
        key < keyFrames.count ? keyFrames[key].rect.center : Point(x: 0, y: 0)
    }

    /// The typing touches that are due (or due before `limit`) go to the state machine.
    mutating func typeDue(before limit: Duration? = nil) {
        while let next = typingEvents.first, next.at <= now, limit.map({ next.at < $0 }) ?? true {
            typingEvents.removeFirst()
            let effects = state.handle(next.event, at: now)
            pending += effects
            for case .switchLayout(let which) in effects { pending += switchLayout(which) }
            refreshFrames()
        }
    }

    /// Answers the requests whose keys are all typed and in the server.
    mutating func answerTyping() {
        while let answer = typingAnswers.first, answer.at <= now, queue.isEmpty,
              typingEvents.first.map({ $0.at > answer.at }) ?? true {
            typingAnswers.removeFirst()
            emit(.answer(requester: answer.requester, untyped: answer.untyped))
        }
    }
}
