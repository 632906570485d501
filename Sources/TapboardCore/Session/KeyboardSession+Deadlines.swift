/// Every deadline of the session, for the transport's wait.
extension KeyboardSession {
    /// When the session next has something to do with no input: a timer, a slide
    /// frame, drawing or the strip's words held back, a keystroke waiting, a part's.
    public var nextDeadline: Duration? {
        // The earliest, compared as found: asked before every wait (once after
        // each wake-up, before its event is read), so nothing is allocated.
        var next: Duration?
        func consider(_ deadline: Duration?) {
            if let deadline, next.map({ deadline < $0 }) ?? true { next = deadline }
        }
        for deadline in core.timers.values { consider(deadline) }
        consider(core.pacing.nextDeadline)
        consider(core.strip.deadline)
        consider(core.presentation.nextDeadline)
        consider(parts.nextDeadline(core))
        return next
    }
}
