/// Follows the focus as the accessibility bus (AT-SPI) tells it, for
/// `--auto-show`: fed what the accessibility client relays (signals and the
/// answers to its own requests), it decides which object is the focused field
/// and of what kind, what to ask of which object next, and what the session is
/// told (`SessionInput.focusChanged`, `.caretMoved`). The client only sends the
/// requests and relays what arrives; no clock, no I/O here.
///
/// - A focus event makes the object's process, role, states and extents asked
///   together (answered in any order, so no application stalls the keyboard);
///   each focus event starts a new generation, and answers asked under an older
///   one are dropped: the focus has moved on.
/// - The object is a field when `FocusedField.Kind(role:states:)` says so; one in
///   the keyboard's own process is ignored; anything else is the focus leaving
///   every field.
/// - A newly focused text field is asked where its caret is and then the text
///   before it (`caretTextLength` characters at most); a caret move of the
///   focused text field makes the text before it read. Only while its field has
///   the focus, as a text field: never a password field's, never a terminal's.
///   (One focus change can bring two focus events: a caret read is not dropped
///   by the generation, only by its field losing the focus.)
/// - The focused field moving (bounds-changed) is asked about again: its new
///   extents are reported, its caret not read again.
/// - At start, what has the focus already is walked for (`start()`,
///   `AccessibleFocusTracker+Walk.swift`).
public struct AccessibleFocusTracker: Sendable {
    /// What one call tells its caller: requests to send, and what the session is told, in order.
    public struct Outcome: Hashable, Sendable {
        /// Requests for the client to send; a request it cannot send is answered `.failed`.
        public var requests: [AccessibleRequest] = []
        /// What the session is told: `.focusChanged` and `.caretMoved` inputs.
        public var reports: [SessionInput] = []

        /// Makes an outcome.
        public init(requests: [AccessibleRequest] = [], reports: [SessionInput] = []) {
            self.requests = requests; self.reports = reports
        }
    }

    /// The focused field as reported: the object and its kind.
    public struct Current: Hashable, Sendable {
        /// The object.
        public var object: AccessibleObject
        /// Its kind.
        public var kind: FocusedField.Kind
    }

    /// How many characters before the caret are read.
    public static let caretTextLength = 120

    /// The keyboard's own process: its objects taking the focus are ignored.
    public let ownProcess: UInt32
    /// The field reported focused, if any.
    public private(set) var current: Current?
    /// The newest focus event's number: answers asked under an older one are dropped.
    public private(set) var generation: UInt64 = 0
    /// The id of the next request.
    var nextRequest: UInt64 = 1
    /// What each request not yet answered was asked for.
    var asked: [UInt64: Purpose] = [:]
    /// The object of the newest focus event, while its answers come.
    var query: Query?
    /// The walk for the focus at start, while it goes on.
    var walk: Walk?

    /// What a request was asked for.
    enum Purpose: Hashable, Sendable {
        /// One of a focused object's four answers, under this generation.
        case query(generation: UInt64)
        /// A text field's caret offset, to read the text before it.
        case caretOffset(AccessibleObject)
        /// The text before a text field's caret at this offset.
        case textBefore(AccessibleObject, offset: Int)
        /// A state set or the children of an object of the walk (`Walk.nodes`' key).
        case walk(node: UInt64)
    }

    /// What is learnt of a newly focused object, from four answers.
    struct Query: Sendable {
        var generation: UInt64
        var object: AccessibleObject
        var waiting = 4
        var process: UInt32?
        var role: UInt32 = 0
        var states: UInt64 = 0
        var extents: Rect?
    }

    /// A tracker with nothing focused; `ownProcess` is the keyboard's process id.
    public init(ownProcess: UInt32) {
        self.ownProcess = ownProcess
    }

