/// `tapboard type` as a part of the session: each request's text planned as
/// the taps a person would make, each key held `delay` and `delay` apart,
/// made as contacts on their keys through the same state machine (so the keys
/// show pressed, and the emoji page and the other parts act as for a finger).
extension ScriptedTyping: SessionPart {
    mutating func take(_ input: SessionInput, _ core: inout SessionCore, showing: [Bool]) {
        switch input {
        case .control(.type(let text, let delay, let requester)):
            start(text, delay: delay, requester: requester, &core)
        case .control(.stopTyping(let requester, let gone)):
            stop(requester: requester, answer: !gone, &core)
        case .emojiLoaded:
            // The emoji part, before this one, has taken the files.
            guard !core.emojiFiles.awaited else { return }
            let requests = waiting
            waiting = []
            for request in requests { start(request.text, delay: request.delay, requester: request.requester, &core) }
        default:
            break
        }
    }

    /// The next touch and an answer wait for the keystrokes still queued; their deadline wakes them.
    func nextDeadline(_ core: SessionCore) -> Duration? {
        core.pacing.queue.isEmpty ? nextDue : nil
    }

    /// The answers due, then the next touch due (before `limit`), unless a
    /// keystroke is still to go out: the next touch waits until it is in the
    /// server (a borrowed keycode may hold it), so a request stopped meanwhile
    /// has at most that one keystroke still to go. The session handles the
    /// touch and asks again.
    mutating func runDue(_ core: inout SessionCore, before limit: Duration?) {
        guard core.pacing.queue.isEmpty, !core.pending.contains(where: { if case .type = $0 { true } else { false } }) else { return }
        while let answer = takeAnswer(now: core.now) {
            core.emit(.answer(requester: answer.requester, untyped: answer.untyped))
        }
        // An alternate waits for its callout while the long press is still to come:
        // brought forward to now (with no pace the callout opens at once, still shown).
        // (The press's timer is set once its batch ends: until then the state's flag says it is coming.)
        if case .contact(let touch)? = peekDue(now: core.now), touch.target?.calloutItem != nil, core.state.callout == nil,
           core.state.longPressPending {
            if let due = core.timers[.longPress], due > core.now { core.timers[.longPress] = core.now }
            return
        }
        // The characters coming, so a transport lending keycodes prepares theirs ahead.
        if let keystrokes = foresight() { core.emit(.foresee(keystrokes)) }
        guard let due = takeDue(now: core.now, before: limit) else { return }
        switch due.action {
        case .contact(let touch): core.madeContacts.append(touch)
        case .showDirect(let character):
            // Shown over the space bar as a key's balloon would be, unless every field is a password's.
            if !core.isSecure, let preview = core.preview(of: character) { core.emit(.draw(.showPreview(preview))) }
        case .direct(let character):
            core.emit(.draw(.hidePreview))
            core.pending.append(.type(.text(character)))
        case .pick(let text, let letters, let hold, let gap):
            pick(text, letters: letters, hold: hold, gap: gap, for: due.requester, &core)
        }
    }

    /// Taps the strip's candidate that is `text`, or the next page first (and
    /// looks again); when no page has it, the letters typed for it are taken
    /// back with backspace and the text is typed with no key. (The plan saw it
    /// offered; what the converter learned since may move it, never remove it.)
    private mutating func pick(_ text: String, letters: Int, hold: Duration, gap: Duration, for requester: UInt64, _ core: inout SessionCore) {
        let slots = core.placed.stripSlots, frames = core.keyFrames
        let now = core.now
        func frame(ofSlot rank: Int?) -> KeyFrame? {
            rank.flatMap { rank in slots.first { $0.rank == rank } }.map { frames[$0.index] }
        }
        func tap(_ frame: KeyFrame, at time: Duration) -> [(at: Duration, action: Action)] {
            [TouchPhase.began, .ended].enumerated().map { i, phase in
                let contact = MadeContact(phase: phase, id: .typing, point: frame.rect.center, target: KeyTarget(key: frame.index))
                return (time + (i == 0 ? .zero : hold), .contact(contact))
            }
        }
        if let index = core.composed.candidates.firstIndex(of: text), let slot = frame(ofSlot: Composing.slot(ofCandidate: index, slots: slots.count)) {
            insert(tap(slot, at: now), for: requester, later: .zero)
        } else if core.composed.hasNextPage, let slot = frame(ofSlot: Composing.pageSlot(slots: slots.count)) {
            insert(tap(slot, at: now) + [(now + hold + gap, .pick(text, letters: letters, hold: hold, gap: gap))], for: requester, later: hold + gap)
        } else if let backspace = frames.first(where: { $0.key.action == .backspace }) {
            let taps = (0 ..< letters).flatMap { tap(backspace, at: now + (hold + gap) * $0) }
            insert(taps + [(now + (hold + gap) * letters, .direct(text))], for: requester, later: (hold + gap) * letters)
        } else {
            core.pending.append(.type(.text(text)))
        }
    }

    /// Plans the text from the state as it will be after what is already queued,
    /// and queues the touches; the requester is answered when they are typed.
    private mutating func start(_ text: String, delay: Duration, requester: UInt64, _ core: inout SessionCore) {
        // Emoji are planned once their files are in (asked for now, answered in the next batch).
        if TypingPlanner.mayNeedEmoji(text), core.state.layout.pageIndex(named: Page.emoji) != nil, core.askEmojiFiles() {
            waiting.append((text, delay, requester))
            return
        }
        let frames = core.keyFrames
        // Every layout the globe key reaches, built as it would show at this width.
        let ring = LayoutRing(layouts: core.choice.layouts.map { core.choice.build($0, width: core.frame.width) }, index: core.choice.index)
        // Composed text is planned as its keys only where the input method composes (not over a password field).
        let uncomposed = plan(text, delay: delay, requester: requester, from: core.state, ring: ring,
                              emoji: core.emojiFiles.loaded.map(EmojiPlanning.init), converter: core.isSecure ? nil : core.configuration.converter,
                              now: core.now) { key in
            // Where a key of the page shown is (for the delegate; typing goes by key).
            key < frames.count ? frames[key].rect.center : Point(x: 0, y: 0)
        }
        // Said, but not what they are: typed text never goes to the log.
        if !uncomposed.isEmpty {
            core.emit(.log("tapboard type: \(uncomposed.count) character(s) no reading or candidate of the layouts' input methods gives, typed with no key"))
        }
    }

    /// Stops a request: its touches not yet made are dropped, the one it holds
    /// is cancelled (its key types nothing), and it is answered with how much of
    /// its text was typed, unless `answer` is false (the requester is gone).
    /// Shift or a page a step left latched stays as a person's tap left it.
    private mutating func stop(requester: UInt64, answer: Bool, _ core: inout SessionCore) {
        guard let stopped = stop(requester) else { return }
        if stopped.holding { core.cancelPress(PartContact(phase: .cancelled, id: .typing, point: Point(x: 0, y: 0), key: nil)) }
        if answer { core.emit(.typingStopped(requester: requester, typed: stopped.typed)) }
    }
}
