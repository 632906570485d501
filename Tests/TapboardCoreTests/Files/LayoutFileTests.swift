import Testing
@testable import TapboardCore

/// Layout files: both forms decode to exact values; every error says where (file:line:column, field) and what.
struct LayoutFileTests {
    /// Decodes a layout file named `l.yaml`.
    static func decode(_ text: String, keysymExists: @escaping (String) -> Bool = { _ in true }) throws -> LayoutSource {
        try LayoutFile.decode(text, file: "l.yaml", keysymExists: keysymExists)
    }

    /// The error decoding `text` gives, as the user sees it; nil when it decodes.
    static func error(_ text: String, keysymExists: @escaping (String) -> Bool = { _ in true }) -> String? {
        do {
            _ = try LayoutFile.decode(text, file: "l.yaml", keysymExists: keysymExists)
            return nil
        } catch {
            return error.description
        }
    }

    /// The one page of a full-form layout `text` decodes to.
    static func onlyPage(_ text: String) throws -> Page {
        let source = try decode(text)
        guard case .full(let layout) = source.definition else {
            Issue.record("expected the full form, got \(source.definition)")
            return Page(name: "", switchLabel: "", rows: [])
        }
        try #require(layout.pages.count == 1)
        return layout.pages[0]
    }

    /// A full-form file with one page `p` whose rows are `rows` (YAML list items, indented under `rows:`).
    static func onePage(_ rows: String) -> String {
        "name: x\npages:\n  - name: p\n    rows:\n" + rows.split(separator: "\n").map { "      - \($0)\n" }.joined()
    }

    // MARK: input-set form

