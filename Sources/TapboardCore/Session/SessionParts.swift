/// The features that are parts of the session, in the order they see each
/// input: the one list of them, so adding a feature is adding its part here.
struct SessionParts: Sendable {
    /// Hold space and slide: the caret moves.
    var spaceCursor = SpaceBarCursor()
    /// Slide left from backspace: whole words go, and come back sliding right.
    var wordDelete = WordDelete()

    /// Hands each part to `visitor` in order, until it says to stop.
    mutating func visit<V: PartVisitor>(_ visitor: inout V, _ core: inout SessionCore) {
        if visitor.visit(&spaceCursor, &core) { return }
        if visitor.visit(&wordDelete, &core) { return }
    }

    /// The earliest deadline of the parts (asked before every wait: nothing allocated).
    var nextDeadline: Duration? {
        var earliest = EarliestDeadline()
        earliest.consider(spaceCursor.nextDeadline)
        earliest.consider(wordDelete.nextDeadline)
        return earliest.value
    }
}

/// Something done to each part in turn (`SessionParts.visit`).
protocol PartVisitor {
    /// Does it to one part; true stops the visit (the parts after it are not visited).
    mutating func visit<P: SessionPart>(_ part: inout P, _ core: inout SessionCore) -> Bool
}

/// The folds the session makes over its parts for each kind of input.
extension SessionParts {
    /// A contact: whether a part took it.
    mutating func contact(_ contact: PartContact, _ core: inout SessionCore) -> Bool {
        struct Fold: PartVisitor {
            let contact: PartContact
            var taken = false
            mutating func visit<P: SessionPart>(_ part: inout P, _ core: inout SessionCore) -> Bool {
                taken = part.contact(contact, &core)
                return taken
            }
        }
        var fold = Fold(contact: contact)
        visit(&fold, &core)
        return fold.taken
    }

    /// The state machine's effects for an input, from `first`.
    mutating func stateActed(from first: Int, _ core: inout SessionCore) {
        struct Fold: PartVisitor {
            let first: Int
            mutating func visit<P: SessionPart>(_ part: inout P, _ core: inout SessionCore) -> Bool {
                part.stateActed(from: first, &core)
                return false
            }
        }
        var fold = Fold(first: first)
        visit(&fold, &core)
    }

    /// An input the hub leaves to the parts.
    mutating func take(_ input: SessionInput, _ core: inout SessionCore) {
        struct Fold: PartVisitor {
            let input: SessionInput
            mutating func visit<P: SessionPart>(_ part: inout P, _ core: inout SessionCore) -> Bool {
                part.take(input, &core)
                return false
            }
        }
        var fold = Fold(input: input)
        visit(&fold, &core)
    }

    /// Time passed.
    mutating func runDue(_ core: inout SessionCore) {
        struct Fold: PartVisitor {
            mutating func visit<P: SessionPart>(_ part: inout P, _ core: inout SessionCore) -> Bool {
                if let due = part.nextDeadline, due <= core.now { part.runDue(&core) }
                return false
            }
        }
        var fold = Fold()
        visit(&fold, &core)
    }
}
