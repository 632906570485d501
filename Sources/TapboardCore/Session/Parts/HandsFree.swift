extension ContactID {
    /// The contact a switch taps the selected key with (`--scan`).
    public static let scan: ContactID = -2
    /// The contact dwell selection presses keys with (`--dwell`).
    public static let dwell: ContactID = -3
}

/// Selecting keys without tapping them: switch scanning (`--scan`) and dwell
/// (`--dwell`). Both end in contacts made as a finger would make them (so
/// pages, shift, the strip and the emoji page work as for touch), handled by
/// the session after the input that made them; and both mark keys (scanning's
/// highlighted row or key and the one just selected, dwell's fill).
struct HandsFree: SessionPart {
    /// Switch scanning, nil when off.
    var scanner: SwitchScanner?
    /// The key a switch selected, tapped when that switch is let go.
    var switchSelection: (role: SwitchRole, key: ScanKey)?
    /// The keys scanning highlighted when last published (`PublishedEvent.scan`).
    var publishedScan: [String] = []
    /// Dwell selection, nil when off.
    var dwell: DwellPointer?
    /// Where the pointer rests (window pixels), for dwell; nil out of the window.
    var hoverPoint: Point?
    /// The keys drawn with a mark, by index, to draw again those whose mark changed.
    var drawnMarks: [Int: KeyHighlight] = [:]

    init(scan: ScanSettings? = nil, dwell: Duration? = nil) {
        scanner = scan.map(SwitchScanner.init)
        self.dwell = dwell.map(DwellPointer.init)
    }

    /// Whether either is on: when neither is, nothing of this runs.
    var isOn: Bool { scanner != nil || dwell != nil }

    var wantsShownKeys: Bool { scanner != nil }

    /// The earliest time either needs to be woken at (asked before every wait: nothing allocated).
    func nextDeadline(_ core: SessionCore) -> Duration? { nextDeadline }

    private var nextDeadline: Duration? {
        switch (scanner?.nextDeadline, dwell?.nextDeadline) {
        case let (scan?, dwell?): min(scan, dwell)
        case let (scan, dwell): scan ?? dwell
        }
    }

    mutating func take(_ input: SessionInput, _ core: inout SessionCore, showing: [Bool]) {
        switch input {
        case .switchChanged(let role, let down, let pressedAt): switchChanged(role, down: down, pressedAt: pressedAt, &core, showing: showing)
        case .pointerHovered(let point): pointerHovered(point, &core)
        default: break
        }
    }

    /// Auto scan's steps, a held switch's repeats, a flash's end; a rest long enough.
    mutating func runDue(_ core: inout SessionCore, before limit: Duration?) {
        let time = core.now
        if let deadline = scanner?.nextDeadline, deadline <= time { scanner?.due(at: time) }
        dwellDue(&core)
    }

    /// After the batch's inputs: the rows scanned found again for the page as it
    /// is now (a tap may have changed the page, the shift or the strip's words),
    /// and the keys whose mark changed drawn again.
    mutating func batchHandled(_ core: inout SessionCore, showing: [Bool]) {
        guard isOn else { return }
        if scanner != nil {
            if !core.presentation.shown { scanner?.stop() }
            refreshScanRows(&core, showing: showing)
            let highlighted = scanner?.highlighted.map(\.id) ?? []
            if highlighted != publishedScan {
                publishedScan = highlighted
                if core.configuration.publishKeys, !core.isSecure { core.emit(.publish(.scan(highlighted))) }
            }
        }
        // Drawn as it is when drawing's turn comes (`marksDrawn` notes what was drawn).
        let marks = highlightMarks(core)
        guard marks != drawnMarks else { return }
        let changed = Set(marks.keys).union(drawnMarks.keys).filter { marks[$0] != drawnMarks[$0] }
        core.pending.append(.redraw(changed.sorted()))
    }

    /// The keys marked now, by index: switch scanning's highlighted row or key
    /// and the one just selected (found by its id: the tap may have turned the
    /// page), and the key dwell is filling.
    func highlightMarks(_ core: SessionCore) -> [Int: KeyHighlight] {
        guard isOn else { return [:] }
        var marks: [Int: KeyHighlight] = [:]
        let frames = core.keyFrames
        if let scanner {
            for key in scanner.highlighted where key.index < frames.count { marks[key.index] = .scan }
            if let flash = scanner.flash, let frame = frames.first(where: { $0.id == flash.id }) { marks[frame.index] = .selected }
        }
        if let dwell, case .key(let id)? = dwell.target, case let fill = dwell.fill(at: core.now), fill > 0,
           let frame = frames.first(where: { $0.id == id }) {
            marks[frame.index] = .dwell(fill)
        }
        return marks
    }

    mutating func marksDrawn(_ marks: [Int: KeyHighlight], keys: [Int]?) {
        guard isOn else { return }
        if let keys { for i in keys { drawnMarks[i] = marks[i] } } else { drawnMarks = marks }
    }

