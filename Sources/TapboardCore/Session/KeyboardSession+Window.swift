/// A show or hide sliding the keyboard in from or out to its edge.
struct Slide: Sendable {
    var from: Rect, to: Rect
    var start: Duration
    var hiding: Bool
    /// When the next frame is due.
    var nextFrame: Duration
}

extension KeyboardSession {
    /// Frames of a slide come this often.
    public static let slideFrame: Duration = .milliseconds(16)
    /// The least time between two raises: another client that also keeps itself
    /// on top cannot drive the two into raising each other without pause.
    public static let raiseInterval: Duration = .milliseconds(50)

    private var animation: Duration { configuration.animation }

    private var dockEdge: DockEdge? {
        if case .dock(let edge) = configuration.mode { return edge }
        return nil
    }

    private mutating func strip(_ change: WindowChange) {
        if dockEdge != nil { emit(.window(change)) }
    }

    mutating func show(animated: Bool = true) {
        guard !shown else { return }
        shown = true
        let rest = avoiding ?? restingFrame
        guard animation > .zero, animated else {
            // Hidden away from where it now belongs (a field it clears came or went): there first.
            if frame.origin != rest.origin && slide == nil { move(to: rest.origin) }
            emit(.publish(.frame(.willShow, start: rest, end: rest, duration: .zero)))
            strip(.reserveStrip)
            emit(.window(.map))
            if animation > .zero { emit(.publish(.frame(.didShow, start: frame, end: frame, duration: .zero))) }
            return
        }
        let from = slide?.hiding == true ? slidePosition(now) : offscreen(rest)
        emit(.publish(.frame(.willShow, start: from, end: rest, duration: animation)))
        move(to: from.origin)
        strip(.reserveStrip)
        emit(.window(.map))
        slide = Slide(from: from, to: rest, start: now, hiding: false, nextFrame: now + Self.slideFrame)
    }

    mutating func hide() {
        guard shown else { return }
        shown = false
        emit(.draw(.hidePreview))
        emit(.draw(.hideCallout))
        guard animation > .zero else {
            emit(.publish(.frame(.willHide, start: frame, end: frame, duration: .zero)))
            emit(.window(.unmap))
            strip(.releaseStrip)
            return
        }
        let rest = avoiding ?? restingFrame
        let from = slide == nil ? rest : slidePosition(now)
        emit(.publish(.frame(.willHide, start: from, end: offscreen(rest), duration: animation)))
        slide = Slide(from: from, to: offscreen(rest), start: now, hiding: true, nextFrame: now + Self.slideFrame)
    }

    /// Where a slide starts or ends: just past the screen edge nearer to the keyboard.
    private func offscreen(_ rest: Rect) -> Rect {
        var r = rest
        if rest.y + rest.height / 2 < screen.size.height / 2 {
            r.y = -rest.height
        } else {
            r.y = screen.size.height
        }
        return r
    }

    /// The slide's position at a time (eased out).
    func slidePosition(_ time: Duration) -> Rect {
        guard let slide else { return frame }
        let p = min(max((time - slide.start) / animation, 0), 1)
        let eased = 1 - (1 - p) * (1 - p)
        var r = slide.to
        r.x = slide.from.x + Int((Double(slide.to.x - slide.from.x) * eased).rounded())
        r.y = slide.from.y + Int((Double(slide.to.y - slide.from.y) * eased).rounded())
        return r
    }

    /// Moves a slide on to where it is at `time` (now by default); at its end,
    /// hides (for a hide) and says it is done.
    mutating func advanceSlide(to time: Duration? = nil) {
        guard var current = slide else { return }
        let t = time ?? now
        move(to: slidePosition(t).origin)
        let end = current.start + animation
        guard t >= end else {
            current.nextFrame = min(t + Self.slideFrame, end)
            slide = current
            return
        }
        slide = nil
        if current.hiding {
            emit(.window(.unmap))
            strip(.releaseStrip)
            // Back to its place, unmapped, for the next show.
            move(to: restingFrame.origin)
            emit(.publish(.frame(.didHide, start: current.from, end: current.to, duration: animation)))
        } else {
            emit(.publish(.frame(.didShow, start: current.from, end: current.to, duration: animation)))
        }
    }

