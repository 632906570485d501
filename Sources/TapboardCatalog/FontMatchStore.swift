import TapboardCore

/// What fontconfig matched for the keyboard's fonts, kept in a file between
/// starts (`FontMatchRecord`, read and written by `FontMatchFile`), so that a
/// start whose fonts were all matched before opens them without setting
/// fontconfig up (its configuration parsed, its caches read: milliseconds of
/// CPU). A record that is not current (a configuration file, font directory
/// or font file changed, another locale or context) is not used, and is
/// written again from fontconfig's own answers. Each backend keeps what it
/// opens a font by: X an Xft pattern's name, Wayland a file and face index.
public final class FontMatchStore {
    /// The file; nil keeps nothing.
    public let path: String?
    /// What the fonts were matched under; nil until `check(context:)`.
    private var context: String?
    /// The record read, while current, with what was matched since.
    private var record: FontMatchRecord?
    /// Paths the matches depend on, and the user's places, stamped once fontconfig was set up (`remember`).
    private var watched: (paths: [FontMatchRecord.Watched], places: [FontMatchRecord.Watched])?
    /// Fonts matched since the file was read.
    public private(set) var unsaved = false

    /// Reads the record at `path` and keeps it if every path it watches is as it was.
    public init(path: String?) {
        self.path = path
        guard let path, let record = FontMatchFile.read(path),
              record.isCurrent(context: record.context, places: FontMatchFile.userPlaces(), stamp: FontMatchFile.stamp) else { return }
        self.record = record
    }

    /// True while a record read is usable (before `check(context:)`, as far as its files tell).
    public var isCurrent: Bool { record != nil }

    /// Whether what fontconfig matches is kept (a file, and the context known).
    public var keepsMatches: Bool { path != nil && context != nil }

    /// Drops the record when it was made under another context.
    public func check(context: String) {
        self.context = context
        if record?.context != context { record = nil }
    }

    /// What was kept for a font of this family and size, or nil.
    public func kept(family: String, pixelSize: Int) -> String? {
        record?.patterns[FontMatchRecord.Request(family: family, pixelSize: pixelSize)]
    }

    /// Keeps what fontconfig matched (it is set up by now) for the next start,
    /// with the font file it names; `paths` are what fontconfig read and where
    /// it looked for fonts, asked for once.
    public func remember(family: String, pixelSize: Int, value: String, file: String?, paths: () -> [String]) {
        guard path != nil, let context else { return }
        func stamped(_ paths: [String]) -> [FontMatchRecord.Watched] { paths.map { .init(path: $0, stamp: FontMatchFile.stamp($0)) } }
        if watched == nil { watched = (stamped(paths()), stamped(FontMatchFile.userPlaces())) }
        if let file, watched?.paths.contains(where: { $0.path == file }) == false {
            watched?.paths.append(FontMatchRecord.Watched(path: file, stamp: FontMatchFile.stamp(file)))
        }
        if record == nil { record = FontMatchRecord(context: context) }
        record?.patterns[FontMatchRecord.Request(family: family, pixelSize: pixelSize)] = value
        unsaved = true
    }

    /// The paths a record watches, from what fontconfig says it read and where
    /// it looked for fonts: each configuration file and its directory (a file
    /// added beside one), the configuration directories, the font directories.
    public static func watchedPaths(configFiles: [String], configDirs: [String], fontDirs: [String]) -> [String] {
        var paths: [String] = []
        func add(_ path: String) { if !paths.contains(path) { paths.append(path) } }
        for file in configFiles {
            add(file)
            if let slash = file.lastIndex(of: "/"), slash != file.startIndex { add(String(file[..<slash])) }
        }
        configDirs.forEach(add)
        fontDirs.forEach(add)
        return paths
    }

    /// The same from fontconfig's own lists (`FcConfigGetConfigFiles`,
    /// `FcConfigGetConfigDirs`, `FcConfigGetFontDirs`), read with its
    /// `FcStrListNext` and let go with `FcStrListDone`, which each backend
    /// reaches through its own C module.
    public static func watchedPaths(configFiles: OpaquePointer?, configDirs: OpaquePointer?, fontDirs: OpaquePointer?,
                                    next: (OpaquePointer?) -> UnsafeMutablePointer<UInt8>?, done: (OpaquePointer?) -> Void) -> [String] {
        func strings(_ list: OpaquePointer?) -> [String] {
            guard let list else { return [] }
            defer { done(list) }
            var all: [String] = []
            while let s = next(list) { all.append(String(cString: s)) }
            return all
        }
        return watchedPaths(configFiles: strings(configFiles), configDirs: strings(configDirs), fontDirs: strings(fontDirs))
    }

    /// Writes the record when something was matched since it was read; a
    /// record that cannot be written is matched again at the next start.
    public func save() {
        guard unsaved, let path, var record, let watched else { return }
        unsaved = false
        (record.watched, record.places) = watched
        FontMatchFile.write(record, to: path)
    }
}
