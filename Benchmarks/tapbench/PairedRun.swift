import Foundation
import TapboardTestKit

/// Two keyboards measured side by side, each on its own live Xvfb, for
/// the two targets that are ratios between columns: tapboard's tap
/// latency against the floor's, and its CPU at a hand's pace with the strip
/// against without. The columns are measured minutes apart, and on this VM a
/// column's own figure moves more than the targets' margins between runs (the
/// --no-suggestions column's CPU at 8/s: 115 to 258 ms per 1000 taps); side
/// by side, both keyboards meet the same machine.
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
        return PairedResult(figure: "tap latency median (ms)", names: [first.name, second.name], values: medians,
                            limit: Table.latencyFactor, how: "\(rounds) alternated rounds", tapsEach: perRound * rounds)
    }

    /// CPU per 1000 taps at a hand's pace: the 8/s run's taps on both keyboards
    /// over the same seconds, each at `handIntervalMilliseconds` as in its
    /// column, the second's taps half an interval after the first's (so their
    /// work does not overlap); after a fast burst of the whole sentence on each,
    /// as in the columns, where the 8/s run follows the bursts.
    func handCPU(_ first: KeyboardSpec, against second: KeyboardSpec) throws -> PairedResult {
        var perThousand: [Double?] = [nil, nil]
        var tapped = 0
        try withPair(first, second) { pair in
            for side in pair {
                _ = try BurstRun(session: side.session, keyboard: side.keyboard)
                    .run(settings.sentence(for: side.keyboard.spec), mode: .fast, intervalMilliseconds: 0, windowManager: false)
            }
            let hand = Array(settings.sentence(for: pair[0].keyboard.spec).prefix(settings.handTaps))
            let points = try pair.map { side in try hand.map { try side.keyboard.centre(of: $0) } }
            for side in pair {
                if !side.session.target.hasFocus { side.session.target.focus() }
                side.session.target.clearLog()
            }
            let before = try pair.map { try $0.keyboard.cpu() }
            let interval = settings.handIntervalMilliseconds
            let start = ContinuousClock.now
            for index in hand.indices {
                for (side, offset) in [(0, 0), (1, interval / 2)] {
                    // Until this tap is due, the other side's target reads what its tap typed.
                    let due = start + .milliseconds(index * interval + offset)
                    pair[1 - side].session.target.handleEvents(until: Deadline(due - .now))
                    let tapper = pair[side].session.tapper
                    tapper.queueMotion(to: points[side][index])
                    tapper.queueButton(down: true)
                    tapper.queueButton(down: false)
                    tapper.flush()
                }
            }
            let sent = MonotonicClock.now
            for side in 0..<2 {
                let (session, keyboard, _) = pair[side]
                // Every key in and the keyboard idle (the strip's last look included), as after a burst.
                try BurstRun(session: session, keyboard: keyboard).settle(expecting: hand.count, after: sent)
                let typed = session.target.presses.compactMap { $0.text.first }
                let counts = AlignmentCounts(expected: hand, typed: typed)
                guard counts.lost + counts.doubled + counts.wrong == 0 else {
                    throw BenchError.pairedRoundUnclean(keyboard: keyboard.spec.name, counts: counts.compact)
                }
                perThousand[side] = try keyboard.cpu().since(before[side]).scaled(by: 1000 / Double(hand.count)).runMilliseconds
                session.tapper.move(to: BenchSession.restingPoint)
            }
            tapped = hand.count
        }
        log("  paired 8/s: \(Format.ms(perThousand[0])) / \(Format.ms(perThousand[1])) ms per 1000 taps, interleaved")
        return PairedResult(figure: "8/s CPU ms/1000 taps (run time)", names: [first.name, second.name], values: perThousand,
                            limit: Table.suggestionsCPUFactor, how: "taps interleaved", tapsEach: tapped)
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
    /// The target: the first's value at most this times the second's.
    var limit: Double
    /// How the two were measured side by side (alternated rounds, interleaved taps).
    var how: String
    /// Taps on each keyboard in all.
    var tapsEach: Int

    /// The first's value over the second's.
    var ratio: Double? {
        guard let a = values[0], let b = values[1], b > 0 else { return nil }
        return a / b
    }
}
