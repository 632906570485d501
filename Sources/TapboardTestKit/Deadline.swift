import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A point in time that a wait must not pass.
public struct Deadline {
    /// When the wait gives up.
    public let instant: ContinuousClock.Instant

    /// A deadline this long from now.
    public init(_ timeout: Duration) { instant = .now + timeout }

    /// Whether the deadline has passed.
    public var hasPassed: Bool { ContinuousClock.now >= instant }

    /// Milliseconds left, rounded up, for `poll()`; 0 once passed.
    public var millisecondsLeft: Int32 {
        let left = instant - .now
        guard left > .zero else { return 0 }
        let (s, atto) = left.components
        let ms = s * 1000 + (atto + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: ms)
    }

    /// Blocks in `poll()` until one of `fds` is readable or the deadline passes.
    /// Returns the descriptors that are readable (empty on timeout).
    @discardableResult
    public func waitReadable(_ fds: [Int32]) -> [Int32] {
        var pfds = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            let r = poll(&pfds, nfds_t(pfds.count), millisecondsLeft)
            if r < 0 && errno == EINTR { continue }
            if r <= 0 { return [] }
            return pfds.filter { $0.revents != 0 }.map(\.fd)
        }
    }

    /// Checks `condition` every 20 ms until it holds or `timeout` passes; whether
    /// it held. For what no descriptor announces (a file, another program's output,
    /// a bus); where a test window's events must be handled meanwhile, `Desktop.waitUntil`.
    public static func waitFor(_ timeout: Duration, until condition: () -> Bool) -> Bool {
        let end = Deadline(timeout)
        while !condition() {
            if end.hasPassed { return false }
            Deadline(.milliseconds(20)).waitReadable([])
        }
        return true
    }
}
