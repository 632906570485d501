import CX11
import Foundation
import TapboardTestKit

/// One fresh X server for one keyboard: Xvfb, optionally openbox and a private
/// D-Bus session bus, the bench's focused target window and its XTest tapper.
/// Closed in a safe order (keyboard, connections, helpers, server).
final class BenchSession {
    /// The private server.
    let xvfb: Xvfb
    /// The window manager, if this session has one.
    private(set) var windowManager: ChildProcess?
    /// A private `dbus-daemon --session`, if asked for.
    private(set) var sessionBus: ChildProcess?
    /// Its address, for DBUS_SESSION_BUS_ADDRESS.
    private(set) var sessionBusAddress: String?
    /// The application typed into: a window of the bench's own holding the focus.
    let target: TargetWindow
    /// The pointer, through XTest, on a connection of its own.
    let tapper: Tapper
    private var keyboards: [RunningKeyboard] = []

    /// Where every keyboard window goes (screen 1280x800, clear of the target at 40,40 500x300).
    static let keyboardPlacement = WindowPlacement(width: 800, height: 280, x: 240, y: 500)
    /// Where the pointer rests while nothing is tapped: the bare root window.
    static let restingPoint = ScreenPoint(x: 1200, y: 20)

    /// Starts Xvfb (and openbox, and a session bus, when asked), then the target and the tapper.
    init(windowManager useWM: Bool, sessionBus useBus: Bool) throws {
        let xvfb = try Xvfb()
        var helpers: [ChildProcess] = []
        do {
            if useBus {
                let (bus, address) = try Self.startSessionBus()
                helpers.append(bus)
                sessionBus = bus
                sessionBusAddress = address
            }
            if useWM {
                let wm = try Self.startWindowManager(on: xvfb.displayName)
                helpers.append(wm)
                windowManager = wm
            }
            target = try TargetWindow(displayName: xvfb.displayName)
            tapper = try Tapper(displayName: xvfb.displayName)
        } catch {
            for helper in helpers { helper.terminate() }
            xvfb.stop()
            throw error
        }
        self.xvfb = xvfb
        for pid in [xvfb.pid, sessionBus?.pid, windowManager?.pid] { ChildGuard.watch(pid) }
        tapper.move(to: Self.restingPoint)
    }

    /// Stops everything in a safe order.
    func close() {
        for keyboard in keyboards { keyboard.stop() }
        keyboards = []
        target.close()
        tapper.close()
        windowManager?.terminate()
        ChildGuard.forget(windowManager?.pid)
        windowManager = nil
        sessionBus?.terminate()
        ChildGuard.forget(sessionBus?.pid)
        sessionBus = nil
        let serverPid = xvfb.pid
        xvfb.stop()
        ChildGuard.forget(serverPid)
    }

    deinit { close() }

    /// `dbus-daemon --session --nofork --print-address=1`, and the address it prints.
    private static func startSessionBus() throws -> (ChildProcess, String) {
        guard let daemon = executableOnPath("dbus-daemon") else {
            throw BenchError.setup("dbus-daemon is not installed (apt-get install dbus-daemon)")
        }
        let child = try ChildProcess(daemon, ["--session", "--nofork", "--nopidfile", "--print-address=1"], output: .pipe)
        guard let fd = child.outputPipe else { throw BenchError.setup("dbus-daemon: no stdout pipe") }
        let deadline = Deadline(.seconds(10))
        var text = ""
        while !text.contains("\n") {
            let ready = deadline.waitReadable([fd, child.exitDescriptor])
            if ready.isEmpty { throw BenchError.setup("dbus-daemon printed no address within 10 s") }
            var buffer = [UInt8](repeating: 0, count: 256)
            let n = read(fd, &buffer, buffer.count)
            if n > 0 { text += String(decoding: buffer[..<n], as: UTF8.self) } else if !child.isRunning {
                throw BenchError.setup("dbus-daemon exited: \(child.standardError)")
            }
        }
        return (child, text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Starts openbox and waits until it has claimed the screen (_NET_SUPPORTING_WM_CHECK
    /// on the root) and manages new windows.
    private static func startWindowManager(on displayName: String) throws -> ChildProcess {
        guard let openbox = executableOnPath("openbox") else {
            throw BenchError.setup("openbox is not installed (apt-get install openbox)")
        }
        let display = try XConnection.open(displayName)
        defer { XCloseDisplay(display) }
        let root = tb_root_window(display, tb_default_screen(display))
        XSelectInput(display, root, PropertyChangeMask)
        let check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", 0)
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = displayName
        let child = try ChildProcess(openbox, ["--sm-disable"], environment: environment)
        let claimed = { () -> Bool in
            var type: Atom = 0
            var format: Int32 = 0
            var count: UInt = 0, after: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            let status = XGetWindowProperty(display, root, check, 0, 1, 0, Atom(33) /* XA_WINDOW */, &type, &format, &count, &after, &data)
            if let data { XFree(data) }
            return status == Success && count == 1
        }
        let ok = XConnection.pump(display, until: Deadline(.seconds(15)), extraDescriptors: [child.exitDescriptor],
                                  handle: { _ in }, done: { claimed() || !child.isRunning })
        guard ok, child.isRunning else {
            child.terminate()
            throw BenchError.setup("openbox did not start: \(child.status.map(\.description) ?? "timed out"); \(child.standardError.suffix(400))")
        }
        // It claims the screen before it manages windows: a window mapped just
        // then stays unmapped. Map probes until one is reparented into a frame.
        let deadline = Deadline(.seconds(15))
        var managed = false
        while !managed && !deadline.hasPassed && child.isRunning {
            let probe = XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, 0, 0)
            XSelectInput(display, probe, StructureNotifyMask)
            XMapWindow(display, probe)
            _ = XConnection.pump(display, until: Deadline(.milliseconds(250)), handle: { event in
                if event.type == ReparentNotify && event.xreparent.window == probe { managed = true }
            }, done: { managed })
            XDestroyWindow(display, probe)
            XSync(display, 0)
        }
        guard managed else {
            child.terminate()
            throw BenchError.setup("openbox did not manage a window within 15 s; \(child.standardError.suffix(400))")
        }
        return child
    }

    /// Starts a keyboard, waits for its window to be mapped, and places it.
    func launch(_ spec: KeyboardSpec) throws -> RunningKeyboard {
        let keyboard = try RunningKeyboard(spec, session: self)
        keyboards.append(keyboard)
        return keyboard
    }

    /// Stops a keyboard started by `launch`.
    func stop(_ keyboard: RunningKeyboard) -> ExitStatus? {
        keyboards.removeAll { $0 === keyboard }
        return keyboard.stop()
    }
}
