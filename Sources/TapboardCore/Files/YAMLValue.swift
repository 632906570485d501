/// A node of a parsed YAML file together with where it came from, so that
/// every accessor can fail with the file, line, column and field.
struct YAMLValue {
    let node: YAMLNode
    let path: String
    let file: String

    /// Parses a document; a syntax error carries its line and column.
    static func parse(_ text: String, file: String) throws(FileError) -> YAMLValue {
        guard let value = try parseDocument(text, file: file) else {
            throw FileError(file: file, line: 0, column: 0, field: "", message: "the file is empty")
        }
        return value
    }

    /// Parses a document that may be empty (nil: nothing but comments and space).
    static func parseDocument(_ text: String, file: String) throws(FileError) -> YAMLValue? {
        do {
            return try YAMLNode.parse(text).map { YAMLValue(node: $0, path: "", file: file) }
        } catch {
            throw FileError(file: file, line: error.mark?.line ?? 0, column: error.mark?.column ?? 0, field: "",
                            message: "YAML syntax error: \(error.message)")
        }
    }

    /// An error at this node.
    func error(_ message: String) -> FileError {
        FileError(file: file, line: node.mark.line, column: node.mark.column, field: path, message: message)
    }

    /// An error at a word inside this scalar (`offset` scalars from its start),
    /// so a message about `foo` in `"q w foo"` points at `foo`.
    func error(_ message: String, atOffset offset: Int) -> FileError {
        var e = error(message)
        guard case .scalar(let s) = node, e.line > 0, !s.string.contains("\n") else { return e }
        let quoted = s.style == .singleQuoted || s.style == .doubleQuoted
        // Escapes in double quotes would shift the column; point at the scalar then.
        if s.style == .doubleQuoted && s.string.contains(where: { $0 == "\\" || $0 == "\"" }) { return e }
        e.column += offset + (quoted ? 1 : 0)
        return e
    }

    /// The offset, in Unicode scalars, of each space-separated word of a string.
    static func words(_ text: String) -> [(word: String, offset: Int)] {
        var out: [(String, Int)] = []
        var current = "", start = 0
        for (i, scalar) in text.unicodeScalars.enumerated() {
            if scalar == " " {
                if !current.isEmpty { out.append((current, start)) }
                current = ""
            } else {
                if current.isEmpty { start = i }
                current.unicodeScalars.append(scalar)
            }
        }
        if !current.isEmpty { out.append((current, start)) }
        return out
    }

    /// What kind of node this is, for messages.
    var kind: String {
        switch node {
        case .scalar: return "a string"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }

    /// The scalar's text, or nil when this is not a scalar.
    var scalar: String? {
        if case .scalar(let s) = node { return s.string }
        return nil
    }

    /// Whether this is a YAML null (`~`, `null` or nothing).
    var isNull: Bool {
        if case .scalar(let s) = node { return s.style == .plain && ["", "~", "null", "Null", "NULL"].contains(s.string) }
        return false
    }

    /// The scalar's text; anything else is an error saying what was expected.
    func string(_ expected: String = "a string") throws(FileError) -> String {
        guard let s = scalar else { throw error("expected \(expected), found \(kind)") }
        return s
    }

    /// A number.
    func number(_ expected: String = "a number") throws(FileError) -> Double {
        guard let s = scalar, let v = Double(s), v.isFinite else {
            throw error("expected \(expected), found \(scalar.map { "'\($0)'" } ?? kind)")
        }
        return v
    }

    /// A boolean: true or false (also True, TRUE, False, FALSE).
    func bool(_ expected: String = "true or false") throws(FileError) -> Bool {
        switch scalar {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: throw error("expected \(expected), found \(scalar.map { "'\($0)'" } ?? kind)")
        }
    }

    /// The items of a list.
    func list(_ expected: String = "a list") throws(FileError) -> [YAMLValue] {
        guard case .sequence(let seq, _) = node else { throw error("expected \(expected), found \(kind)") }
        return seq.enumerated().map { YAMLValue(node: $1, path: "\(path)[\($0)]", file: file) }
    }

    /// The entries of a mapping, in order, keys as strings.
    func entries(_ expected: String = "a mapping") throws(FileError) -> [(key: String, value: YAMLValue)] {
        guard case .mapping(let map, _) = node else { throw error("expected \(expected), found \(kind)") }
        var out: [(key: String, value: YAMLValue)] = []
        for (k, v) in map {
            let keyValue = YAMLValue(node: k, path: path, file: file)
            let key = try keyValue.string("a name")
            if out.contains(where: { $0.key == key }) { throw keyValue.error("duplicate key '\(key)'") }
            out.append((key, YAMLValue(node: v, path: path.isEmpty ? key : "\(path).\(key)", file: file)))
        }
        return out
    }

    /// A mapping's fields by name, after checking that every key is one of `allowed`.
    func fields(allowed: [String], _ expected: String = "a mapping") throws(FileError) -> [String: YAMLValue] {
        var out: [String: YAMLValue] = [:]
        guard case .mapping(let map, _) = node else { throw error("expected \(expected), found \(kind)") }
        for (k, v) in map {
            let keyValue = YAMLValue(node: k, path: path, file: file)
            let key = try keyValue.string("a field name")
            guard allowed.contains(key) else {
                throw keyValue.error("unknown field '\(key)'; expected \(Self.oneOf(allowed))")
            }
            if out[key] != nil { throw keyValue.error("duplicate key '\(key)'") }
            out[key] = YAMLValue(node: v, path: path.isEmpty ? key : "\(path).\(key)", file: file)
        }
        return out
    }

    /// `a, b or c`.
    static func oneOf(_ names: [String]) -> String {
        list(names, joinedBy: "or")
    }

    /// `a, b and c`.
    static func allOf(_ names: [String]) -> String {
        list(names, joinedBy: "and")
    }

    private static func list(_ names: [String], joinedBy word: String) -> String {
        guard names.count > 1 else { return names.first ?? "nothing" }
        return names.dropLast().joined(separator: ", ") + " \(word) " + names.last!
    }
}
