/// The one encoding of control requests and of the keyboard's answers, which
/// every transport carries (the Wayland socket as a stream of lines, the X
/// control window as a property): one request or message a line, its fields
/// apart by spaces, each field with `%`, space and control characters written
/// `%XX` (so any text, newlines and emoji included, stays on one line).
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

    /// Fields as one line, its newline included.
    static func line(_ fields: [String]) -> String { fields.map(escape).joined(separator: " ") + "\n" }

    /// A line's fields (the first is its verb), its newline already off.
    static func fields(_ line: Substring) throws(ControlLineError) -> [String] {
        guard !line.isEmpty else { throw .empty }
        var out: [String] = []
        // Split on the space scalar, not on Characters: a field that begins with a
        // combining mark (a variation selector typed alone) forms one Character with the space before it.
        for part in line.unicodeScalars.split(separator: " ", omittingEmptySubsequences: false) {
            guard let field = unescape(Substring(part)) else { throw .brokenEscape(String(part)) }
            out.append(field)
        }
        return out
    }

    /// The lines of a text (a property holding several, a socket's input), each
    /// without its newline; an unfinished last one is left out, and blank ones
    /// (a person's Return typed into the socket) are none.
    public static func lines(_ text: String) -> [Substring] {
        let scalars = text.unicodeScalars
        guard let end = scalars.lastIndex(of: "\n") else { return [] }
        return scalars[..<end].split(separator: "\n").map { Substring($0) }
    }

    /// A duration in whole milliseconds (what the lines carry).
    static func milliseconds(_ d: Duration) -> Int {
        Int(d.components.seconds) * 1000 + Int(d.components.attoseconds / 1_000_000_000_000_000)
    }
}

/// What is wrong with a control line that could not be read.
public enum ControlLineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line is empty.
    case empty
    /// A field has a `%` not followed by two hexadecimal digits.
    case brokenEscape(String)
    /// The first field names no request (or message).
    case unknown(String, expected: [String])
    /// The verb has too few or too many fields after it.
    case fieldCount(verb: String, expected: String, found: Int)
    /// A field's value is not one the verb takes.
    case badField(verb: String, field: String, value: String, expected: String)

    /// One line naming what is wrong and what was expected.
    public var description: String {
        switch self {
        case .empty:
            "empty control line"
        case .brokenEscape(let field):
            "control line field '\(printable(field))': '%' must be followed by two hexadecimal digits"
        case .unknown(let verb, let expected):
            "unknown control verb '\(printable(verb))': expected " + Self.list(expected)
        case .fieldCount(let verb, let expected, let found):
            "control line '\(verb)' takes \(expected), not \(found) field\(found == 1 ? "" : "s")"
        case .badField(let verb, let field, let value, let expected):
            "control line '\(verb)': \(field) '\(printable(value))': expected \(expected)"
        }
    }

    /// Words as "a, b or c".
    static func list(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }
}
