import TapboardCatalog
import TapboardCore

/// The patterns fontconfig matched for the keyboard's fonts, kept in a file
/// between starts (`FontMatchRecord`, read and written by `FontMatchFile`), so
/// that a start whose fonts were all matched before opens them with
/// `XftFontOpenPattern` and never sets fontconfig up (~8 ms of CPU, ~0.5 MiB).
/// A record that is not current (a configuration file, font directory or font
/// file changed, another locale, X resources or screen) is not used, and is
/// written again from fontconfig's own answers.
final class FontMatches {
    /// The file; nil keeps nothing.
    let path: String?
    /// What the patterns were matched under; nil until `check(display:)`.
    private var context: String?
    /// The record read, while current, with what was matched since.
    private var record: FontMatchRecord?
    /// Paths the matches depend on, and the user's places, stamped once fontconfig was set up (`remember`).
    private var watched: (paths: [FontMatchRecord.Watched], places: [FontMatchRecord.Watched])?
    /// Patterns matched since the file was read.
    private(set) var unsaved = false

    /// Reads the record at `path` and keeps it if every path it watches is as it was.
    init(path: String?) {
        self.path = path
        guard let path, let record = FontMatchFile.read(path),
              record.isCurrent(context: record.context, places: FontMatchFile.userPlaces(), stamp: FontMatchFile.stamp) else { return }
        self.record = record
    }

    /// True while a record read is usable (before `check(display:)`, as far as its files tell).
    var isCurrent: Bool { record != nil }

    /// Whether what fontconfig matches is kept (a file, and the display's context known).
    var keepsMatches: Bool { path != nil && context != nil }

    /// Drops the record when it was made under another context than the display's.
    func check(display: XDisplay) {
        let context = Self.context(display)
        self.context = context
        if record?.context != context { record = nil }
    }

    /// True when a font of this family and size opens without fontconfig.
    func has(family: String, pixelSize: Int) -> Bool {
        patternName(family: family, pixelSize: pixelSize) != nil
    }

    /// The kept pattern's name for this font (`FcNameUnparse`'s), or nil.
    func patternName(family: String, pixelSize: Int) -> String? {
        record?.patterns[FontMatchRecord.Request(family: family, pixelSize: pixelSize)]
    }

    /// Keeps what fontconfig matched (it is set up by now) for the next start:
    /// the pattern's name (`Fontconfig.name(of:)`) and the font file it names.
    func remember(family: String, pixelSize: Int, name: String, file: String?) {
        guard path != nil, let context else { return }
        func stamped(_ paths: [String]) -> [FontMatchRecord.Watched] { paths.map { .init(path: $0, stamp: FontMatchFile.stamp($0)) } }
        if watched == nil { watched = (stamped(Fontconfig.paths()), stamped(FontMatchFile.userPlaces())) }
        if let file, watched?.paths.contains(where: { $0.path == file }) == false {
            watched?.paths.append(FontMatchRecord.Watched(path: file, stamp: FontMatchFile.stamp(file)))
        }
        if record == nil { record = FontMatchRecord(context: context) }
        record?.patterns[FontMatchRecord.Request(family: family, pixelSize: pixelSize)] = name
        unsaved = true
    }

    /// Writes the record when something was matched since it was read; a
    /// record that cannot be written is matched again at the next start.
    func save() {
        guard unsaved, let path, var record, let watched else { return }
        unsaved = false
        (record.watched, record.places) = watched
        FontMatchFile.write(record, to: path)
    }

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
