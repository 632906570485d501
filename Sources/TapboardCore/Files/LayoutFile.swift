/// Reads layout files (YAML; the format is in docs/layouts.md).
public enum LayoutFile {
    /// The action names a key can be written as, alone.
    static let wordActions: [String: KeyAction] = [
        "shift": .shift, "capslock": .capsLock, "backspace": .backspace, "return": .return,
        "space": .space, "tab": .keysym(.tab), "hide": .hide, "globe": .layout(.next),
        "ctrl": .modifier(.control), "alt": .modifier(.alt), "super": .modifier(.super),
    ]
    /// Actions written as `NAME: VALUE`.
    static let valueActions = ["char", "text", "keysym", "page", "layout", "run"]
    /// Options a key mapping may carry beside its action.
    static let keyOptions = ["label", "width", "callouts", "style"]

    /// Decodes a layout file. `keysymExists` checks keysym names (the X backend
    /// knows them); every error names the file, line, column and field.
    /// `allowRun`: whether keys may run programs (`run:`); only layouts the user
    /// trusts get it (their own config directory, or `--allow-run`), since a
    /// layout file passed around could otherwise run anything.
    public static func decode(_ text: String, file: String, keysymExists: @escaping (String) -> Bool = { _ in true },
                              allowRun: Bool = false) throws(FileError) -> LayoutSource {
        let root = try YAMLValue.parse(text, file: file)
        let fields = try root.fields(allowed: ["name", "description", "letters", "symbols", "more-symbols", "callouts", "uppercase", "pages",
                                               "input-method"],
                                     "a layout: a mapping with name and letters or pages")
        guard let nameValue = fields["name"] else { throw root.error("missing field 'name'") }
        let name = try nameValue.string("a layout name")
        guard !name.isEmpty, !name.contains(where: { $0 == "/" || $0 == " " || $0 == "," }) else {
            throw nameValue.error("expected a layout name without spaces, commas or slashes, found '\(name)'")
        }
        let description = try fields["description"]?.string("a one-line description") ?? name
        let callouts = try fields["callouts"].map(decodeCallouts) ?? [:]
        var inputMethod: InputMethodKind?
        if let value = fields["input-method"] {
            let text = try value.string("an input method")
            guard let method = InputMethodKind(text) else {
                throw value.error("expected an input method (\(InputMethodKind.forms)), found '\(text)'")
            }
            inputMethod = method
        }
        var uppercase: [String: String] = [:]
        for (key, value) in try fields["uppercase"]?.entries("a mapping from a character to its shifted form") ?? [] {
            let upper = try value.string("the character's shifted form")
            guard key.count == 1, upper.count == 1 else {
                throw value.error("expected one character shifted to one character, found '\(key)' → '\(upper)'")
            }
            uppercase[key] = upper
        }
        var reader = Reader(keysymExists: keysymExists, allowRun: allowRun)

        let definition: LayoutDefinition
        switch (fields["letters"], fields["pages"]) {
        case (let letters?, nil):
            let set = InputSet(letters: try reader.characterRows(letters),
                               symbols: try fields["symbols"].map { v throws(FileError) in try reader.characterRows(v) },
                               moreSymbols: try fields["more-symbols"].map { v throws(FileError) in try reader.characterRows(v) })
            definition = .inputSet(set)
        case (nil, let pages?):
            for field in ["symbols", "more-symbols"] where fields[field] != nil {
                throw fields[field]!.error("belongs to a file that gives letters; with pages, give the page in pages")
            }
            definition = .full(try reader.layout(name: name, pages: pages))
        case (nil, nil):
            throw root.error("missing field 'letters' or 'pages'")
        case (_, let pages?):
            throw pages.error("a layout gives either letters (the provider adds the action keys) or pages, not both")
        }
        return LayoutSource(name: name, description: description, definition: definition, callouts: callouts, uppercase: uppercase,
                            inputMethod: inputMethod)
    }

