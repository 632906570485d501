/// The clipboard history as text: its file (`--clipboard-history=disk`) and the
/// escaping of a text onto one line, which `tapboard clipboard list` prints too.
extension ClipboardHistory {
    /// The file's first word, then its version.
    static let magic = "tapboard-clipboard"
    /// The version this keyboard writes and reads.
    static let version = 1

    /// The history as text: a first line `tapboard-clipboard 1`, a line an entry,
    /// newest first (`e`, `p` when pinned or `-`, the text `escape`d; tab-separated),
    /// and a last line `end` with the entries' count, so a cut file is noticed.
    public func text() -> String {
        var out = "\(Self.magic) \(Self.version)\n"
        for entry in entries { out += "e\t\(entry.pinned ? "p" : "-")\t\(Self.escape(entry.text))\n" }
        out += "end\t\(entries.count)\n"
        return out
    }

    /// Reads what `text()` wrote; any damage (a cut file, a bad line or escape,
    /// another version) is an error naming the line. The entries get new ids.
    public init(text: String) throws(LineError) {
        var texts: [(text: String, pinned: Bool)] = []
        var lineNumber = 0
        var ended = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if ended {
                guard line.isEmpty else { throw LineError(line: lineNumber, reason: "text after the end line") }
                continue
            }
            if lineNumber == 1 {
                let words = line.split(separator: " ", omittingEmptySubsequences: false)
                guard words.count == 2, words[0] == Self.magic, let version = Int(words[1]) else {
                    throw LineError(line: 1, reason: "not a clipboard history file (expected '\(Self.magic) \(Self.version)')")
                }
                guard version == Self.version else {
                    throw LineError(line: 1, reason: "version \(version) of the clipboard history file; this tapboard reads version \(Self.version)")
                }
                continue
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            switch fields.first {
            case "e" where fields.count == 3:
                guard fields[1] == "p" || fields[1] == "-" else {
                    throw LineError(line: lineNumber, reason: "'\(fields[1])' is neither 'p' (pinned) nor '-'")
                }
                guard let entry = Self.unescape(fields[2]) else {
                    throw LineError(line: lineNumber, reason: "a broken escape in the text (expected \\\\, \\n, \\r, \\t or \\u{HEX})")
                }
                guard !entry.isEmpty else { throw LineError(line: lineNumber, reason: "an entry with no text") }
                texts.append((entry, fields[1] == "p"))
            case "end" where fields.count == 2:
                guard let count = Int(fields[1]), count == texts.count else {
                    throw LineError(line: lineNumber, reason: "the end line's count does not match the entries before it")
                }
                ended = true
            default:
                if line.isEmpty, lineNumber > 1 { throw LineError(line: lineNumber, reason: "the file is cut short (no end line)") }
                throw LineError(line: lineNumber, reason: "expected an 'e' line (e, p or -, the text) or the 'end' line")
            }
        }
        guard ended else { throw LineError(line: lineNumber, reason: "the file is cut short (no end line)") }
        self.init(texts: texts)
    }

    // MARK: - One text on one line

    /// A text on one line, reversibly: `\` as `\\`, a newline as `\n`, a carriage
    /// return as `\r`, a tab as `\t`, and every other control, separator,
    /// invisible format character or unassigned code point as `\u{HEX}`; the rest as it is.
    public static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\\" || needsEscape($0) }) else { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if needsEscape(scalar) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// A text `escape` wrote, read back; nil when an escape is broken.
    public static func unescape(_ field: Substring) -> String? {
        guard field.unicodeScalars.contains("\\") else { return String(field) }
        var out = ""
        var rest = field.unicodeScalars[...]
        while let scalar = rest.popFirst() {
            guard scalar == "\\" else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch rest.popFirst() {
            case "\\": out += "\\"
            case "n": out += "\n"
            case "r": out += "\r"
            case "t": out += "\t"
            case "u":
                guard rest.popFirst() == "{", let close = rest.firstIndex(of: "}") else { return nil }
                var digits = ""
                digits.unicodeScalars.append(contentsOf: rest[..<close])
                guard (1 ... 6).contains(digits.unicodeScalars.count), digits.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit),
                      let value = UInt32(digits, radix: 16),
                      let decoded = Unicode.Scalar(value) else { return nil }
                out.unicodeScalars.append(decoded)
                rest = rest[rest.index(after: close)...]
            default:
                return nil
            }
        }
        return out
    }
}
