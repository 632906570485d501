import Foundation
import TapboardTestKit

/// The modes of tapboard beyond the plain keyboard, each on a fresh Xvfb
/// with a keyboard of its own (so each addition is over a fresh start, not over
/// another mode): the suggestion strip once it has shown words, swipe typing
/// after a gesture (and the timing of every gesture), and `--auto-show` shown.
/// Each is measured as the plain keyboard is: resident memory 1 s after, then
/// the idle interval. (`--no-suggestions` is a column of its own: see SideBySide.)
struct ModeRunner {
    /// A mode measured here.
    enum Mode: String, CaseIterable {
        /// The strip after it has shown its first words (`--publish-keys`, for `tapboard events --keys`).
        case suggestions
        /// Swipe typing after the first gesture, then the rest of the gestures timed.
        case swipe
        /// `--auto-show --no-dbus` on a private session bus and accessibility bus, shown by `tapboard show`.
        case autoShow = "auto-show"
    }

    /// What to measure.
    let settings: BenchSettings
    /// The tapboard binary.
    let binary: URL
    /// Progress lines go here (stderr).
    let log: (String) -> Void

    /// Measures one mode; failures end up in the result, never thrown.
    func run(_ mode: Mode) -> KeyboardResult {
        let began = MonotonicClock.now
        defer { log("  tapboard \(mode.rawValue): \(Int(MonotonicClock.milliseconds(from: began, to: MonotonicClock.now) / 1000)) s in all") }
        var result = KeyboardResult(name: "tapboard (\(mode.rawValue))", keySource: "")
        result.mode = ModeDetail(mode: mode.rawValue, procedure: Self.procedure(mode, settings: settings))
        do {
            let session = try BenchSession(windowManager: false, sessionBus: mode == .autoShow)
            defer { session.close() }
            log("tapboard \(mode.rawValue): starting on \(session.xvfb.displayName)")
            switch mode {
            case .suggestions: try suggestions(in: session, into: &result)
            case .swipe: try swipe(in: session, into: &result)
            case .autoShow: try autoShow(in: session, into: &result)
            }
        } catch {
            result.failure = "\(error)"
            log("  tapboard \(mode.rawValue): \(error)")
        }
        return result
    }

    /// What is done before measuring, for the JSON.
    private static func procedure(_ mode: Mode, settings: BenchSettings) -> String {
        switch mode {
        case .suggestions:
            return "started with --publish-keys; 'tapboard events --keys' listens; 'h', 'e', 'l' tapped one at a time until "
                + "the strip shows words; the listener stopped; memory 1 s after the words showed; then the idle interval"
        case .swipe:
            return "\(settings.swipeGestures) words drawn through XTest (button held, 8 motions between letter centres, "
                + "each synced); memory 1 s after the first release; time from each release (flushed) to the first "
                + "KeyPress read in the target; the idle interval once it has not woken for 500 ms"
        case .autoShow:
            return "a private dbus-daemon --session (its own XDG_RUNTIME_DIR) activates the accessibility bus and registry; "
                + "tapboard --auto-show --no-dbus registers for focus events, then 'tapboard show' shows it "
                + "(no application focused); memory 1 s after the map; then the idle interval"
        }
    }

    /// Launches a keyboard for a mode and records its command.
    private func launch(_ spec: KeyboardSpec, in session: BenchSession, into result: inout KeyboardResult) throws -> RunningKeyboard {
        result.command = spec.commandLine
        result.keySource = spec.keySourceDescription
        let keyboard = try session.launch(spec)
        // As the plain keyboard: nothing before 1 s after the map.
        try keyboard.stayAlive(1000, after: keyboard.mapped.mappedAt)
        return keyboard
    }

