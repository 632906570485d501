/// A key as scanning sees it: where it is among the page's keys, its id and rectangle.
public struct ScanKey: Hashable, Sendable {
    /// Its index among the page's keys (`KeyFrame.index`).
    public var index: Int
    /// Its id (`KeyFrame.id`): the same key on the page after a redraw.
    public var id: String
    /// Its rectangle in the window.
    public var rect: Rect

    /// Makes a scan key.
    public init(index: Int, id: String, rect: Rect) {
        self.index = index; self.id = id; self.rect = rect
    }

    /// Its frame's key.
    public init(_ frame: KeyFrame) {
        self.init(index: frame.index, id: frame.id, rect: frame.rect)
    }
}

/// The page's keys in rows as the eye reads them, for scanning.
public enum ScanRows {
    /// The keys `scannable` keeps, in rows top to bottom and each left to
    /// right: a key joins the row whose first key's top it shares (within half
    /// the shortest key's height), so a tall key spanning two rows scans with the upper.
    public static func rows(_ frames: [KeyFrame], scannable: (KeyFrame) -> Bool) -> [[ScanKey]] {
        let keys = frames.filter { scannable($0) && $0.rect.width > 0 && $0.rect.height > 0 }.map(ScanKey.init)
        guard let shortest = keys.map(\.rect.height).min() else { return [] }
        let tolerance = max(1, shortest / 2)
        var rows: [[ScanKey]] = []
        for key in keys.sorted(by: { ($0.rect.y, $0.rect.x) < ($1.rect.y, $1.rect.x) }) {
            if let top = rows.last?.first?.rect.y, key.rect.y - top < tolerance {
                rows[rows.count - 1].append(key)
            } else {
                rows.append([key])
            }
        }
        return rows.map { $0.sorted { $0.rect.x < $1.rect.x } }
    }
}

/// Switch scanning: which row or key is highlighted and when it moves, what a
/// switch does, and the selected key's flash. Time passed in; the session
/// taps the key it answers and gives it the page's rows again after.
public struct SwitchScanner: Sendable {
    /// What the highlight is on: a row, or a key of a row.
    public enum Level: Hashable, Sendable {
        /// The rows, one at a time (the highlight covers a row).
        case rows
        /// The keys of one row, one at a time.
        case keys(row: Int)
    }

    /// The settings.
    public let settings: ScanSettings
    /// The rows scanned: the strip's words first when it shows some, then the page's rows.
    public private(set) var rows: [[ScanKey]] = []
    /// Whether a scan is running (auto scan stops after its cycles, until the switch is pressed).
    public private(set) var scanning = false
    /// Whether rows or a row's keys are scanned.
    public private(set) var level = Level.rows
    /// The highlighted row, or key in the row.
    public private(set) var position = 0
    /// Times the level was gone through with no select.
    private var passes = 0
    /// Whether the scan is at the first row, put there (a tap, a start) and not moved since.
    private var atTop = false
    /// When the highlight moves by itself next: auto scan's step, or a held switch's repeat.
    public private(set) var stepDeadline: Duration?
    /// The switch held that moves the highlight again (user scan), and since when.
    private var held: (role: SwitchRole, since: Duration)?
    /// The selected key showing selected, until when.
    public private(set) var flash: (id: String, until: Duration)?
    /// When the last flash began.
    private var lastFlash: Duration?
    /// What showed before the steps the scan last made by itself, and when it
    /// made them: a press from before then was meant for what showed (the
    /// keyboard was kept from stepping on time, and the screen still showed it).
    private var beforeSteps: (level: Level, position: Int, passes: Int, madeAt: Duration)?

    /// Scanning with these settings, not yet running.
    public init(_ settings: ScanSettings) {
        self.settings = settings
    }

    /// When something is due with no input: a step, a repeat or a flash's end; nil when idle.
    public var nextDeadline: Duration? {
        switch (stepDeadline, flash?.until) {
        case (let a?, let b?): min(a, b)
        case (let a, let b): a ?? b
        }
    }

    /// The keys the highlight is on now (none when no scan runs).
    public var highlighted: [ScanKey] {
        guard scanning else { return [] }
        switch level {
        case .rows: return rows.indices.contains(position) ? rows[position] : []
        case .keys(let row): return rows.indices.contains(row) && rows[row].indices.contains(position) ? [rows[row][position]] : []
        }
    }

    /// The page's rows, after a tap or any change of page, strip or size. A
    /// scan whose row is still there stays on it (the strip's words came or
    /// went meanwhile); one at the top, or whose row is gone, starts again at
    /// the top, so the strip's new words come first. Directed scan stays on
    /// the same key if it is still there, else goes to the nearest.
    public mutating func setRows(_ new: [[ScanKey]], at now: Duration) {
        let old = rows, current = highlighted.first
        rows = new
        guard scanning else { return }
        guard !new.isEmpty else { return stop() }
        let ids = new.map { $0.map(\.id) }
        if ids == old.map({ $0.map(\.id) }) { return }
        beforeSteps = nil
        if settings.mode == .directed, let current {
            let all = new.indices.flatMap { r in new[r].indices.map { (r, $0) } }
            let same = all.first { new[$0.0][$0.1].id == current.id }
            let nearest = all.min { distance(new[$0.0][$0.1].rect, current.rect) < distance(new[$1.0][$1.1].rect, current.rect) }
            if let (r, k) = same ?? nearest { (level, position) = (.keys(row: r), k) }
            return
        }
        let row: Int? = switch level {
        case .rows: position
        case .keys(let r): r
        }
        if !atTop, let row, old.indices.contains(row), let moved = ids.firstIndex(of: old[row].map(\.id)) {
            if case .rows = level { position = moved } else { level = .keys(row: moved) }
            return
        }
        top(at: now)
    }