    @Test func inputSetFormDecodesEveryField() throws {
        let source = try Self.decode("""
            name: xx
            description: Test layout
            letters:
              - q w e
              - a s
            symbols:
              - 1 2 3
              - "- /"
            more-symbols:
              - "# %"
            callouts:
              e: é è
              a: [à, á]
            uppercase:
              i: İ
              ı: I
            """)
        #expect(source == LayoutSource(
            name: "xx", description: "Test layout",
            definition: .inputSet(InputSet(letters: [["q", "w", "e"], ["a", "s"]], symbols: [["1", "2", "3"], ["-", "/"]],
                                           moreSymbols: [["#", "%"]])),
            callouts: ["e": ["é", "è"], "a": ["à", "á"]], uppercase: ["i": "İ", "ı": "I"]))
    }

    @Test func inputSetFormDefaults() throws {
        let source = try Self.decode("name: yy\nletters:\n  - q w\n")
        // The description defaults to the name; symbols are left to the provider.
        #expect(source == LayoutSource(name: "yy", description: "yy",
                                       definition: .inputSet(InputSet(letters: [["q", "w"]])), callouts: [:], uppercase: [:]))
    }

    // MARK: full form

    @Test func fullFormRowsAsStringsListsAndMappings() throws {
        let source = try Self.decode("""
            name: full
            description: Every kind of row
            pages:
              - name: letters
                label: ABC
                rows:
                  - q w e
                  - [a, "s d", shift, {backspace: 1.5}]
                  - keys: z x
                    inset: 0.5
                    height: 1.5
                  - keys: [tab, ctrl, alt, super, globe, hide, capslock, return, space]
              - name: symbols
                rows:
                  - [{backspace: {width: 1.5}}, {page: letters}, {layout: next}, {layout: de}]
                  - [{keysym: F1}, {text: ".com"}, {char: "#"}, {return: 2}, {space: ~}]
            """)
        let letters = Page(name: "letters", switchLabel: "ABC", rows: [
            Row(keys: [.character("q"), .character("w"), .character("e")]),
            Row(keys: [.character("a"), .character("s"), .character("d"), .shift(), .backspace(width: .units(1.5))]),
            Row(keys: [.character("z"), .character("x")], inset: .units(0.5), heightWeight: 1.5),
            Row(keys: [Key(.keysym(.tab)), Key(.modifier(.control)), Key(.modifier(.alt)), Key(.modifier(.super)),
                       Key(.layout(.next)), .hide(), Key(.capsLock), .return(), .space()]),
        ])
        let symbols = Page(name: "symbols", switchLabel: "symbols", rows: [
            Row(keys: [.backspace(width: .units(1.5)), .page("letters"), Key(.layout(.next)), Key(.layout(.named("de")))]),
            Row(keys: [Key(.keysym(KeySymbol("F1"))), Key(.text(".com")), .character("#"), .return(width: .units(2)), .space()]),
        ])
        #expect(source == LayoutSource(name: "full", description: "Every kind of row",
                                       definition: .full(Layout(name: "full", pages: [letters, symbols]))))
        // The rows read in order; tab is the Tab keysym, globe the next layout.
        #expect(letters.keyIdentifiers == ["q", "w", "e", "a", "s", "d", "shift", "backspace", "z", "x",
                                           "Tab", "ctrl", "alt", "super", "layout:next", "hide", "capslock", "return", "space"])
    }

    @Test func keyWithOptions() throws {
        let page = try Self.onlyPage(Self.onePage("""
            [{char: e, label: E, width: "20%", callouts: "é è", style: action}]
            [{char: x, width: "40pt"}, {char: y, width: 0.75, callouts: [ÿ]}, {return: {width: 2, label: Go, style: active-modifier}}]
            """))
        #expect(page.rows == [
            Row(keys: [Key(.character("e"), label: "E", width: .relative(0.2), style: .action, callouts: ["é", "è"])]),
            Row(keys: [Key(.character("x"), width: .fixed(40)), Key(.character("y"), width: .units(0.75), callouts: ["ÿ"]),
                       Key(.return, label: "Go", width: .units(2), style: .activeModifier)]),
        ])
    }

    @Test func stacks() throws {
        let page = try Self.onlyPage(Self.onePage("""
            [{stack: [[7, 8], "4 5"], width: 2}, {stack: [[1]]}, backspace]
            """))
        #expect(page.rows == [Row([
            .stack([Row(keys: [.character("7"), .character("8")]), Row(keys: [.character("4"), .character("5")])], width: .units(2)),
            .stack([Row(keys: [.character("1")])], width: .dynamic),
            .key(.backspace()),
        ])])
        #expect(page.keyIdentifiers == ["7", "8", "4", "5", "1", "backspace"])
    }

    @Test("widths: units, a share of the row, points", arguments: [
        ("1.5", KeyWidth.units(1.5)), ("0", .units(0)), ("\"20%\"", .relative(0.2)), ("\"100%\"", .relative(1)),
        ("\"40pt\"", .fixed(40)), ("\"2.5pt\"", .fixed(2.5)),
    ])
    func widths(_ written: String, _ expected: KeyWidth) throws {
        let page = try Self.onlyPage(Self.onePage("[{char: a, width: \(written)}, {backspace: \(written)}]"))
        #expect(page.keys.map(\.width) == [expected, expected])
    }

    @Test func numpadFileDecodes() throws {
        // The README's number pad: quoted YAML characters with char:, a wide return.
        let page = try Self.onlyPage("""
            name: numpad
            pages:
              - name: digits
                label: "123"
                rows:
                  - [7, 8, 9, {char: /, label: ÷}]
                  - 4 5 6 *
                  - [0, ., backspace, return]
            """)
        #expect(page.name == "digits")
        #expect(page.switchLabel == "123")
        #expect(page.keyIdentifiers == ["7", "8", "9", "/", "4", "5", "6", "*", "0", ".", "backspace", "return"])
        #expect(page.keys[3] == Key(.character("/"), label: "÷"))
    }

    @Test func keysymsAreCheckedByTheGivenClosure() throws {
        var asked: [String] = []
        let source = try LayoutFile.decode(Self.onePage("[{keysym: Escape}, {keysym: Left}]"), file: "l.yaml") { name in
            asked.append(name)
            return true
        }
        #expect(asked == ["Escape", "Left"])
        guard case .full(let layout) = source.definition else { Issue.record("not the full form"); return }
        #expect(layout.pages[0].keys == [Key(.keysym(.escape)), Key(.keysym(KeySymbol("Left")))])
    }

    @Test func runKeysOnlyWhenTrusted() throws {
        let text = Self.onePage("[{run: \"notify-send hello\", label: hi}, {run: [xdg-open, \"a b\"]}]")
        #expect(Self.error(text) == "l.yaml:5:16: pages[0].rows[0][0].run: keys that run programs work only in layouts from your own config directory (~/.config/tapboard/layouts) or with --allow-run")
        let source = try LayoutFile.decode(text, file: "l.yaml", allowRun: true)
        guard case .full(let layout) = source.definition else { Issue.record("not the full form"); return }
        var hi = Key(.run(["notify-send", "hello"]))
        hi.label = "hi"
        #expect(layout.pages[0].keys == [hi, Key(.run(["xdg-open", "a b"]))])
        #expect(Self.error(Self.onePage("[{run: \"\"}]")) != nil)
    }

    // MARK: errors

    @Test func wrongTypeErrors() {
        // A mapping where a letters row (a string) is expected.
        #expect(Self.error("name: x\nletters:\n  - q w e\n  - {a: s}\n")
            == "l.yaml:4:5: letters[1]: expected a string of characters separated by spaces, found a mapping")
        #expect(Self.error("name: x\nletters: q w e\n")
            == "l.yaml:2:10: letters: expected a list of rows, each a string of characters separated by spaces, found a string")
        #expect(Self.error(Self.onePage("[a, [b]]"))
            == "l.yaml:5:13: pages[0].rows[0][1]: expected a key: a character, an action name or a mapping, found a list")
        #expect(Self.error("name: x\npages:\n  - name: p\n    rows: {a: b}\n")
            == "l.yaml:4:11: pages[0].rows: expected a list of rows, found a mapping")
        #expect(Self.error(Self.onePage("[{backspace: [1]}]"))
            == "l.yaml:5:22: pages[0].rows[0][0].backspace: expected a width or options for 'backspace', found a list")
    }

    @Test func unknownActionAndKeyErrors() {
        #expect(Self.error(Self.onePage("[a, {frobnicate: 1}]"))
            == "l.yaml:5:13: pages[0].rows[0][1]: unknown action 'frobnicate'; expected alt, backspace, capslock, ctrl, globe, hide, return, shift, space, super, tab, char, text, keysym, page, layout or run")
        #expect(Self.error(Self.onePage("q w foo"))
            == "l.yaml:5:13: pages[0].rows[0]: unknown key 'foo': expected one character or an action name (alt, backspace, capslock, ctrl, globe, hide, return, shift, space, super, tab)")
        #expect(Self.error(Self.onePage("[q, \"w foo\"]"))
            == "l.yaml:5:16: pages[0].rows[0][1]: unknown key 'foo': expected one character or an action name (alt, backspace, capslock, ctrl, globe, hide, return, shift, space, super, tab)")
        #expect(Self.error(Self.onePage("[{char: a, text: b}]"))
            == "l.yaml:5:10: pages[0].rows[0][0]: a key has one action; found char and text")
        #expect(Self.error(Self.onePage("[{label: a}]"))
            == "l.yaml:5:10: pages[0].rows[0][0]: missing the key's action; expected alt, backspace, capslock, ctrl, globe, hide, return, shift, space, super, tab, char, text, keysym, page, layout or run")
        #expect(Self.error(Self.onePage("[{char: a, colour: red}]"))
            == "l.yaml:5:28: pages[0].rows[0][0].colour: unknown option 'colour'; expected label, width, callouts or style")
        #expect(Self.error(Self.onePage("[{char: a, style: bold}]"))
            == "l.yaml:5:27: pages[0].rows[0][0].style: unknown style 'bold'; expected character, action, space, accent, active-modifier or suggestion")
        #expect(Self.error(Self.onePage("[{char: ab}]"))
            == "l.yaml:5:17: pages[0].rows[0][0].char: expected one character, found 'ab'; use text: for several")
    }

    @Test func widthErrors() {
        #expect(Self.error(Self.onePage("[q, {char: w, width: wide}]"))
            == "l.yaml:5:30: pages[0].rows[0][1].width: expected a width: key units (1.5), a share of the row (\"20%\") or points (\"40pt\"), found 'wide'")
        #expect(Self.error(Self.onePage("[q, {char: w, width: \"120%\"}]"))
            == "l.yaml:5:30: pages[0].rows[0][1].width: expected a share of the row of at most 100%, found '120%'")
        #expect(Self.error(Self.onePage("[q, {backspace: -1}]"))
            == "l.yaml:5:25: pages[0].rows[0][1].backspace: expected a width: key units (1.5), a share of the row (\"20%\") or points (\"40pt\"), found '-1'")
        #expect(Self.error(Self.onePage("{keys: q, inset: [1]}"))
            == "l.yaml:5:26: pages[0].rows[0].inset: expected a width: key units (1.5), a share of the row (\"20%\") or points (\"40pt\"), found a list")
        #expect(Self.error(Self.onePage("{keys: q, height: 0}"))
            == "l.yaml:5:27: pages[0].rows[0].height: expected a height above 0, found '0'")
    }

    @Test func pageErrors() {
        #expect(Self.error("""
            name: x
            pages:
              - name: letters
                rows:
                  - [q, {page: emoji}]
              - name: symbols
                rows:
                  - "1"
            """)
            == "l.yaml:5:20: pages[0].rows[0][1].page: unknown page 'emoji'; this layout's pages are letters and symbols")
        #expect(Self.error("name: x\npages:\n  - name: p\n    rows:\n      - q\n  - name: p\n    rows:\n      - w\n")
            == "l.yaml:6:11: pages[1].name: a second page named 'p'")
        #expect(Self.error("name: x\npages:\n  - name: p\n    rows: []\n")
            == "l.yaml:4:11: pages[0].rows: expected at least one row")
        #expect(Self.error("name: x\npages: []\n")
            == "l.yaml:2:8: pages: expected at least one page")
        #expect(Self.error("name: x\npages:\n  - rows:\n      - q\n")
            == "l.yaml:3:5: pages[0]: missing field 'name'")
        #expect(Self.error(Self.onePage("\"\""))
            == "l.yaml:5:9: pages[0].rows[0]: expected keys separated by spaces, found an empty string")
        #expect(Self.error(Self.onePage("[]"))
            == "l.yaml:5:9: pages[0].rows[0]: expected at least one key")
        #expect(Self.error(Self.onePage("{inset: 1}"))
            == "l.yaml:5:9: pages[0].rows[0]: missing field 'keys'")
        #expect(Self.error(Self.onePage("[{stack: []}]"))
            == "l.yaml:5:18: pages[0].rows[0][0].stack: expected at least one row")
    }

    @Test func keysymErrors() {
        let onlyEscape: (String) -> Bool = { $0 == "Escape" }
        #expect(Self.error(Self.onePage("[{keysym: Escape}, {keysym: Frobnicate}]"), keysymExists: onlyEscape)
            == "l.yaml:5:37: pages[0].rows[0][1].keysym: unknown keysym 'Frobnicate'; expected an X keysym name like Escape, Tab, Left, F1, Home")
    }

    @Test func documentErrors() {
        #expect(Self.error(Self.onePage("[q, w"))
            == "l.yaml:6:1: YAML syntax error: while parsing a flow sequence did not find expected ',' or ']'")
        #expect(Self.error("letters:\n  - q w e\n")
            == "l.yaml:1:1: missing field 'name'")
        #expect(Self.error("name: x\ndescription: d\n")
            == "l.yaml:1:1: missing field 'letters' or 'pages'")
        #expect(Self.error("name: x\nletters:\n  - q w e\npages:\n  - name: p\n    rows:\n      - q\n")
            == "l.yaml:5:3: pages: a layout gives either letters (the provider adds the action keys) or pages, not both")
        #expect(Self.error("name: x\nletters:\n  - q w e\ncolour: red\n")
            == "l.yaml:4:1: unknown field 'colour'; expected name, description, letters, symbols, more-symbols, callouts, uppercase, pages or input-method")
        #expect(Self.error("name: my layout\nletters:\n  - q\n")
            == "l.yaml:1:7: name: expected a layout name without spaces, commas or slashes, found 'my layout'")
        #expect(Self.error("name: x\nsymbols:\n  - 1 2\npages:\n  - name: p\n    rows:\n      - q\n")
            == "l.yaml:3:3: symbols: belongs to a file that gives letters; with pages, give the page in pages")
        #expect(Self.error("") == "l.yaml: the file is empty")
        #expect(Self.error("name: x\nname: y\nletters:\n  - q\n") == "l.yaml:2:1: duplicate key 'name'")
    }

    /// DESIGN.md: every error names the line and column; a duplicate key is
    /// reported where it is written the second time.
    @Test func duplicateKeyErrorHasAPlace() throws {
        do throws(FileError) {
            _ = try LayoutFile.decode("name: x\nname: y\nletters:\n  - q\n", file: "l.yaml")
            Issue.record("decoded a file with a duplicate key")
        } catch {
            #expect(error.line > 0)
        }
    }

    @Test func lettersErrors() {
        #expect(Self.error("name: x\nletters:\n  - q w er\n")
            == "l.yaml:3:9: letters[0]: 'er' is not one character: rows here hold characters only, separated by spaces; the provider adds the action keys")
        #expect(Self.error("name: x\nletters: []\n")
            == "l.yaml:2:10: letters: expected at least one row")
        #expect(Self.error("name: x\nletters:\n  - q\nsymbols:\n  - 1 22\n")
            == "l.yaml:5:7: symbols[0]: '22' is not one character: rows here hold characters only, separated by spaces; the provider adds the action keys")
    }

    @Test func calloutAndUppercaseErrors() {
        #expect(Self.error("name: x\nletters:\n  - q w e\ncallouts:\n  ab: á b\n")
            == "l.yaml:5:7: callouts.ab: callouts are given per character; 'ab' is not one character")
        #expect(Self.error("name: x\nletters:\n  - q\ncallouts:\n  q: \"\"\n")
            == "l.yaml:5:6: callouts.q: expected at least one alternate")
        #expect(Self.error("name: x\nletters:\n  - q w e\nuppercase:\n  i: İİ\n")
            == "l.yaml:5:6: uppercase.i: expected one character shifted to one character, found 'i' → 'İİ'")
    }

    @Test func inputMethods() throws {
        for (text, method) in [("hangul", InputMethodKind.hangul(keyboard: "2")), ("hangul:3f", .hangul(keyboard: "3f")),
                               ("rime:luna_pinyin", .rime(schema: "luna_pinyin")), ("anthy", .anthy)] {
            #expect(try Self.decode("name: x\ninput-method: \(text)\nletters:\n  - q w\n").inputMethod == method)
            #expect(method.description == text)
        }
        #expect(try Self.decode("name: x\nletters:\n  - q w\n").inputMethod == nil)
        #expect(Self.error("name: x\ninput-method: rime\nletters:\n  - q\n")
            == "l.yaml:2:15: input-method: expected an input method (hangul, hangul:KEYBOARD, rime:SCHEMA or anthy), found 'rime'")
        #expect(Self.error("name: x\ninput-method: anthy:kkc\nletters:\n  - q\n")
            == "l.yaml:2:15: input-method: expected an input method (hangul, hangul:KEYBOARD, rime:SCHEMA or anthy), found 'anthy:kkc'")
    }
}
