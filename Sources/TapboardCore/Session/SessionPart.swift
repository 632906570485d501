/// One feature of the session with its own state: it takes the inputs it cares
/// about and adds effects and commands through the `SessionCore` it is handed.
/// The session folds over its parts (`SessionParts`) and names none of them.
/// (Features still written as the session's extensions move here one by one,
/// each bringing the input it needs: timers, focus, control.)
protocol SessionPart: Sendable {
    /// A contact before the state machine sees it; true when the part takes it
    /// (neither the state machine nor the parts after it see it then).
    mutating func contact(_ contact: PartContact, _ core: inout SessionCore) -> Bool
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
