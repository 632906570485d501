import CX11
import Foundation
import TapboardTestKit

/// One fresh X server for one keyboard: Xvfb, optionally openbox and a private
/// D-Bus session bus, the bench's focused target window and its XTest tapper.
/// Closed in a safe order (keyboard, connections, helpers, server).
final class BenchSession: KeyboardHost {
    /// The private server.
    let xvfb: Xvfb
    /// The window manager (openbox), if this session has one.
    private(set) var windowManager: WindowManager?
    /// A private `dbus-daemon --session`, if asked for.
    private(set) var sessionBus: ChildProcess?
    /// Its address, for DBUS_SESSION_BUS_ADDRESS.
    private(set) var sessionBusAddress: String?
    /// The bus's own XDG_RUNTIME_DIR: the accessibility bus it may start puts its
    /// socket there, not in a directory shared with other sessions.
    private(set) var runtimeDirectory: String?
    /// The application typed into: a window of the bench's own holding the focus.
    let target: TargetWindow
    /// The pointer, through XTest, on a connection of its own.
    let tapper: Tapper
    var keyboards: [RunningKeyboard] = []

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
                let directory = try Self.makeRuntimeDirectory()
                runtimeDirectory = directory
                let (bus, address) = try Self.startSessionBus(runtimeDirectory: directory)
                helpers.append(bus)
                sessionBus = bus
                sessionBusAddress = address
            }
            if useWM {
                windowManager = try WindowManager.openbox(on: xvfb.displayName)
            }
            target = try TargetWindow(displayName: xvfb.displayName)
            tapper = try Tapper(displayName: xvfb.displayName)
        } catch {
            for helper in helpers { helper.terminate() }
            windowManager?.stop()
            xvfb.stop()
            if let runtimeDirectory { try? FileManager.default.removeItem(atPath: runtimeDirectory) }
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
        windowManager?.stop()
        ChildGuard.forget(windowManager?.pid)
        windowManager = nil
        sessionBus?.terminate()
        ChildGuard.forget(sessionBus?.pid)
        sessionBus = nil
        if let runtimeDirectory { try? FileManager.default.removeItem(atPath: runtimeDirectory) }
        runtimeDirectory = nil
        let serverPid = xvfb.pid
        xvfb.stop()
        ChildGuard.forget(serverPid)
    }

    deinit { close() }

    /// What a program is given to use the session bus: its address and runtime directory.
    var sessionBusEnvironment: [String: String] {
        var environment: [String: String] = [:]
        environment["DBUS_SESSION_BUS_ADDRESS"] = sessionBusAddress
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        return environment
    }

    /// A fresh 0700 directory under the temporary directory.
    static func makeRuntimeDirectory() throws -> String {
        var template = Array(FileManager.default.temporaryDirectory.appendingPathComponent("tapbench-bus-XXXXXX").path.utf8CString)
        guard let made = mkdtemp(&template) else { throw BenchError.setup("cannot make a runtime directory for dbus-daemon") }
        return String(cString: made)
    }

    /// `dbus-daemon --session --nofork --print-address=1` with its own
    /// XDG_RUNTIME_DIR, and the address it prints.
    static func startSessionBus(runtimeDirectory: String) throws -> (ChildProcess, String) {
        guard let daemon = executableOnPath("dbus-daemon") else {
            throw BenchError.setup("dbus-daemon is not installed (apt-get install dbus-daemon)")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        let child = try ChildProcess(daemon, ["--session", "--nofork", "--nopidfile", "--print-address=1"],
                                     environment: environment, output: .pipe)
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


    /// Stops a keyboard started by `launch`, noting (after `context`) a target that
    /// lost the focus, an exit other than a clean one on SIGTERM, and keys left down.
    func stop(_ keyboard: RunningKeyboard, noting notes: inout [String], context: String = "") {
        target.drain()
        if !target.hasFocus { notes.append("\(context)the target window did not have the focus at the end") }
        let status = stop(keyboard)
        if let status, status != .exited(0), status != .signalled(SIGTERM) {
            notes.append("\(context)after SIGTERM it \(status)")
        } else if status == nil {
            notes.append("\(context)it did not exit within 5 s of SIGTERM")
        }
        target.drain()
        let down = tapper.keysDown()
        if !down.isEmpty { notes.append("\(context)keycodes left down after it stopped: \(down)") }
    }
}
