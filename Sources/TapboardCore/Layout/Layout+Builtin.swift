extension Page {
    /// Names of the standard pages.
    public static let letters: PageName = "letters"
    /// The digits and common symbols page.
    public static let symbols: PageName = "symbols"
    /// The page of less common symbols.
    public static let moreSymbols: PageName = "more-symbols"
}

extension Layout {
    /// The bottom row shared by every page of the phone-style layout.
    static func bottomRow(pageKey: Key, punctuation: Bool) -> Row {
        var parts: [any RowContent] = [pageKey, Key.hide(width: .relative(0.1))]
        if punctuation {
            parts += [Key.character(",", width: .relative(0.1)), Key.space(), Key.character(".", width: .relative(0.1))]
        } else {
            parts += [Key.space()]
        }
        parts.append(Key.return(width: .relative(0.2)))
        return Row(parts)
    }

    /// The built-in US English layout, shaped like a phone keyboard's.
    public static let enUS = Layout(name: "en-US", pages: [
        Page(name: Page.letters, switchLabel: "ABC", rows: [
            Row("qwertyuiop"),
            Row("asdfghjkl", inset: .relative(0.05)),
            Row([Key.shift(width: .relative(0.14)), Row("zxcvbnm"), Key.backspace(width: .relative(0.14))]),
            bottomRow(pageKey: .page(Page.symbols, width: .relative(0.13)), punctuation: true),
        ]),
        Page(name: Page.symbols, switchLabel: "123", rows: [
            Row("1234567890"),
            Row("-/:;()$&@\""),
            Row([Key.page(Page.moreSymbols, width: .relative(0.14)), Row(".,?!'"), Key.backspace(width: .relative(0.14))]),
            bottomRow(pageKey: .page(Page.letters, width: .relative(0.13)), punctuation: false),
        ]),
        Page(name: Page.moreSymbols, switchLabel: "#+=", rows: [
            Row("[]{}#%^*+="),
            Row("_\\|~<>€£¥•"),
            Row([Key.page(Page.symbols, width: .relative(0.14)), Row(".,?!'"), Key.backspace(width: .relative(0.14))]),
            bottomRow(pageKey: .page(Page.letters, width: .relative(0.13)), punctuation: false),
        ]),
    ])

    /// Every layout that ships inside the binary.
    public static let builtIn: [Layout] = [.enUS]

    /// The built-in layout with this name, if there is one.
    public static func builtIn(named name: String) -> Layout? {
        builtIn.first { $0.name == name }
    }
}
