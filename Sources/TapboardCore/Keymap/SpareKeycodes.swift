/// The keycodes a keymap leaves empty, lent to keysyms it lacks: which keysym
/// each carries, and when a keycode may be changed or pressed. The bookkeeping
/// alone; the injector makes the X calls it is asked for.
///
/// Every change of a keycode races the applications reading the keymap:
/// - An application reads a keycode's mapping when it handles the press, which
///   may be late: a keycode keeps what it typed for `reuseAge` before it carries
///   another keysym.
/// - Xlib forgets a keymap change it reads while fetching the previous one:
///   changes are at least `changeInterval` apart.
/// - Xlib reads its XKB keymap at a client's first key lookup and asks for
///   change notices only after the reply, so a change made in between never
///   reaches that client (for a bare Xlib window handling its first key as the
///   keyboard borrowed a keycode: the soak's lost "з"). So a remapped keycode
///   is pressed only after it has been announced again, a `changeInterval`
///   later, by writing the same keysyms once more: a client that was loading
///   its keymap during the first change hears the second.
/// - An application busy with a flood (a GTK entry thousands of characters
///   long) reads its key presses seconds late, past any reuse age. When the
///   application typed into answers pings (`readerAnswers`), a keycode is
///   reused only once it has read the keycode's last press: it answered a ping
///   sent after it (`pressesRead(through:)`).
public struct SpareKeycodes: Sendable, Equatable {
    /// One keycode free to lend.
    public struct Spare: Sendable, Equatable {
        /// The X keycode.
        public var keycode: UInt32
        /// The keysym it carries now, 0 when none.
        public var keysym: UInt32
        /// Whether it was announced again after its remapping, so it may be pressed.
        public var announced: Bool
        /// Order of last use (a press or a remapping), for least recently used first.
        var lastUse: UInt64
        /// When it was last pressed or remapped.
        var usedAt: Duration
    }

    /// One change of the keymap to make, in the order given.
    public enum Change: Sendable, Equatable {
        /// The keycode gets this keysym on every level.
        case remap(keycode: UInt32, keysym: UInt32)
        /// The keycode's keysyms written again unchanged, so every client hears of them once more.
        case announce(keycode: UInt32, keysym: UInt32)

        /// The keycode changed.
        public var keycode: UInt32 {
            switch self {
            case .remap(let keycode, _), .announce(let keycode, _): return keycode
            }
        }

        /// The keysym the keycode carries after the change.
        public var keysym: UInt32 {
            switch self {
            case .remap(_, let keysym), .announce(_, let keysym): return keysym
            }
        }
    }

    /// What a keystroke needs before it can be typed.
    public enum Step: Sendable, Equatable {
        /// Every keysym it needs has a keycode that may be pressed now (or none can be had: typed as far as it can be).
        case ready
        /// Nothing may change before this time.
        case wait(until: Duration)
        /// Make these changes now, in order, then ask again.
        case change([Change])
    }

    /// Whether one change may write many keycodes (the injector writes them in
    /// one XKB request, which every client hears of once).
    public var batched = false

    /// The most keycodes lent at once (a keymap rarely has more empty ones).
    public static let limit = 64
    /// The least time between two changes of the keymap (see the type's notes).
    public static let changeInterval: Duration = .milliseconds(50)
    /// How long a keycode keeps what it typed before it may carry another keysym.
    public static let reuseAge: Duration = .milliseconds(250)
    /// How long a keycode waits for an application that answers pings to read
    /// its last press, before it is taken all the same (one that hangs).
    public static let readWait: Duration = .seconds(10)

    /// Whether the application typed into has answered a ping: keycodes then wait
    /// for it to read their last press (`pressesRead(through:)`) instead of `reuseAge`.
    public private(set) var readerAnswers = false
    /// The uses (presses, remappings; `useCount`) the application has read, up to this one.
    public private(set) var readThrough: UInt64?

    /// The keycodes, in the order they were adopted.
    public private(set) var spares: [Spare] = []
    /// When the keymap last changed (by a change asked for here, or a new keymap).
    public private(set) var lastChange: Duration?
    private var useCounter: UInt64 = 0

    /// No keycodes yet.
    public init() {}

    /// Takes empty keycodes (highest first) into the pool, up to `limit`.
    public mutating func adopt(_ emptyKeycodes: [UInt32]) {
        let taken = Set(spares.map(\.keycode))
        for keycode in emptyKeycodes.sorted(by: >) where spares.count < Self.limit && !taken.contains(keycode) {
            spares.append(Spare(keycode: keycode, keysym: 0, announced: true, lastUse: 0, usedAt: .zero))
        }
    }

    /// Keeps the keycodes for which `stillCarries(keycode, keysym)` holds (after
    /// another client changed the keymap); drops the others.
    public mutating func keep(where stillCarries: (UInt32, UInt32) -> Bool) {
        spares.removeAll { !stillCarries($0.keycode, $0.keysym) }
    }

