import Foundation
import TapboardTestKit

/// A burst of taps spelling a sentence, as fast as the X server takes them or
/// paced; what arrives is aligned against the sentence.
struct BurstRun {
    /// How taps are spaced.
    enum Mode: String {
        /// Each tap (motion, press, release) sent and XSync'ed before the next.
        case fast
        /// One tap every `interval` ms, on a schedule from the first.
        case paced
    }

    /// The session's target and tapper.
    let session: BenchSession
    /// The keyboard measured.
    let keyboard: RunningKeyboard

    /// Taps `sentence`, waits until the keyboard has settled (see `settle`), and
    /// aligns what arrived against the sentence.
    func run(_ sentence: [Character], mode: Mode, intervalMilliseconds: Int, windowManager: Bool) throws -> BurstResult {
        let target = session.target
        let tapper = session.tapper
        let points = try sentence.map { try keyboard.centre(of: $0) }
        target.handleEvents(until: Deadline(.milliseconds(300)))
        target.clearLog()
        let serverPid = session.xvfb.pid
        let serverBefore = serverPid.flatMap(ProcessStats.cpu(of:))
        let cpuBefore = try keyboard.cpu()
        let start = MonotonicClock.now
        let clockStart = ContinuousClock.now
        for (index, point) in points.enumerated() {
            if mode == .paced {
                let due = clockStart + .milliseconds(index * intervalMilliseconds)
                target.handleEvents(until: Deadline(due - .now))
            }
            tapper.queueMotion(to: point)
            tapper.queueButton(down: true)
            tapper.queueButton(down: false)
            if mode == .fast {
                tapper.sync()
                target.handlePending()
            } else {
                tapper.flush()
            }
        }
        let sent = MonotonicClock.now
        try settle(expecting: sentence.count, after: sent)
        guard keyboard.child.isRunning else { throw keyboard.exitedError() }
        let cpu = try keyboard.cpu().since(cpuBefore)
        var serverCPU: CPUUsage?
        if let serverPid, let serverBefore, let serverAfter = ProcessStats.cpu(of: serverPid) {
            serverCPU = serverAfter.since(serverBefore).scaled(by: 1000 / Double(sentence.count))
        }
        tapper.move(to: BenchSession.restingPoint)

        let typed = target.presses.compactMap { $0.text.first }
        let counts = AlignmentCounts(expected: sentence, typed: typed)
        let end = target.presses.last?.arrivedAt ?? sent
        return BurstResult(mode: mode == .fast ? "fast" : "paced \(1000 / intervalMilliseconds)/s",
                           windowManager: windowManager, taps: sentence.count,
                           rate: Double(sentence.count) / max(MonotonicClock.milliseconds(from: start, to: sent) / 1000, 1e-9),
                           arrived: target.presses.count,
                           modifierPresses: target.presses.filter { Verification.isModifier($0.keysym) }.count,
                           counts: counts,
                           cpuPer1000Taps: cpu.scaled(by: 1000 / Double(sentence.count)),
                           serverCPUPer1000Taps: serverCPU,
                           durationMilliseconds: MonotonicClock.milliseconds(from: start, to: end),
                           focusOuts: target.focusOuts,
                           firstDifference: Self.firstDifference(expected: sentence, typed: typed))
    }

    /// Waits until the keys have stopped arriving and the keyboard is idle, so a
    /// slow keyboard's backlog is counted in this burst and not in the next:
    /// no KeyPress for 300 ms once all `expected` have come (5 s before that),
    /// and less than 1 ms of keyboard run time in the last 250 ms; at most 60 s.
    func settle(expecting expected: Int, after sent: UInt64) throws {
        let target = session.target
        let overall = Deadline(.seconds(60))
        var lastSample = try keyboard.cpu()
        var lastSampleAt = MonotonicClock.now
        var idle = false
        while !overall.hasPassed {
            let count = target.presses.count
            let last = max(sent, target.presses.last?.arrivedAt ?? 0)
            let quiet: Double = count >= expected ? 300 : 5000
            let left = quiet - MonotonicClock.milliseconds(from: last, to: MonotonicClock.now)
            if left <= 0 && idle { break }
            let toSample = max(1, 250 - MonotonicClock.milliseconds(from: lastSampleAt, to: MonotonicClock.now))
            let wait = left > 0 ? min(left, toSample) : toSample
            _ = target.waitForPress(after: count, until: Deadline(.microseconds(Int(wait * 1000))))
            let now = MonotonicClock.now
            if MonotonicClock.milliseconds(from: lastSampleAt, to: now) >= 250 {
                let sample = try keyboard.cpu()
                idle = sample.since(lastSample).runMilliseconds < 1
                lastSample = sample
                lastSampleAt = now
            }
        }
    }

    /// Where typed first departs from expected, with some context.
    static func firstDifference(expected: [Character], typed: [Character]) -> String? {
        guard let index = zip(expected, typed).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
                ?? (expected.count == typed.count ? nil : min(expected.count, typed.count)) else { return nil }
        let from = max(0, index - 10)
        let want = String(expected[from..<min(expected.count, index + 20)])
        let got = String(typed[from..<min(typed.count, index + 20)])
        return "at \(index): expected \"\(want)\", got \"\(got)\""
    }
}
