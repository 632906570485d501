/// An X server's event times (milliseconds, wrapping at 2³²) on the
/// keyboard's clock, for the moment a switch was pressed: the least gap seen
/// between an event's time and its arrival is the quickest delivery, taken as
/// the clocks' offset. The gap may grow by a millisecond a second, so two
/// clocks drifting apart are followed; one far off (a wrap, another server)
/// starts again.
public struct EventClock: Sendable {
    /// The keyboard's clock less the server's, in milliseconds, and when it was found.
    private var offset: (ms: Int64, foundAt: Duration)?

    /// No event seen yet.
    public init() {}

    /// When an event stamped `serverTime` happened on the keyboard's clock,
    /// given it arrived `now`: never after `now`, nor more than two seconds before.
    public mutating func time(of serverTime: UInt, arrivedAt now: Duration) -> Duration {
        let nowMs = Self.milliseconds(now), stamp = Int64(UInt32(truncatingIfNeeded: serverTime))
        let gap = nowMs - stamp
        var used = gap
        if let offset, abs(gap - offset.ms) < 60_000 {
            used = min(offset.ms + Self.milliseconds(now - offset.foundAt) / 1000, gap)
        }
        if used == gap { offset = (gap, now) }
        return .milliseconds(min(nowMs, max(stamp + used, nowMs - 2000)))
    }

    private static func milliseconds(_ d: Duration) -> Int64 {
        d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000
    }
}