    private static func decodeCallouts(_ value: YAMLValue) throws(FileError) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for (key, alternates) in try value.entries("a mapping from a character to its alternates") {
            guard key.count == 1 else {
                throw alternates.error("callouts are given per character; '\(key)' is not one character")
            }
            out[key] = try alternatesList(alternates)
        }
        return out
    }

    fileprivate static func alternatesList(_ value: YAMLValue) throws(FileError) -> [String] {
        let items: [String]
        if let s = value.scalar {
            items = InputSet.rowOf(s)
        } else {
            items = try value.list("alternates separated by spaces, or a list").map { v throws(FileError) in try v.string("one alternate") }
        }
        guard !items.isEmpty else { throw value.error("expected at least one alternate") }
        return items
    }

    /// Keeps what decoding the keys needs besides the nodes.
    fileprivate struct Reader {
        let keysymExists: (String) -> Bool
        let allowRun: Bool
        /// Page references, checked once every page is known.
        var pageReferences: [(name: String, at: YAMLValue)] = []

        func characterRows(_ value: YAMLValue) throws(FileError) -> [[String]] {
            let rows = try value.list("a list of rows, each a string of characters separated by spaces")
            guard !rows.isEmpty else { throw value.error("expected at least one row") }
            return try rows.map { row throws(FileError) in
                let text = try row.string("a string of characters separated by spaces")
                let words = YAMLValue.words(text)
                guard !words.isEmpty else { throw row.error("expected at least one character") }
                for (c, offset) in words where c.count != 1 {
                    throw row.error("'\(c)' is not one character: rows here hold characters only, separated by spaces; the provider adds the action keys",
                                    atOffset: offset)
                }
                return words.map(\.word)
            }
        }

        mutating func layout(name: String, pages value: YAMLValue) throws(FileError) -> Layout {
            let list = try value.list("a list of pages")
            guard !list.isEmpty else { throw value.error("expected at least one page") }
            var pages: [Page] = []
            for pageValue in list {
                let f = try pageValue.fields(allowed: ["name", "label", "rows"], "a page: a mapping with name and rows")
                guard let n = f["name"] else { throw pageValue.error("missing field 'name'") }
                let pageName = try n.string("a page name")
                if pages.contains(where: { $0.name == pageName }) { throw n.error("a second page named '\(pageName)'") }
                guard let rowsValue = f["rows"] else { throw pageValue.error("missing field 'rows'") }
                let rowList = try rowsValue.list("a list of rows")
                guard !rowList.isEmpty else { throw rowsValue.error("expected at least one row") }
                var rows: [Row] = []
                for r in rowList { rows.append(try row(r)) }
                pages.append(Page(name: pageName, switchLabel: try f["label"]?.string("a label") ?? pageName, rows: rows))
            }
            for (target, at) in pageReferences where !pages.contains(where: { $0.name == target }) {
                throw at.error("unknown page '\(target)'; this layout's pages are \(YAMLValue.allOf(pages.map(\.name)))")
            }
            return Layout(name: name, pages: pages)
        }

        mutating func row(_ value: YAMLValue) throws(FileError) -> Row {
            switch value.node {
            case .scalar, .sequence:
                return Row(try items(value))
            case .mapping:
                let f = try value.fields(allowed: ["keys", "inset", "height"], "a row")
                guard let keys = f["keys"] else { throw value.error("missing field 'keys'") }
                let height = try f["height"]?.number("a height relative to the other rows, like 1.5") ?? 1
                guard height > 0 else { throw f["height"]!.error("expected a height above 0, found '\(f["height"]!.scalar ?? "")'") }
                guard height <= 100 else { throw f["height"]!.error("expected a height of at most 100 (relative to the other rows), found '\(f["height"]!.scalar ?? "")'") }
                return Row(try items(keys), inset: try f["inset"].map(Self.width) ?? .fixed(0), heightWeight: height)
            }
        }

        mutating func items(_ value: YAMLValue) throws(FileError) -> [Row.Item] {
            if let text = value.scalar {
                let words = YAMLValue.words(text)
                guard !words.isEmpty else { throw value.error("expected keys separated by spaces, found an empty string") }
                return try words.map { w throws(FileError) in .key(try word(w.word, at: value, offset: w.offset)) }
            }
            var out: [Row.Item] = []
            for item in try value.list("keys: a string of keys separated by spaces, or a list") {
                switch item.node {
                case .scalar:
                    out += try items(item)
                case .mapping:
                    out.append(try mappingItem(item))
                default:
                    throw item.error("expected a key: a character, an action name or a mapping, found \(item.kind)")
                }
            }
            guard !out.isEmpty else { throw value.error("expected at least one key") }
            return out
        }

        func word(_ w: String, at value: YAMLValue, offset: Int) throws(FileError) -> Key {
            if let action = LayoutFile.wordActions[w] { return Key(action) }
            if w.count == 1 { return Key(.character(w)) }
            throw value.error("unknown key '\(w)': expected one character or an action name (\(LayoutFile.wordActions.keys.sorted().joined(separator: ", ")))",
                              atOffset: offset)
        }

        mutating func mappingItem(_ value: YAMLValue) throws(FileError) -> Row.Item {
            let entries = try value.entries()
            if entries.contains(where: { $0.key == "stack" }) {
                let f = try value.fields(allowed: ["stack", "width"], "a stack")
                var rows: [Row] = []
                for r in try f["stack"]!.list("a list of rows stacked top to bottom") { rows.append(try row(r)) }
                guard !rows.isEmpty else { throw f["stack"]!.error("expected at least one row") }
                return .stack(rows, width: try f["width"].map(Self.width) ?? .dynamic)
            }
            let actions = entries.filter { LayoutFile.wordActions[$0.key] != nil || LayoutFile.valueActions.contains($0.key) }
            guard actions.count == 1, let (name, argument) = actions.first else {
                if actions.count > 1 { throw value.error("a key has one action; found \(actions.map(\.key).joined(separator: " and "))") }
                let unknown = entries.first { !LayoutFile.keyOptions.contains($0.key) }?.key
                throw value.error(unknown.map { "unknown action '\($0)'; expected \(LayoutFile.actionNames)" } ?? "missing the key's action; expected \(LayoutFile.actionNames)")
            }
            var options = entries.filter { $0.key != name }
            var action: KeyAction
            if let word = LayoutFile.wordActions[name] {
                action = word
                // `backspace: 1.5` is a width; `backspace: {width: 1.5}` options.
                switch argument.node {
                case .scalar where argument.isNull: break
                case .scalar: options.append(("width", argument))
                case .mapping: options += try argument.entries()
                default: throw argument.error("expected a width or options for '\(name)', found \(argument.kind)")
                }
            } else if name == "run" {
                guard allowRun else {
                    throw argument.error("keys that run programs work only in layouts from your own config directory (~/.config/tapboard/layouts) or with --allow-run")
                }
                let argv: [String]
                if case .sequence = argument.node {
                    argv = try argument.list("a program and its arguments").map { v throws(FileError) in try v.string("an argument") }
                } else {
                    argv = YAMLValue.words(try argument.string("a program and its arguments, separated by spaces")).map(\.word)
                }
                guard let program = argv.first, !program.isEmpty else { throw argument.error("expected a program to run") }
                action = .run(argv)
            } else {
                let text = try argument.string("a value for '\(name)'")
                switch name {
                case "char":
                    guard text.count == 1 else { throw argument.error("expected one character, found '\(text)'; use text: for several") }
                    action = .character(text)
                case "text":
                    guard !text.isEmpty else { throw argument.error("expected some text") }
                    action = .text(text)
                case "keysym":
                    guard keysymExists(text) else { throw argument.error("unknown keysym '\(text)'; expected an X keysym name like Escape, Tab, Left, F1, Home") }
                    action = .keysym(KeySymbol(text))
                case "page":
                    pageReferences.append((text, argument))
                    action = .page(text)
                default:
                    action = .layout(text == "next" ? .next : .named(text))
                }
            }
            var key = Key(action)
            for (option, v) in options {
                switch option {
                case "label": key.label = try v.string("a label")
                case "width": key.width = try Self.width(v)
                case "callouts": key.callouts = try LayoutFile.alternatesList(v)
                case "style":
                    let s = try v.string("a style class")
                    // Spelt as in theme files (`active-modifier`).
                    guard let c = KeyClass.allCases.first(where: { ThemeFile.fileName($0) == s }) else {
                        throw v.error("unknown style '\(s)'; expected \(YAMLValue.oneOf(KeyClass.allCases.map(ThemeFile.fileName)))")
                    }
                    key.styleClass = c
                default:
                    throw v.error("unknown option '\(option)'; expected \(YAMLValue.oneOf(LayoutFile.keyOptions))")
                }
            }
            return .key(key)
        }

        static func width(_ value: YAMLValue) throws(FileError) -> KeyWidth {
            let expected = "a width: key units (1.5), a share of the row (\"20%\") or points (\"40pt\")"
            guard let s = value.scalar else { throw value.error("expected \(expected), found \(value.kind)") }
            func number(_ t: Substring) -> Double? { Double(t).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } }
            if s.hasSuffix("%"), let v = number(s.dropLast()) {
                guard v <= 100 else { throw value.error("expected a share of the row of at most 100%, found '\(s)'") }
                return .relative(v / 100)
            }
            // Bounded so that widths in pixels stay far inside `Int` (`1e300` would not convert).
            if s.hasSuffix("pt"), let v = number(s.dropLast(2)) {
                guard v <= 10_000 else { throw value.error("expected a width of at most 10000 points, found '\(s)'") }
                return .fixed(v)
            }
            if let v = number(Substring(s)) {
                guard v <= 100 else { throw value.error("expected a width of at most 100 key units, found '\(s)'") }
                return .units(v)
            }
            throw value.error("expected \(expected), found '\(s)'")
        }
    }

    static var actionNames: String {
        YAMLValue.oneOf(wordActions.keys.sorted() + valueActions)
    }
}
