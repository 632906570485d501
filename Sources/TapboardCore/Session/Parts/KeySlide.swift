/// A finger that landed on a key and may slide from it (space, backspace):
/// what the slide parts share. The state machine presses the key as usual;
/// once the part's slide begins, the press is let go (the key does nothing)
/// and the rest of the contact is the part's.
struct KeySlide: Sendable, Equatable {
    let id: ContactID
    /// Where it landed.
    let startX: Int
    /// A letter key's width: the slide's unit.
    let step: Int
    /// Whether the slide began.
    private(set) var sliding = false

    /// How far right of where it landed the contact is; nil for another contact.
    func dx(_ contact: PartContact) -> Int? { contact.id == id ? contact.point.x - startX : nil }

    /// The slide begins: the state machine lets go of the press.
    mutating func begin(_ contact: PartContact, _ core: inout SessionCore) {
        sliding = true
        core.cancelPress(contact)
    }
}

extension Optional where Wrapped == KeySlide {
    /// A contact landed: a slide under way stays (another finger landing leaves
    /// it alone); otherwise one starts when a person's contact landed on a key
    /// whose action `accepts`. Whether one started.
    mutating func land(_ contact: PartContact, _ core: SessionCore, on accepts: (KeyAction) -> Bool) -> Bool {
        if self?.sliding == true { return false }
        self = nil
        guard contact.isPerson, let key = contact.key, key < core.keyFrames.count, accepts(core.keyFrames[key].key.action) else { return false }
        self = KeySlide(id: contact.id, startX: contact.point.x, step: core.letterWidth)
        return true
    }

    /// A contact lifted: the slide ends if it was its. Whether the part takes the lift (its slide had begun).
    mutating func lift(_ contact: PartContact) -> Bool {
        guard let slide = self, slide.id == contact.id else { return false }
        self = nil
        return slide.sliding
    }
}
