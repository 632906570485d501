/// What a control client (`tapboard show`, `type`, `events`) hears from the keyboard.
public enum ControlMessage: Hashable, Sendable {
    /// It has gone (quit, or killed).
    case gone
    /// It typed the text asked for; these characters have no key on the layout shown.
    case typed(untypable: [Character])
    /// It stopped typing when asked to, after `typed` characters.
    case stoppedTyping(typed: Int)
    /// A published event (after subscribing).
    case event(PublishedEvent)
    /// The clipboard history's entries, newest first (the answer to `tapboard clipboard`).
    case clipboard([ClipboardEntry])
}

/// What a control client asks of the keyboard.
public enum ControlClientRequest: Hashable, Sendable {
    /// Show, hide, toggle, quit, forget.
    case command(ControlCommand)
    /// Tap the keys for this text, `delay` apart; answered with `ControlMessage.typed`.
    case type(String, delay: Duration)
    /// Stop the typing asked for; answered with `ControlMessage.stoppedTyping`.
    case stopTyping
    /// Send the published events (typed text too when `keys`).
    case subscribe(keys: Bool)
    /// List or clear the clipboard history; answered with `ControlMessage.clipboard`.
    case clipboard(ClipboardRequest)
    /// A switch went down or up (`tapboard switch`, run by a compositor's or
    /// window manager's key binding where the keyboard cannot grab the key itself).
    case switchChanged(SwitchRole, down: Bool)
}

