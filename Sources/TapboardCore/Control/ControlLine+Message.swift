/// The keyboard's answers and published events as lines: `typed UNTYPABLE`,
/// `stopped COUNT`, `clipboard (ID p|- TEXT)...`, `keys JSON`, `refused WHY`, `frame ...`,
/// `page NAME`, `layout NAME`, `text TEXT`, `keysym NAME`, `chord MODIFIERS text|keysym KEY`, `words WORD...`, `scan KEY...`.
extension ControlLine {
    /// The verbs of messages, in the order errors list them.
    public static let messageVerbs = ["typed", "stopped", "clipboard", "keys", "refused", "frame", "page", "layout", "text", "keysym", "chord", "words", "scan"]

    /// A message as a line (`gone` is the connection closing, never a line).
    public static func encode(_ message: ControlMessage) -> String {
        switch message {
        case .gone: return ""
        case .typed(let untypable): return line(["typed", String(untypable)])
        case .stoppedTyping(let typed): return line(["stopped", String(typed)])
        // Three fields an entry: its id, `p` when pinned or `-`, its text.
        case .clipboard(let entries): return line(["clipboard"] + entries.flatMap { [String($0.id), $0.pinned ? "p" : "-", $0.text] })
        case .keys(let json): return line(["keys", json])
        case .refused(let why): return line(["refused", why])
        case .event(let event):
            switch event {
            case .frame(let kind, let start, let end, let duration):
                let numbers = [start.x, start.y, start.width, start.height, end.x, end.y, end.width, end.height, milliseconds(duration)]
                return line(["frame", kind.rawValue] + numbers.map(String.init))
            case .pageChanged(let name): return line(["page", name])
            case .layoutChanged(let name): return line(["layout", name])
            case .typed(let text): return line(["text", text])
            case .typedKeysym(let name): return line(["keysym", name])
            case .typedChord(let modifiers, let text, let keysym):
                return line(["chord", modifiers.map(\.rawValue).joined(separator: "+")] + (text.map { ["text", $0] } ?? ["keysym", keysym ?? ""]))
            case .suggestions(let words): return line(["words"] + words)
            case .scan(let keys): return line(["scan"] + keys)
            }
        }
    }

    /// A message read from a line (without its newline), or what is wrong with it.
    public static func decodeMessage(_ text: Substring) throws(ControlLineError) -> ControlMessage {
        let f = try fields(text)
        let verb = f[0]
        /// The one field after the verb.
        func only(_ name: String) throws(ControlLineError) -> String {
            guard f.count == 2 else { throw .fieldCount(verb: verb, expected: "1 field (\(name))", found: f.count - 1) }
            return f[1]
        }
        func bad(_ field: String, _ value: String, _ expected: String) -> ControlLineError {
            .badField(verb: verb, field: field, value: value, expected: expected)
        }
        switch verb {
        case "typed": return .typed(untypable: Array(try only("the untypable characters")))
        case "stopped":
            let count = try only("the count typed")
            guard let n = Int(count), n >= 0 else { throw bad("count", count, "a whole number") }
            return .stoppedTyping(typed: n)
        case "clipboard":
            guard f.count % 3 == 1 else { throw .fieldCount(verb: verb, expected: "3 fields an entry (id, p or -, text)", found: f.count - 1) }
            var entries: [ClipboardEntry] = []
            for i in stride(from: 1, to: f.count, by: 3) {
                guard let id = Int(f[i]) else { throw bad("id", f[i], "a whole number") }
                guard f[i + 1] == "p" || f[i + 1] == "-" else { throw bad("pinned", f[i + 1], "p or -") }
                entries.append(ClipboardEntry(id: id, text: f[i + 2], pinned: f[i + 1] == "p"))
            }
            return .clipboard(entries)
        case "keys": return .keys(try only("the keys as JSON"))
        case "refused": return .refused(try only("why"))
        case "frame":
            guard f.count == 11 else { throw .fieldCount(verb: verb, expected: "10 fields (kind, start x y w h, end x y w h, ms)", found: f.count - 1) }
            guard let kind = FrameEventKind(rawValue: f[1]) else {
                throw bad("kind", f[1], ControlLineError.list(FrameEventKind.allCases.map(\.rawValue)))
            }
            var n: [Int] = []
            for value in f[2...] {
                guard let number = Int(value) else { throw bad("number", value, "a whole number") }
                n.append(number)
            }
            return .event(.frame(kind, start: Rect(x: n[0], y: n[1], width: n[2], height: n[3]),
                                 end: Rect(x: n[4], y: n[5], width: n[6], height: n[7]), duration: .milliseconds(n[8])))
        case "page": return .event(.pageChanged(try only("the page")))
        case "layout": return .event(.layoutChanged(try only("the layout")))
        case "text": return .event(.typed(try only("the text")))
        case "keysym": return .event(.typedKeysym(try only("the keysym")))
        case "chord":
            guard f.count == 4 else { throw .fieldCount(verb: verb, expected: "3 fields (modifiers, text or keysym, the key)", found: f.count - 1) }
            var modifiers: [Modifier] = []
            for name in f[1].split(separator: "+") {
                guard let modifier = Modifier(rawValue: String(name)) else {
                    throw bad("modifier", String(name), ControlLineError.list(Modifier.allCases.map(\.rawValue)))
                }
                modifiers.append(modifier)
            }
            switch f[2] {
            case "text": return .event(.typedChord(modifiers, text: f[3], keysym: nil))
            case "keysym": return .event(.typedChord(modifiers, text: nil, keysym: f[3]))
            default: throw bad("kind", f[2], "text or keysym")
            }
        case "words": return .event(.suggestions(Array(f[1...])))
        case "scan": return .event(.scan(Array(f[1...])))
        default: throw .unknown(verb, expected: messageVerbs)
        }
    }

    /// A message read from a line (without its newline); nil when it is none.
    public static func message(_ text: Substring) -> ControlMessage? {
        try? decodeMessage(text)
    }
}
