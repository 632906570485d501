import Foundation
import TapboardTestKit

/// Tap-to-KeyPress latency: taps one key many times with random pauses between.
/// t0 is taken just after the XFlush that sends the firing edge (the press for
/// a keyboard that types on press, else the release, flushed with its press);
/// t1 when the KeyPress is read from the target's connection, the bench blocked
/// in `poll()` on it in between.
struct LatencyRun {
    /// The session's target and tapper.
    let session: BenchSession
    /// The keyboard measured.
    let keyboard: RunningKeyboard

    /// Makes `taps` taps on `key`, a pause drawn from `pauses` (ms) before each.
    /// With `hold`, a keyboard that types on release has the button held that
    /// long before the release (the press handled and drawn before t0).
    func run(key: Character, edge: FiringEdge, taps: Int, pauses: ClosedRange<Int>, holdMilliseconds hold: Int? = nil,
             generator: inout SeededGenerator) throws -> LatencyResult {
        let target = session.target
        let tapper = session.tapper
        let point = try keyboard.centre(of: key)
        let expected = Verification.keysym(for: key)
        target.clearLog()
        var samples: [Double] = []
        var lost = 0
        var matched = 0
        for _ in 0..<taps {
            tapper.queueMotion(to: point)
            tapper.sync()
            target.handleEvents(until: Deadline(.milliseconds(Int.random(in: pauses, using: &generator))))
            let before = target.presses.count
            let t0: UInt64
            tapper.queueButton(down: true)
            if edge == .press {
                tapper.flush()
                t0 = MonotonicClock.now
                tapper.queueButton(down: false)
                tapper.flush()
            } else {
                if let hold {
                    tapper.flush()
                    target.handleEvents(until: Deadline(.milliseconds(hold)))
                }
                tapper.queueButton(down: false)
                tapper.flush()
                t0 = MonotonicClock.now
            }
            var found = false
            let deadline = Deadline(.seconds(1))
            var seen = before
            while let press = target.waitForPress(after: seen, until: deadline) {
                seen += 1
                if press.keysym == expected {
                    samples.append(MonotonicClock.milliseconds(from: t0, to: press.arrivedAt))
                    found = true
                    break
                }
            }
            if found { matched += 1 } else { lost += 1 }
            if !keyboard.child.isRunning { throw keyboard.exitedError() }
        }
        target.handleEvents(until: Deadline(.milliseconds(200)))
        tapper.move(to: BenchSession.restingPoint)
        return LatencyResult(taps: taps, key: String(key), edge: edge, holdMilliseconds: hold.map(Double.init), samples: samples,
                             lost: lost, extra: target.presses.filter { !$0.text.isEmpty }.count - matched,
                             modifierPresses: target.presses.filter { Verification.isModifier($0.keysym) }.count)
    }
}
