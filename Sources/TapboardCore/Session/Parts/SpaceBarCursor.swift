/// Hold space and slide: the caret follows the finger a character a step (Left
/// and Right typed), as phone keyboards do. A tap, or a finger that moves less
/// than a key's width, still types a space.
struct SpaceBarCursor: SessionPart {
    /// A contact that landed on space, and how far the caret moved (left negative).
    private(set) var slide: KeySlide?
    private(set) var moved = 0

    /// The caret moves this many characters for a finger `dx` pixels from where
    /// it landed: none within a key's width, then one a half key.
    static func moves(dx: Int, step: Int) -> Int {
        let distance = abs(dx)
        guard distance >= step else { return 0 }
        let n = 1 + (distance - step) / max(step / 2, 1)
        return dx < 0 ? -n : n
    }

    mutating func contact(_ contact: PartContact, _ core: inout SessionCore) -> Bool {
        switch contact.phase {
        case .began:
            if slide.land(contact, core, on: { if case .space = $0 { true } else { false } }) { moved = 0 }
            return false
        case .moved:
            guard let dx = slide?.dx(contact), let step = slide?.step else { return false }
            let target = Self.moves(dx: dx, step: step)
            if slide?.sliding == false {
                guard target != 0 else { return false }
                // The space is not typed.
                slide?.begin(contact, &core)
            }
            let symbol = KeySymbol(target > moved ? "Right" : "Left")
            for _ in 0 ..< abs(target - moved) { core.pending.append(.type(.keysym(symbol))) }
            moved = target
            return true
        case .ended, .cancelled:
            return slide.lift(contact)
        }
    }
}
