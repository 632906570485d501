import Testing
@testable import TapboardCore

struct LayoutFileTests {
    static func error(_ text: String, keysymExists: @escaping (String) -> Bool = { _ in true }) -> String? {
        do {
            _ = try LayoutFile.decode(text, file: "l.yaml", keysymExists: keysymExists)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func probe() {
        let cases: [(String, String)] = [
            ("rowmap", "name: x\nletters:\n  - q w e\n  - {a: s}\n"),
            ("fullrowlist", "name: x\npages:\n  - name: p\n    rows:\n      - [a, [b]]\n"),
            ("rowsmapping", "name: x\npages:\n  - name: p\n    rows: {a: b}\n"),
            ("frob", "name: x\npages:\n  - name: p\n    rows:\n      - [a, {frobnicate: 1}]\n"),
            ("foo", "name: x\npages:\n  - name: p\n    rows:\n      - q w foo\n"),
            ("foolist", "name: x\npages:\n  - name: p\n    rows:\n      - [q, \"w foo\"]\n"),
            ("wide", "name: x\npages:\n  - name: p\n    rows:\n      - [q, {char: w, width: wide}]\n"),
            ("120", "name: x\npages:\n  - name: p\n    rows:\n      - [q, {char: w, width: \"120%\"}]\n"),
            ("emoji", "name: x\npages:\n  - name: letters\n    rows:\n      - [q, {page: emoji}]\n  - name: symbols\n    rows:\n      - \"1\"\n"),
            ("syntax", "name: x\npages:\n  - name: p\n    rows:\n      - [q, w\n"),
            ("noname", "letters:\n  - q w e\n"),
            ("both", "name: x\nletters:\n  - q w e\npages:\n  - name: p\n    rows:\n      - q\n"),
            ("lettersword", "name: x\nletters:\n  - q w er\n"),
            ("keysym", "name: x\npages:\n  - name: p\n    rows:\n      - [{keysym: Frobnicate}]\n"),
            ("calloutkey", "name: x\nletters:\n  - q w e\ncallouts:\n  ab: á b\n"),
            ("upper", "name: x\nletters:\n  - q w e\nuppercase:\n  i: İİ\n"),
            ("secondpage", "name: x\npages:\n  - name: p\n    rows:\n      - q\n  - name: p\n    rows:\n      - w\n"),
            ("toplevel", "name: x\nletters:\n  - q w e\ncolour: red\n"),
            ("emptyrows", "name: x\npages:\n  - name: p\n    rows: []\n"),
            ("empty", ""),
            ("badname", "name: my layout\nletters:\n  - q\n"),
            ("symbolswithpages", "name: x\nsymbols:\n  - 1 2\npages:\n  - name: p\n    rows:\n      - q\n"),
            ("neither", "name: x\ndescription: d\n"),
            ("twoactions", "name: x\npages:\n  - name: p\n    rows:\n      - [{char: a, text: b}]\n"),
            ("noaction", "name: x\npages:\n  - name: p\n    rows:\n      - [{label: a}]\n"),
            ("unknownoption", "name: x\npages:\n  - name: p\n    rows:\n      - [{char: a, colour: red}]\n"),
            ("style", "name: x\npages:\n  - name: p\n    rows:\n      - [{char: a, style: bold}]\n"),
            ("charlong", "name: x\npages:\n  - name: p\n    rows:\n      - [{char: ab}]\n"),
            ("height0", "name: x\npages:\n  - name: p\n    rows:\n      - {keys: q, height: 0}\n"),
            ("nokeys", "name: x\npages:\n  - name: p\n    rows:\n      - {inset: 1}\n"),
            ("emptyletters", "name: x\nletters: []\n"),
            ("emptystring", "name: x\npages:\n  - name: p\n    rows:\n      - \"\"\n"),
            ("emptylist", "name: x\npages:\n  - name: p\n    rows:\n      - []\n"),
            ("dupkey", "name: x\nname: y\nletters:\n  - q\n"),
            ("emptypages", "name: x\npages: []\n"),
            ("stackempty", "name: x\npages:\n  - name: p\n    rows:\n      - [{stack: []}]\n"),
            ("nopagename", "name: x\npages:\n  - rows:\n      - q\n"),
            ("backspacelist", "name: x\npages:\n  - name: p\n    rows:\n      - [{backspace: [1]}]\n"),
            ("lettersstring", "name: x\nletters: q w e\n"),
            ("calloutsempty", "name: x\nletters:\n  - q\ncallouts:\n  q: \"\"\n"),
            ("alias", "name: x\npages:\n  - name: p\n    rows:\n      - &r q w\n      - *r\n"),
        ]
        for (n, t) in cases { print("PROBE \(n): \(Self.error(t) ?? "nil")") }
    }
}
