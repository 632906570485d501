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
