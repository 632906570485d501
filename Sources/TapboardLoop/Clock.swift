import Glibc

/// The monotonic clock the event loop passes to the state machine.
enum Clock {
    /// Time since an arbitrary fixed point, never going back.
    static func now() -> Duration {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return .seconds(ts.tv_sec) + .nanoseconds(ts.tv_nsec)
    }
}

extension Duration {
    /// The duration in whole milliseconds, rounded up, for `poll()`.
    var millisecondsRoundedUp: Int32 {
        let (s, atto) = components
        let ms = s * 1000 + (atto + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(ms, 0))
    }
}
