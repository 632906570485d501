/// One setting of the settings file (`~/.config/tapboard/settings.yaml`): a
/// run option under its own name, its value as the command line would give it.
public struct SettingsEntry: Hashable, Sendable {
    /// The name as written: an option's name without `--` (`theme`, `auto-show`).
    public var name: String
    /// The value as text: a list's items joined with ", ", a flag's `true` or `false`.
    public var value: String
    /// Whether the value was written as a list (`[en-US, de]`).
    public var isList: Bool
    /// The file as the user named it.
    public var file: String
    /// Where the name is, lines and columns from 1.
    public var line: Int, column: Int
    /// Where the value is.
    public var valueLine: Int, valueColumn: Int

    /// Makes an entry (tests, and settings given other than by a file).
    public init(name: String, value: String, isList: Bool = false, file: String, line: Int, column: Int, valueLine: Int? = nil, valueColumn: Int? = nil) {
        self.name = name; self.value = value; self.isList = isList; self.file = file
        self.line = line; self.column = column
        self.valueLine = valueLine ?? line; self.valueColumn = valueColumn ?? column
    }

    /// An error at the name (`unknown setting`).
    public func errorAtName(_ message: String) -> FileError {
        FileError(file: file, line: line, column: column, field: name, message: message)
    }

    /// An error at the value (`expected a number`).
    public func errorAtValue(_ message: String) -> FileError {
        FileError(file: file, line: valueLine, column: valueColumn, field: name, message: message)
    }
}

/// Reads and edits the settings file: a mapping from option names to values,
/// which `RunOptions` checks with the same table as the command line.
public enum SettingsFile {
    /// The settings in the order written; an empty file (or only comments) has none.
    /// A value that is neither a scalar nor a list of scalars is an error with its place.
    public static func decode(_ text: String, file: String) throws(FileError) -> [SettingsEntry] {
        guard let root = try YAMLValue.parseDocument(text, file: file), !root.isNull else { return [] }
        var out: [SettingsEntry] = []
        for (name, value) in try root.entries("settings: a mapping of option names (as in tapboard --help, without --) to values") {
            let at = value.node.mark
            var entry = SettingsEntry(name: name, value: "", file: file, line: 0, column: 0, valueLine: at.line, valueColumn: at.column)
            (entry.line, entry.column) = keyPlace(of: name, in: root) ?? (at.line, at.column)
            if case .sequence = value.node {
                var items: [String] = []
                for item in try value.list() {
                    items.append(try item.string("a name"))
                }
                entry.value = items.joined(separator: ", ")
                entry.isList = true
            } else {
                if value.isNull { throw value.error("expected a value (\(name): VALUE), found nothing") }
                entry.value = try value.string("a value or a list of names")
            }
            out.append(entry)
        }
        return out
    }

    /// The key's own place in the mapping.
    private static func keyPlace(of name: String, in root: YAMLValue) -> (Int, Int)? {
        guard case .mapping(let map, _) = root.node else { return nil }
        for (key, _) in map {
            if case .scalar(let s) = key, s.string == name { return (s.mark.line, s.mark.column) }
        }
        return nil
    }

    /// The file's text with one setting given `value` (nil: taken out), the rest
    /// (comments, order, other settings) as it was: the setting's line is
    /// replaced where it is, or a new one added at the end.
    ///
    /// Only top-level `name:` lines are recognised, with the indented or list
    /// lines under them; that is how this file is written by hand and by the keyboard.
    public static func setting(_ name: String, to value: SettingsValue?, in text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let written = value.map { "\(name): \($0.yaml)" }
        if let start = lines.firstIndex(where: { topLevelName(of: $0) == name }) {
            // Its value may go on below it: indented lines, or `- item` lines.
            var end = start + 1
            while end < lines.count, isContinuation(lines[end]) { end += 1 }
            lines.replaceSubrange(start ..< end, with: written.map { [$0] } ?? [])
        } else if let written {
            lines.append(written)
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// The name of a top-level `name: value` line, nil for anything else.
    static func topLevelName(of line: String) -> String? {
        guard let first = line.unicodeScalars.first, first != " ", first != "\t", first != "#", first != "-" else { return nil }
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let name = line[..<colon]
        return name.contains(" ") ? nil : String(name)
    }

    /// Whether a line belongs to the value of the setting above it.
    private static func isContinuation(_ line: String) -> Bool {
        guard let first = line.unicodeScalars.first else { return false }
        return first == " " || first == "\t" || first == "-"
    }
}

/// A value written to the settings file.
public enum SettingsValue: Hashable, Sendable {
    case text(String)
    case list([String])
    case flag(Bool)

    /// As YAML: quoted when plain text would read as something else.
    public var yaml: String {
        switch self {
        case .flag(let on): return on ? "true" : "false"
        case .text(let text): return Self.scalar(text)
        case .list(let items): return "[" + items.map(Self.scalar).joined(separator: ", ") + "]"
        }
    }

    /// Plain when it reads back as itself, else double-quoted with escapes.
    static func scalar(_ text: String) -> String {
        let special: Set<Character> = [":", "#", "[", "]", "{", "}", ",", "\"", "'", "&", "*", "!", "|", ">", "%", "@", "`", "\\"]
        let plain = !text.isEmpty && !text.contains(where: { special.contains($0) || $0.isNewline })
            && text.first != " " && text.last != " " && text.first != "-" && text.first != "?"
            && !["true", "false", "null", "~", "yes", "no"].contains(text.lowercased())
        // YAML's double quotes take JSON's escapes.
        return plain ? text : LayoutDump.quote(text)
    }
}
