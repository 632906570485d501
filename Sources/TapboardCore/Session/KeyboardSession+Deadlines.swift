/// Every deadline of the session, for the transport's wait.
extension KeyboardSession {
    /// When the session next has something to do with no input: a timer, a slide
    /// frame, drawing or the strip's words held back, a keystroke waiting, `tapboard type`'s next touch.
    public var nextDeadline: Duration? {
        var all = Array(timers.values)
        if let d = drawDeadline { all.append(d) }
        if let d = suggestionsDeadline { all.append(d) }
        if let d = raiseDeadline { all.append(d) }
        if let d = autoHideDeadline { all.append(d) }
        if let d = trailDeadline { all.append(d) }
        if !queue.isEmpty, let d = keystrokeDeadline { all.append(d) }
        if let d = typingEvents.first?.at { all.append(d) }
        // An answer waits for the keystrokes still queued; their deadline wakes it.
        if queue.isEmpty, let d = typingAnswers.first?.at { all.append(d) }
        if let slide { all.append(slide.nextFrame) }
        return all.min()
    }
}
