import Testing
@testable import TapboardCore

/// The clipboard history as a value: its order, bounds, pins, ids, cut, file and escaping.
struct ClipboardHistoryTests {
    private func history(_ texts: [String]) -> ClipboardHistory {
        var history = ClipboardHistory()
        for text in texts { history.add(text) }
        return history
    }

    private func texts(_ history: ClipboardHistory) -> [String] { history.entries.map(\.text) }

    @Test("Newest first; a text copied again moves to the top with its id; empty and white-space-only texts are not kept")
    func order() {
        var h = history(["one", "two", "three"])
        #expect(texts(h) == ["three", "two", "one"])
        #expect(h.entries.map(\.id) == [3, 2, 1])
        let changed1 = h.add("one")
        #expect(changed1)
        #expect(texts(h) == ["one", "three", "two"])
        #expect(h.entries.map(\.id) == [1, 3, 2])
        let changed2 = h.add("one")
        #expect(!changed2, "already on top: no change")
        let changed3 = h.add("")
        #expect(!changed3)
        let changed4 = h.add(" \n\t\u{A0}\u{3000}")
        #expect(!changed4)
        let changed5 = h.add(" two ")
        #expect(changed5, "white space around a text is part of it")
        #expect(texts(h) == [" two ", "one", "three", "two"])
    }

    @Test("At most 20 unpinned entries, the oldest going first; pinned ones are kept besides and never pushed out")
    func bounds() throws {
        var h = history((1 ... 20).map { "t\($0)" })
        #expect(h.entries.count == 20)
        let oldest = try #require(h.entries.last)
        #expect(oldest.text == "t1")
        let changed6 = h.setPinned(true, id: oldest.id)
        #expect(changed6)
        let changed7 = h.setPinned(true, id: oldest.id)
        #expect(!changed7, "pinned already")
        for n in 21 ... 45 { h.add("t\(n)") }
        #expect(texts(h) == (26 ... 45).reversed().map { "t\($0)" } + ["t1"])
        #expect(h.entries.filter(\.pinned).map(\.text) == ["t1"])
        // Unpinned, it is the 21st unpinned and the oldest: it goes.
        let changed8 = h.setPinned(false, id: oldest.id)
        #expect(changed8)
        #expect(texts(h) == (26 ... 45).reversed().map { "t\($0)" })
        #expect(h.entry(id: oldest.id) == nil)
        // A pinned entry copied again moves to the top, still pinned.
        let t30 = try #require(h.entries.first { $0.text == "t30" })
        h.setPinned(true, id: t30.id)
        h.add("t30")
        #expect(h.entries.first == ClipboardEntry(id: t30.id, text: "t30", pinned: true))
    }

    @Test("Delete and clear by id; ids are never reused")
    func deleteAndClear() {
        var h = history(["a", "b", "c"])
        let changed9 = h.delete(id: 2)
        #expect(changed9)
        let changed10 = h.delete(id: 2)
        #expect(!changed10)
        let changed11 = h.delete(id: 99)
        #expect(!changed11)
        #expect(texts(h) == ["c", "a"])
        let changed12 = h.clear()
        #expect(changed12)
        let changed13 = h.clear()
        #expect(h.isEmpty && !changed13)
        h.add("b")
        #expect(h.entries == [ClipboardEntry(id: 4, text: "b")])
    }

    @Test("A text longer than 4,096 scalars is cut there, on a whole character; one character longer than that, on a scalar")
    func cut() {
        #expect(ClipboardHistory.maximumScalars == 4_096)
        let long = String(repeating: "ab", count: 3_000)
        #expect(ClipboardHistory.kept(long) == String(repeating: "ab", count: 2_048))
        let exact = String(repeating: "x", count: 4_096)
        #expect(ClipboardHistory.kept(exact) == exact)
        // "e" and a combining acute: the 4,096th scalar would split the last one.
        let accents = String(repeating: "x", count: 4_095) + "e\u{301}" + "yz"
        #expect(ClipboardHistory.kept(accents) == String(repeating: "x", count: 4_095))
        let emoji = String(repeating: "🙂", count: 5_000)
        #expect(ClipboardHistory.kept(emoji)?.unicodeScalars.count == 4_096)
        let oneCharacter = "e" + String(repeating: "\u{301}", count: 5_000)
        #expect(ClipboardHistory.kept(oneCharacter)?.unicodeScalars.count == 4_096)
        var h = ClipboardHistory()
        h.add(long)
        h.add(String(repeating: "ab", count: 2_500))
        #expect(h.entries.count == 1, "the two are the same once cut")
    }

