import Foundation
import TapboardTestKit

/// Two keyboards measured in alternated rounds, each on its own live Xvfb, for
/// the two targets that are ratios between columns (issue 15): tapboard's tap
/// latency against the floor's, and its CPU at a hand's pace with the strip
/// against without. The columns are measured minutes apart, and on this VM a
/// column's own figure moves more than the targets' margins between runs (the
/// --no-suggestions column's CPU at 8/s: 115 to 258 ms per 1000 taps); in
/// rounds, both keyboards meet the same machine.
struct PairedRun {
    /// One keyboard of the pair on its own server, and the edge it types on.
    typealias Side = (session: BenchSession, keyboard: RunningKeyboard, edge: FiringEdge)

    /// What to measure and how much.
    let settings: BenchSettings
    /// Progress lines (stderr).
    let log: (String) -> Void

    /// Tap latency in `rounds` rounds, each a share of `settings.latencyTaps`
    /// on one keyboard then on the other (the order swapped every round).
    func latency(_ first: KeyboardSpec, against second: KeyboardSpec, rounds: Int = 8) throws -> PairedResult {
        let perRound = max(1, settings.latencyTaps / rounds)
        var generator = SeededGenerator(seed: settings.seed)
        var samples: [[Double]] = [[], []]
        try withPair(first, second) { pair in
            for round in 0..<rounds {
                for side in round % 2 == 0 ? [0, 1] : [1, 0] {
                    let (session, keyboard, edge) = pair[side]
                    let result = try LatencyRun(session: session, keyboard: keyboard)
                        .run(key: settings.latencyKey, edge: edge, taps: perRound, pauses: settings.pauseMilliseconds,
                             generator: &generator)
                    guard result.lost == 0, result.extra == 0 else {
                        throw BenchError.pairedRoundUnclean(keyboard: keyboard.spec.name, counts: "\(result.lost)/0/\(result.extra)")
                    }
                    samples[side] += result.samples
                }
            }
        }
        let medians = samples.map { Statistics.median($0) }
        log("  paired latency: median \(Format.ms(medians[0])) / \(Format.ms(medians[1])) ms over \(rounds) rounds")
        return PairedResult(figure: "tap latency median (ms)", names: [first.name, second.name],
                            values: medians, rounds: rounds, tapsEach: perRound * rounds)
    }

    /// CPU per 1000 taps at a hand's pace (`handIntervalMilliseconds`): the 8/s
    /// run's taps in `rounds` pieces, each tapped on one keyboard then on the other
    /// (order swapped every round), after a fast burst of the whole sentence on
    /// each, as in the columns, where the 8/s run follows the bursts.
    func handCPU(_ first: KeyboardSpec, against second: KeyboardSpec, rounds: Int = 6) throws -> PairedResult {
        var run: [Double] = [0, 0]
        var tapped = 0
        try withPair(first, second) { pair in
            for (session, keyboard, _) in pair {
                _ = try BurstRun(session: session, keyboard: keyboard)
                    .run(settings.sentence(for: keyboard.spec), mode: .fast, intervalMilliseconds: 0, windowManager: false)
            }
            let hand = Array(settings.sentence(for: pair[0].keyboard.spec).prefix(settings.handTaps))
            let piece = max(1, hand.count / rounds)
            for round in 0..<rounds {
                let taps = Array(hand[round * piece ..< min(hand.count, (round + 1) * piece)])
                for side in round % 2 == 0 ? [0, 1] : [1, 0] {
                    let (session, keyboard, _) = pair[side]
                    if !session.target.hasFocus { session.target.focus() }
                    let burst = try BurstRun(session: session, keyboard: keyboard)
                        .run(taps, mode: .paced, intervalMilliseconds: settings.handIntervalMilliseconds, windowManager: false)
                    guard burst.counts.lost + burst.counts.doubled + burst.counts.wrong == 0 else {
                        throw BenchError.pairedRoundUnclean(keyboard: keyboard.spec.name, counts: burst.counts.compact)
                    }
                    run[side] += burst.cpuPer1000Taps.runMilliseconds * Double(taps.count) / 1000
                }
                tapped += taps.count
            }
        }
        let per1000 = run.map { Optional($0 * 1000 / Double(max(tapped, 1))) }
        log("  paired 8/s: \(Format.ms(per1000[0])) / \(Format.ms(per1000[1])) ms per 1000 taps over \(rounds) rounds")
        return PairedResult(figure: "8/s CPU ms/1000 taps (run time)", names: [first.name, second.name],
                            values: per1000, rounds: rounds, tapsEach: tapped)
    }

    /// Both keyboards launched, each on a fresh Xvfb without a window manager,
    /// their keys verified; `body` gets (session, keyboard, firing edge) for each.
    private func withPair(_ first: KeyboardSpec, _ second: KeyboardSpec,
                          _ body: ([Side]) throws -> Void) throws {
        var sessions: [BenchSession] = []
        defer { for session in sessions { session.close() } }
        var pair: [Side] = []
        for spec in [first, second] {
            let session = try BenchSession(windowManager: false, sessionBus: spec.needsSessionBus)
            sessions.append(session)
            let keyboard = try session.launch(spec)
            try keyboard.settle()
            if !session.target.hasFocus { session.target.focus() }
            var notes: [String] = []
            let edge = try Verification(session: session, keyboard: keyboard)
                .run(keys: settings.keysToVerify(for: spec), edgeKey: settings.latencyKey, notes: &notes)
            pair.append((session, keyboard, edge))
        }
        try body(pair)
    }
}

/// One figure of two keyboards measured in alternated rounds.
struct PairedResult: Codable {
    /// What was measured.
    var figure: String
    /// The two keyboards, the measured one first.
    var names: [String]
    /// The figure for each.
    var values: [Double?]
    /// Rounds (each keyboard once per round, the order swapped every round).
    var rounds: Int
    /// Taps on each keyboard in all.
    var tapsEach: Int

    /// The first's value over the second's.
    var ratio: Double? {
        guard let a = values[0], let b = values[1], b > 0 else { return nil }
        return a / b
    }
}
