/// A show or hide sliding the keyboard in from or out to its edge.
struct Slide: Sendable {
    var from: Rect, to: Rect
    var start: Duration
    var hiding: Bool
    /// When the next frame is due.
    var nextFrame: Duration
}

/// Where the keyboard's window is and whether it shows: showing and hiding
/// (sliding when animated), the dock strip, following the screen, keeping clear
/// of the focused field, staying on top, and auto-hide's grace.
struct WindowPresentation: Sendable {
    /// Frames of a slide come this often.
    static let slideFrame: Duration = .milliseconds(16)
    /// The least time between two raises: another client that also keeps itself
    /// on top cannot drive the two into raising each other without pause.
    static let raiseInterval: Duration = .milliseconds(50)

    /// The window's frame on the screen, as last heard.
    private(set) var frame: Rect
    /// The screen and its monitors, as last heard.
    private(set) var screen: ScreenInfo
    /// Whether the keyboard shows (or is sliding in).
    private(set) var shown = false
    /// Where the keyboard shows instead of its resting frame, to keep clear of the focused field.
    private(set) var avoiding: Rect?
    /// Where the keyboard belongs when no field is in its way.
    private var restingFrame: Rect
    private var slide: Slide?
    /// The keyboard's own moves whose ConfigureNotify is still to come.
    private var ownMoves: [Point] = []
    /// A move the keyboard asked for and announced (a new screen, clearing a field), whose ConfigureNotify is still to come;
    /// `strip`: the dock strip follows (not when clearing a field: the strip stays where the keyboard belongs).
    private var announcedMove: (from: Rect, to: Rect, announced: Bool, strip: Bool)?
    /// Raises, at most one per `raiseInterval`.
    private var stacking = Stacking()
    /// The screen changed in this batch: placed again at its end (`followScreen`).
    private(set) var screenChangePending = false
    /// When the keyboard hides because the focus left every text field.
    private var autoHideDeadline: Duration?
    /// The field the user hid the keyboard over: it stays hidden until another field has the focus.
    private var userHidField: String?
    /// Auto-show holds off: the user types on a hardware keyboard (`HardwareKeys`).
    private(set) var autoShowHeld = false
    private var placement: Placement
    private let animation: Duration
    private let autoHideDelay: Duration

    init(placement: Placement, frame: Rect, screen: ScreenInfo, animation: Duration, autoHideDelay: Duration) {
        self.placement = placement
        self.frame = frame
        self.restingFrame = frame
        self.screen = screen
        self.animation = animation
        self.autoHideDelay = autoHideDelay
    }

    /// When this part next has something to do: a slide's frame, a raise put off, auto-hide.
    var nextDeadline: Duration? {
        var next = EarliestDeadline()
        next.consider(stacking.deadline)
        next.consider(autoHideDeadline)
        next.consider(slide?.nextFrame)
        return next.value
    }

    /// Whatever is due by now: a raise put off, auto-hide, the slide's next frame.
    mutating func runDue(_ out: inout Outbox) {
        if stacking.isDue(at: out.now) { stacking.raise(&out) }
        if let due = autoHideDeadline, due <= out.now { autoHide(&out) }
        if slide != nil { advanceSlide(&out) }
    }

    private var dockEdge: DockEdge? {
        if case .dock(let edge) = placement.mode { return edge }
        return nil
    }

    private func strip(_ change: WindowChange, _ out: inout Outbox) {
        if dockEdge != nil { out.emit(.window(change)) }
    }

    // MARK: - Showing and hiding

    mutating func show(animated: Bool = true, _ out: inout Outbox) {
        guard !shown else { return }
        shown = true
        let rest = avoiding ?? restingFrame
        guard animation > .zero, animated else {
            // Hidden away from where it now belongs (a field it clears came or went): there first.
            if frame.origin != rest.origin && slide == nil { move(to: rest.origin, &out) }
            out.emit(.publish(.frame(.willShow, start: rest, end: rest, duration: .zero)))
            strip(.reserveStrip, &out)
            out.emit(.window(.map))
            if animation > .zero { out.emit(.publish(.frame(.didShow, start: frame, end: frame, duration: .zero))) }
            return
        }
        let from = slide?.hiding == true ? slidePosition(out.now) : offscreen(rest)
        out.emit(.publish(.frame(.willShow, start: from, end: rest, duration: animation)))
        move(to: from.origin, &out)
        strip(.reserveStrip, &out)
        out.emit(.window(.map))
        slide = Slide(from: from, to: rest, start: out.now, hiding: false, nextFrame: out.now + Self.slideFrame)
    }

