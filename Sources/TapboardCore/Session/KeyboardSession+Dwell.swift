extension ContactID {
    /// The contact dwell selection presses keys with (`--dwell`).
    public static let dwell: ContactID = -3
}

/// Dwell selection in the session: the pointer's rests become taps (and, on a
/// key with a callout rested on again, a press held until an alternate is
/// rested on), through the same contacts as a finger, so pages, shift and the
/// strip work as for touch.
extension KeyboardSession {
    /// The pointer moved (nil: it left the window).
    mutating func pointerHovered(_ point: Point?) {
        guard var dwell = handsFree.dwell else { return }
        handsFree.hoverPoint = point
        let wasHeld = dwell.held != nil
        let action = dwell.moved(to: dwellTarget(at: point), at: now)
        handsFree.dwell = dwell
        // A held key follows the pointer, so its callout shows the alternate under it.
        if dwell.held != nil, let point, action == nil { contact(.moved, id: .dwell, at: point) }
        if let action { carryOut(action) }
        // Let go of the pointer once no key is held (the pointer left it and its callout).
        if wasHeld, dwell.held == nil { emit(.window(.followPointer(false))) }
    }

    /// A rest long enough, when due: the key tapped or pressed, the alternate typed.
    mutating func dwellDue() {
        guard var dwell = handsFree.dwell, let due = dwell.nextDeadline, due <= now else { return }
        let frames = keyFrames
        let action = dwell.due(at: now) { id in frames.first { $0.id == id }.map { !$0.key.callouts.isEmpty } ?? false }
        let wasHeld = handsFree.dwell?.held != nil
        handsFree.dwell = dwell
        if let action { carryOut(action) }
        if wasHeld != (dwell.held != nil) { emit(.window(.followPointer(dwell.held != nil))) }
    }

    /// What the pointer is on: a cell of the open callout, else a key that shows something.
    private mutating func dwellTarget(at point: Point?) -> DwellPointer.Target? {
        guard let point else { return nil }
        if let open = core.state.callout, let item = calloutGeometry(for: open)?.item(at: Point(x: point.x + frame.x, y: point.y + frame.y)) {
            return .calloutItem(item)
        }
        guard point.x >= 0, point.y >= 0, point.x < frame.width, point.y < frame.height, let index = key(at: point) else { return nil }
        return .key(id: keyFrames[index].id)
    }

    private mutating func carryOut(_ action: DwellPointer.Action) {
        func centre(_ id: String) -> Point? { keyFrames.first { $0.id == id }?.rect.center }
        switch action {
        case .tap(let id):
            guard let c = centre(id) else { return }
            contact(.began, id: .dwell, at: c)
            contact(.ended, id: .dwell, at: c)
        case .press(let id):
            if let c = centre(id) { contact(.began, id: .dwell, at: c) }
        case .release:
            // The alternate takes the place of the key typed at the first rest.
            guard let point = handsFree.hoverPoint else { return }
            core.pending.append(.type(.keysym(.backSpace)))
            contact(.ended, id: .dwell, at: point)
        case .cancel:
            contact(.cancelled, id: .dwell, at: handsFree.hoverPoint ?? Point(x: -1, y: -1))
        }
    }
}