    /// A whole new keymap: applications read it again now, and a change arriving
    /// during that read is forgotten, so the next waits.
    public mutating func keymapReplaced(at now: Duration) {
        lastChange = now
    }

    /// The keycode carrying this keysym, if one does.
    public func keycode(carrying keysym: UInt32) -> UInt32? {
        spares.first { $0.keysym == keysym && keysym != 0 }?.keycode
    }

    /// The keycodes lent, and their keysyms.
    public var borrowed: [(keycode: UInt32, keysym: UInt32)] {
        spares.filter { $0.keysym != 0 }.map { ($0.keycode, $0.keysym) }
    }

    /// Notes a press of the keycode carrying `keysym`.
    public mutating func pressed(_ keysym: UInt32, at now: Duration) {
        guard let i = spares.firstIndex(where: { $0.keysym == keysym && keysym != 0 }) else { return }
        useCounter += 1
        spares[i].lastUse = useCounter
        spares[i].usedAt = now
    }

    /// What typing the keysyms `needed` (none of which the keymap has) takes now.
    /// A change may also remap keycodes for keysyms of `upcoming` (those of the
    /// keystrokes foreseen, soonest first), so they are ready when their turn comes.
    public mutating func step(for needed: Set<UInt32>, upcoming: [UInt32] = [], now: Duration) -> Step {
        batched ? batchedStep(for: needed, upcoming: upcoming, now: now) : singleStep(for: needed, upcoming: upcoming, now: now)
    }

    /// When a change would prepare a keysym of `upcoming` (or announce a keycode
    /// remapped for one), with no keystroke asking; nil when there is none to make.
    public func nextPreparation(upcoming: [UInt32]) -> Duration? {
        guard batched else { return nil }
        let changeAt = lastChange.map { $0 + Self.changeInterval } ?? .zero
        if spares.contains(where: { !$0.announced }) { return changeAt }
        let carried = Set(spares.map(\.keysym)), wanted = Set(upcoming)
        guard upcoming.contains(where: { $0 != 0 && !carried.contains($0) }) else { return nil }
        let free = spares.indices.filter { !wanted.contains(spares[$0].keysym) }.map(remappableAt)
        return free.min().map { max($0, changeAt) }
    }

    /// When a keycode may carry another keysym: at once when it carries none;
    /// its reuse age after it last typed; or, when the application answers
    /// pings, once it has read that press.
    private func remappableAt(_ i: Int) -> Duration {
        guard spares[i].keysym != 0 else { return .zero }
        guard readerAnswers else { return spares[i].usedAt + Self.reuseAge }
        if let readThrough, spares[i].lastUse <= readThrough { return .zero }
        return spares[i].usedAt + Self.readWait
    }

    /// How many uses (presses, remappings) there have been: a ping sent now follows all of them.
    public var useCount: UInt64 { useCounter }

    /// The application answered a ping sent when `useCount` was this: it has read every press made before.
    public mutating func pressesRead(through use: UInt64) {
        readerAnswers = true
        readThrough = max(readThrough ?? use, use)
    }

    /// Another application is typed into: what the last one read, and whether it answers, says nothing of it.
    public mutating func readerChanged() {
        readerAnswers = false
        readThrough = nil
    }

    /// Whether a keycode's last press has not been read yet by an application that answers pings (a ping would tell).
    public func waitsForRead() -> Bool {
        readerAnswers && spares.contains { $0.keysym != 0 && $0.lastUse > (readThrough ?? 0) }
    }