    // MARK: - Switch scanning

    /// A switch went down or up. A press while the keyboard is hidden shows it
    /// (a switch may be all the user has to bring it back); the next starts the
    /// scan. A key selected (and flashed) at the press is tapped as the switch
    /// is let go: while a key switch is held the X server sends the keyboard's
    /// grab every key, and one typed then would come back instead of reaching the application.
    private mutating func switchChanged(_ role: SwitchRole, down: Bool, pressedAt: Duration?, _ core: inout SessionCore, showing: [Bool]) {
        guard scanner != nil else { return }
        if down, !core.presentation.shown {
            core.presentation.userShows(&core.out)
            return
        }
        refreshScanRows(&core, showing: showing)
        if let key = scanner?.switchChanged(role, down: down, at: core.now, pressedAt: pressedAt) { switchSelection = (role, key) }
        guard !down, let (held, key) = switchSelection, held == role else { return }
        switchSelection = nil
        let centre = Point(x: key.rect.x + key.rect.width / 2, y: key.rect.y + key.rect.height / 2)
        core.madeContacts += [MadeContact(phase: .began, id: .scan, point: centre), MadeContact(phase: .ended, id: .scan, point: centre)]
    }

    /// The rows of the page shown, with what is drawn now: keys that show
    /// nothing (the strip's empty slots, a blank emoji cell) are not scanned.
    private mutating func refreshScanRows(_ core: inout SessionCore, showing: [Bool]) {
        core.refreshFrames()
        let rows = ScanRows.rows(core.keyFrames) { frame in frame.index < showing.count && showing[frame.index] }
        scanner?.setRows(rows, at: core.now)
    }

    // MARK: - Dwell

    /// The pointer moved (nil: it left the window): its rests become taps (and,
    /// on a key with a callout rested on again, a press held until an alternate is rested on).
    private mutating func pointerHovered(_ point: Point?, _ core: inout SessionCore) {
        guard var pointer = dwell else { return }
        hoverPoint = point
        let wasHeld = pointer.held != nil
        let action = pointer.moved(to: target(at: point, &core), at: core.now)
        dwell = pointer
        // A held key follows the pointer, so its callout shows the alternate under it.
        if pointer.held != nil, let point, action == nil { core.madeContacts.append(MadeContact(phase: .moved, id: .dwell, point: point)) }
        if let action { carryOut(action, &core) }
        // Let go of the pointer once no key is held (the pointer left it and its callout).
        if wasHeld, pointer.held == nil { core.emit(.window(.followPointer(false))) }
    }

    /// A rest long enough, when due: the key tapped or pressed, the alternate typed.
    private mutating func dwellDue(_ core: inout SessionCore) {
        guard var pointer = dwell, let due = pointer.nextDeadline, due <= core.now else { return }
        let frames = core.keyFrames
        let action = pointer.due(at: core.now) { id in frames.first { $0.id == id }.map { !$0.key.callouts.isEmpty } ?? false }
        let wasHeld = dwell?.held != nil
        dwell = pointer
        if let action { carryOut(action, &core) }
        if wasHeld != (pointer.held != nil) { core.emit(.window(.followPointer(pointer.held != nil))) }
    }

    /// What the pointer is on: a cell of the open callout, else a key that shows something.
    private func target(at point: Point?, _ core: inout SessionCore) -> DwellPointer.Target? {
        guard let point else { return nil }
        let frame = core.frame
        if let open = core.state.callout,
           let item = core.calloutGeometry(for: open)?.item(at: Point(x: point.x + frame.x, y: point.y + frame.y)) {
            return .calloutItem(item)
        }
        guard point.x >= 0, point.y >= 0, point.x < frame.width, point.y < frame.height, let index = core.key(at: point) else { return nil }
        return .key(id: core.keyFrames[index].id)
    }

    private func carryOut(_ action: DwellPointer.Action, _ core: inout SessionCore) {
        func centre(_ id: String) -> Point? { core.keyFrames.first { $0.id == id }?.rect.center }
        switch action {
        case .tap(let id):
            guard let c = centre(id) else { return }
            core.madeContacts += [MadeContact(phase: .began, id: .dwell, point: c), MadeContact(phase: .ended, id: .dwell, point: c)]
        case .press(let id):
            if let c = centre(id) { core.madeContacts.append(MadeContact(phase: .began, id: .dwell, point: c)) }
        case .release:
            // The alternate takes the place of the key typed at the first rest.
            guard let point = hoverPoint else { return }
            core.pending.append(.type(.keysym(.backSpace)))
            core.madeContacts.append(MadeContact(phase: .ended, id: .dwell, point: point))
        case .cancel:
            core.madeContacts.append(MadeContact(phase: .cancelled, id: .dwell, point: hoverPoint ?? Point(x: -1, y: -1)))
        }
    }
}
