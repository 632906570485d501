#if canImport(Glibc)
import Glibc
#endif

/// Readings of `CLOCK_MONOTONIC`, in nanoseconds, for timing events across processes.
public enum MonotonicClock {
    /// Now, in nanoseconds since an arbitrary fixed point (boot).
    public static var now: UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Milliseconds between two readings, as a fraction.
    public static func milliseconds(from start: UInt64, to end: UInt64) -> Double {
        end >= start ? Double(end - start) / 1e6 : -Double(start - end) / 1e6
    }
}
