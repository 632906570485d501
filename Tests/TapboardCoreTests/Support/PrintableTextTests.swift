import Testing
@testable import TapboardCore

/// `printable` escapes what would act on a terminal instead of printing, and nothing else.
struct PrintableTextTests {
    @Test("Control characters are escaped: an escape sequence, NUL, DEL, C1 controls; newline, return and tab by name")
    func controls() {
        #expect(printable("\u{1B}[31mred\u{1B}[0m") == "\\u{1B}[31mred\\u{1B}[0m")
        #expect(printable("a\u{0}b\u{7F}c\u{9B}2J") == "a\\u{00}b\\u{7F}c\\u{9B}2J")
        #expect(printable("one\ntwo\r\tthree") == "one\\ntwo\\r\\tthree")
        #expect(printable("\u{7}\u{8}") == "\\u{07}\\u{08}", "bell and backspace")
    }

    @Test("Other characters that print nothing: bidirectional overrides, zero-width and line separators, unassigned, noncharacters")
    func otherNonPrintables() {
        #expect(printable("abc\u{202E}fdp.exe") == "abc\\u{202E}fdp.exe")
        #expect(printable("a\u{200B}b\u{FEFF}c\u{2028}d\u{2029}") == "a\\u{200B}b\\u{FEFF}c\\u{2028}d\\u{2029}")
        #expect(printable("\u{FFFF}\u{E0001}") == "\\u{FFFF}\\u{E0001}")
    }

    @Test("Printable text is left as it is: letters of any script, emoji with joiners, combining marks, backslashes, spaces",
          arguments: ["", "plain ascii ~!@#$%^&*()_+{}|:\"<>?", "Привет, мир", "ελληνικά", "日本語", "👨‍👩‍👧 🏳️‍🌈",
                      "e\u{301}", "C:\\path\\to", "नमस्ते", "a\u{A0}b", "\u{E000}"])
    func leftAsItIs(_ text: String) {
        #expect(printable(text) == text)
    }

    @Test("Escaping twice is escaping once")
    func idempotent() {
        let once = printable("x\u{1B}]0;title\u{7}\n\u{202E}y")
        #expect(printable(once) == once)
        #expect(!once.unicodeScalars.contains { needsEscape($0) })
    }

    @Test("Substrings are escaped too")
    func substring() {
        let text = "name=\u{1B}[2J"
        #expect(printable(text.dropFirst(5)) == "\\u{1B}[2J")
    }
}
