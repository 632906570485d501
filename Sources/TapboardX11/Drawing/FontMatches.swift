import TapboardCatalog
import TapboardCore

/// The patterns fontconfig matched for the keyboard's fonts, kept between
/// starts (`FontMatchStore`), so that a start whose fonts were all matched
/// before opens them with `XftFontOpenPattern` and never sets fontconfig up
/// (~8 ms of CPU, ~0.5 MiB). Kept: each pattern's name (`FcNameUnparse`'s).
final class FontMatches {
    private let store: FontMatchStore

    /// Reads the record at `path` and keeps it if every path it watches is as it was.
    init(path: String?) { store = FontMatchStore(path: path) }

    /// True while a record read is usable (before `check(display:)`, as far as its files tell).
    var isCurrent: Bool { store.isCurrent }

    /// Whether what fontconfig matches is kept (a file, and the display's context known).
    var keepsMatches: Bool { store.keepsMatches }

    /// Drops the record when it was made under another context than the display's.
    func check(display: XDisplay) { store.check(context: Self.context(display)) }

    /// True when a font of this family and size opens without fontconfig.
    func has(family: String, pixelSize: Int) -> Bool {
        patternName(family: family, pixelSize: pixelSize) != nil
    }

    /// The kept pattern's name for this font (`FcNameUnparse`'s), or nil.
    func patternName(family: String, pixelSize: Int) -> String? { store.kept(family: family, pixelSize: pixelSize) }

    /// Keeps what fontconfig matched (it is set up by now) for the next start:
    /// the pattern's name (`Fontconfig.name(of:)`) and the font file it names.
    func remember(family: String, pixelSize: Int, name: String, file: String?) {
        store.remember(family: family, pixelSize: pixelSize, value: name, file: file, paths: Fontconfig.paths)
    }

    /// Writes the record when something was matched since it was read.
    func save() { store.save() }

    /// What a match depends on besides files: fontconfig's version, the
    /// variables it and Xlib's defaults read, the X resources (Xft.dpi,
    /// Xft.hintstyle...) and the screen, which Xft's defaults are made of.
    static func context(_ display: XDisplay) -> String {
        var parts = [decimalText(Fontconfig.version)]
        parts += FontMatchFile.contextVariables()
        parts.append(display.resources ?? "\u{1}")
        for n in display.screenMetrics { parts.append(decimalText(n)) }
        return FontMatchRecord.digest(parts)
    }
}
