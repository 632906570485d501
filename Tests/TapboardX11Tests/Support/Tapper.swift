import CX11
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A point on the screen, in root window pixels.
struct ScreenPoint: Equatable, CustomStringConvertible {
    var x: Int32
    var y: Int32
    var description: String { "(\(x), \(y))" }
}

/// A window's place on the screen.
struct WindowGeometry: Equatable, CustomStringConvertible {
    var width: Int
    var height: Int
    var x: Int
    var y: Int
    /// The `--geometry` form, `WxH+X+Y`.
    var description: String { "\(width)x\(height)+\(x)+\(y)" }
    /// The `--size` form, `WxH`.
    var size: String { "\(width)x\(height)" }
}

/// The core keyboard mapping (XGetKeyboardMapping), to compare before and after.
struct KeyboardMapping: Equatable {
    /// The first keycode.
    var minKeycode: Int
    /// Keysyms per keycode.
    var perKeycode: Int
    /// All keysyms, `perKeycode` per keycode from `minKeycode` on.
    var keysyms: [KeySym]

    /// The keycodes whose keysyms differ from `other`'s, described, for failure messages.
    func differences(from other: KeyboardMapping) -> String {
        guard minKeycode == other.minKeycode, perKeycode == other.perKeycode,
              keysyms.count == other.keysyms.count else {
            return "shape differs: \(minKeycode)/\(perKeycode)/\(keysyms.count) vs \(other.minKeycode)/\(other.perKeycode)/\(other.keysyms.count)"
        }
        var lines: [String] = []
        for index in stride(from: 0, to: keysyms.count, by: perKeycode) {
            let mine = Array(keysyms[index..<index + perKeycode])
            let theirs = Array(other.keysyms[index..<index + perKeycode])
            if mine != theirs {
                let name = { (syms: [KeySym]) in syms.map { XKeysymToString($0).map { String(cString: $0) } ?? "0x\(String($0, radix: 16))" } }
                lines.append("keycode \(minKeycode + index / perKeycode): \(name(mine)) vs \(name(theirs))")
            }
        }
        return lines.joined(separator: "; ")
    }
}

/// A pointer driven through XTest on a connection of its own, plus queries of
/// the server's keyboard state.
final class Tapper {
    private var display: OpaquePointer?
    private let screen: Int32

    /// Opens a connection to `displayName` and checks it has XTest.
    init(displayName: String) throws {
        let d = try XConnection.open(displayName)
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(d, &event, &error, &major, &minor) != 0 else {
            XCloseDisplay(d)
            throw HarnessError.noXTest(displayName)
        }
        display = d
        screen = tb_default_screen(d)
    }

    deinit { close() }

    /// Closes the connection. Call before the server stops.
    func close() {
        if let display { XCloseDisplay(display) }
        display = nil
    }

    /// Moves the pointer to a point.
    func move(to point: ScreenPoint) {
        guard let display else { return }
        XTestFakeMotionEvent(display, screen, point.x, point.y, 0)
        XSync(display, 0)
    }

    /// Presses button 1 where the pointer is.
    func press() {
        guard let display else { return }
        XTestFakeButtonEvent(display, 1, 1, 0)
        XSync(display, 0)
    }

    /// Releases button 1.
    func release() {
        guard let display else { return }
        XTestFakeButtonEvent(display, 1, 0, 0)
        XSync(display, 0)
    }

    /// A tap: move to the point, press and release button 1, flush.
    func tap(_ point: ScreenPoint) {
        guard let display else { return }
        XTestFakeMotionEvent(display, screen, point.x, point.y, 0)
        XTestFakeButtonEvent(display, 1, 1, 0)
        XTestFakeButtonEvent(display, 1, 0, 0)
        XFlush(display)
        XSync(display, 0)
    }