    /// Handles a relayed event: what to ask next, and what the session is told.
    public mutating func handle(_ event: AccessibleEvent) -> Outcome {
        var out = Outcome()
        switch event {
        case .focusedStateChanged(let object, gained: true), .focused(let object):
            ask(about: object, &out)
        case .focusedStateChanged(let object, gained: false):
            // The field lost the focus; where it went may say nothing (an application without accessibility).
            guard object == current?.object else { break }
            generation += 1
            query = nil
            walk = nil
            current = nil
            out.reports.append(.focusChanged(nil))
        case .boundsChanged(let object):
            // The focused field moved or changed size: its extents are asked again.
            if object == current?.object { ask(about: object, &out) }
        case .caretMoved(let object, let offset):
            // Typing, a click, an arrow key in the focused text field: the text before its caret is read.
            if isFocusedText(object) { readBefore(offset, of: object, &out) }
        case .answered(let id, let answer):
            guard let purpose = asked.removeValue(forKey: id) else { break }
            answered(purpose, answer, &out)
        }
        return out
    }

    /// Whether this object is the focused field, a text field (whose caret may be read).
    func isFocusedText(_ object: AccessibleObject) -> Bool {
        current?.object == object && current?.kind == .text
    }

    /// Asks `question` of `object`, noting what for.
    mutating func request(_ question: AccessibleQuestion, of object: AccessibleObject, for purpose: Purpose, _ out: inout Outcome) {
        let id = nextRequest
        nextRequest += 1
        asked[id] = purpose
        out.requests.append(AccessibleRequest(id: id, object: object, question: question))
    }

    /// A focus event: what the object is, asked under a new generation.
    mutating func ask(about object: AccessibleObject, _ out: inout Outcome) {
        generation += 1
        // Whatever was asked under an older generation no longer matters: the focus moved on.
        query = Query(generation: generation, object: object)
        walk = nil
        for question in [AccessibleQuestion.process, .role, .states, .extents] {
            request(question, of: object, for: .query(generation: generation), &out)
        }
    }

    private mutating func answered(_ purpose: Purpose, _ answer: AccessibleAnswer, _ out: inout Outcome) {
        switch purpose {
        case .query(let generation):
            guard var query, query.generation == generation else { break }
            // A failed answer counts as one with nothing in it.
            switch answer {
            case .process(let process): query.process = process
            case .role(let role): query.role = role
            case .states(let states): query.states = states
            case .extents(let rect): query.extents = rect.width > 0 && rect.height > 0 ? rect : nil
            default: break
            }
            query.waiting -= 1
            self.query = query.waiting > 0 ? query : nil
            if query.waiting == 0 { focused(query, &out) }
        case .caretOffset(let object):
            guard case .caretOffset(let offset) = answer, isFocusedText(object) else { break }
            readBefore(offset, of: object, &out)
        case .textBefore(let object, let offset):
            guard case .text(let before) = answer, isFocusedText(object) else { break }
            out.reports.append(.caretMoved(CaretText(fieldID: object.id, offset: offset, before: before)))
        case .walk(let node):
            walked(node, answer, &out)
        }
    }

    /// All four answers about the newest focused object are in.
    private mutating func focused(_ query: Query, _ out: inout Outcome) {
        guard query.process != ownProcess else { return }
        guard let kind = FocusedField.Kind(role: query.role, states: query.states) else {
            current = nil
            out.reports.append(.focusChanged(nil))
            return
        }
        let again = current?.object == query.object
        current = Current(object: query.object, kind: kind)
        out.reports.append(.focusChanged(FocusedField(id: query.object.id, kind: kind, extents: query.extents)))
        // A field newly focused: what is before its caret (a field moving keeps what the keyboard knows).
        if kind == .text && !again {
            request(.caretOffset, of: query.object, for: .caretOffset(query.object), &out)
        }
    }

    /// Asks for the text before a caret at `offset`.
    private mutating func readBefore(_ offset: Int, of object: AccessibleObject, _ out: inout Outcome) {
        guard offset >= 0 else { return }
        let start = max(0, offset - Self.caretTextLength)
        request(.text(from: start, to: offset), of: object, for: .textBefore(object, offset: offset), &out)
    }
}
