import Foundation

extension Desktop {
    /// The strip's words as the last `suggestions` line of a `tapboard events --keys`
    /// output says, likeliest first; nil before any.
    public static func lastWords(in output: String) -> [String]? { lastList("suggestions", "words", in: output) }

    /// The list in `field` of the last line of a `tapboard events` output for `event`; nil before any.
    static func lastList(_ event: String, _ field: String, in output: String) -> [String]? {
        guard let line = output.split(separator: "\n").last(where: { $0.contains("\"event\":\"\(event)\"") }),
              let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
        return json[field] as? [String]
    }

    /// Waits (deadline 5 s) until the strip's words, as `events` last printed them, pass `test`; whether they did.
    public func waitForWords(of events: ChildProcess, until test: ([String]) -> Bool) -> Bool {
        waitForOutput(of: events) { output in Self.lastWords(in: output).map(test) ?? false }
    }
}