    /// A drag: press at `from`, move to `to` in `steps` motions, release there.
    func drag(from: ScreenPoint, to: ScreenPoint, steps: Int = 8) {
        guard let display else { return }
        XTestFakeMotionEvent(display, screen, from.x, from.y, 0)
        XTestFakeButtonEvent(display, 1, 1, 0)
        for step in 1...max(1, steps) {
            let x = from.x + (to.x - from.x) * Int32(step) / Int32(max(1, steps))
            let y = from.y + (to.y - from.y) * Int32(step) / Int32(max(1, steps))
            XTestFakeMotionEvent(display, screen, x, y, 0)
        }
        XTestFakeButtonEvent(display, 1, 0, 0)
        XFlush(display)
        XSync(display, 0)
    }

    /// Presses or releases a keycode through XTest (for checking the harness itself).
    func key(_ keycode: UInt32, down: Bool) {
        guard let display else { return }
        XTestFakeKeyEvent(display, keycode, down ? 1 : 0, 0)
        XSync(display, 0)
    }

    /// The keycode that has this keysym in the current mapping (0 if none).
    func keycode(for keysym: Int32) -> UInt32 {
        guard let display else { return 0 }
        return UInt32(XKeysymToKeycode(display, KeySym(keysym)))
    }

    /// The keycodes the server reports down (XQueryKeymap); empty when no key is down.
    func keysDown() -> [Int] {
        guard let display else { return [] }
        var keys = [CChar](repeating: 0, count: 32)
        XQueryKeymap(display, &keys)
        var down: [Int] = []
        for (byte, bits) in keys.enumerated() where bits != 0 {
            for bit in 0..<8 where UInt8(bitPattern: bits) & (1 << bit) != 0 { down.append(byte * 8 + bit) }
        }
        return down
    }

    /// Whether no key is down at all (XQueryKeymap all zero).
    var noKeyDown: Bool { keysDown().isEmpty }

    /// The pointer buttons down (XQueryPointer's mask), 0 when none.
    func buttonsDown() -> UInt32 {
        guard let display else { return 0 }
        var root: Window = 0, child: Window = 0
        var rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0
        var mask: UInt32 = 0
        XQueryPointer(display, tb_root_window(display, screen), &root, &child, &rx, &ry, &wx, &wy, &mask)
        return mask & UInt32(Button1Mask | Button2Mask | Button3Mask | Button4Mask | Button5Mask)
    }

    /// Sets the keysyms of one keycode (XChangeKeyboardMapping), as a keyboard does
    /// with a spare keycode; for checking the harness itself.
    func setKeysyms(_ keysyms: [KeySym], for keycode: Int) {
        guard let display, !keysyms.isEmpty else { return }
        var syms = keysyms
        XChangeKeyboardMapping(display, Int32(keycode), Int32(syms.count), &syms, 1)
        XSync(display, 0)
    }

    /// A snapshot of the core keyboard mapping.
    func keyboardMapping() -> KeyboardMapping {
        guard let display else { return KeyboardMapping(minKeycode: 0, perKeycode: 0, keysyms: []) }
        var minCode: Int32 = 0, maxCode: Int32 = 0, per: Int32 = 0
        XDisplayKeycodes(display, &minCode, &maxCode)
        let count = maxCode - minCode + 1
        guard let syms = XGetKeyboardMapping(display, KeyCode(minCode), count, &per) else {
            return KeyboardMapping(minKeycode: Int(minCode), perKeycode: 0, keysyms: [])
        }
        defer { XFree(syms) }
        let all = Array(UnsafeBufferPointer(start: syms, count: Int(count) * Int(per)))
        return KeyboardMapping(minKeycode: Int(minCode), perKeycode: Int(per), keysyms: all)
    }
}

/// One key as `tapboard dump-layout` reports it, in window pixels.
struct KeyFrame: Decodable {
    var id: String
    var label: String?
    var action: String
    var x: Double
    var y: Double
    var width: Double
    var height: Double
}

/// One page as `tapboard dump-layout` reports it.
struct PageFrames: Decodable {
    struct Size: Decodable { var width: Double; var height: Double }
    var page: String
    var size: Size
    var keys: [KeyFrame]
}