    /// The idle interval with the pointer on the root window, once the keyboard has
    /// stopped waking up (500 ms without a wake-up); then it is stopped.
    private func idleAndStop(_ keyboard: RunningKeyboard, in session: BenchSession, into result: inout KeyboardResult) throws {
        session.tapper.move(to: BenchSession.restingPoint)
        result.mode?.settleMilliseconds = try keyboard.settleWakeUps()
        if result.mode?.settleMilliseconds == nil { result.notes.append("it still woke up 5 s after the last input: idle measured anyway") }
        let idle = try keyboard.idle(seconds: settings.idleSeconds)
        result.idle = idle
        log("  " + Format.footprint(result.memory, idle))
        session.stop(keyboard, noting: &result.notes)
    }

    // MARK: - Suggestions

    private func suggestions(in session: BenchSession, into result: inout KeyboardResult) throws {
        let spec = KeyboardSpec.tapboard(binary: binary, name: "tapboard (suggestions shown)", extra: ["--publish-keys"])
        let keyboard = try launch(spec, in: session, into: &result)
        let events = try ChildProcess(binary, ["events", "--display", session.xvfb.displayName, "--keys"])
        ChildGuard.watch(events.pid)
        defer {
            events.terminate()
            ChildGuard.forget(events.pid)
        }
        guard wait(for: events, in: session, timeout: .seconds(10), until: { $0.contains("\n") }) else {
            throw BenchError.setup("tapboard events printed nothing within 10 s: \(events.standardError.suffix(300))")
        }
        let start = MonotonicClock.now
        var shownAt: UInt64?
        var tapped = ""
        for letter in "hel" {
            session.tapper.tap(try keyboard.centre(of: letter))
            session.target.drain()
            tapped.append(letter)
            if wait(for: events, in: session, timeout: .seconds(3), until: { Desktop.lastWords(in: $0)?.isEmpty == false }) {
                shownAt = MonotonicClock.now
                break
            }
        }
        guard let shownAt else {
            throw BenchError.setup("the strip showed no words after tapping \(tapped): \(events.standardOutput.suffix(300))")
        }
        result.mode?.firstWordsMilliseconds = MonotonicClock.milliseconds(from: start, to: shownAt)
        let words = Desktop.lastWords(in: events.standardOutput) ?? []
        result.notes.append("after tapping \"\(tapped)\" the strip showed \(words.joined(separator: ", "))")
        events.terminate()
        ChildGuard.forget(events.pid)
        try keyboard.stayAlive(1000, after: shownAt)
        result.memory = try keyboard.memory()
        try idleAndStop(keyboard, in: session, into: &result)
    }

    /// Waits (deadline) until a child's output passes `test`, the target handling its events meanwhile; whether it did.
    private func wait(for child: ChildProcess, in session: BenchSession, timeout: Duration, until test: (String) -> Bool) -> Bool {
        let end = Deadline(timeout)
        while !test(child.standardOutput) {
            if end.hasPassed || !child.isRunning { return test(child.standardOutput) }
            session.target.handleEvents(until: Deadline(.milliseconds(10)))
        }
        return true
    }

    // MARK: - Swipe