    /// A switch went down or up at `now`, pressed at `pressedAt` when known
    /// (an event's own time, earlier when the keyboard was busy); the key to
    /// tap when it selected one.
    public mutating func switchChanged(_ role: SwitchRole, down: Bool, at now: Duration, pressedAt: Duration? = nil) -> ScanKey? {
        // A step due by now came before the press, unless it was made after it.
        due(at: now)
        if down, let pressedAt, let before = beforeSteps, pressedAt < before.madeAt {
            (scanning, level, position, passes) = (true, before.level, before.position, before.passes)
        }
        if down { beforeSteps = nil }
        guard down else {
            if held?.role == role {
                held = nil
                if settings.mode != .auto { stepDeadline = nil }
            }
            return nil
        }
        guard !rows.isEmpty else { return nil }
        guard scanning else {
            start(at: now)
            return nil
        }
        switch role {
        case .select:
            return select(at: now)
        case .next:
            guard settings.mode == .step else { return nil }
            advance()
        case .up, .down, .left, .right:
            guard settings.mode == .directed else { return nil }
            move(role)
        }
        held = (role, now)
        stepDeadline = now + settings.holdThreshold
        return nil
    }

    /// Whatever is due by now: auto scan's steps, a held switch's repeats, a flash's end.
    public mutating func due(at now: Duration) {
        if let until = flash?.until, until <= now { flash = nil }
        let shown = (level, position, passes)
        var stepped = false
        while scanning, let deadline = stepDeadline, deadline <= now {
            stepped = true
            if let held {
                held.role == .next ? advance() : move(held.role)
            } else {
                advance()
            }
            guard scanning else { break }
            stepDeadline = deadline + settings.interval
        }
        if stepped { beforeSteps = (shown.0, shown.1, shown.2, now) }
    }

    /// Stops the scan (the keyboard hidden, or the keys gone).
    public mutating func stop() {
        beforeSteps = nil
        scanning = false
        stepDeadline = nil
        held = nil
        flash = nil
        (level, position, passes) = (.rows, 0, 0)
    }

    // MARK: - Moving

    private mutating func start(at now: Duration) {
        scanning = true
        if settings.mode == .directed {
            (level, position, passes) = (.keys(row: 0), 0, 0)
        } else {
            top(at: now)
        }
    }

    /// Back to the first row; auto scan steps from there after the first item's delay.
    private mutating func top(at now: Duration) {
        (level, position, passes) = (.rows, 0, 0)
        atTop = true
        stepDeadline = settings.mode == .auto ? now + settings.interval + settings.firstItemDelay : nil
    }

    /// The select switch: into the highlighted row (a row of one key is its key), or the highlighted key tapped.
    private mutating func select(at now: Duration) -> ScanKey? {
        held = nil
        atTop = false
        let chosen: ScanKey
        switch level {
        case .rows:
            guard rows.indices.contains(position) else { return nil }
            guard rows[position].count == 1 else {
                (level, position, passes) = (.keys(row: position), 0, 0)
                stepDeadline = settings.mode == .auto ? now + settings.interval + settings.firstItemDelay : nil
                return nil
            }
            chosen = rows[position][0]
        case .keys:
            guard let key = highlighted.first else { return nil }
            chosen = key
        }
        if lastFlash.map({ now - $0 >= ScanSettings.flashSpacing }) ?? true {
            flash = (chosen.id, now + settings.flash)
            lastFlash = now
        }
        if settings.mode != .directed { top(at: now) }
        return chosen
    }

    /// The next row, or the next key of the row: past the last, auto scan goes
    /// round again (stopping, or going back to the rows, after its cycles);
    /// step scan goes round the rows, and from a row's last key back to the rows.
    private mutating func advance() {
        atTop = false
        switch level {
        case .rows:
            position += 1
            guard position >= rows.count else { return }
            position = 0
            passes += 1
            if settings.mode == .auto, passes >= settings.cycles { stop() }
        case .keys(let row):
            position += 1
            guard position >= (rows.indices.contains(row) ? rows[row].count : 0) else { return }
            if settings.mode == .auto {
                position = 0
                passes += 1
                guard passes >= settings.cycles else { return }
            }
            (level, position, passes) = (.rows, min(row, rows.count - 1), 0)
        }
    }

    /// Directed scan: the key beside the highlighted one in a direction, round
    /// the edges; up and down to the key of that row nearest across.
    private mutating func move(_ role: SwitchRole) {
        atTop = false
        guard case .keys(let row) = level, rows.indices.contains(row) else { return }
        switch role {
        case .left: position = (position + rows[row].count - 1) % rows[row].count
        case .right: position = (position + 1) % rows[row].count
        case .up, .down:
            let to = (row + (role == .up ? rows.count - 1 : 1)) % rows.count
            let centre = rows[row][position].rect.x + rows[row][position].rect.width / 2
            let nearest = rows[to].indices.min { abs(rows[to][$0].rect.x + rows[to][$0].rect.width / 2 - centre) < abs(rows[to][$1].rect.x + rows[to][$1].rect.width / 2 - centre) }
            (level, position) = (.keys(row: to), nearest ?? 0)
        default: break
        }
    }

    private func distance(_ a: Rect, _ b: Rect) -> Int {
        abs(a.x + a.width / 2 - b.x - b.width / 2) + abs(a.y + a.height / 2 - b.y - b.height / 2)
    }
}
