/// Dwell selection (`--dwell`): for a head mouse or an eye tracker that moves
/// the pointer but cannot click, the key the pointer rests on for the dwell
/// time is typed. Moving to another key starts the time again; the key just
/// typed needs the pointer to leave it first. On a key with a callout, resting
/// on for the dwell time once more opens the callout (the key held), and the
/// alternate then rested on takes the place of the key typed. Time passed in;
/// the session carries out what it answers.
public struct DwellPointer: Sendable {
    /// What the pointer rests on: a key of the page, or a cell of the open callout.
    public enum Target: Hashable, Sendable {
        case key(id: String)
        case calloutItem(Int)
    }

    /// What to do when the pointer has rested long enough, or moved.
    public enum Action: Hashable, Sendable {
        /// Tap the key (press and release at its centre).
        case tap(id: String)
        /// Press the key and keep it held, for its callout to open.
        case press(id: String)
        /// Release the held key at the pointer: the alternate there replaces the key typed before.
        case release
        /// Let the held key go without typing: the pointer left it and its callout.
        case cancel
    }

    /// How long the pointer must rest.
    public let dwell: Duration
    /// What the pointer rests on now; nil off the keys.
    public private(set) var target: Target?
    /// Since when.
    public private(set) var since: Duration = .zero
    /// What was just selected: it needs the pointer to leave before it is selected again.
    private var spent: Target?
    /// The key just typed that has a callout: resting on still opens it.
    private var opensCallout: String?
    /// The key held by dwell for its callout, if one is.
    public private(set) var held: String?
    /// The steps of the fill passed when last due.
    private var filled = 0

    /// Steps of the fill drawn on a key as the time passes.
    public static let fillSteps = 8

    /// Dwell with this time.
    public init(dwell: Duration) {
        self.dwell = dwell
    }

    /// Whether the rest on the target counts toward something.
    private var waiting: Bool {
        guard let target else { return false }
        if let held { return target != .key(id: held) }
        if target == spent { return opensCallout != nil }
        return true
    }

    /// When the next thing is due: the next step of the fill, or the selection; nil when nothing is waited for.
    public var nextDeadline: Duration? {
        guard waiting else { return nil }
        return since + dwell / Self.fillSteps * (filled + 1)
    }

    /// How much of the fill shows at `now`: 0 to `fillSteps`.
    public func fill(at now: Duration) -> Int {
        guard waiting else { return 0 }
        return min(Self.fillSteps, Int((now - since) / (dwell / Self.fillSteps)))
    }

    /// The pointer moved onto `target` (nil: off the keys, or out of the window);
    /// what to do at once: let a held key go when the pointer left it and its callout.
    public mutating func moved(to new: Target?, at now: Duration) -> Action? {
        guard new != target else { return nil }
        target = new
        since = now
        filled = 0
        if spent != nil, new != spent {
            spent = nil
            opensCallout = nil
        }
        guard let held, new != .key(id: held) else { return nil }
        if case .calloutItem = new { return nil }
        self.held = nil
        return .cancel
    }

    /// What the rest has come to by now, if anything.
    public mutating func due(at now: Duration, hasCallout: (String) -> Bool) -> Action? {
        guard waiting, let target else { return nil }
        filled = fill(at: now)
        guard now - since >= dwell else { return nil }
        since = now
        filled = 0
        switch target {
        case .key(let id):
            if target == spent {
                opensCallout = nil
                held = id
                return .press(id: id)
            }
            spent = target
            opensCallout = hasCallout(id) ? id : nil
            return .tap(id: id)
        case .calloutItem:
            held = nil
            spent = target
            return .release
        }
    }
}
