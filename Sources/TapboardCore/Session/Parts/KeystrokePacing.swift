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
    /// How many keystrokes were ever queued, and ever sent: each one's number.
    private var queuedTotal = 0, sentTotal = 0
    /// The numbers of keystrokes that must not be published (a clipboard entry typed).
    private var unpublished: [Range<Int>] = []
    /// When the first of them may be tried again (a borrowed keycode is not free before).
    private var keystrokeDeadline: Duration?
    /// Drawing held back, as effects, merged with the next batch's.
    private(set) var deferredDrawing: [Effect] = []
    private var drawDeadline: Duration?
    /// What to do when the injector answers the `.type` asked for; nil when none is asked.
    private(set) var afterTyping: AfterTyping?
    /// A part took the batch's keystroke and shows what it made of it (what
    /// is composed): drawn at once, as a keystroke typed would be.
    private var showsKeystroke = false

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
    /// `privately`: texts among them that are not to be published, each taken off as it is found.
    mutating func enqueue(_ keystrokes: [Keystroke], privately: inout [String]) {
        for keystroke in keystrokes {
            let first = queue.count
            if case .text(let text) = keystroke, text.unicodeScalars.count > 1 {
                queue += text.unicodeScalars.map { .text(String($0)) }
            } else {
                queue.append(keystroke)
            }
            let added = queue.count - first
            if !privately.isEmpty, case .text(let text) = keystroke, let i = privately.firstIndex(of: text) {
                privately.remove(at: i)
                unpublished.append(queuedTotal ..< queuedTotal + added)
            }
            queuedTotal += added
        }
    }

    /// A `.type` was asked for: this follows its answer.
    mutating func expectAnswer(_ after: AfterTyping) { afterTyping = after }

    /// The injector's answer: `typed` keystrokes of the queue went out, the next
    /// waits until `readyAt`. The keystrokes sent and what was to follow; nil
    /// when no answer was expected.
    /// `hidden`: which of those sent must not be published (none, and nothing made, at almost every keystroke).
    mutating func answered(typed: Int, readyAt: Duration?, now: Duration) -> (sent: [Keystroke], hidden: [Range<Int>], after: AfterTyping)? {
        guard let after = afterTyping else { return nil }
        afterTyping = nil
        let sent = Array(queue.prefix(min(max(typed, 0), queue.count)))
        queue.removeFirst(sent.count)
        var hidden: [Range<Int>] = []
        if !unpublished.isEmpty {
            let base = sentTotal
            hidden = unpublished.map { max($0.lowerBound - base, 0) ..< max($0.upperBound - base, 0) }.filter { !$0.isEmpty }
            unpublished.removeAll { $0.upperBound <= base + sent.count }
        }
        sentTotal += sent.count
        keystrokeDeadline = queue.isEmpty ? nil : readyAt ?? now
        // Quitting: whatever could not be typed at all is given up.
        if case .shutdown = after {
            queuedTotal -= queue.count
            queue = []
            unpublished = []
        }
        return (sent, hidden, after)
    }

    /// The keymap changed: a keystroke waiting for a keycode may go now.
    mutating func keymapChanged(now: Duration) {
        if !queue.isEmpty { keystrokeDeadline = now }
    }

    /// The batch's keystroke was taken by a part, which shows its result.
    mutating func keystrokeShown() { showsKeystroke = true }

    /// Whether a part showed a keystroke in this batch (asked once a batch).
    mutating func takeKeystrokeShown() -> Bool {
        defer { showsKeystroke = false }
        return showsKeystroke
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
