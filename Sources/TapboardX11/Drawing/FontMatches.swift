import CX11
import Glibc
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

    /// Drops the record when it was made under another context than the display's.
    func check(display: XDisplay) {
        let context = Self.context(display)
        self.context = context
        if record?.context != context { record = nil }
    }

    /// True when a font of this family and size opens without fontconfig.
    func has(family: String, pixelSize: Int) -> Bool {
        record?.patterns[FontMatchRecord.Request(family: family, pixelSize: pixelSize)] != nil
    }

    /// The kept pattern for this font (the caller owns it), or nil.
    func pattern(family: String, pixelSize: Int) -> OpaquePointer? {
        guard let name = record?.patterns[FontMatchRecord.Request(family: family, pixelSize: pixelSize)] else { return nil }
        return FcNameParse(name)
    }

    /// Keeps what fontconfig matched (it is set up by now) for the next start,
    /// unless its name does not read back as itself. (Its reals, the point
    /// size and dpi, are written to six figures; Xft sizes the font by the
    /// pixel size, a whole number here, so the font opened is the same.)
    func remember(family: String, pixelSize: Int, match: OpaquePointer) {
        guard path != nil, let context, let written = FcNameUnparse(match) else { return }
        defer { free(written) }
        guard let again = FcNameParse(written) else { return }
        defer { FcPatternDestroy(again) }
        guard let rewritten = FcNameUnparse(again) else { return }
        defer { free(rewritten) }
        guard strcmp(written, rewritten) == 0 else { return }
        func stamped(_ paths: [String]) -> [FontMatchRecord.Watched] { paths.map { .init(path: $0, stamp: FontMatchFile.stamp($0)) } }
        if watched == nil { watched = (stamped(Self.fontconfigPaths()), stamped(FontMatchFile.userPlaces())) }
        if let file = tb_pattern_file(match).map({ String(cString: $0) }), watched?.paths.contains(where: { $0.path == file }) == false {
            watched?.paths.append(FontMatchRecord.Watched(path: file, stamp: FontMatchFile.stamp(file)))
        }
        if record == nil { record = FontMatchRecord(context: context) }
        record?.patterns[FontMatchRecord.Request(family: family, pixelSize: pixelSize)] = String(cString: written)
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
        let d = display.pointer, s = display.screen
        var parts = [decimalText(Int(FcGetVersion()))]
        parts += FontMatchFile.contextVariables()
        parts.append(XResourceManagerString(d).map { String(cString: $0) } ?? "\u{1}")
        for n in [s, tb_display_width(d, s), tb_display_height(d, s), tb_display_width_mm(d, s), tb_display_height_mm(d, s)] {
            parts.append(decimalText(Int(n)))
        }
        return FontMatchRecord.digest(parts)
    }

    /// What fontconfig read to set itself up and where it looked for fonts,
    /// with each configuration file's directory (a file added beside one).
    private static func fontconfigPaths() -> [String] {
        var paths: [String] = []
        func add(_ path: String) { if !paths.contains(path) { paths.append(path) } }
        func each(_ list: OpaquePointer?, _ body: (String) -> Void) {
            guard let list else { return }
            defer { FcStrListDone(list) }
            while let s = FcStrListNext(list) { body(String(cString: s)) }
        }
        each(FcConfigGetConfigFiles(nil)) { file in
            add(file)
            if let slash = file.lastIndex(of: "/"), slash != file.startIndex { add(String(file[..<slash])) }
        }
        each(FcConfigGetConfigDirs(nil)) { add($0) }
        each(FcConfigGetFontDirs(nil)) { add($0) }
        return paths
    }
}