    /// One change writes many keycodes (`batched`): every keycode waiting for its
    /// announcement is announced, and the keysyms needed now and those coming
    /// are remapped together, so a text's new keysyms cost a change interval
    /// or two in all rather than one each.
    private mutating func batchedStep(for needed: Set<UInt32>, upcoming: [UInt32], now: Duration) -> Step {
        let needed = needed.subtracting([0])
        var seen = needed.union([0])
        let upcoming = upcoming.filter { seen.insert($0).inserted }
        let carried = Set(spares.map(\.keysym))
        let missing = needed.subtracting(carried).sorted()
        let ready = missing.isEmpty && !spares.contains { needed.contains($0.keysym) && !$0.announced }
        let changeAt = lastChange.map { $0 + Self.changeInterval } ?? .zero
        if changeAt > now { return ready ? .ready : .wait(until: changeAt) }

        // Keycodes that may take a new keysym: announced, carrying nothing needed now;
        // those carrying nothing foreseen first, then the one foreseen latest, then the least recently used.
        let rank = Dictionary(upcoming.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var candidates = spares.indices.filter { spares[$0].announced && !needed.contains(spares[$0].keysym) }
        func order(_ i: Int) -> (Int, UInt64, Int) { (-(rank[spares[i].keysym] ?? Int.max), spares[i].lastUse, i) }
        candidates.sort { order($0) < order($1) }
        if spares.filter({ !needed.contains($0.keysym) }).count < missing.count { return .ready }  // too many at once: typed as far as can be

        var changes: [Change] = []
        for i in spares.indices where !spares[i].announced {
            spares[i].announced = true
            changes.append(.announce(keycode: spares[i].keycode, keysym: spares[i].keysym))
        }
        // The keysyms needed now: each on the keycode free soonest.
        var waitUntil: Duration?
        for keysym in missing {
            func soonest(_ i: Int) -> (Duration, Int, UInt64, Int) { (remappableAt(i), order(i).0, order(i).1, i) }
            guard let best = candidates.min(by: { soonest($0) < soonest($1) }) else { break }
            if remappableAt(best) > now {
                waitUntil = min(waitUntil ?? remappableAt(best), remappableAt(best))
                continue
            }
            candidates.removeAll { $0 == best }
            changes.append(lend(best, to: keysym, at: now))
        }
        // Those coming, soonest first, on keycodes free now that carry nothing wanted.
        for keysym in upcoming where !carried.contains(keysym) {
            guard let i = candidates.firstIndex(where: { rank[spares[$0].keysym] == nil && remappableAt($0) <= now }) else { break }
            changes.append(lend(candidates.remove(at: i), to: keysym, at: now))
        }
        guard !changes.isEmpty else { return ready ? .ready : waitUntil.map { .wait(until: $0) } ?? .ready }
        lastChange = now
        return .change(changes)
    }

    /// One keycode remapped a change (without XKB a change is one core request a
    /// keycode): at most one announcement, first, and one remapping.
    private mutating func singleStep(for needed: Set<UInt32>, upcoming: [UInt32], now: Duration) -> Step {
        let needed = needed.subtracting([0]), upcoming = Set(upcoming).subtracting([0]).subtracting(needed)
        let carried = Set(spares.map(\.keysym))
        let missing = needed.subtracting(carried).sorted()
        let unannounced = spares.indices.filter { needed.contains(spares[$0].keysym) && !spares[$0].announced }
        if missing.isEmpty && unannounced.isEmpty { return .ready }
        // The keycodes that would be taken, least recently used first, never one carrying what is wanted.
        let wanted = needed.union(upcoming)
        let free = spares.indices.filter { !wanted.contains(spares[$0].keysym) && spares[$0].announced }
            .sorted { (spares[$0].lastUse, $0) < (spares[$1].lastUse, $1) }
        if free.count < missing.count && unannounced.isEmpty { return .ready }  // too many at once: typed as far as can be

        let changeAt = lastChange.map { $0 + Self.changeInterval } ?? .zero
        func remappableAt(_ i: Int) -> Duration { max(changeAt, self.remappableAt(i)) }
        // At most one announcement, first, and one remapping per change: a client
        // fetching what the first changed forgets the second, which is announced again later.
        var remap: (index: Int, keysym: UInt32)?
        if let keysym = missing.first ?? upcoming.subtracting(carried).sorted().first, let i = free.first {
            remap = (i, keysym)
        }
        if unannounced.isEmpty {
            guard let r = remap else { return .ready }
            let at = remappableAt(r.index)
            if at > now { return .wait(until: at) }
        } else if changeAt > now {
            return .wait(until: changeAt)
        }
        var changes: [Change] = []
        if let i = unannounced.first {
            spares[i].announced = true
            changes.append(.announce(keycode: spares[i].keycode, keysym: spares[i].keysym))
        }
        if let r = remap, remappableAt(r.index) <= now {
            changes.append(lend(r.index, to: r.keysym, at: now))
        }
        lastChange = now
        return .change(changes)
    }

    /// Lends a keycode to `keysym` at once, unannounced (when nothing may wait:
    /// quitting, or a modifier held elsewhere since the keystroke was prepared);
    /// nil when no keycode is free.
    public mutating func lendNow(_ keysym: UInt32, at now: Duration) -> Change? {
        guard keysym != 0, let i = spares.indices.min(by: { (spares[$0].lastUse, $0) < (spares[$1].lastUse, $1) }) else { return nil }
        lastChange = now
        return lend(i, to: keysym, at: now)
    }

    /// Every lent keycode back to no keysym (at exit): the keycodes to empty.
    public mutating func returnAll() -> [UInt32] {
        let lent = spares.indices.filter { spares[$0].keysym != 0 }
        for i in lent {
            spares[i].keysym = 0
            spares[i].announced = true
        }
        return lent.map { spares[$0].keycode }
    }

    private mutating func lend(_ i: Int, to keysym: UInt32, at now: Duration) -> Change {
        useCounter += 1
        spares[i].keysym = keysym
        spares[i].announced = false
        spares[i].lastUse = useCounter
        spares[i].usedAt = now
        return .remap(keycode: spares[i].keycode, keysym: keysym)
    }
}
