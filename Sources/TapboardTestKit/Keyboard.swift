import CX11
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The real `tapboard` binary, running on the test's server.
public final class Keyboard {
    /// Where the binary is.
    public let binary: URL
    /// The window's place, as asked with --geometry; nil for the default place.
    public let requested: WindowPlacement?
    /// The window's place as found on the screen once mapped (or by `refreshPlacement()`).
    public private(set) var actual: WindowPlacement
    /// The keyboard window.
    public let window: Window
    /// `MonotonicClock.now` when the window's MapNotify was read.
    public let mappedAt: UInt64
    /// The running keyboard process.
    public let child: ChildProcess
    private let tapper: Tapper
    /// The application typed into: after every tap it handles what has arrived,
    /// as a live application would (a late reader sees the keymap as it is when
    /// it reads, not as it was when the key was typed).
    private let observer: TargetWindow?
    private var pages: [String: PageFrames] = [:]
    /// The arguments that choose the layout, given to `dump-layout` too so its frames are this keyboard's.
    private var layoutArguments: [String] = []
    /// Whether it shows the suggestion strip (dumped frames include it then).
    public private(set) var suggestions = false
    /// Its `$XDG_CACHE_HOME` when the test gives none: the fonts it keeps
    /// (`font-matches`) go there, not to the user's cache, and go with it.
    private let cache: ScratchDirectory?
    /// Its `$XDG_CONFIG_HOME` when the test gives none: no settings file of the user's is read.
    private let config: ScratchDirectory?

    /// Finds the binary: `$TAPBOARD_BIN`, or `tapboard` in the build directory
    /// that holds the running test executable.
    public static func locateBinary() throws -> URL {
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

    /// Starts `tapboard --display D [--geometry G] [extra...]` and waits until its
    /// window (WM_CLASS tapboard) is mapped; no sleeping, a deadline. `binary`
    /// defaults to `locateBinary()`.
    public init(displayName: String, geometry: WindowPlacement?, tapper: Tapper, observer: TargetWindow?,
                arguments extra: [String] = [], environment added: [String: String] = [:], binary: URL? = nil,
                timeout: Duration = .seconds(15)) throws {
        self.binary = try binary ?? Self.locateBinary()
        requested = geometry
        self.tapper = tapper
        self.observer = observer
        let watcher = try WindowWatcher(displayName: displayName)
        defer { watcher.close() }

        // No DISPLAY in its environment: --display must be what it uses.
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment.merge(added) { $1 }
        cache = added["XDG_CACHE_HOME"] == nil ? try ScratchDirectory() : nil
        if let cache { environment["XDG_CACHE_HOME"] = cache.path }
        config = added["XDG_CONFIG_HOME"] == nil ? try ScratchDirectory() : nil
        if let config { environment["XDG_CONFIG_HOME"] = config.path }
        // Off the session bus unless the test gives one of its own: a user's bus would be shared by every test.
        let bus = added["DBUS_SESSION_BUS_ADDRESS"] == nil ? ["--no-dbus"] : []
        // No suggestion strip unless the test gives a data directory of its own: learned words would go to the user's.
        let strip = added["XDG_DATA_HOME"] == nil ? ["--no-suggestions"] : []
        let child = try ChildProcess(self.binary, ["--display", displayName] + (geometry.map { ["--geometry", $0.description] } ?? []) + extra + bus + strip,
                                     environment: environment)
        self.child = child
        suggestions = strip.isEmpty
        var rest = extra[...]
        while let a = rest.popFirst() {
            if ["--layout", "--layouts", "--wide-width", "--settings"].contains(a), let v = rest.popFirst() { layoutArguments += [a, v] }
        }
        let mapped = try watcher.waitForWindow(WindowIdentity(classes: ["tapboard"]), child: child, timeout: timeout)
        window = mapped.window
        actual = mapped.placement
        mappedAt = mapped.mappedAt
        self.displayName = displayName
    }

    private let displayName: String

    /// Reads the window's place again (after the keyboard moved itself, for a new
    /// screen); key frames are dumped again for its size.
    public func refreshPlacement() throws {
        let watcher = try WindowWatcher(displayName: displayName)
        defer { watcher.close() }
        guard let placement = watcher.placement(of: window) else { throw HarnessError.timedOut("the keyboard window \(window) is gone") }
        if placement.size != actual.size { pages = [:] }
        actual = placement
    }

    deinit { child.terminate() }

    /// The key frames of a page at the window's size, from `tapboard dump-layout`.
    public func frames(of page: String) throws -> PageFrames {
        if let frames = pages[page] { return frames }
        let frames = try PageFrames.dump(binary: binary, size: actual.size, page: page, arguments: layoutArguments, suggestions: suggestions)
        pages[page] = frames
        return frames
    }

    /// The screen point at the centre of a key.
    public func centre(of id: String, on page: String) throws -> ScreenPoint {
        let frames = try frames(of: page)
        guard let key = frames.key(id) else {
            throw HarnessError.noSuchKey(page: page, id: id, known: frames.keys.map(\.id))
        }
        return actual.screenPoint(x: key.x + key.width / 2, y: key.y + key.height / 2)
    }

    /// Taps the key `id` of `page` at its centre (the test says which page is shown).
    public func tap(_ page: String, _ id: String) throws {
        tapper.tap(try centre(of: id, on: page))
        observer?.drain()
    }

    /// Taps a planned sequence of (page, id) keys.
    public func tap(_ plan: [(page: String, id: String)]) throws {
        for step in plan { try tap(step.page, step.id) }
    }

    /// Drags from the centre of one key to the centre of another.
    public func drag(on page: String, from: String, to: String) throws {
        tapper.drag(from: try centre(of: from, on: page), to: try centre(of: to, on: page))
        observer?.drain()
    }

    /// Whether the keyboard is still running.
    public var isRunning: Bool { child.isRunning }

    /// What the keyboard wrote on stderr.
    public var standardError: String { child.standardError }

    /// Sends SIGTERM and waits (deadline, no sleep) for the exit; nil if it did not exit.
    public func terminate(timeout: Duration = .seconds(5)) -> ExitStatus? {
        child.send(SIGTERM)
        return child.wait(until: Deadline(timeout))
    }
}
