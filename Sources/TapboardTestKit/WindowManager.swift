import CX11
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A window manager running on a private server (openbox, fluxbox or icewm),
/// started and waited for until it really manages windows. Stop it before the server: it gives its
/// windows back to the root when it exits, which needs the server.
public final class WindowManager {
    /// The program's name, for messages (`openbox`).
    public let name: String
    /// Its process id (to watch or measure it; stays set after it exits).
    public let pid: pid_t
    private let child: ChildProcess
    private var exitStatus: ExitStatus?
    private var stopped = false

    /// Its home, where it may write its settings.
    private let home: ScratchDirectory?

    private init(name: String, child: ChildProcess, home: ScratchDirectory? = nil) {
        self.name = name
        self.child = child
        self.home = home
        pid = child.pid
    }

    deinit { stop() }

    /// The window managers the tests run under, from Debian's packages.
    public enum Kind: String, CaseIterable, Sendable {
        case openbox, fluxbox, icewm

        /// Its arguments: no session management, nothing but the manager.
        var arguments: [String] {
            switch self {
            case .openbox: return ["--sm-disable"]
            case .fluxbox, .icewm: return []
            }
        }
    }

    /// Starts `openbox --sm-disable` on `displayName` (see `start`).
    public static func openbox(on displayName: String, timeout: Duration = .seconds(15)) throws -> WindowManager {
        try start(.openbox, on: displayName, timeout: timeout)
    }

    /// Starts a window manager on `displayName` (with a home of its own, so no
    /// setting of the user's is read or written) and waits (poll with a deadline,
    /// no sleeping) until it has claimed the screen and then until it reparents a
    /// newly mapped window into a frame (`timeout` for each).
    public static func start(_ kind: Kind, on displayName: String, timeout: Duration = .seconds(15)) throws -> WindowManager {
        let name = kind.rawValue
        guard let program = executableOnPath(name) else {
            throw HarnessError.programMissing(name, hint: "the window manager tests and the bench need it (apt-get install \(name))")
        }
        let home = try ScratchDirectory()
        let display = try XConnection.open(displayName)
        defer { XCloseDisplay(display) }
        let root = tb_root_window(display, tb_default_screen(display))
        // Listen before it starts, so the property it sets is not missed.
        XSelectInput(display, root, PropertyChangeMask)
        XSync(display, 0)
        let check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", 0)
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = displayName
        environment["HOME"] = home.path
        let child = try ChildProcess(program, kind.arguments, environment: environment)
        let manager = WindowManager(name: name, child: child, home: home)
        // Stops it (if it still runs) and says why, with the end of its stderr.
        let failed = { (why: String) -> HarnessError in
            manager.stop()
            return HarnessError.windowManagerDidNotStart(name: name, why: "\(why); stderr: \(child.standardError.suffix(400))")
        }

        // It sets _NET_SUPPORTING_WM_CHECK on the root once it has claimed the screen.
        let claimed = { () -> Bool in
            var type: Atom = 0
            var format: Int32 = 0
            var count: UInt = 0, after: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            let status = XGetWindowProperty(display, root, check, 0, 1, 0, Atom(33) /* XA_WINDOW */, &type, &format, &count, &after, &data)
            if let data { XFree(data) }
            return status == Success && count == 1
        }
        let ok = XConnection.pump(display, until: Deadline(timeout), extraDescriptors: [child.exitDescriptor],
                                  handle: { _ in }, done: { claimed() || !child.isRunning })
        if let status = child.status { throw failed("it \(status) before claiming the screen") }
        guard ok else { throw failed("it did not claim the screen (_NET_SUPPORTING_WM_CHECK) within \(timeout)") }

        // It claims the screen before it manages windows: a window mapped just
        // then stays unmapped. Map probes until one is reparented into a frame.
        let deadline = Deadline(timeout)
        var managed = false
        while !managed && !deadline.hasPassed && child.isRunning {
            let probe = XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, 0, 0)
            XSelectInput(display, probe, StructureNotifyMask)
            XMapWindow(display, probe)
            _ = XConnection.pump(display, until: Deadline(.milliseconds(250)), extraDescriptors: [child.exitDescriptor],
                                 handle: { event in
                                     if event.type == ReparentNotify && event.xreparent.window == probe { managed = true }
                                 }, done: { managed || !child.isRunning })
            XDestroyWindow(display, probe)
            XSync(display, 0)
        }
        if let status = child.status { throw failed("it \(status) before managing a window") }
        guard managed else { throw failed("it did not manage a window within \(timeout)") }
        return manager
    }

    /// Whether it is still running.
    public var isRunning: Bool { !stopped && child.isRunning }

    /// What it wrote on stderr so far.
    public var standardError: String { child.standardError }

    /// Stops it: SIGTERM, then SIGKILL if it has not exited within `timeout`; returns how it
    /// ended (nil if even SIGKILL did not end it). Calling it again returns the same status.
    @discardableResult
    public func stop(within timeout: Duration = .seconds(5)) -> ExitStatus? {
        guard !stopped else { return exitStatus }
        stopped = true
        exitStatus = child.terminate(within: timeout)
        return exitStatus
    }
}
