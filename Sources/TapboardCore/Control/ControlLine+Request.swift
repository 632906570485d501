/// Requests as lines: `command show`, `type 20 hello%20world`, `stop`,
/// `subscribe keys|nokeys`, `clipboard list|clear`, `switch select down|up`, `keys`, `layout NAME`.
extension ControlLine {
    /// The verbs of requests, in the order errors list them.
    public static let requestVerbs = ["command", "type", "stop", "subscribe", "clipboard", "switch", "keys", "layout"]

    /// A request as a line.
    public static func encode(_ request: ControlClientRequest) -> String {
        switch request {
        case .command(let command): line(["command", command.rawValue])
        case .type(let text, let delay): line(["type", String(milliseconds(delay)), text])
        case .stopTyping: line(["stop"])
        case .subscribe(let keys): line(["subscribe", keys ? "keys" : "nokeys"])
        case .clipboard(let request): line(["clipboard", request.rawValue])
        case .switchChanged(let role, let down): line(["switch", role.rawValue, down ? "down" : "up"])
        case .keys: line(["keys"])
        case .layout(let name): line(["layout", name])
        }
    }

    /// A request read from a line (without its newline), or what is wrong with it.
    public static func decodeRequest(_ text: Substring) throws(ControlLineError) -> ControlClientRequest {
        let f = try fields(text)
        let verb = f[0]
        /// The fields after the verb, when there are as many as expected.
        func arguments(_ names: String, _ count: Int) throws(ControlLineError) -> ArraySlice<String> {
            guard f.count == count + 1 else { throw .fieldCount(verb: verb, expected: names, found: f.count - 1) }
            return f[1...]
        }
        /// A field that must be one of some words.
        func word<T>(_ field: String, _ value: String, _ words: [(String, T)]) throws(ControlLineError) -> T {
            guard let found = words.first(where: { $0.0 == value }) else {
                throw .badField(verb: verb, field: field, value: value, expected: ControlLineError.list(words.map(\.0)))
            }
            return found.1
        }
        switch verb {
        case "command":
            let a = try arguments("1 field (the command)", 1)
            return .command(try word("command", a[1], ControlCommand.allCases.map { ($0.rawValue, $0) }))
        case "type":
            let a = try arguments("2 fields (the delay in ms, the text)", 2)
            let limit = milliseconds(ControlClientRequest.longestDelay)
            guard let ms = Int(a[1]), (0 ... limit).contains(ms) else {
                throw .badField(verb: verb, field: "delay", value: a[1], expected: "whole milliseconds from 0 to \(limit)")
            }
            return .type(a[2], delay: .milliseconds(ms))
        case "stop":
            _ = try arguments("no fields", 0)
            return .stopTyping
        case "subscribe":
            let a = try arguments("1 field (keys or nokeys)", 1)
            return .subscribe(keys: try word("typed text", a[1], [("keys", true), ("nokeys", false)]))
        case "clipboard":
            let a = try arguments("1 field (what to do)", 1)
            return .clipboard(try word("what to do", a[1], ClipboardRequest.allCases.map { ($0.rawValue, $0) }))
        case "switch":
            let a = try arguments("2 fields (the role, down or up)", 2)
            let role = try word("role", a[1], SwitchRole.allCases.map { ($0.rawValue, $0) })
            return .switchChanged(role, down: try word("motion", a[2], [("down", true), ("up", false)]))
        case "keys":
            _ = try arguments("no fields", 0)
            return .keys
        case "layout":
            return .layout(try arguments("1 field (the layout's name)", 1)[1])
        default:
            throw .unknown(verb, expected: requestVerbs)
        }
    }

    /// A request read from a line (without its newline); nil when it is none.
    public static func request(_ text: Substring) -> ControlClientRequest? {
        try? decodeRequest(text)
    }
}
