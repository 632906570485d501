import CGlibcExtras
import Glibc

/// Waits for the display server's connection, signals, any other descriptors and the nearest
/// deadline: one thread, one `poll()`, no sleeping and no wake-ups while idle.
final class EventLoop {
    /// Why the wait ended.
    enum Wake {
        /// Something may be readable on the connection (or a deadline passed).
        case ready
        /// A signal arrived.
        case signal(Int32)
        /// The display server's connection closed.
        case connectionClosed
    }

    private let connectionFD: Int32
    private let signalFD: Int32
    /// Other descriptors (a D-Bus or accessibility connection) and what to do when one is readable.
    private var sources: [(fd: Int32, ready: () -> Void)] = []
    /// What `wait` polls: the connection, the signals, then `sources`.
    private var fds: [pollfd] = []
    /// The signals delivered through the loop instead of their default action.
    static let handledSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2]

    /// The handled signals as a set.
    private static var handledMask: sigset_t {
        var mask = sigset_t()
        sigemptyset(&mask)
        for s in handledSignals { sigaddset(&mask, s) }
        return mask
    }

    /// Blocks the handled signals: one that comes before the loop runs (while
    /// the window is made, a switch device detached) waits for the loop, which
    /// then ends the keyboard cleanly, instead of killing it half started.
    /// Returns the mask before, for a start that fails to put back.
    @discardableResult
    static func blockHandledSignals() -> sigset_t {
        var mask = handledMask
        var previous = sigset_t()
        sigprocmask(SIG_BLOCK, &mask, &previous)
        return previous
    }

    /// Blocks the handled signals and opens a descriptor that delivers them (those already waiting too).
    init(connection: Int32) {
        connectionFD = connection
        Self.blockHandledSignals()
        var mask = Self.handledMask
        signalFD = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        // A dead display server must surface as a write error (Xlib reports it), not a silent SIGPIPE death.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit { close(signalFD) }

    /// Also waits on `fd`; `ready` runs on the loop's thread whenever it is readable.
    func add(_ fd: Int32, ready: @escaping () -> Void) {
        sources.append((fd, ready))
    }

    /// Stops waiting on `fd`.
    func remove(_ fd: Int32) {
        sources.removeAll { $0.fd == fd }
    }

    /// Waits until the connection is readable, a signal arrives, or the deadline
    /// passes; other descriptors found readable meanwhile have their handlers run.
    func wait(until deadline: Duration?, now: Duration) -> Wake {
        // Kept between waits (two a tap): made afresh, the list cost two allocations each.
        fds.removeAll(keepingCapacity: true)
        fds.append(pollfd(fd: connectionFD, events: Int16(POLLIN), revents: 0))
        fds.append(pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0))
        for source in sources { fds.append(pollfd(fd: source.fd, events: Int16(POLLIN), revents: 0)) }
        let timeout: Int32 = deadline.map { $0 > now ? ($0 - now).millisecondsRoundedUp : 0 } ?? -1
        let n = poll(&fds, nfds_t(fds.count), timeout)
        if n < 0 { return .ready }  // EINTR: just look again
        for (i, source) in sources.enumerated() where fds[2 + i].revents != 0 { source.ready() }
        if fds[1].revents & Int16(POLLIN) != 0 {
            var info = signalfd_siginfo()
            if read(signalFD, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
                return .signal(Int32(info.ssi_signo))
            }
        }
        if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 && fds[0].revents & Int16(POLLIN) == 0 {
            return .connectionClosed
        }
        return .ready
    }
}
