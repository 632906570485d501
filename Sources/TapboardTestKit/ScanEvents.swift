import Foundation

extension Desktop {
    /// The keys switch scanning highlights as the last `scan` line of a
    /// `tapboard events --keys` output says; nil before any.
    public static func lastScan(in output: String) -> [String]? { lastList("scan", "keys", in: output) }

    /// Waits (deadline 10 s) until the highlighted keys, as `events` last printed them, pass `test`; whether they did.
    public func waitForScan(of events: ChildProcess, until test: ([String]) -> Bool) -> Bool {
        waitForOutput(of: events, timeout: .seconds(10)) { output in Self.lastScan(in: output).map(test) ?? false }
    }

    /// A switch (a key, by keysym) pressed and let go through XTest, 40 ms apart, as a hand would.
    public func pressSwitch(keysym: Int32) {
        let keycode = tapper.keycode(for: keysym)
        tapper.key(keycode, down: true)
        tapper.sync()
        target.handleEvents(until: Deadline(.milliseconds(40)))
        tapper.key(keycode, down: false)
        tapper.sync()
    }
}

extension Desktop {
    /// How many lines of an event (`"event":"scan"`, `"event":"key"`) an events output has.
    public static func eventLines(_ event: String, in output: String) -> Int {
        output.split(separator: "\n").count { $0.contains("\"event\":\"\(event)\"") }
    }

    /// The key that types a character on the letters page.
    public static func keyID(typing c: Character) -> String { c == " " ? "space" : c == "\n" ? "return" : String(c) }

    /// Types `text` by step scan with two switches, `next` and `select` (each
    /// presses its switch once), into the keyboard whose `tapboard events --keys` output is `events`.
    public func typeByStepScan(_ text: String, events: ChildProcess, next: () -> Void, select: () -> Void) -> [String] {
        Self.typeByStepScan(text, output: { events.standardOutput }, waitFor: { waitForOutput(of: events, until: $0) }, next: next, select: select)
    }

    /// Types `text` by step scan with two switches, `next` and `select` (each
    /// presses its switch once): for each character, `next` until its row
    /// lights, `select`, `next` until its key lights, `select`. Every press's
    /// answer is awaited (the highlight's move, the keystroke) in `output`, the
    /// events printed so far, by `waitFor` (whether its condition came in time).
    /// Returns what went wrong (it stops at the first), empty when nothing did.
    public static func typeByStepScan(_ text: String, output: () -> String, waitFor: ((String) -> Bool) -> Bool,
                                      next: () -> Void, select: () -> Void) -> [String] {
        var failures: [String] = []
        func awaiting(_ event: String, _ press: () -> Void) {
            let before = eventLines(event, in: output())
            press()
            if !waitFor({ eventLines(event, in: $0) > before }) { failures.append("no \(event) event after a press") }
        }
        awaiting("scan", next)
        for c in text where failures.isEmpty {
            let key = keyID(typing: c)
            for lit in [{ (keys: [String]) in keys.count > 1 && keys.contains(key) }, { $0 == [key] }] {
                var steps = 0
                while !(lastScan(in: output()).map(lit) ?? false), steps < 20, failures.isEmpty {
                    awaiting("scan", next)
                    steps += 1
                }
                if steps == 20 { failures.append("\(key) never lit") }
                guard failures.isEmpty else { break }
                awaiting(lit([key]) ? "key" : "scan", select)
            }
        }
        return failures
    }
}

extension Desktop {
    /// Types `text` by dwell alone: the pointer moved onto each character's key
    /// on `frames` and kept there until its keystroke comes. Returns what went
    /// wrong (it stops at the first), empty when nothing did.
    public func typeByDwell(_ text: String, keyboard: Keyboard, frames: PageFrames, events: ChildProcess) -> [String] {
        for c in text {
            let id = Self.keyID(typing: c)
            guard let key = frames.key(id) else { return ["no key \(id)"] }
            let typed = Self.eventLines("key", in: events.standardOutput)
            tapper.move(to: keyboard.actual.screenPoint(x: key.x + key.width / 2, y: key.y + key.height / 2))
            if !waitForOutput(of: events, until: { Self.eventLines("key", in: $0) > typed }) { return ["\(id) was not typed"] }
        }
        return []
    }
}