    mutating func hide(_ out: inout Outbox) {
        guard shown else { return }
        shown = false
        out.emit(.draw(.hidePreview))
        out.emit(.draw(.hideCallout))
        guard animation > .zero else {
            out.emit(.publish(.frame(.willHide, start: frame, end: frame, duration: .zero)))
            out.emit(.window(.unmap))
            strip(.releaseStrip, &out)
            return
        }
        let rest = avoiding ?? restingFrame
        let from = slide == nil ? rest : slidePosition(out.now)
        out.emit(.publish(.frame(.willHide, start: from, end: offscreen(rest), duration: animation)))
        slide = Slide(from: from, to: offscreen(rest), start: out.now, hiding: true, nextFrame: out.now + Self.slideFrame)
    }

    /// `tapboard show` (or toggle): shown, whatever the focus.
    mutating func userShows(_ out: inout Outbox) {
        userHidField = nil
        autoHideDeadline = nil
        show(&out)
    }

    /// `tapboard hide`, the hide key: hidden, and kept hidden over this field.
    /// Embedded, only the host hides and shows the keyboard: hidden by its own
    /// key (a layout file's) it would have no way back.
    mutating func userHides(over field: String?, _ out: inout Outbox) {
        guard placement.mode != .embedded else { return }
        userHidField = field
        autoHideDeadline = nil
        hide(&out)
    }

    /// A key typed on a hardware keyboard: hidden, and not shown for a field until `releaseAutoShow`.
    mutating func holdAutoShow(_ out: inout Outbox) {
        guard placement.mode != .embedded else { return }
        autoShowHeld = true
        autoHideDeadline = nil
        hide(&out)
    }

    /// The pointer or a touch was pressed, or the user showed the keyboard: fields show it again.
    mutating func releaseAutoShow() { autoShowHeld = false }

    /// The focus left every field a while ago: hidden, and back to its place.
    private mutating func autoHide(_ out: inout Outbox) {
        autoHideDeadline = nil
        hide(&out)
        avoiding = nil
    }

    /// The focus moved to a field, or (nil) away from every field: with
    /// `--auto-show` shown for a field, hidden a moment after the last one
    /// (focus moving between two fields passes through nothing); clear of the field.
    mutating func fieldFocused(_ field: FocusedField?, after previous: FocusedField?, autoShow: Bool, _ out: inout Outbox) {
        guard let field else {
            if autoShow, shown {
                // A second "away" (the field lost it, then a button got it) does not put the hide off.
                if autoHideDeadline == nil { autoHideDeadline = out.now + autoHideDelay }
            } else if avoiding != nil, shown {
                keepClear(of: nil, &out)
            }
            return
        }
        autoHideDeadline = nil
        if field.id != previous?.id, field.id != userHidField { userHidField = nil }
        if autoShow, !shown, userHidField == nil, !autoShowHeld { show(&out) }
        keepClear(of: field.extents, &out)
    }

    // MARK: - Sliding

    /// Where a slide starts or ends: just past the screen edge nearer to the keyboard.
    private func offscreen(_ rest: Rect) -> Rect {
        var r = rest
        r.y = rest.y + rest.height / 2 < screen.size.height / 2 ? -rest.height : screen.size.height
        return r
    }