/// The control channel's lines where it is a stream socket (Wayland, where no
/// X server carries it): one request or message a line, its fields apart by
/// spaces, each field with `%`, space and control characters written `%XX`.
public enum ControlLine {
    /// `%XX`-escapes the bytes that would split or end a line; others pass as they are.
    public static func escape(_ field: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(field.utf8.count)
        for byte in field.utf8 {
            if byte == 0x25 || byte <= 0x20 || byte == 0x7f {
                bytes += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A field read back; nil when an escape is broken.
    public static func unescape(_ field: Substring) -> String? {
        var bytes: [UInt8] = []
        var it = Array(field.utf8)[...]
        while let byte = it.popFirst() {
            guard byte == 0x25 else {
                bytes.append(byte)
                continue
            }
            guard let high = it.popFirst().flatMap(hexValue), let low = it.popFirst().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30 ... 0x39: return c - 0x30
        case 0x41 ... 0x46: return c - 0x41 + 10
        case 0x61 ... 0x66: return c - 0x61 + 10
        default: return nil
        }
    }

    private static func line(_ fields: [String]) -> String { fields.map(escape).joined(separator: " ") + "\n" }

    private static func fields(_ line: Substring) -> [String]? {
        var out: [String] = []
        for part in line.split(separator: " ", omittingEmptySubsequences: false) {
            guard let field = unescape(part) else { return nil }
            out.append(field)
        }
        return out
    }

    private static func milliseconds(_ d: Duration) -> Int {
        Int(d.components.seconds) * 1000 + Int(d.components.attoseconds / 1_000_000_000_000_000)
    }

    /// A request as a line.
    public static func encode(_ request: ControlClientRequest) -> String {
        switch request {
        case .command(let command): return line(["command", command.rawValue])
        case .type(let text, let delay): return line(["type", String(milliseconds(delay)), text])
        case .stopTyping: return line(["stop"])
        case .subscribe(let keys): return line(["subscribe", keys ? "keys" : "nokeys"])
        case .clipboard(let request): return line(["clipboard", request.rawValue])
        case .switchChanged(let role, let down): return line(["switch", role.rawValue, down ? "down" : "up"])
        }
    }

    /// A request read from a line (without its newline); nil when it is none.
    public static func request(_ text: Substring) -> ControlClientRequest? {
        guard let f = fields(text), let verb = f.first else { return nil }
        switch (verb, f.count) {
        case ("command", 2): return ControlCommand(rawValue: f[1]).map { .command($0) }
        case ("type", 3): return Int(f[1]).flatMap { $0 >= 0 ? .type(f[2], delay: .milliseconds($0)) : nil }
        case ("stop", 1): return .stopTyping
        case ("subscribe", 2): return .subscribe(keys: f[1] == "keys")
        case ("clipboard", 2): return ClipboardRequest(rawValue: f[1]).map { .clipboard($0) }
        case ("switch", 3):
            guard let role = SwitchRole(rawValue: f[1]), f[2] == "down" || f[2] == "up" else { return nil }
            return .switchChanged(role, down: f[2] == "down")
        default: return nil
        }
    }

    /// A message as a line (`gone` is the socket closing, never a line).
    public static func encode(_ message: ControlMessage) -> String {
        switch message {
        case .gone: return ""
        case .typed(let untypable): return line(["typed", String(untypable)])
        case .stoppedTyping(let typed): return line(["stopped", String(typed)])
        // Three fields an entry: its id, `p` when pinned or `-`, its text.
        case .clipboard(let entries): return line(["clipboard"] + entries.flatMap { [String($0.id), $0.pinned ? "p" : "-", $0.text] })
        case .event(let event):
            switch event {
            case .frame(let kind, let start, let end, let duration):
                let numbers = [start.x, start.y, start.width, start.height, end.x, end.y, end.width, end.height, milliseconds(duration)]
                return line(["frame", kind.rawValue] + numbers.map(String.init))
            case .pageChanged(let name): return line(["page", name])
            case .layoutChanged(let name): return line(["layout", name])
            case .typed(let text): return line(["text", text])
            case .typedKeysym(let name): return line(["keysym", name])
            case .suggestions(let words): return line(["words"] + words)
            case .scan(let keys): return line(["scan"] + keys)
            }
        }
    }

    /// A message read from a line (without its newline); nil when it is none.
    public static func message(_ text: Substring) -> ControlMessage? {
        guard let f = fields(text), let verb = f.first else { return nil }
        switch (verb, f.count) {
        case ("typed", 2): return .typed(untypable: Array(f[1]))
        case ("stopped", 2): return Int(f[1]).map { .stoppedTyping(typed: $0) }
        case ("clipboard", let n) where n % 3 == 1:
            var entries: [ClipboardEntry] = []
            for i in stride(from: 1, to: n, by: 3) {
                guard let id = Int(f[i]), f[i + 1] == "p" || f[i + 1] == "-" else { return nil }
                entries.append(ClipboardEntry(id: id, text: f[i + 2], pinned: f[i + 1] == "p"))
            }
            return .clipboard(entries)
        case ("frame", 11):
            guard let kind = FrameEventKind(rawValue: f[1]) else { return nil }
            let n = f[2...].compactMap { Int($0) }
            guard n.count == 9 else { return nil }
            return .event(.frame(kind, start: Rect(x: n[0], y: n[1], width: n[2], height: n[3]),
                                 end: Rect(x: n[4], y: n[5], width: n[6], height: n[7]), duration: .milliseconds(n[8])))
        case ("page", 2): return .event(.pageChanged(f[1]))
        case ("layout", 2): return .event(.layoutChanged(f[1]))
        case ("text", 2): return .event(.typed(f[1]))
        case ("keysym", 2): return .event(.typedKeysym(f[1]))
        case ("words", _): return .event(.suggestions(Array(f[1...])))
        case ("scan", _): return .event(.scan(Array(f[1...])))
        default: return nil
        }
    }
}

/// A control client's connection to a running keyboard, over whatever carries
/// it (an X display's windows, a Wayland keyboard's socket). The waiting is
/// the caller's: `fileDescriptor` goes into its `poll()`.
public protocol ControlChannel: AnyObject {
    /// What the keyboard is found by, for messages (a display's name).
    var displayName: String { get }
    /// The connection's descriptor, for `poll()`.
    var fileDescriptor: Int32 { get }
    /// Sends a request.
    func send(_ request: ControlClientRequest)
    /// The next message of those that have arrived; nil when none has yet.
    func pendingMessage() -> ControlMessage?
    /// The next message, waiting for it.
    func nextMessage() -> ControlMessage
}

extension ControlLine {
    /// The control socket of the keyboard on a Wayland display: beside the
    /// compositor's socket, in the runtime directory (or the directory of a
    /// display given as a path).
    public static func socketPath(runtimeDirectory: String?, display: String) -> String? {
        if display.hasPrefix("/") {
            let slash = display.lastIndex(of: "/")!
            return String(display[..<slash]) + "/tapboard-" + String(display[display.index(after: slash)...]) + ".control"
        }
        guard let runtimeDirectory, !runtimeDirectory.isEmpty else { return nil }
        return runtimeDirectory + "/tapboard-" + display + ".control"
    }
}
