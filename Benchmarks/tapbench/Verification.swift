import CX11
import Foundation
import TapboardTestKit

/// Before measuring: taps every needed key once at its centre, checks that the
/// keysym it types arrives, and finds whether the keyboard types on press or on release.
struct Verification {
    /// The session's target and tapper.
    let session: BenchSession
    /// The keyboard checked.
    let keyboard: RunningKeyboard

    /// The keysym a key should type.
    static func keysym(for key: Character) -> KeySym {
        key == " " ? KeySym(XK_space) : XStringToKeysym(String(key))
    }

    /// A keysym's name for messages.
    static func name(of keysym: KeySym) -> String {
        XKeysymToString(keysym).map { String(cString: $0) } ?? "0x\(String(keysym, radix: 16))"
    }

    /// Whether a keysym is a modifier (Shift, Control, Alt, ...): pressed around
    /// keys by some keyboards, not a key typed.
    static func isModifier(_ keysym: KeySym) -> Bool {
        let k = Int32(truncatingIfNeeded: keysym)
        return (XK_Shift_L...XK_Hyper_R).contains(k) || k == XK_Mode_switch || (0xfe01...0xfe0f).contains(k)
    }

    /// Taps each key once; throws at the first key that types nothing, another
    /// keysym or more than one key (modifier presses around it are noted, not
    /// counted). The first key (the latency key) is pressed and held for up to
    /// 300 ms to find whether the keyboard types on press or on release; the
    /// others are tapped (press, release, flush). Returns that edge.
    func run(keys: [Character], edgeKey: Character, notes: inout [String]) throws -> FiringEdge {
        let target = session.target
        let tapper = session.tapper
        var edge = FiringEdge.release
        var modifierPresses = 0
        for key in [edgeKey] + keys.filter({ $0 != edgeKey }) {
            let point = try keyboard.centre(of: key)
            tapper.queueMotion(to: point)
            tapper.sync()
            // Let any hover handling finish; a key typed now would show up below.
            target.handleEvents(until: Deadline(.milliseconds(20)))
            let before = target.presses.count
            tapper.queueButton(down: true)
            if key == edgeKey {
                tapper.flush()
                let typed = Self.firstKey(after: before, in: target, until: Deadline(.milliseconds(300)))
                edge = typed == nil ? .release : .press
            }
            tapper.queueButton(down: false)
            tapper.flush()
            let press = Self.firstKey(after: before, in: target, until: Deadline(.seconds(1)))
            guard keyboard.child.isRunning else { throw keyboard.exitedError() }
            guard let press else { throw BenchError.keyTypedNothing(key: key) }
            // Anything more it types for this one tap arrives now.
            target.handleEvents(until: Deadline(.milliseconds(50)))
            let all = target.presses[before...]
            let typed = all.filter { !Self.isModifier($0.keysym) }
            modifierPresses += all.count - typed.count
            let expected = Self.keysym(for: key)
            guard press.keysym == expected else {
                throw BenchError.wrongKey(key: key, got: all.map { Self.name(of: $0.keysym) }.joined(separator: " ")
                                          + " instead of \(Self.name(of: expected))")
            }
            guard typed.count == 1 else {
                throw BenchError.wrongKey(key: key, got: "\(typed.count) keys (\(all.map { Self.name(of: $0.keysym) }.joined(separator: " "))) for one tap")
            }
        }
        tapper.move(to: BenchSession.restingPoint)
        if modifierPresses > 0 {
            notes.append("verifying \(keys.count) keys, it also pressed modifiers \(modifierPresses) times (ignored: not keys typed)")
        }
        return edge
    }

    /// The first non-modifier KeyPress after the first `count`, waiting until the deadline.
    static func firstKey(after count: Int, in target: TargetWindow, until deadline: Deadline) -> TargetWindow.RecordedPress? {
        var seen = count
        while let press = target.waitForPress(after: seen, until: deadline) {
            if !isModifier(press.keysym) { return press }
            seen += 1
        }
        return nil
    }
}
