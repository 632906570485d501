import Glibc
import TapboardCore

/// The file that keeps the fonts fontconfig matched between starts
/// (`FontMatchRecord`, in `$XDG_CACHE_HOME/tapboard/font-matches`), and what a
/// record is checked against on the disk and in the environment. The X side
/// matches the fonts and decides what is kept; this reads and writes the bytes.
public enum FontMatchFile {
    /// The most a record's file may hold (a few kilobytes are usual).
    public static let maximumSize = 1 << 20

    /// The record kept at `path`; nil when there is none, or it does not read back whole.
    public static func read(_ path: String) -> FontMatchRecord? {
        guard let text = try? FileLocations.read(path, limit: maximumSize) else { return nil }
        return FontMatchRecord(parsing: text)
    }

    /// Writes the record whole or not at all, making its directory first; the
    /// reason when it cannot (a cache: the next start matches the fonts again).
    @discardableResult
    public static func write(_ record: FontMatchRecord, to path: String) -> String? {
        guard let text = record.serialized() else { return "a path or a pattern holds a line break or a tab" }
        if let reason = FileWriting.makeDirectories(FileLocations.dropping(1, componentsOf: path)) { return reason }
        return FileWriting.writeAtomically(text, to: path)
    }

    /// The path's stamp, or nil when it does not exist (or cannot be looked at).
    public static func stamp(_ path: String) -> FontMatchRecord.Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FontMatchRecord.Stamp(inode: UInt64(info.st_ino), size: Int64(info.st_size),
                                     seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int64(info.st_mtim.tv_nsec))
    }

    /// Where, for the environment now, fontconfig would find a user's fonts
    /// and configuration, and Xlib its defaults when the server has no
    /// RESOURCE_MANAGER; most do not exist.
    public static func userPlaces() -> [String] {
        var paths: [String] = []
        let home = variable("HOME")
        if let data = variable("XDG_DATA_HOME") ?? home.map({ $0 + "/.local/share" }) { paths.append(data + "/fonts") }
        if let config = variable("XDG_CONFIG_HOME") ?? home.map({ $0 + "/.config" }) {
            paths += [config + "/fontconfig", config + "/fontconfig/conf.d", config + "/fontconfig/fonts.conf"]
        }
        if let home {
            paths += [home + "/.fonts", home + "/.fonts.conf", home + "/.fonts.conf.d", home + "/.Xdefaults"]
            var host = [UInt8](repeating: 0, count: 256)
            if gethostname(&host, host.count - 1) == 0 {
                paths.append(home + "/.Xdefaults-" + String(decoding: host.prefix { $0 != 0 }, as: UTF8.self))
            }
        }
        if let environment = variable("XENVIRONMENT") { paths.append(environment) }
        var unique: [String] = []
        for p in paths where !unique.contains(p) { unique.append(p) }
        return unique
    }

    /// The variables fontconfig and Xlib's defaults read, as `NAME=value`
    /// (an unset one with a value no variable has), for the record's context.
    /// HOME and the XDG directories are not here: the user's places they name
    /// are compared by what is in them (`userPlaces`).
    public static func contextVariables() -> [String] {
        ["FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "FC_LANG", "LC_ALL", "LC_CTYPE", "LANG", "LANGUAGE"].map { name in
            name + "=" + (getenv(name).map { String(cString: $0) } ?? "\u{1}")
        }
    }

    /// A variable's value; nil when unset or empty.
    private static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}
