/// A tap's character typed before its batch is handled (issue 15, tap latency).
///
/// Handling a quick tap (its press and release read together) took about
/// 35 µs before the keystroke went out, cold at a hand's pace: the state
/// machine's effects, the strip, the plan. The floor keyboard types in about
/// 23 µs from its wake-up (`scripts/wake-trace`, with probes). So the
/// transport asks first, with a look at the key under the contact, whether the
/// batch begins with a tap that types only a letter; types it; then hands the
/// batch over with `typedAhead`, and the session does everything else as if
/// the injector had answered.
extension KeyboardSession {
    /// The keystroke `inputs` begin with, when it can go out before they are
    /// handled: a tap on a key that types one character that ends no word, with
    /// nothing queued before it and nothing that could change or precede it
    /// (a callout, a modifier, a held shift, another contact, a gesture, the
    /// strip's corrections). The batch is the tap alone: its press and
    /// release (read together, over the same key), or the release of the
    /// contact held on that key; in a flood, where a batch holds several taps,
    /// the others' keystrokes would be asked for with it. Nil otherwise: the
    /// batch is handled as always.
    public func typeAhead(_ inputs: [SessionInput]) -> Keystroke? {
        guard !finished, afterTyping == nil, queue.isEmpty, pending.isEmpty, typing.isIdle,
              exitRequested == nil, framesAreCurrent, let first = inputs.first,
              // A recognised gesture ends as a word (at its release, or as another contact lands).
              gesture.map({ !$0.recognised }) ?? true else { return nil }
        let text: String?
        switch first {
        case .contact(.began, let id, let point):
            guard id != .typing, inputs.count == 2, case .contact(.ended, id, let end) = inputs[1],
                  let key = Geometry.hitTest(point, in: keyFrames, bounds: frame.size),
                  Geometry.hitTest(end, in: keyFrames, bounds: frame.size) == key else { return nil }
            text = state.tapText(key: key, held: nil)
        case .contact(.ended, let id, let point):
            guard id != .typing, inputs.count == 1, let key = Geometry.hitTest(point, in: keyFrames, bounds: frame.size) else { return nil }
            text = state.tapText(key: key, held: id)
        default:
            return nil
        }
        // One character (so the queue is that keystroke alone) that the strip types as it is.
        guard let text, text.unicodeScalars.count == 1 else { return nil }
        let keystroke = Keystroke.text(text)
        return Self.followsLater(keystroke) ? keystroke : nil
    }

    /// The batch did not type the letter typed ahead of it alone: `typeAhead`
    /// and the state machine disagree, a bug. Said, not what (it may be a password).
    mutating func typedAheadNotTyped() {
        typedAhead = nil
        emit(.log("a keystroke typed ahead of its tap was not what the tap typed; please report this"))
    }
}
