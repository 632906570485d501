import Foundation
import TapboardTestKit

/// Runs every measurement for one keyboard: a fresh Xvfb for startup, memory,
/// idle CPU, verification, latency and bursts; another with openbox for the bursts again.
struct Runner {
    /// What to measure.
    let settings: BenchSettings
    /// Progress lines go here (stderr).
    let log: (String) -> Void

    /// Measures one keyboard; failures end up in the result, never thrown.
    func run(_ spec: KeyboardSpec) -> KeyboardResult {
        let began = MonotonicClock.now
        defer { log("  \(spec.name): \(Int(MonotonicClock.milliseconds(from: began, to: MonotonicClock.now) / 1000)) s in all") }
        var result = KeyboardResult(name: spec.name,
                                    command: spec.commandLine,
                                    keySource: spec.keySourceDescription)
        var generator = SeededGenerator(seed: settings.seed)
        do {
            let session = try BenchSession(windowManager: false, sessionBus: spec.needsSessionBus)
            defer { session.close() }
            try measure(spec, in: session, into: &result, generator: &generator)
        } catch {
            result.failure = "\(error)"
            log("  \(spec.name): \(error)")
        }
        guard settings.windowManagerRuns, spec.keys.hasKeys else { return result }
        guard result.failure == nil else {
            result.managedBursts = BurstSet(failure: "the run without a window manager failed")
            return result
        }
        // A keyboard that fails to start or to type a key there gets one more fresh session, noted.
        for attempt in 1...2 {
            do {
                let session = try BenchSession(windowManager: true, sessionBus: spec.needsSessionBus)
                defer { session.close() }
                result.managedBursts = try measureBursts(spec, in: session, notes: &result.notes)
                break
            } catch {
                result.managedBursts = BurstSet(failure: "\(error)")
                log("  \(spec.name) under openbox: \(error)")
                if attempt == 1 { result.notes.append("under openbox the first session failed (\(error)); a second, fresh one was tried") }
            }
        }
        return result
    }

    /// Everything but the managed bursts, on a session without a window manager.
    private func measure(_ spec: KeyboardSpec, in session: BenchSession, into result: inout KeyboardResult,
                         generator: inout SeededGenerator) throws {
        log("\(spec.name): starting on \(session.xvfb.displayName)")
        // Startup: launched, mapped and stopped a few times; the last launch stays.
        for _ in 1..<max(1, settings.startupRuns) {
            let trial = try session.launch(spec)
            result.startupSamples.append(trial.startupMilliseconds)
            if let status = session.stop(trial), status != .exited(0), status != .signalled(SIGTERM) {
                result.notes.append("after SIGTERM in a startup trial it \(status)")
            }
        }
        let keyboard = try session.launch(spec)
        result.startupSamples.append(keyboard.startupMilliseconds)
        result.startupMilliseconds = Statistics.median(result.startupSamples)
        log("  startup \(result.startupSamples.map { Format.ms($0) }.joined(separator: ", ")) ms")

        // Memory 1 s after mapping.
        let memory = try keyboard.memory(afterMapping: 1000)
        result.memory = memory
        result.threads = ProcessStats.threads(of: keyboard.child.pid)

        // Idle: the pointer rests on the root window, nothing happens.
        let idle = try keyboard.idle(seconds: settings.idleSeconds)
        result.idle = idle
        log("  " + Format.footprint(memory, idle))

        guard spec.keys.hasKeys else {
            session.stop(keyboard, noting: &result.notes)
            return
        }

        if !session.target.hasFocus {
            result.notes.append("the target window did not have the focus after the keyboard started; the bench gave it back")
            session.target.focus()
        }
        var notes: [String] = []
        let edge = try Verification(session: session, keyboard: keyboard).run(keys: settings.keysToVerify(for: spec), edgeKey: settings.latencyKey, notes: &notes)
        result.notes += notes
        result.edge = edge
        result.verifiedKeys = String(settings.keysToVerify(for: spec))
        log("  verified \(settings.keysToVerify(for: spec).count) keys; types on \(edge.rawValue)")

        let latency = try LatencyRun(session: session, keyboard: keyboard)
            .run(key: settings.latencyKey, edge: edge, taps: settings.latencyTaps, pauses: settings.pauseMilliseconds,
                 generator: &generator)
        result.latency = latency
        log("  latency median \(Format.ms(latency.medianMilliseconds)) ms, p99 \(Format.ms(latency.p99Milliseconds)) ms, lost \(latency.lost)")
        if edge == .release && settings.heldTaps > 0 {
            let held = try LatencyRun(session: session, keyboard: keyboard)
                .run(key: settings.latencyKey, edge: edge, taps: settings.heldTaps, pauses: settings.pauseMilliseconds,
                     holdMilliseconds: settings.holdMilliseconds, generator: &generator)
            result.heldLatency = held
            log("  held \(settings.holdMilliseconds) ms: latency median \(Format.ms(held.medianMilliseconds)) ms, p99 \(Format.ms(held.p99Milliseconds)) ms")
        }

        result.bursts = try bursts(spec, keyboard: keyboard, in: session, windowManager: false)
        session.stop(keyboard, noting: &result.notes)
    }

