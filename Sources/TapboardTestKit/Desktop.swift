import CX11
import Foundation

/// One test's X session: its own Xvfb, optionally a window manager, the focused
/// target window, the XTest tapper, and the keyboards launched on it. Released
/// in a safe order: the keyboards stop, the connections close and the window
/// manager stops before the server does (Xlib exits the process when a server
/// vanishes under an open connection).
public final class Desktop {
    /// The private server.
    public let xvfb: Xvfb
    /// The window the keyboard types into.
    public let target: TargetWindow
    /// The pointer.
    public let tapper: Tapper
    /// The window manager (openbox), if this session has one.
    public let windowManager: WindowManager?
    private var keyboards: [Keyboard] = []

    /// Where the keyboard window goes by default: the bottom of the 1280x800 screen,
    /// clear of the target window.
    public static let keyboardGeometry = WindowPlacement(width: 800, height: 280, x: 240, y: 500)

    /// Starts Xvfb (then openbox, when `windowManager`), maps and focuses the target, opens the tapper.
    /// With `resizableScreen`, the server is Xorg's dummy driver instead (see `Xvfb.resizable()`).
    /// Without `focusTarget` the target is mapped and the focus left as the server has it
    /// (PointerRoot with no window manager, as on a kiosk).
    public convenience init(windowManager useWindowManager: Bool = false, resizableScreen: Bool = false, focusTarget: Bool = true) throws {
        try self.init(manager: useWindowManager ? .openbox : nil, resizableScreen: resizableScreen, focusTarget: focusTarget)
    }

    /// As `init(windowManager:...)`, with the window manager named (none when nil).
    public init(manager kind: WindowManager.Kind?, resizableScreen: Bool = false, focusTarget: Bool = true) throws {
        xvfb = resizableScreen ? try Xvfb.resizable() : try Xvfb()
        var manager: WindowManager?
        do {
            if let kind { manager = try WindowManager.start(kind, on: xvfb.displayName) }
            target = try TargetWindow(displayName: xvfb.displayName, takeFocus: focusTarget)
            tapper = try Tapper(displayName: xvfb.displayName)
        } catch {
            // What the window manager said, with the failure: it may be why.
            let said = manager.map { "; \($0.name)'s stderr: \($0.standardError.suffix(3000))" + ($0.isRunning ? "" : " (it had exited)") } ?? ""
            manager?.stop()
            xvfb.stop()
            if !said.isEmpty, case HarnessError.timedOut(let what) = error { throw HarnessError.timedOut(what + said) }
            throw error
        }
        windowManager = manager
    }

    /// Starts the real keyboard on this server and waits for its window.
    public func launchKeyboard(geometry: WindowPlacement? = Desktop.keyboardGeometry, arguments: [String] = [],
                               environment: [String: String] = [:]) throws -> Keyboard {
        let keyboard = try Keyboard(displayName: xvfb.displayName, geometry: geometry, tapper: tapper, observer: target,
                                    arguments: arguments, environment: environment)
        keyboards.append(keyboard)
        return keyboard
    }

    /// Starts `tapboard events [extra...]` and waits (deadline) for its first line,
    /// the didShow every new listener hears.
    public func listen(_ extra: [String] = []) throws -> ChildProcess {
        let events = try ChildProcess(try Keyboard.locateBinary(), ["events", "--display", xvfb.displayName] + extra)
        _ = waitForOutput(of: events, timeout: .seconds(10)) { $0.contains("\n") }
        return events
    }

    /// Polls (blocked on the target's connection between looks, which handles
    /// its events meanwhile) until `condition` holds or `timeout` passes; whether it held.
    public func waitUntil(timeout: Duration = .seconds(5), _ condition: () -> Bool) -> Bool {
        let end = Deadline(timeout)
        while !condition() {
            if end.hasPassed { return false }
            target.handleEvents(until: Deadline(.milliseconds(20)))
        }
        return true
    }

    /// Waits (deadline) until a child's output passes `test`, the target handling
    /// its events meanwhile; whether it did.
    public func waitForOutput(of child: ChildProcess, timeout: Duration = .seconds(5), until test: (String) -> Bool) -> Bool {
        let end = Deadline(timeout)
        while !test(child.standardOutput) {
            if end.hasPassed || !child.isRunning { return test(child.standardOutput) }
            target.handleEvents(until: Deadline(.milliseconds(20)))
        }
        return true
    }

    /// Gives the input focus to whatever window is under the pointer (PointerRoot), as a
    /// bare server without a window manager has it, so the target window no longer holds it.
    public func focusPointerRoot() throws {
        let d = try XConnection.open(xvfb.displayName)
        defer { XCloseDisplay(d) }
        // RevertToPointerRoot is PointerRoot (a macro with a cast, not imported).
        XSetInputFocus(d, Window(PointerRoot), Int32(PointerRoot), Time(CurrentTime))
        XSync(d, 0)
    }

    /// The root's _NET_WORKAREA (x, y, width, height of the first desktop), once it equals `expected` or 10 s pass.
    public func workArea(becoming expected: [Int]) throws -> [Int] {
        let d = try XConnection.open(xvfb.displayName)
        defer { XCloseDisplay(d) }
        let root = tb_root_window(d, tb_default_screen(d))
        XSelectInput(d, root, PropertyChangeMask)
        func read() -> [Int] {
            var type: Atom = 0, format: Int32 = 0
            var count: UInt = 0, after: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            let atom = XInternAtom(d, "_NET_WORKAREA", 0)
            guard XGetWindowProperty(d, root, atom, 0, 4, 0, XA_CARDINAL, &type, &format, &count, &after, &data) == Success,
                  let data, count >= 4 else { return [] }
            defer { XFree(data) }
            return data.withMemoryRebound(to: UInt.self, capacity: 4) { p in (0 ..< 4).map { Int(p[$0]) } }
        }
        var area = read()
        _ = XConnection.pump(d, until: Deadline(.seconds(10)), handle: { _ in area = read() }, done: { area == expected })
        return area
    }

    deinit {
        for keyboard in keyboards where keyboard.isRunning { _ = keyboard.terminate() }
        keyboards = []
        target.close()
        tapper.close()
        windowManager?.stop()
        xvfb.stop()
    }
}