    private func swipe(in session: BenchSession, into result: inout KeyboardResult) throws {
        let spec = KeyboardSpec.tapboard(binary: binary, name: "tapboard (swipe)")
        let keyboard = try launch(spec, in: session, into: &result)
        let target = session.target
        let tapper = session.tapper
        let words = (0..<settings.swipeGestures).map { BenchSettings.swipeWords[$0 % BenchSettings.swipeWords.count] }
        target.clearLog()
        var samples: [Double] = []
        var typed: [String] = []
        var firstMilliseconds: Double?
        var lost = 0
        for (index, word) in words.enumerated() {
            let points = try word.map { try keyboard.centre(of: $0) }
            tapper.move(to: points[0])
            tapper.press()
            // Eight motions between letter centres, as SwipeTests draws: X delivers a drawn line as a run of motions.
            for (a, b) in zip(points, points.dropFirst()) {
                for step in 1...8 {
                    tapper.move(to: ScreenPoint(x: a.x + (b.x - a.x) * Int32(step) / 8, y: a.y + (b.y - a.y) * Int32(step) / 8))
                }
            }
            target.handlePending()
            let before = target.presses.count
            tapper.queueButton(down: false)
            tapper.flush()
            let released = MonotonicClock.now
            if let first = Verification.firstKey(after: before, in: target, until: Deadline(.seconds(2))) {
                let latency = MonotonicClock.milliseconds(from: released, to: first.arrivedAt)
                samples.append(latency)
                if index == 0 { firstMilliseconds = latency }
            } else {
                lost += 1
            }
            // The rest of the word: until no KeyPress for 300 ms (at most 3 s).
            let rest = Deadline(.seconds(3))
            while !rest.hasPassed, target.waitForPress(after: target.presses.count, until: Deadline(.milliseconds(300))) != nil {}
            typed.append(target.presses[before...].map(\.text).joined())
            if index == 0 {
                try keyboard.stayAlive(1000, after: released)
                result.memory = try keyboard.memory()
            }
            guard keyboard.child.isRunning else { throw keyboard.exitedError() }
        }
        let misses = zip(words, typed).filter { $0.1.trimmingCharacters(in: .whitespaces) != $0.0 }
        let latency = LatencyResult(taps: words.count, key: "a drawn word", edge: .release, samples: samples, lost: lost,
                                    extra: misses.count, modifierPresses: target.presses.filter { Verification.isModifier($0.keysym) }.count)
        let swipe = SwipeResult(words: words, typed: typed, matched: words.count - misses.count, firstMilliseconds: firstMilliseconds,
                                latency: latency)
        result.mode?.swipe = swipe
        log("  swipe: release to first character median \(Format.ms(latency.medianMilliseconds)) ms, p95 \(Format.ms(latency.p95Milliseconds)) ms, "
            + "first \(Format.ms(firstMilliseconds)) ms; \(swipe.matched)/\(words.count) words as drawn, \(lost) lost")
        if !misses.isEmpty {
            result.notes.append("gestures that typed another word: \(misses.map { "\($0.0) → \($0.1.debugDescription)" }.joined(separator: ", "))")
        }
        try idleAndStop(keyboard, in: session, into: &result)
    }

    // MARK: - Auto-show

    private func autoShow(in session: BenchSession, into result: inout KeyboardResult) throws {
        let answer = try session.busctl(["call", "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress"])
        guard answer.ok, answer.output.hasPrefix("s \"") else {
            throw BenchError.setup("the accessibility bus did not start (at-spi2-core installed?): \(answer.output.prefix(200))")
        }
        let accessibility = String(answer.output.dropFirst(3).prefix { $0 != "\"" })
        var spec = KeyboardSpec.tapboard(binary: binary, name: "tapboard --auto-show", extra: ["--auto-show", "--no-dbus"])
        spec.needsSessionBus = true
        let binary = self.binary
        spec.reveal = { display, session, child in
            // Registered for focus events with the accessibility registry: it is listening.
            let end = Deadline(.seconds(10))
            var registered = false
            while !registered {
                guard child.isRunning else { return }
                guard !end.hasPassed else {
                    throw BenchError.didNotStart("--auto-show did not register for focus events within 10 s: \(child.standardError.suffix(300))")
                }
                registered = (try? session.busctl(["--address=\(accessibility)", "call", "org.a11y.atspi.Registry",
                                                   "/org/a11y/atspi/registry", "org.a11y.atspi.Registry", "GetRegisteredEvents"]))?
                    .output.lowercased().contains("statechanged:focused") ?? false
                if !registered { Deadline(.milliseconds(50)).waitReadable([]) }
            }
            let show = try ChildProcess(binary, ["show", "--display", display])
            let status = show.wait(until: Deadline(.seconds(10)))
            guard status == .exited(0) else {
                show.terminate()
                throw BenchError.didNotStart("tapboard show \(status.map(\.description) ?? "did not end within 10 s"): \(show.standardError.suffix(300))")
            }
        }
        let keyboard = try launch(spec, in: session, into: &result)
        result.memory = try keyboard.memory()
        try idleAndStop(keyboard, in: session, into: &result)
    }
}
