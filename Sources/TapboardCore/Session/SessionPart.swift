/// One feature of the session with its own state: it takes the inputs it cares
/// about, may add effects and commands through the `SessionCore` it is handed,
/// and tells its next deadline. The session folds over its parts
/// (`SessionParts`) and names none of them; a part does nothing for an input
/// it does not implement.
protocol SessionPart: Sendable {
    /// A contact before the state machine sees it; true when the part takes it
    /// (neither the state machine nor the parts after it see it then).
    mutating func contact(_ contact: PartContact, _ core: inout SessionCore) -> Bool
    /// The state machine handled an input: its effects are in `core.pending` from `first`.
    mutating func stateActed(from first: Int, _ core: inout SessionCore)
    /// An input the session's hub does not handle itself (a switch, the pointer hovering).
    mutating func take(_ input: SessionInput, _ core: inout SessionCore)
    /// What is due by `core.now`.
    mutating func runDue(_ core: inout SessionCore)
    /// When the part next has something to do with no input.
    var nextDeadline: Duration? { get }
}

extension SessionPart {
    mutating func contact(_ contact: PartContact, _ core: inout SessionCore) -> Bool { false }
    mutating func stateActed(from first: Int, _ core: inout SessionCore) {}
    mutating func take(_ input: SessionInput, _ core: inout SessionCore) {}
    mutating func runDue(_ core: inout SessionCore) {}
    var nextDeadline: Duration? { nil }
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
