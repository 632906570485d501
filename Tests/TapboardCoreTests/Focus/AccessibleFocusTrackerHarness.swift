import TapboardCore

/// Applications on a pretend accessibility bus, and a tracker fed from them: the
/// tests hold the requests it makes and answer them when (and in the order) a
/// race needs, or all at once.
struct TrackerHarness {
    /// One object as the applications describe it.
    struct Object {
        var process: UInt32 = 4242
        var role: UInt32 = 79  // an entry
        var states: UInt64 = 0
        var extents = Rect(x: 10, y: 20, width: 300, height: 30)
        var caret = 0
        var text = ""
        var children: [AccessibleObject] = []
    }

    /// AT-SPI states: active 1, editable 7, focusable 11, focused 12, showing 25, visible 30.
    static func states(_ numbers: Int...) -> UInt64 { numbers.reduce(0) { $0 | 1 << UInt64($1) } }
    static let editable = states(7, 11, 12, 25, 30)
    /// Roles: password text 40, push button 43, terminal 60, entry 79, document web 95, frame 23.
    static let entryRole: UInt32 = 79, passwordRole: UInt32 = 40, terminalRole: UInt32 = 60, buttonRole: UInt32 = 43
    /// The keyboard's own process id, as the tracker is told it.
    static let ownProcess: UInt32 = 777

    var tracker = AccessibleFocusTracker(ownProcess: Self.ownProcess)
    var objects: [AccessibleObject: Object] = [:]
    /// Requests made and not yet answered, oldest first.
    var pending: [AccessibleRequest] = []
    /// Every request made, in order.
    var sent: [AccessibleRequest] = []
    /// What the session was told, in order.
    var reports: [SessionInput] = []

    static func object(_ sender: String, _ number: Int) -> AccessibleObject {
        AccessibleObject(sender: sender, path: "/org/a11y/atspi/accessible/\(number)")
    }

    /// Feeds an event to the tracker.
    mutating func feed(_ event: AccessibleEvent) {
        take(tracker.handle(event))
    }

    mutating func take(_ outcome: AccessibleFocusTracker.Outcome) {
        pending += outcome.requests
        sent += outcome.requests
        reports += outcome.reports
    }

    /// The answer an object gives (failed when no application has it).
    func answer(_ request: AccessibleRequest) -> AccessibleAnswer {
        guard let o = objects[request.object] else { return .failed }
        switch request.question {
        case .process: return .process(o.process)
        case .role: return .role(o.role)
        case .states: return .states(o.states)
        case .extents: return .extents(o.extents)
        case .children: return .children(o.children)
        case .caretOffset: return .caretOffset(o.caret)
        case .text(let from, let to):
            return .text(String(String.UnicodeScalarView(o.text.unicodeScalars.dropFirst(from).prefix(to - from))))
        }
    }

    /// Answers the pending requests that match, in order (as the applications would now); how many.
    @discardableResult
    mutating func answer(where matches: (AccessibleRequest) -> Bool = { _ in true }, with given: AccessibleAnswer? = nil) -> Int {
        let chosen = pending.filter(matches)
        pending.removeAll(where: matches)
        for request in chosen { feed(.answered(request: request.id, given ?? answer(request))) }
        return chosen.count
    }

    /// Answers every request, and those that follow, until none is left.
    mutating func settle(reversed: Bool = false) {
        while !pending.isEmpty {
            let batch = reversed ? Array(pending.reversed()) : pending
            pending = []
            for request in batch { feed(.answered(request: request.id, answer(request))) }
        }
    }

    /// Takes the reports made so far.
    mutating func takeReports() -> [SessionInput] {
        defer { reports = [] }
        return reports
    }

    /// The requests made for an object, and what they asked.
    func questions(to object: AccessibleObject) -> [AccessibleQuestion] {
        pending.filter { $0.object == object }.map(\.question)
    }
}
