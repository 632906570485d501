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
}
