import CX11
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A window manager running on a private server (`Kind`),
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
    /// Its own session bus, for a manager that needs one; stopped after it.
    private var bus: SessionBus?

    private init(name: String, child: ChildProcess, home: ScratchDirectory? = nil, bus: SessionBus? = nil) {
        self.name = name
        self.child = child
        self.home = home
        self.bus = bus
        pid = child.pid
    }

    deinit { stop() }

    /// The window managers the tests run under, from Debian's packages.
    public enum Kind: String, CaseIterable, Sendable {
        case openbox, fluxbox, icewm
        /// XFCE's, MATE's and KDE's managers, a tiling one and awesome: the desktops people run.
        case xfwm4, marco, kwin = "kwin_x11", i3, awesome

        /// Its arguments: no session management, no compositing (Xvfb has no GPU), nothing but the manager.
        func arguments(home: String) -> [String] {
            switch self {
            case .openbox: return ["--sm-disable"]
            case .fluxbox, .icewm, .awesome: return []
            case .xfwm4: return ["--compositor=off", "--sm-client-disable"]
            case .marco: return ["--no-composite", "--sm-disable"]
            case .kwin: return ["--replace"]
            // Without a file of its own it reads /etc/i3/config, whose first-run wizard grabs the keyboard.
            case .i3: return ["-c", home + "/i3.config"]
            }
        }

        /// Whether it needs a session bus: xfwm4 reads its settings from xfconfd, which the bus starts.
        var needsBus: Bool { self == .xfwm4 }

        /// The Debian package it comes in (and what it needs that its package does not pull in).
        public var packages: String {
            switch self {
            case .kwin: return "kwin-x11"
            case .i3: return "i3-wm"
            case .marco: return "marco mate-settings-daemon-common"
            default: return rawValue
            }
        }
    }

    /// A minimal i3 configuration: its version line (else a migration script runs first), no bar.
    static let i3Configuration = "# i3 config file (v4)\nfont pango:monospace 8\nfocus_follows_mouse no\n"

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
            throw HarnessError.programMissing(name, hint: "the window manager tests and the bench need it (apt-get install \(kind.packages))")
        }
        let home = try ScratchDirectory()
        if kind == .i3 { try Self.i3Configuration.write(toFile: home.path("i3.config"), atomically: false, encoding: .utf8) }
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
        environment["XDG_CONFIG_HOME"] = home.path("config")
        environment["GSETTINGS_BACKEND"] = "memory"
        // A bus of its own when it needs one; else none (KDE's would start helpers that wait for a display).
        let bus = kind.needsBus ? try SessionBus() : nil
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus?.address ?? "disabled:"
        environment["XDG_RUNTIME_DIR"] = bus?.runtimeDirectory.path ?? home.path
        if kind == .kwin {
            environment["QT_QPA_PLATFORM"] = "xcb"
            environment["KWIN_COMPOSE"] = "N"
        }
        let child = try ChildProcess(program, kind.arguments(home: home.path), environment: environment)
        let manager = WindowManager(name: name, child: child, home: home, bus: bus)
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
        bus = nil
        return exitStatus
    }
}