    /// Launches on a session with openbox, verifies the keys, runs both bursts.
    private func measureBursts(_ spec: KeyboardSpec, in session: BenchSession, notes: inout [String]) throws -> BurstSet {
        log("\(spec.name): bursts under openbox on \(session.xvfb.displayName)")
        let keyboard = try session.launch(spec)
        try keyboard.settle()
        if !session.target.hasFocus {
            notes.append("under openbox the target window lost the focus when the keyboard started; the bench gave it back")
            session.target.focus()
        }
        var verifyNotes: [String] = []
        _ = try Verification(session: session, keyboard: keyboard).run(keys: settings.keysToVerify(for: spec), edgeKey: settings.latencyKey, notes: &verifyNotes)
        notes += verifyNotes.map { "under openbox, " + $0 }
        let set = try bursts(spec, keyboard: keyboard, in: session, windowManager: true)
        session.stop(keyboard, noting: &notes, context: "under openbox, ")
        return set
    }

    /// The fast and the paced burst.
    private func bursts(_ spec: KeyboardSpec, keyboard: RunningKeyboard, in session: BenchSession,
                        windowManager: Bool) throws -> BurstSet {
        let sentence = settings.sentence(for: spec)
        let run = BurstRun(session: session, keyboard: keyboard)
        var set = BurstSet()
        for mode in [BurstRun.Mode.fast, .paced] {
            if !session.target.hasFocus { session.target.focus() }
            let burst = try run.run(sentence, mode: mode, intervalMilliseconds: settings.pacedIntervalMilliseconds,
                                    windowManager: windowManager)
            if mode == .fast { set.fast = burst } else { set.paced = burst }
            logBurst(burst, windowManager: windowManager)
        }
        // A hand's pace, where the strip looks for words after every tap: Tapboard's columns only.
        if !windowManager, spec.name == "tapboard" || spec.name == Table.noSuggestionsName {
            if !session.target.hasFocus { session.target.focus() }
            let hand = try run.run(Array(sentence.prefix(settings.handTaps)), mode: .paced,
                                   intervalMilliseconds: settings.handIntervalMilliseconds, windowManager: false)
            set.hand = hand
            logBurst(hand, windowManager: false)
        }
        return set
    }

    private func logBurst(_ burst: BurstResult, windowManager: Bool) {
        log("  burst \(burst.mode)\(windowManager ? " (openbox)" : ""): \(Int(burst.rate)) taps/s, "
            + "lost/doubled/wrong \(burst.counts.compact), CPU \(Format.ms(burst.cpuPer1000Taps.runMilliseconds)) ms/1000 taps")
    }
}
