extension Page {
    /// Names of the standard pages.
    public static let letters: PageName = "letters"
    /// The digits and common symbols page.
    public static let symbols: PageName = "symbols"
    /// The page of less common symbols.
    public static let moreSymbols: PageName = "more-symbols"
    /// The emoji page: its emoji are filled in by the session as groups and screens are shown.
    public static let emoji: PageName = "emoji"
    /// The clipboard page: the texts copied lately, which the session shows.
    public static let clipboard: PageName = "clipboard"
    /// The settings page: theme, layouts and switches, kept in the settings file.
    public static let settings: PageName = "settings"
}

extension LayoutSource {
    /// US English, the default: built into the code so the default keyboard
    /// starts without reading YAML. Layouts/en-US.yaml says the same (a test holds them equal).
    public static let enUS = LayoutSource(
        name: "en-US", description: "English (US)",
        definition: .inputSet(InputSet(letters: [InputSet.rowOf("q w e r t y u i o p"), InputSet.rowOf("a s d f g h j k l"),
                                                 InputSet.rowOf("z x c v b n m")])),
        callouts: [
            "a": InputSet.rowOf("à á â ä æ ã å ā"), "c": InputSet.rowOf("ç ć č"), "e": InputSet.rowOf("è é ê ë ē ė ę"),
            "i": InputSet.rowOf("î ï í ī į ì"), "l": InputSet.rowOf("ł"), "n": InputSet.rowOf("ñ ń"), "o": InputSet.rowOf("ô ö ò ó œ ø ō õ"),
            "s": InputSet.rowOf("ß ś š"), "u": InputSet.rowOf("û ü ù ú ū"), "y": InputSet.rowOf("ÿ"),
            "z": InputSet.rowOf("ž ź ż"),
            "$": InputSet.rowOf("€ £ ¥ ¢ ₽"), "-": InputSet.rowOf("– — •"), "'": InputSet.rowOf("’ ‘ ‚"),
            "\"": InputSet.rowOf("“ ” „ « »"), "?": InputSet.rowOf("¿"), "!": InputSet.rowOf("¡"),
            ".": InputSet.rowOf("…"), "0": InputSet.rowOf("°"), "%": InputSet.rowOf("‰"), "&": InputSet.rowOf("§"),
        ])
}

extension Layout {
    /// US English as a phone-sized window shows it.
    public static let enUS = LayoutProvider().layout(for: .enUS, width: 0)
}

extension LayoutSource {
    /// Every layout built into the binary, decoded; en-US comes from code.
    public static func builtIn() throws(FileError) -> [LayoutSource] {
        var out: [LayoutSource] = []
        for file in builtInFiles {
            out.append(file.name == enUS.name ? enUS : try decodeBuiltIn(file))
        }
        return out
    }

    /// The built-in layout with this name, if there is one.
    public static func builtIn(named name: String) throws(FileError) -> LayoutSource? {
        if name == enUS.name { return enUS }
        guard let file = builtInFiles.first(where: { $0.name == name }) else { return nil }
        return try decodeBuiltIn(file)
    }

    private static func decodeBuiltIn(_ file: (name: String, text: String)) throws(FileError) -> LayoutSource {
        try LayoutFile.decode(file.text, file: "(built-in) \(file.name).yaml")
    }
}
