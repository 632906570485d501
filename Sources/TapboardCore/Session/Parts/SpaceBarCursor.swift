/// Hold space and slide: the caret follows the finger a character a step (Left
/// and Right typed), as phone keyboards do. A tap, or a finger that moves less
/// than a key's width, still types a space.
struct SpaceBarCursor: SessionPart {
    /// A contact that landed on space: where, the step, how far the caret moved (left negative), and whether it slides.
    struct Slide: Sendable, Equatable {
        var id: ContactID
        var startX: Int
        var step: Int
        var moved = 0
        var sliding = false
    }

    private(set) var slide: Slide?

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
            // Another finger landing while one slides leaves the slide alone; on a tap of space it ends it.
            if slide?.sliding == true { return false }
            slide = nil
            guard contact.isPerson, let key = contact.key, key < core.keyFrames.count,
                  case .space = core.keyFrames[key].key.action else { return false }
            slide = Slide(id: contact.id, startX: contact.point.x, step: core.letterWidth)
            return false
        case .moved:
            guard var s = slide, s.id == contact.id else { return false }
            let target = Self.moves(dx: contact.point.x - s.startX, step: s.step)
            if !s.sliding {
                guard target != 0 else { return false }
                s.sliding = true
                // The space is not typed.
                core.cancelPress(contact)
            }
            let symbol = KeySymbol(target > s.moved ? "Right" : "Left")
            for _ in 0 ..< abs(target - s.moved) { core.pending.append(.type(.keysym(symbol))) }
            s.moved = target
            slide = s
            return true
        case .ended, .cancelled:
            guard let s = slide, s.id == contact.id else { return false }
            slide = nil
            return s.sliding
        }
    }
}
