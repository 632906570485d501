#if canImport(Glibc)
import Glibc
#endif

/// The processes the bench started (servers, window manager, session bus,
/// keyboards), so an interrupted bench (SIGINT, SIGTERM, SIGHUP) stops them
/// instead of leaving them running. SIGPIPE is ignored: a closed stdout is
/// no reason to leave them either.
enum ChildGuard {
    private static let capacity = 64
    /// Live child pids, 0 for a free slot; a plain buffer a signal handler can read.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<pid_t> = {
        let slots = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        return slots
    }()

    /// Installs the handlers; call once at start.
    static func install() {
        _ = slots
        signal(SIGPIPE, SIG_IGN)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { received in
                for index in 0..<ChildGuard.capacity where ChildGuard.slots[index] > 0 {
                    kill(ChildGuard.slots[index], SIGTERM)
                }
                _exit(128 + received)
            }
        }
    }

    /// Remembers a child until `forget`.
    static func watch(_ pid: pid_t?) {
        guard let pid, pid > 0 else { return }
        for index in 0..<capacity where slots[index] == 0 {
            slots[index] = pid
            return
        }
    }

    /// Forgets a child that has been stopped.
    static func forget(_ pid: pid_t?) {
        guard let pid else { return }
        for index in 0..<capacity where slots[index] == pid { slots[index] = 0 }
    }
}
