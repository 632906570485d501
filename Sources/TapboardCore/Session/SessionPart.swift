/// One feature of the session with its own state: it takes the inputs it cares
/// about, adds effects and commands through the `SessionCore` it is handed
/// (contacts too, made as a finger would), and tells its next deadline. The
/// session folds over its parts (`SessionParts`) and names none of them; a
/// part does nothing for an input it does not implement.
protocol SessionPart: Sendable {
    /// A contact before the state machine sees it; true when the part takes it
    /// (neither the state machine nor the parts after it see it then).
    mutating func contact(_ contact: PartContact, _ core: inout SessionCore) -> Bool
    /// An input the session's hub leaves to its parts (a switch, the pointer
    /// resting); `showing` says which keys of the page shown show something,
    /// worked out only when a part wants it (`wantsShownKeys`).
    mutating func take(_ input: SessionInput, _ core: inout SessionCore, showing: [Bool])
    /// What is due by `core.now` (and before `limit`, when given: a state
    /// machine's timer due then goes after it). Contacts it makes are handled,
    /// then it is asked again.
    mutating func runDue(_ core: inout SessionCore, before limit: Duration?)
    /// When the part next has something to do with no input (asked before every wait: allocate nothing).
    func nextDeadline(_ core: SessionCore) -> Duration?
    /// The batch's inputs are handled: the part brings what the keys show up to
    /// date, before which keys show something is worked out for `batchHandled`.
    mutating func settle(_ core: inout SessionCore)
    /// The batch's inputs are handled, before its effects are carried out.
    mutating func batchHandled(_ core: inout SessionCore, showing: [Bool])
    /// Whether the part takes what the keys type now (`typed`), instead of the application.
    func takesKeystrokes(_ core: SessionCore) -> Bool
    /// A keystroke the state machine decided on, offered before it goes into
    /// the batch's effects; true when the part took it (it is not typed).
    mutating func typed(_ keystroke: Keystroke, _ core: inout SessionCore) -> Bool
    /// Whether `take` and `batchHandled` need to know which keys show something.
    var wantsShownKeys: Bool { get }
    /// The state machine handled an input (a contact, a scripted touch): its effects are in `core.pending` from `first`.
    mutating func stateActed(from first: Int, _ core: inout SessionCore)
    /// Whether the part gives some keys their labels (`label(of:_:)`).
    var labelsKeys: Bool { get }
    /// What a key shows now, when the part decides it (nil: the key's own label).
    func label(of frame: KeyFrame, _ core: SessionCore) -> KeyLabel?
    /// The marks the part draws on keys now, by index.
    func highlightMarks(_ core: SessionCore) -> [Int: KeyHighlight]
    /// The marks drawn now, for these keys (nil: all of them).
    mutating func marksDrawn(_ marks: [Int: KeyHighlight], keys: [Int]?)
}

extension SessionPart {
    mutating func contact(_ contact: PartContact, _ core: inout SessionCore) -> Bool { false }
    mutating func take(_ input: SessionInput, _ core: inout SessionCore, showing: [Bool]) {}
    mutating func runDue(_ core: inout SessionCore, before limit: Duration?) {}
    func nextDeadline(_ core: SessionCore) -> Duration? { nil }
    mutating func settle(_ core: inout SessionCore) {}
    mutating func batchHandled(_ core: inout SessionCore, showing: [Bool]) {}
    func takesKeystrokes(_ core: SessionCore) -> Bool { false }
    mutating func typed(_ keystroke: Keystroke, _ core: inout SessionCore) -> Bool { false }
    var wantsShownKeys: Bool { false }
    mutating func stateActed(from first: Int, _ core: inout SessionCore) {}
    var labelsKeys: Bool { false }
    func label(of frame: KeyFrame, _ core: SessionCore) -> KeyLabel? { nil }
    func highlightMarks(_ core: SessionCore) -> [Int: KeyHighlight] { [:] }
    mutating func marksDrawn(_ marks: [Int: KeyHighlight], keys: [Int]?) {}
}

/// A contact as parts see it: where it is and the key under it, hit-tested on the page shown.
struct PartContact: Sendable, Equatable {
    var phase: TouchPhase
    var id: ContactID
    var point: Point
    /// The key under the point (the nearest one in a gap), nil outside the window.
    var key: Int?

    /// Whether a finger or the pointer made it, not `tapboard type`, switch scanning or dwell.
    var isPerson: Bool { id >= 0 }
}

/// A contact a part made, handled as a finger's after the input that made it.
struct MadeContact: Sendable, Equatable {
    var phase: TouchPhase
    var id: ContactID
    var point: Point
    /// The key (and callout cell) it is on, when the part chose them (`tapboard
    /// type` goes by key); nil: hit-tested at `point` as a finger's.
    var target: KeyTarget? = nil
}

/// A key, and a cell of its callout, a made contact is on.
struct KeyTarget: Sendable, Equatable {
    var key: Int
    var calloutItem: Int?
}
