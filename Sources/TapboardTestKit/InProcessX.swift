import Foundation

/// Tests that draw with Xft in the test process itself (an `OffscreenKeyboard`,
/// an `OnScreenKeyboard` on a thread) take turns: Xft keeps one process-wide
/// list of displays that every call walks and reorders, unlocked, so two
/// displays drawn from two threads at once corrupt the heap. The keyboard
/// itself draws from one thread only.
public enum InProcessX {
    private static let lock = NSLock()

    /// Runs `body` while no other in-process Xft user runs.
    public static func exclusive<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