/// The real `tapboard` binary, running on the test's server.
final class Keyboard {
    /// Where the binary is.
    let binary: URL
    /// The window's place, as asked with --geometry.
    let requested: WindowGeometry
    /// The window's place as found on the screen once mapped.
    let actual: WindowGeometry
    /// The keyboard window.
    let window: Window
    private let child: ChildProcess
    private let tapper: Tapper
    /// The application typed into: after every tap it handles what has arrived,
    /// as a live application would (a late reader sees the keymap as it is when
    /// it reads, not as it was when the key was typed).
    private let observer: TargetWindow?
    private var pages: [String: PageFrames] = [:]

    /// Finds the binary: `$TAPBOARD_BIN`, or `tapboard` in the build directory
    /// that holds the running test executable.
    static func locateBinary() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["TAPBOARD_BIN"], !path.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: path) else { throw HarnessError.binaryNotFound([path + " (TAPBOARD_BIN)"]) }
            return URL(fileURLWithPath: path)
        }
        var executables: [URL] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            executables.append(URL(fileURLWithPath: exe))
        }
        if let exe = Bundle.main.executableURL { executables.append(exe.resolvingSymlinksInPath()) }
        executables.append(URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath())
        var looked: [String] = []
        for exe in executables {
            // Next to the test executable, or next to the .xctest bundle that holds it.
            var dirs = [exe.deletingLastPathComponent()]
            var url = exe
            while url.pathComponents.count > 1 {
                url = url.deletingLastPathComponent()
                if url.pathExtension == "xctest" { dirs.append(url.deletingLastPathComponent()) }
            }
            for dir in dirs {
                let candidate = dir.appendingPathComponent("tapboard")
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDir), !isDir.boolValue,
                   FileManager.default.isExecutableFile(atPath: candidate.path) {
                    return candidate
                }
                if !looked.contains(candidate.path) { looked.append(candidate.path) }
            }
        }
        throw HarnessError.binaryNotFound(looked)
    }

    /// Starts `tapboard --display D --geometry G [extra...]` and waits until its
    /// window (WM_CLASS tapboard) is mapped; no sleeping, a deadline.
    init(displayName: String, geometry: WindowGeometry, tapper: Tapper, observer: TargetWindow?,
         arguments extra: [String] = [], timeout: Duration = .seconds(15)) throws {
        binary = try Self.locateBinary()
        requested = geometry
        self.tapper = tapper
        self.observer = observer
        let watcher = try XConnection.open(displayName)
        defer { XCloseDisplay(watcher) }
        let root = tb_root_window(watcher, tb_default_screen(watcher))
        XSelectInput(watcher, root, SubstructureNotifyMask)
        XSync(watcher, 0)

        // No DISPLAY in its environment: --display must be what it uses.
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        let child = try ChildProcess(binary, ["--display", displayName, "--geometry", geometry.description] + extra,
                                     environment: environment)
        self.child = child
        var found: Window?
        var watched: Set<Window> = []
        let ok = XConnection.pump(watcher, until: Deadline(timeout), extraDescriptors: [child.exitDescriptor],
                                  handle: { event in
            var candidate: Window?
            switch event.type {
            case MapNotify: candidate = event.xmap.window
            case PropertyNotify where watched.contains(event.xproperty.window): candidate = event.xproperty.window
            default: break
            }
            guard found == nil, let window = candidate else { return }
            if Self.wmClass(of: window, on: watcher).contains("tapboard") {
                found = window
            } else if event.type == MapNotify, !watched.contains(window) {
                // WM_CLASS may be set just after mapping: watch its properties too.
                watched.insert(window)
                XSelectInput(watcher, window, PropertyChangeMask)
            }
        }, done: { found != nil || !child.isRunning })
        guard ok, let window = found else {
            if let status = child.status {
                throw HarnessError.processFailed("\(child.name) \(status) before mapping a window with WM_CLASS tapboard; stderr: \(child.standardError)")
            }
            throw HarnessError.timedOut("no mapped window with WM_CLASS tapboard within \(timeout) of starting \(child.name); stderr: \(child.standardError)")
        }
        self.window = window
        var rootReturn: Window = 0, childReturn: Window = 0
        var x: Int32 = 0, y: Int32 = 0, gx: Int32 = 0, gy: Int32 = 0
        var width: UInt32 = 0, height: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
        XGetGeometry(watcher, window, &rootReturn, &gx, &gy, &width, &height, &border, &depth)
        XTranslateCoordinates(watcher, window, root, 0, 0, &x, &y, &childReturn)
        actual = WindowGeometry(width: Int(width), height: Int(height), x: Int(x), y: Int(y))
    }

    deinit { child.terminate() }

    /// The WM_CLASS strings (instance and class) of a window.
    private static func wmClass(of window: Window, on display: OpaquePointer) -> [String] {
        var hint = XClassHint()
        guard XGetClassHint(display, window, &hint) != 0 else { return [] }
        var names: [String] = []
        if let name = hint.res_name { names.append(String(cString: name)); XFree(name) }
        if let cls = hint.res_class { names.append(String(cString: cls)); XFree(cls) }
        return names
    }

    /// The key frames of a page at the window's size, from `tapboard dump-layout`.
    func frames(of page: String) throws -> PageFrames {
        if let frames = pages[page] { return frames }
        let frames = try Self.dumpLayout(binary: binary, size: actual.size, page: page)
        pages[page] = frames
        return frames
    }

    /// Runs `tapboard dump-layout --size WxH --page P` and parses its JSON.
    static func dumpLayout(binary: URL, size: String, page: String) throws -> PageFrames {
        let output = try ChildProcess.run(binary, ["dump-layout", "--size", size, "--page", page])
        let frames: PageFrames
        do {
            frames = try JSONDecoder().decode(PageFrames.self, from: Data(output.utf8))
        } catch {
            throw HarnessError.badLayout("\(error) in \(output.prefix(400))")
        }
        guard frames.page == page else { throw HarnessError.badLayout("asked for page \(page), got \(frames.page)") }
        guard "\(Int(frames.size.width))x\(Int(frames.size.height))" == size else {
            throw HarnessError.badLayout("asked for size \(size), got \(frames.size.width)x\(frames.size.height)")
        }
        return frames
    }

    /// The screen point at the centre of a key.
    func centre(of id: String, on page: String) throws -> ScreenPoint {
        let frames = try frames(of: page)
        guard let key = frames.keys.first(where: { $0.id == id }) else {
            throw HarnessError.noSuchKey(page: page, id: id, known: frames.keys.map(\.id))
        }
        return ScreenPoint(x: Int32(actual.x) + Int32((key.x + key.width / 2).rounded(.down)),
                           y: Int32(actual.y) + Int32((key.y + key.height / 2).rounded(.down)))
    }

    /// Taps the key `id` of `page` at its centre (the test says which page is shown).
    func tap(_ page: String, _ id: String) throws {
        tapper.tap(try centre(of: id, on: page))
        observer?.drain()
    }

    /// Taps a planned sequence of (page, id) keys.
    func tap(_ plan: [(page: String, id: String)]) throws {
        for step in plan { try tap(step.page, step.id) }
    }

    /// Drags from the centre of one key to the centre of another.
    func drag(on page: String, from: String, to: String) throws {
        tapper.drag(from: try centre(of: from, on: page), to: try centre(of: to, on: page))
        observer?.drain()
    }

    /// Whether the keyboard is still running.
    var isRunning: Bool { child.isRunning }

    /// What the keyboard wrote on stderr.
    var standardError: String { child.standardError }

    /// Sends SIGTERM and waits (deadline, no sleep) for the exit; nil if it did not exit.
    func terminate(timeout: Duration = .seconds(5)) -> ExitStatus? {
        child.send(SIGTERM)
        return child.wait(until: Deadline(timeout))
    }
}
