extension ContactID {
    /// The contact a switch taps the selected key with (`--scan`).
    public static let scan: ContactID = -2
}

/// Switch scanning in the session: a switch's presses, the highlight moving
/// with time, the selected key tapped as a finger would tap it (so shift, the
/// pages, the strip and the emoji page work as they do for touch), and the
/// rows scanned found again after each change.
extension KeyboardSession {
    /// A switch went down or up. A press while the keyboard is hidden shows it
    /// (a switch may be all the user has to bring it back); the next starts the
    /// scan. A key selected (and flashed) at the press is tapped as the switch
    /// is let go: while a key switch is held the X server sends the keyboard's
    /// grab every key, and one typed then would come back instead of reaching the application.
    mutating func switchChanged(_ role: SwitchRole, down: Bool, pressedAt: Duration? = nil) {
        guard handsFree.scanner != nil else { return }
        if down, !shown {
            core.presentation.userShows(&core.out)
            return
        }
        refreshScanRows()
        let time = now
        if let key = handsFree.scanner?.switchChanged(role, down: down, at: time, pressedAt: pressedAt) { handsFree.switchSelection = (role, key) }
        guard !down, let (held, key) = handsFree.switchSelection, held == role else { return }
        handsFree.switchSelection = nil
        let centre = Point(x: key.rect.x + key.rect.width / 2, y: key.rect.y + key.rect.height / 2)
        contact(.began, id: .scan, at: centre)
        contact(.ended, id: .scan, at: centre)
    }

    /// Auto scan's steps, a held switch's repeats and a flash's end, when due.
    mutating func scanDue() {
        let time = now
        guard let deadline = handsFree.scanner?.nextDeadline, deadline <= time else { return }
        handsFree.scanner?.due(at: time)
    }

    /// After the batch's inputs: the rows scanned found again for the page as it
    /// is now (a tap may have changed the page, the shift or the strip's words),
    /// and the keys whose highlight (scanning's, dwell's fill) changed drawn again.
    mutating func refreshHighlights() {
        guard handsFree.isOn else { return }
        if handsFree.scanner != nil {
            if !shown { handsFree.scanner?.stop() }
            refreshScanRows()
            let highlighted = handsFree.scanner?.highlighted.map(\.id) ?? []
            if highlighted != handsFree.publishedScan {
                handsFree.publishedScan = highlighted
                if configuration.publishKeys, !isSecure { emit(.publish(.scan(highlighted))) }
            }
        }
        // Drawn as it is when drawing's turn comes (`drawNow` notes what it drew).
        let marks = highlightMarks()
        guard marks != handsFree.drawnMarks else { return }
        let changed = Set(marks.keys).union(handsFree.drawnMarks.keys).filter { marks[$0] != handsFree.drawnMarks[$0] }
        core.pending.append(.redraw(changed.sorted()))
    }

    /// The rows of the page shown, with what is drawn now: keys that show
    /// nothing (the strip's empty slots, a blank emoji cell) are not scanned.
    private mutating func refreshScanRows() {
        refreshFrames()
        let shown = appearances(highlightMarks: [:])
        let rows = ScanRows.rows(keyFrames) { frame in
            guard frame.index < shown.count else { return false }
            if case .text(let text) = shown[frame.index].label { return !text.isEmpty }
            return true
        }
        let time = now
        handsFree.scanner?.setRows(rows, at: time)
    }

    /// The keys switch scanning highlights now, by id (none when no scan runs; for benchmarks and tools).
    public var scanHighlighted: [String] { handsFree.scanner?.highlighted.map(\.id) ?? [] }

    /// The keys marked now, by index: switch scanning's highlighted row or key
    /// and the one just selected (found by its id: the tap may have turned the
    /// page), and the key dwell is filling.
    func highlightMarks() -> [Int: KeyHighlight] {
        guard handsFree.isOn else { return [:] }
        var marks: [Int: KeyHighlight] = [:]
        if let scanner = handsFree.scanner {
            for key in scanner.highlighted where key.index < keyFrames.count { marks[key.index] = .scan }
            if let flash = scanner.flash, let frame = keyFrames.first(where: { $0.id == flash.id }) { marks[frame.index] = .selected }
        }
        if let dwell = handsFree.dwell, case .key(let id)? = dwell.target, case let fill = dwell.fill(at: now), fill > 0,
           let frame = keyFrames.first(where: { $0.id == id }) {
            marks[frame.index] = .dwell(fill)
        }
        return marks
    }
}
