import Foundation
import TapboardTestKit

/// One fresh kiosk for one cell of the kiosk table: Xvfb, openbox when asked,
/// a private session bus (and with it the accessibility bus) when asked, the
/// XTest pointer, and no window of the bench's own: the application is the only
/// client until the keyboard starts. Closed in a safe order (keyboard,
/// application, connections, helpers, server).
final class KioskSession: KeyboardHost {
    /// The private server.
    let xvfb: Xvfb
    /// The window manager (openbox), if this kiosk has one.
    private(set) var windowManager: WindowManager?
    /// A private `dbus-daemon --session`, if asked for.
    private var sessionBus: ChildProcess?
    /// Its address.
    private(set) var sessionBusAddress: String?
    /// The bus's own XDG_RUNTIME_DIR (the accessibility bus puts its socket there).
    private var runtimeDirectory: String?
    /// The pointer and the keyboard state, through XTest, on a connection of its own.
    let tapper: Tapper
    /// Queries on the server (which window is where, names, XKB state).
    let probe: KioskProbe
    /// Processes to stop before the server: keyboards first, then applications.
    private var children: [ChildProcess] = []
    var keyboards: [RunningKeyboard] = []

    /// Starts Xvfb 1280x800 (then openbox, a session bus, when asked) and the tapper.
    init(windowManager useWM: Bool, sessionBus useBus: Bool) throws {
        let xvfb = try Xvfb()
        ChildGuard.watch(xvfb.pid)
        var bus: (child: ChildProcess, address: String, directory: String)?
        var manager: WindowManager?
        do {
            if useBus {
                let directory = try BenchSession.makeRuntimeDirectory()
                let (child, address) = try BenchSession.startSessionBus(runtimeDirectory: directory)
                ChildGuard.watch(child.pid)
                bus = (child, address, directory)
            }
            if useWM {
                manager = try WindowManager.openbox(on: xvfb.displayName)
                ChildGuard.watch(manager?.pid)
            }
            tapper = try Tapper(displayName: xvfb.displayName)
            probe = try KioskProbe(displayName: xvfb.displayName)
        } catch {
            manager?.stop()
            ChildGuard.forget(manager?.pid)
            if let bus {
                _ = bus.child.terminate()
                ChildGuard.forget(bus.child.pid)
                try? FileManager.default.removeItem(atPath: bus.directory)
            }
            let serverPid = xvfb.pid
            xvfb.stop()
            ChildGuard.forget(serverPid)
            throw error
        }
        self.xvfb = xvfb
        windowManager = manager
        sessionBus = bus?.child
        sessionBusAddress = bus?.address
        runtimeDirectory = bus?.directory
    }

    deinit { close() }

    /// Stops everything in a safe order; calling it again does nothing.
    func close() {
        for keyboard in keyboards { keyboard.stop() }
        keyboards = []
        for child in children.reversed() {
            _ = child.terminate()
            ChildGuard.forget(child.pid)
        }
        children = []
        tapper.close()
        probe.close()
        stopHelpers()
    }

    private func stopHelpers() {
        windowManager?.stop()
        ChildGuard.forget(windowManager?.pid)
        windowManager = nil
        if let sessionBus {
            _ = sessionBus.terminate()
            ChildGuard.forget(sessionBus.pid)
        }
        sessionBus = nil
        if let runtimeDirectory { try? FileManager.default.removeItem(atPath: runtimeDirectory) }
        runtimeDirectory = nil
        let serverPid = xvfb.pid
        xvfb.stop()
        ChildGuard.forget(serverPid)
    }

    /// What a program is given to use the session bus (empty without one).
    var sessionBusEnvironment: [String: String] {
        guard let sessionBusAddress, let runtimeDirectory else { return [:] }
        return ["DBUS_SESSION_BUS_ADDRESS": sessionBusAddress, "XDG_RUNTIME_DIR": runtimeDirectory]
    }

    /// The accessibility bus's address (org.a11y.Bus.GetAddress starts it).
    func accessibilityAddress() throws -> String {
        let answer = try busctl(["call", "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress"])
        guard answer.ok, answer.output.hasPrefix("s \"") else {
            throw BenchError.setup("the accessibility bus did not start (at-spi2-core installed?): \(answer.output.prefix(200))")
        }
        return String(answer.output.dropFirst(3).prefix { $0 != "\"" })
    }

    /// Starts a program on this server (DISPLAY set; `environment` sets variables, nil removes one), stopped with the kiosk.
    func start(_ executable: URL, _ arguments: [String], environment: [String: String?]) throws -> ChildProcess {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = xvfb.displayName
        for (name, value) in environment { env[name] = value }
        let child = try ChildProcess(executable, arguments, environment: env)
        ChildGuard.watch(child.pid)
        children.append(child)
        return child
    }

}