    /// The slide's position at a time (eased out).
    private func slidePosition(_ time: Duration) -> Rect {
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
    private mutating func advanceSlide(to time: Duration? = nil, _ out: inout Outbox) {
        guard var current = slide else { return }
        let t = time ?? out.now
        move(to: slidePosition(t).origin, &out)
        let end = current.start + animation
        guard t >= end else {
            current.nextFrame = min(t + Self.slideFrame, end)
            slide = current
            return
        }
        slide = nil
        if current.hiding {
            out.emit(.window(.unmap))
            strip(.releaseStrip, &out)
            // Back to its place, unmapped, for the next show.
            move(to: restingFrame.origin, &out)
            out.emit(.publish(.frame(.didHide, start: current.from, end: current.to, duration: animation)))
        } else {
            out.emit(.publish(.frame(.didShow, start: current.from, end: current.to, duration: animation)))
        }
    }

    /// Moves the window (a slide step), remembering it is the keyboard's own move.
    private mutating func move(to p: Point, _ out: inout Outbox) {
        ownMoves.append(p)
        if ownMoves.count > 64 { ownMoves.removeFirst(ownMoves.count - 64) }
        out.emit(.window(.move(p)))
    }

    // MARK: - What others did to the window

    /// The window is at a new frame: the keyboard's own moves are not news; a move
    /// by someone else is announced (it has happened by the time it is heard of).
    /// Returns the size it had, when that changed (laid out again).
    mutating func configured(_ after: Rect, _ out: inout Outbox) -> Size? {
        let before = frame
        frame = after
        let own = ownMoves.firstIndex(of: after.origin)
        if let own { ownMoves.removeFirst(own + 1) }
        if let move = announcedMove, after == move.to {
            // Placed again for a new screen, or clear of a field: the change announced when it was asked for is done.
            announcedMove = nil
            if move.strip { strip(.placeStrip(after), &out) }
            if move.announced { out.emit(.publish(.frame(.didChangeFrame, start: move.from, end: move.to, duration: .zero))) }
        } else if after != before && slide == nil && own == nil {
            // Embedded, wherever the host puts it is its place.
            if (shown && avoiding == nil) || placement.mode == .embedded { restingFrame = after }
            strip(.placeStrip(after), &out)
            out.emit(.publish(.frame(.willChangeFrame, start: before, end: after, duration: .zero)))
            out.emit(.publish(.frame(.didChangeFrame, start: before, end: after, duration: .zero)))
        }
        return after.size != before.size ? before.size : nil
    }

    /// The window was mapped. Embedded (`--xid`), the host maps it: a show as
    /// any other; otherwise the keyboard's own show came first.
    mutating func mapped(_ out: inout Outbox) {
        guard placement.mode == .embedded, !shown else { return }
        shown = true
        out.emit(.publish(.frame(.willShow, start: frame, end: frame, duration: .zero)))
    }

    /// Hidden by whoever: a hide the keyboard did not ask for counts as one, so `show` brings it back.
    mutating func unmapped(_ out: inout Outbox) {
        if shown {
            shown = false
            slide = nil
            out.emit(.draw(.hidePreview))
            out.emit(.draw(.hideCallout))
            strip(.releaseStrip, &out)
            out.emit(.publish(.frame(.willHide, start: frame, end: frame, duration: .zero)))
            out.emit(.publish(.frame(.didHide, start: frame, end: frame, duration: .zero)))
        } else if animation == .zero {
            // A slide says didHide when it ends.
            out.emit(.publish(.frame(.didHide, start: frame, end: frame, duration: .zero)))
        }
    }

    /// The screen's size or its monitors changed (placed again at the batch's end, `followScreen`).
    mutating func screenChanged(_ new: ScreenInfo) {
        screen = new
        screenChangePending = true
    }

    /// The keyboard at another size (the settings page): placed again at the batch's end, as for a screen change.
    mutating func rescale(_ scale: Double) {
        guard scale != placement.scale else { return }
        placement.scale = scale
        screenChangePending = true
    }

    /// What the placement at start had to change from what was asked for, one line each.
    var startNotes: [String] { (try? placement.frame(on: screen))?.notes ?? [] }

    /// The keyboard goes where it would have started on the screen, at its new
    /// size, its strip reserved again; listeners hear the frame change while it
    /// shows. Still clear of the focused field, if it is still in the way.
    mutating func followScreen(field: Rect?, _ out: inout Outbox) {
        guard screenChangePending else { return }
        screenChangePending = false
        // Embedded, the host places it.
        guard placement.mode != .embedded else { return }
        var to: Rect
        do {
            to = try placement.frame(on: screen).frame
        } catch {
            // The monitor asked for has gone: the primary one until it is back.
            out.emit(.log("\(error); placing the keyboard on the primary monitor"))
            var primary = placement
            primary.monitor = nil
            guard let placed = try? primary.frame(on: screen) else { return }
            to = placed.frame
        }
        // A slide in progress ends where it was going, before the move.
        if let current = slide { advanceSlide(to: current.start + animation, &out) }
        restingFrame = to
        strip(.placeStrip(to), &out)
        avoiding = field.flatMap { clearFrame(avoiding: $0) }
        announceMove(to: avoiding ?? to, strip: avoiding == nil, &out)
    }

    /// Moves the window where the keyboard decided, announcing the change while it shows.
    private mutating func announceMove(to: Rect, strip: Bool, _ out: inout Outbox) {
        // Several batches of events may come before the window has moved.
        let from = announcedMove?.from ?? frame
        guard to != (announcedMove?.to ?? frame) else { return }
        announcedMove = (from, to, shown, strip)
        if shown { out.emit(.publish(.frame(.willChangeFrame, start: from, end: to, duration: .zero))) }
        out.emit(.window(.place(to)))
    }

    /// Another window went on top: the keyboard goes back above it, at most once per `raiseInterval`.
    mutating func keepAbove(_ out: inout Outbox) {
        if placement.mode != .embedded { stacking.keepAbove(&out) }
    }

    // MARK: - Keeping clear of the field

    /// Moves the keyboard off a field it would cover, or back to its place when none is in the way.
    private mutating func keepClear(of extents: Rect?, _ out: inout Outbox) {
        // Embedded, it stays in the host's window.
        guard placement.mode != .embedded else { return }
        let target = extents.flatMap { clearFrame(avoiding: $0) }
        guard target != avoiding else { return }
        avoiding = target
        // Hidden or sliding, it goes there when it next shows.
        guard shown, slide == nil else { return }
        announceMove(to: target ?? restingFrame, strip: false, &out)
    }

    /// Where the keyboard can show without covering a field: its resting frame if
    /// that is clear (nil), else the other edge of its monitor or, floating, just
    /// above or below the field; the place covering least of it when none is clear.
    func clearFrame(avoiding field: Rect) -> Rect? {
        let rest = restingFrame
        guard rest.intersects(field) else { return nil }
        let area = ((try? placement.area(on: screen)) ?? nil) ?? Rect(x: 0, y: 0, width: screen.size.width, height: screen.size.height)
        func at(y: Int) -> Rect {
            var r = rest
            r.y = min(max(y, area.y), area.maxY - rest.height)
            return r
        }
        let atBottom = rest.y + rest.height / 2 >= area.y + area.height / 2
        var candidates = [at(y: atBottom ? area.y : area.maxY - rest.height)]
        if placement.mode == .float {
            candidates.insert(contentsOf: [at(y: field.y - rest.height), at(y: field.maxY)], at: 0)
        }
        return candidates.min { Self.overlap($0, field) < Self.overlap($1, field) }
    }

    /// How many pixels two rectangles share.
    static func overlap(_ a: Rect, _ b: Rect) -> Int {
        max(0, min(a.maxX, b.maxX) - max(a.x, b.x)) * max(0, min(a.maxY, b.maxY) - max(a.y, b.y))
    }
}

/// Raising the keyboard above a window put over it, at most once per
/// `WindowPresentation.raiseInterval`.
private struct Stacking: Sendable {
    private var last: Duration?
    private(set) var deadline: Duration?

    func isDue(at now: Duration) -> Bool { deadline.map { $0 <= now } ?? false }

    mutating func keepAbove(_ out: inout Outbox) {
        if let last, out.now - last < WindowPresentation.raiseInterval {
            if deadline == nil { deadline = last + WindowPresentation.raiseInterval }
        } else {
            raise(&out)
        }
    }

    mutating func raise(_ out: inout Outbox) {
        deadline = nil
        last = out.now
        out.emit(.window(.raise))
    }
}