    @Test("Merged: the newer history's entries on top, the file's below with new ids, duplicates and bounds resolved")
    func merged() {
        var file = history((1 ... 19).map { "f\($0)" } + ["shared"])
        file.setPinned(true, id: 1)
        let newer = history(["n1", "shared", "n2"])
        let merged = file.merged(under: newer)
        #expect(Array(texts(merged).prefix(4)) == ["n2", "shared", "n1", "f19"])
        #expect(merged.entries.prefix(3).map(\.id) == newer.entries.map(\.id))
        #expect(merged.entries.filter { !$0.pinned }.count == 20)
        #expect(merged.entries.last == ClipboardEntry(id: merged.entries.last!.id, text: "f1", pinned: true))
        #expect(Set(merged.entries.map(\.id)).count == merged.entries.count)
    }

    @Test("Its file: exact text, read back the same (new ids), escapes reversible")
    func file() throws {
        var h = history(["plain", "two\nlines\tand \\ back\r", "bell\u{7}\u{202E}é🙂"])
        h.setPinned(true, id: 2)
        let text = h.text()
        #expect(text == """
            tapboard-clipboard 1
            e\t-\tbell\\u{7}\\u{202E}é🙂
            e\tp\ttwo\\nlines\\tand \\\\ back\\r
            e\t-\tplain
            end\t3

            """)
        let read = try ClipboardHistory(text: text)
        #expect(read.entries.map(\.text) == h.entries.map(\.text))
        #expect(read.entries.map(\.pinned) == [false, true, false])
        #expect(try ClipboardHistory(text: ClipboardHistory().text()).isEmpty)
        for sample in ["", "a\\b", "\\\\n", "\u{0}\u{1F}\u{7F}\u{85}\u{2028}\u{200B}\u{200D}", "\\u{41}"] {
            #expect(ClipboardHistory.unescape(ClipboardHistory.escape(sample)[...]) == sample)
        }
        #expect(ClipboardHistory.escape("a\\u{41}") == "a\\\\u{41}")
        #expect(ClipboardHistory.unescape("\\u{1F642}x") == "🙂x")
    }

    @Test("A broken file is refused, naming the line and what is wrong",
          arguments: [
              ("", 1, "not a clipboard history file (expected 'tapboard-clipboard 1')"),
              ("tapboard-learned 1\nend\t0\n", 1, "not a clipboard history file (expected 'tapboard-clipboard 1')"),
              ("tapboard-clipboard 2\nend\t0\n", 1, "version 2 of the clipboard history file; this tapboard reads version 1"),
              ("tapboard-clipboard 1\ne\t-\tok\n", 3, "the file is cut short (no end line)"),
              ("tapboard-clipboard 1\ne\t-\tok", 2, "the file is cut short (no end line)"),
              ("tapboard-clipboard 1\ne\tx\tok\nend\t1\n", 2, "'x' is neither 'p' (pinned) nor '-'"),
              ("tapboard-clipboard 1\ne\t-\tbad\\q\nend\t1\n", 2,
               "a broken escape in the text (expected \\\\, \\n, \\r, \\t or \\u{HEX})"),
              ("tapboard-clipboard 1\ne\t-\t\\u{D800}\nend\t1\n", 2,
               "a broken escape in the text (expected \\\\, \\n, \\r, \\t or \\u{HEX})"),
              ("tapboard-clipboard 1\ne\t-\t\\u{+41}\nend\t1\n", 2,
               "a broken escape in the text (expected \\\\, \\n, \\r, \\t or \\u{HEX})"),
              ("tapboard-clipboard 1\ne\t-\t\nend\t1\n", 2, "an entry with no text"),
              ("tapboard-clipboard 1\ne\t-\ta\tb\nend\t1\n", 2, "expected an 'e' line (e, p or -, the text) or the 'end' line"),
              ("tapboard-clipboard 1\ne\t-\ta\nend\t2\n", 3, "the end line's count does not match the entries before it"),
              ("tapboard-clipboard 1\nend\t0\nmore\n", 3, "text after the end line"),
          ] as [(String, Int, String)])
    func broken(text: String, line: Int, reason: String) {
        #expect(throws: LineError(line: line, reason: reason)) { try ClipboardHistory(text: text) }
    }
}
