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
    /// How deep nodes may nest, aliases resolved: deeper ones would overflow the
    /// stack of the recursive readers (a file of a million `[`). A layout's
    /// nested stacks need a few levels each.
    static let maximumDepth = 100
    /// How many nodes aliases may repeat in all: each alias counts the nodes of
    /// its target, so a file of aliases of aliases (a "billion laughs") stops here
    /// instead of growing without bound in whatever reads the tree.
    static let maximumAliasedNodes = 10_000

    /// The first document of a YAML text, or nil when it has none.
    static func parse(_ text: String) throws(YAMLSyntaxError) -> YAMLNode? {
        // On the heap: the reader keeps a pointer to the parser between calls.
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        parser.initialize(to: yaml_parser_t())
        guard yaml_parser_initialize(parser) != 0 else { throw YAMLSyntaxError(message: "out of memory", mark: nil) }
        defer { yaml_parser_delete(parser) }
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(YAMLSyntaxError) -> YAMLNode? in
            yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
            var reader = EventReader(parser: parser)
            return try reader.document()
        }
    }
}

/// Builds nodes from libyaml's events.
private struct EventReader {
    let parser: UnsafeMutablePointer<yaml_parser_t>
    /// Anchored nodes by name, with how many levels and nodes each holds.
    var anchors: [String: (node: YAMLNode, height: Int, size: Int)] = [:]
    /// The nodes aliases have repeated so far.
    var aliasedNodes = 0

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
                return try node(from: &first, depth: 1).node
            default: continue
            }
        }
    }

    /// The node an event starts, at `depth` (the document's node is at 1), with
    /// how many levels it holds (1 for a scalar) and how many nodes.
    private mutating func node(from event: inout yaml_event_t, depth: Int) throws(YAMLSyntaxError) -> (node: YAMLNode, height: Int, size: Int) {
        let mark = YAMLMark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        let tooDeep = YAMLSyntaxError(message: "nested deeper than \(YAMLNode.maximumDepth) levels", mark: mark)
        guard depth <= YAMLNode.maximumDepth else { throw tooDeep }
        switch event.type {
        case YAML_ALIAS_EVENT:
            let name = String(cString: event.data.alias.anchor)
            guard let target = anchors[name] else { throw YAMLSyntaxError(message: "unknown alias *\(name)", mark: mark) }
            guard depth - 1 + target.height <= YAMLNode.maximumDepth else { throw tooDeep }
            aliasedNodes += target.size
            guard aliasedNodes <= YAMLNode.maximumAliasedNodes else {
                throw YAMLSyntaxError(message: "aliases repeat more than \(YAMLNode.maximumAliasedNodes) nodes in all", mark: mark)
            }
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
            return remember(s.anchor, (.scalar(YAMLScalar(string: text, style: style, mark: mark)), 1, 1))
        case YAML_SEQUENCE_START_EVENT:
            let anchor = event.data.sequence_start.anchor
            var items: [YAMLNode] = []
            var height = 1, size = 1
            while true {
                var e = try next()
                defer { yaml_event_delete(&e) }
                if e.type == YAML_SEQUENCE_END_EVENT { break }
                let item = try node(from: &e, depth: depth + 1)
                items.append(item.node)
                height = max(height, item.height + 1)
                size += item.size
            }
            return remember(anchor, (.sequence(items, mark), height, size))
        case YAML_MAPPING_START_EVENT:
            let anchor = event.data.mapping_start.anchor
            var pairs: [(key: YAMLNode, value: YAMLNode)] = []
            var height = 1, size = 1
            while true {
                var k = try next()
                defer { yaml_event_delete(&k) }
                if k.type == YAML_MAPPING_END_EVENT { break }
                let key = try node(from: &k, depth: depth + 1)
                var v = try next()
                defer { yaml_event_delete(&v) }
                let value = try node(from: &v, depth: depth + 1)
                pairs.append((key.node, value.node))
                height = max(height, key.height + 1, value.height + 1)
                size += key.size + value.size
            }
            return remember(anchor, (.mapping(pairs, mark), height, size))
        default:
            throw YAMLSyntaxError(message: "unexpected YAML event \(event.type.rawValue)", mark: mark)
        }
    }

    /// Keeps an anchored node for its aliases; returns it.
    private mutating func remember(_ anchor: UnsafeMutablePointer<yaml_char_t>?,
                                   _ node: (node: YAMLNode, height: Int, size: Int)) -> (node: YAMLNode, height: Int, size: Int) {
        if let anchor { anchors[String(cString: anchor)] = node }
        return node
    }
}
