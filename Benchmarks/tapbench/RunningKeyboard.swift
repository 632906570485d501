import CX11
import Foundation
import TapboardTestKit

/// A keyboard started by the bench on a session's server, its window found and placed.
final class RunningKeyboard {
    /// What was started.
    let spec: KeyboardSpec
    /// The process.
    let child: ChildProcess
    /// Its window, as found when mapped.
    let mapped: MappedWindow
    /// From exec (just before posix_spawn) to the window's MapNotify, in ms.
    let startupMilliseconds: Double
    /// Where the window is now (inside its border and any frame), in root pixels.
    private(set) var placement: WindowPlacement
    private let displayName: String
    private var centres: [Character: ScreenPoint] = [:]

    /// Starts `spec` on the session's server and waits (deadline `spec.mapTimeout`) for its window.
    init(_ spec: KeyboardSpec, session: any KeyboardHost) throws {
        self.spec = spec
        displayName = session.xvfb.displayName
        guard FileManager.default.isExecutableFile(atPath: spec.executable.path) else {
            throw BenchError.didNotStart("\(spec.executable.path) is not installed")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = spec.usesDisplayVariable ? displayName : nil
        if spec.needsSessionBus {
            guard session.sessionBusAddress != nil else { throw BenchError.didNotStart("no D-Bus session bus") }
            environment.merge(session.sessionBusEnvironment) { $1 }
        }
        for (key, value) in spec.environment { environment[key] = value }

        let watcher = try WindowWatcher(displayName: displayName)
        defer { watcher.close() }
        let child: ChildProcess
        do {
            child = try ChildProcess(spec.executable, spec.arguments(displayName, BenchSession.keyboardPlacement),
                                     environment: environment)
        } catch {
            throw BenchError.didNotStart("\(error)")
        }
        self.child = child
        ChildGuard.watch(child.pid)
        do {
            try spec.reveal?(displayName, session, child)
            mapped = try watcher.waitForWindow(spec.identity, child: child, timeout: spec.mapTimeout)
        } catch {
            // A keyboard that shows by itself, still running but not shown: it never showed.
            let neverShown = spec.reveal != nil && child.isRunning && error is HarnessError
            child.terminate()
            ChildGuard.forget(child.pid)
            if neverShown { throw BenchError.neverShown(spec.mapTimeout) }
            throw BenchError.didNotStart(Self.reason(error, child: child))
        }
        startupMilliseconds = MonotonicClock.milliseconds(from: child.spawnedAt, to: mapped.mappedAt)
        placement = mapped.placement
        if !spec.placesItself {
            placement = watcher.configure(mapped.window, to: BenchSession.keyboardPlacement, timeout: .seconds(5)) ?? placement
        }
    }

    /// The last meaningful line of what a program that failed wrote, for its column.
    private static func reason(_ error: Error, child: ChildProcess) -> String {
        if let status = child.status {
            let lines = child.standardError.split(separator: "\n").map(String.init)
            let last = lines.last { line in
                let l = line.lowercased()
                return l.contains("error") || l.contains("cannot") || l.contains("can't") || l.contains("unable")
            } ?? lines.last ?? ""
            return "\(status) before mapping its window" + (last.isEmpty ? "" : ": \(last.trimmingCharacters(in: .whitespaces))")
        }
        return "\(error)"
    }

    /// Waits until a window manager has stopped moving the window (no ConfigureNotify
    /// for `quiet`, at most `timeout`), then reads where it is.
    func settle(quiet: Duration = .milliseconds(300), timeout: Duration = .seconds(3)) throws {
        let watcher = try WindowWatcher(displayName: displayName)
        defer { watcher.close() }
        placement = watcher.settle(mapped.window, quiet: quiet, timeout: timeout) ?? placement
        centres = [:]
    }

    /// The screen point at the centre of `key`.
    func centre(of key: Character) throws -> ScreenPoint {
        if let point = centres[key] { return point }
        let point: ScreenPoint
        switch spec.keys {
        case .dumpLayout(let binary, let arguments):
            let frames = try PageFrames.dump(binary: binary, size: placement.size, page: "letters", arguments: arguments,
                                             suggestions: true)
            let id = key == " " ? "space" : String(key)
            guard let frame = frames.key(id) else {
                throw BenchError.setup("tapboard dump-layout has no key \(id) on page letters")
            }
            point = placement.screenPoint(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
        case .table(let size, let table, _):
            guard placement.width == size.width, placement.height == size.height else {
                throw BenchError.wrongWindowSize("the window is \(placement.size), its key table is for \(size.width)x\(size.height)")
            }
            guard let centre = table[key] else { throw BenchError.setup("no coordinates kept for key \(BenchError.name(key))") }
            point = placement.screenPoint(x: centre.x, y: centre.y)
        case .wholeWindow(let only):
            guard key == only else { throw BenchError.setup("the floor types only \(only)") }
            point = placement.screenPoint(x: Double(placement.width) / 2, y: Double(placement.height) / 2)
        case .none:
            throw BenchError.setup("\(spec.name) has no keys")
        }
        centres[key] = point
        return point
    }

    /// Its CPU so far; throws if it has exited.
    func cpu() throws -> CPUSample {
        guard child.isRunning, let sample = ProcessStats.cpu(of: child.pid) else { throw exitedError() }
        return sample
    }

    /// The error for a keyboard that exited under measurement.
    func exitedError() -> BenchError {
        BenchError.exited("\(child.status.map(\.description) ?? "gone"); stderr: \(child.standardError.suffix(300))")
    }

    /// Its resident memory now; throws if it has exited.
    func memory() throws -> MemoryUsage {
        guard child.isRunning, let usage = ProcessStats.memory(of: child.pid) else { throw exitedError() }
        return usage
    }

    /// Its resident memory `milliseconds` after its window was mapped (at once if that has passed).
    func memory(afterMapping milliseconds: Double) throws -> MemoryUsage {
        try stayAlive(milliseconds, after: mapped.mappedAt)
        return try memory()
    }

    /// Leaves it alone for `seconds` (nothing tapped, the pointer on the root
    /// window): the CPU it used meanwhile, how many times it woke up, and when
    /// (its wake-ups are read every 100 ms from /proc, which costs it nothing).
    func idle(seconds: Int) throws -> IdleUsage {
        let before = try cpu()
        let start = MonotonicClock.now
        let end = Deadline(.seconds(seconds))
        let wakeUpsBefore = ProcessStats.wakeUps(of: child.pid)
        var last = wakeUpsBefore
        var times: [Double] = []
        while !end.hasPassed {
            try stayAlive(until: Deadline(min(.milliseconds(100), end.instant - .now)))
            let now = ProcessStats.wakeUps(of: child.pid)
            if let now, let previous = last, now > previous {
                let at = (MonotonicClock.milliseconds(from: start, to: MonotonicClock.now) / 100).rounded() / 10
                times += Array(repeating: at, count: now - previous)
            }
            last = now ?? last
        }
        let cpu = try cpu().since(before)
        var wakeUps: Int?
        if let wakeUpsBefore, let last { wakeUps = last - wakeUpsBefore }
        return IdleUsage(seconds: Double(seconds), cpu: cpu, wakeUps: wakeUps, wakeUpTimes: times)
    }

    /// Waits until it has not woken up for `quiet` (at most `timeout`): what it
    /// does after input (redraws, a fading trail) is over. Returns how long that
    /// took, ms, or nil if it was still waking up at the timeout.
    func settleWakeUps(quiet: Duration = .milliseconds(500), timeout: Duration = .seconds(5)) throws -> Double? {
        let start = MonotonicClock.now
        let end = Deadline(timeout)
        var last = ProcessStats.wakeUps(of: child.pid)
        var lastChange = start
        while true {
            let quietMilliseconds = Double(quiet.components.seconds) * 1000 + Double(quiet.components.attoseconds) / 1e15
            if MonotonicClock.milliseconds(from: lastChange, to: MonotonicClock.now) >= quietMilliseconds {
                return MonotonicClock.milliseconds(from: start, to: lastChange)
            }
            if end.hasPassed { return nil }
            try stayAlive(until: Deadline(.milliseconds(50)))
            let now = ProcessStats.wakeUps(of: child.pid)
            if now != last {
                last = now
                lastChange = MonotonicClock.now
            }
        }
    }

    /// Waits until `milliseconds` after `instant` (`MonotonicClock.now` then) unless it exits first; at once if that has passed.
    func stayAlive(_ milliseconds: Double, after instant: UInt64) throws {
        let left = milliseconds - MonotonicClock.milliseconds(from: instant, to: MonotonicClock.now)
        try stayAlive(until: Deadline(.microseconds(Int(max(0, left) * 1000))))
    }

    /// Waits until `deadline` unless it exits first (poll on its pidfd; nothing else to wait for).
    func stayAlive(until deadline: Deadline) throws {
        if let status = child.wait(until: deadline) {
            throw BenchError.exited("\(status); stderr: \(child.standardError.suffix(300))")
        }
    }

    /// SIGTERM, then SIGKILL after 5 s; how it ended.
    @discardableResult
    func stop() -> ExitStatus? {
        defer { ChildGuard.forget(child.pid) }
        return child.terminate()
    }
}
