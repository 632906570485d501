/// What the parts of the session say while one input is handled: the time of
/// the input, and the commands so far, in order. Each part is handed it, so
/// no part reads a clock or keeps a copy of another's output.
struct Outbox: Sendable {
    /// The time of the input being handled.
    private(set) var now: Duration = .zero
    /// Commands of the input being handled, in order.
    private(set) var commands: [Command] = []
    /// Where the shown keyboard is was said since the commands were last taken.
    private var saidWhereShown = false

    /// An input is handled at this time.
    mutating func begin(at time: Duration) { now = time }

    mutating func emit(_ command: Command) { commands.append(command) }

    /// Says where the shown keyboard is, once until the commands are taken:
    /// the map and a new listener may come in one batch.
    mutating func sayWhereShown(_ frame: Rect) {
        guard !saidWhereShown else { return }
        saidWhereShown = true
        emit(.publish(.frame(.didShow, start: frame, end: frame, duration: .zero)))
    }

    /// The commands said so far, handed out once.
    mutating func take() -> [Command] {
        saidWhereShown = false
        let out = commands
        commands = []
        return out
    }
}

/// The earliest of several deadlines, compared as found: asked before every
/// wait, so nothing is allocated.
struct EarliestDeadline {
    private(set) var value: Duration?

    mutating func consider(_ deadline: Duration?) {
        if let deadline, value.map({ deadline < $0 }) ?? true { value = deadline }
    }
}
