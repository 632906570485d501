/// What the session does when the injector answers a `.type`.
enum AfterTyping: Sendable {
    /// The rest of a batch's effects: notifications, timers, hiding, drawing.
    case plan(EffectPlan)
    /// Keystrokes that had waited for a keycode: nothing follows them.
    case queued
    /// Quitting, after everything queued is typed.
    case shutdown
}

/// The keystrokes waiting to go out and the drawing held back behind them:
/// keystrokes go out before any drawing (the X server hands a client its
/// events only once it has finished the requests it read), one that needs a
/// borrowed keycode waits until the injector says it is free, and drawing
/// that types nothing waits a few milliseconds so a quick tap's highlight,
/// undone at once, is never drawn.
struct KeystrokePacing: Sendable {
    /// How long drawing that types nothing may wait: well under a 60 Hz frame,
    /// and long enough that the press and release of a quick tap meet.
    static let drawingDelay: Duration = .milliseconds(3)

    /// Keystrokes not yet out, one character each.
    private(set) var queue: [Keystroke] = []
    /// When the first of them may be tried again (a borrowed keycode is not free before).
    private var keystrokeDeadline: Duration?
    /// Drawing held back, as effects, merged with the next batch's.
    private(set) var deferredDrawing: [Effect] = []
    private var drawDeadline: Duration?
    /// What to do when the injector answers the `.type` asked for; nil when none is asked.
    private(set) var afterTyping: AfterTyping?

    /// Whether queued keystrokes can be tried again now.
    func keystrokesDue(at now: Duration) -> Bool {
        !queue.isEmpty && (keystrokeDeadline.map { $0 <= now } ?? true)
    }

    /// Whether the drawing held back is due.
    func drawingDue(at now: Duration) -> Bool {
        drawDeadline.map { $0 <= now } ?? false
    }

    /// When a keystroke may be tried again, or the drawing held back is due.
    var nextDeadline: Duration? {
        var next = EarliestDeadline()
        next.consider(drawDeadline)
        if !queue.isEmpty { next.consider(keystrokeDeadline) }
        return next.value
    }

    /// Text split into one keystroke per character, so each waits only for itself.
    mutating func enqueue(_ keystrokes: [Keystroke]) {
        for keystroke in keystrokes {
            guard case .text(let text) = keystroke, text.unicodeScalars.count > 1 else {
                queue.append(keystroke)
                continue
            }
            queue += text.unicodeScalars.map { .text(String($0)) }
        }
    }

    /// A `.type` was asked for: this follows its answer.
    mutating func expectAnswer(_ after: AfterTyping) { afterTyping = after }

    /// The injector's answer: `typed` keystrokes of the queue went out, the next
    /// waits until `readyAt`. The keystrokes sent and what was to follow; nil
    /// when no answer was expected.
    mutating func answered(typed: Int, readyAt: Duration?, now: Duration) -> (sent: [Keystroke], after: AfterTyping)? {
        guard let after = afterTyping else { return nil }
        afterTyping = nil
        let sent = Array(queue.prefix(min(max(typed, 0), queue.count)))
        queue.removeFirst(sent.count)
        keystrokeDeadline = queue.isEmpty ? nil : readyAt ?? now
        // Quitting: whatever could not be typed at all is given up.
        if case .shutdown = after { queue = [] }
        return (sent, after)
    }

    /// The keymap changed: a keystroke waiting for a keycode may go now.
    mutating func keymapChanged(now: Duration) {
        if !queue.isEmpty { keystrokeDeadline = now }
    }

    /// Holds drawing back until the keystrokes are out, or a moment when none are.
    mutating func holdDrawing(_ effects: [Effect], replacing: Bool, now: Duration) {
        if replacing { deferredDrawing = effects } else { deferredDrawing += effects }
        if drawDeadline == nil { drawDeadline = now + Self.drawingDelay }
    }

    /// The drawing held back, taken to be drawn now.
    mutating func takeDrawing() -> [Effect] {
        drawDeadline = nil
        defer { deferredDrawing = [] }
        return deferredDrawing
    }
}