    /// Moves the window (a slide step), remembering it is the keyboard's own move.
    mutating func move(to p: Point) {
        ownMoves.append(p)
        if ownMoves.count > 64 { ownMoves.removeFirst(ownMoves.count - 64) }
        emit(.window(.move(p)))
    }

    /// The window is at a new frame: the keyboard's own moves are not news; a move
    /// by someone else is announced (it has happened by the time it is heard of);
    /// a new size is laid out again.
    mutating func configured(_ after: Rect) {
        let before = frame
        frame = after
        let own = ownMoves.firstIndex(of: after.origin)
        if let own { ownMoves.removeFirst(own + 1) }
        if let move = announcedMove, after == move.to {
            // Placed again for a new screen, or clear of a field: the change announced when it was asked for is done.
            announcedMove = nil
            if move.strip { strip(.placeStrip(after)) }
            if move.announced { emit(.publish(.frame(.didChangeFrame, start: move.from, end: move.to, duration: .zero))) }
        } else if after != before && slide == nil && own == nil {
            if shown && avoiding == nil { restingFrame = after }
            strip(.placeStrip(after))
            emit(.publish(.frame(.willChangeFrame, start: before, end: after, duration: .zero)))
            emit(.publish(.frame(.didChangeFrame, start: before, end: after, duration: .zero)))
        }
        if after.size != before.size { resized(from: before.size) }
    }

    /// Hidden by whoever: a hide the keyboard did not ask for counts as one, so `show` brings it back.
    mutating func unmapped() {
        pending += state.cancelContacts(at: now)
        if shown {
            shown = false
            slide = nil
            emit(.draw(.hidePreview))
            emit(.draw(.hideCallout))
            strip(.releaseStrip)
            emit(.publish(.frame(.willHide, start: frame, end: frame, duration: .zero)))
            emit(.publish(.frame(.didHide, start: frame, end: frame, duration: .zero)))
        } else if animation == .zero {
            // A slide says didHide when it ends.
            emit(.publish(.frame(.didHide, start: frame, end: frame, duration: .zero)))
        }
    }

    /// The screen's size or its monitors changed: the keyboard goes where it
    /// would have started on this screen, at its new size (laid out again,
    /// compact or wide by the new width), its strip reserved again; listeners
    /// hear the frame change while it shows.
    mutating func followScreen() {
        var to: Rect
        do {
            let placed = try placement.frame(on: screen)
            to = placed.frame
        } catch {
            // The monitor asked for has gone: the primary one until it is back.
            emit(.log("\(error); placing the keyboard on the primary monitor"))
            var primary = placement
            primary.monitor = nil
            guard let placed = try? primary.frame(on: screen) else { return }
            to = placed.frame
        }
        // A slide in progress ends where it was going, before the move.
        if let current = slide { advanceSlide(to: current.start + animation) }
        restingFrame = to
        strip(.placeStrip(to))
        // The field is somewhere else on the new screen too: kept clear of it, if it is still in the way.
        avoiding = focusedField?.extents.flatMap { clearFrame(avoiding: $0) }
        announceMove(to: avoiding ?? to, strip: avoiding == nil)
    }

    /// Moves the window where the keyboard decided, announcing the change while it shows.
    mutating func announceMove(to: Rect, strip: Bool) {
        // Several batches of events may come before the window has moved.
        let from = announcedMove?.from ?? frame
        guard to != (announcedMove?.to ?? frame) else { return }
        announcedMove = (from, to, shown, strip)
        if shown { emit(.publish(.frame(.willChangeFrame, start: from, end: to, duration: .zero))) }
        emit(.window(.place(to)))
    }

    /// Another window went on top: the keyboard goes back above it, at most once per `raiseInterval`.
    mutating func keepAbove() {
        if let last = lastRaise, now - last < Self.raiseInterval {
            if raiseDeadline == nil { raiseDeadline = last + Self.raiseInterval }
        } else {
            raiseNow()
        }
    }

    mutating func raiseNow() {
        raiseDeadline = nil
        lastRaise = now
        emit(.window(.raise))
    }
}
