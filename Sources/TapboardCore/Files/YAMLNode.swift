import CYAML

/// A place in a YAML file, lines and columns from 1 (columns count characters).
struct YAMLMark: Hashable, Sendable {
    var line: Int
    var column: Int
}

/// How a scalar was written: plain, quoted, or as a block.
enum YAMLScalarStyle: Hashable, Sendable {
    case plain, singleQuoted, doubleQuoted, block
}

/// A scalar's text, how it was written and where.
struct YAMLScalar: Hashable, Sendable {
    var string: String
    var style: YAMLScalarStyle
    var mark: YAMLMark
}

/// A YAML document as a tree of scalars, sequences and mappings, each with
/// its place in the file. Anchors and aliases are resolved; tags are ignored
/// (every scalar is text: the decoders say what they expect).
indirect enum YAMLNode: Sendable {
    case scalar(YAMLScalar)
    case sequence([YAMLNode], YAMLMark)
    case mapping([(key: YAMLNode, value: YAMLNode)], YAMLMark)

    /// Where the node starts.
    var mark: YAMLMark {
        switch self {
        case .scalar(let s): return s.mark
        case .sequence(_, let m), .mapping(_, let m): return m
        }
    }
}

/// A syntax error, with where libyaml found it.
struct YAMLSyntaxError: Error {
    var message: String
    var mark: YAMLMark?
}

extension YAMLNode {
    /// The first document of a YAML text, or nil when it has none.
    static func parse(_ text: String) throws(YAMLSyntaxError) -> YAMLNode? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else { throw YAMLSyntaxError(message: "out of memory", mark: nil) }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(YAMLSyntaxError) -> YAMLNode? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var reader = EventReader(parser: &parser)
            return try reader.document()
        }
    }
}

/// Builds nodes from libyaml's events.
private struct EventReader {
    let parser: UnsafeMutablePointer<yaml_parser_t>
    var anchors: [String: YAMLNode] = [:]

    init(parser: UnsafeMutablePointer<yaml_parser_t>) { self.parser = parser }

    /// The next event; the caller deletes it.
    private func next() throws(YAMLSyntaxError) -> yaml_event_t {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) != 0 else {
            let p = parser.pointee
            let problem = p.problem.map { String(cString: $0) } ?? "cannot parse"
            let context = p.context.map { String(cString: $0) + " " } ?? ""
            let mark = YAMLMark(line: Int(p.problem_mark.line) + 1, column: Int(p.problem_mark.column) + 1)
            throw YAMLSyntaxError(message: context + problem, mark: mark)
        }
        return event
    }

    mutating func document() throws(YAMLSyntaxError) -> YAMLNode? {
        while true {
            var event = try next()
            defer { yaml_event_delete(&event) }
            switch event.type {
            case YAML_STREAM_END_EVENT: return nil
            case YAML_DOCUMENT_START_EVENT:
                var first = try next()
                defer { yaml_event_delete(&first) }
                if first.type == YAML_DOCUMENT_END_EVENT { return nil }
                return try node(from: &first)
            default: continue
            }
        }
    }

    private mutating func node(from event: inout yaml_event_t) throws(YAMLSyntaxError) -> YAMLNode {
        let mark = YAMLMark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        switch event.type {
        case YAML_ALIAS_EVENT:
            let name = String(cString: event.data.alias.anchor)
            guard let target = anchors[name] else { throw YAMLSyntaxError(message: "unknown alias *\(name)", mark: mark) }
            return target
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: s.value, count: s.length), as: UTF8.self)
            let style: YAMLScalarStyle
            switch s.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE, YAML_FOLDED_SCALAR_STYLE: style = .block
            default: style = .plain
            }
            let node = YAMLNode.scalar(YAMLScalar(string: text, style: style, mark: mark))
            remember(event.data.scalar.anchor, node)
            return node
        case YAML_SEQUENCE_START_EVENT:
            let anchor = event.data.sequence_start.anchor.map { String(cString: $0) }
            var items: [YAMLNode] = []
            while true {
                var e = try next()
                defer { yaml_event_delete(&e) }
                if e.type == YAML_SEQUENCE_END_EVENT { break }
                items.append(try node(from: &e))
            }
            let node = YAMLNode.sequence(items, mark)
            if let anchor { anchors[anchor] = node }
            return node
        case YAML_MAPPING_START_EVENT:
            let anchor = event.data.mapping_start.anchor.map { String(cString: $0) }
            var pairs: [(key: YAMLNode, value: YAMLNode)] = []
            while true {
                var k = try next()
                defer { yaml_event_delete(&k) }
                if k.type == YAML_MAPPING_END_EVENT { break }
                let key = try node(from: &k)
                var v = try next()
                defer { yaml_event_delete(&v) }
                pairs.append((key, try node(from: &v)))
            }
            let node = YAMLNode.mapping(pairs, mark)
            if let anchor { anchors[anchor] = node }
            return node
        default:
            throw YAMLSyntaxError(message: "unexpected YAML event \(event.type.rawValue)", mark: mark)
        }
    }

    private mutating func remember(_ anchor: UnsafeMutablePointer<yaml_char_t>?, _ node: YAMLNode) {
        if let anchor { anchors[String(cString: anchor)] = node }
    }
}
