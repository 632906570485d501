import Glibc

/// How the files Tapboard keeps are written (the words each language learned,
/// the fonts fontconfig matched): each way written once, every call's result checked.
enum FileWriting {
    /// Creates a directory and its parents (mode 0700: what a user types is theirs); the reason when it cannot.
    static func makeDirectories(_ path: String) -> String? {
        var current = ""
        for part in path.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o700) != 0, errno != EEXIST { return reason() }
        }
        return nil
    }

    /// Writes a file whole or not at all: a temporary file (0600) beside it,
    /// flushed to disk, then renamed over it. The reason when it fails.
    static func writeAtomically(_ text: String, to path: String) -> String? {
        // mkstemp's name is unique: keyboards on several displays may write the same file at once.
        var template = Array((path + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return reason() }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure = fchmod(fd, 0o600) == 0 ? nil : reason()
        if failure == nil { failure = write(text, to: fd) }
        if failure == nil, fsync(fd) != 0 { failure = reason() }
        // A delayed write error may come only with the close.
        if close(fd) != 0, failure == nil { failure = reason() }
        if failure == nil, rename(temporary, path) != 0 { failure = reason() }
        if failure != nil { unlink(temporary) }
        return failure
    }

    /// Writes all of a text to a descriptor; the reason when it cannot.
    static func write(_ text: String, to fd: Int32) -> String? {
        var text = text
        return text.withUTF8 { bytes in
            var written = 0
            while written < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + written, bytes.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return reason()
                }
                written += n
            }
            return nil
        }
    }

    /// What `errno` says, in words.
    static func reason() -> String { String(cString: strerror(errno)) }

    /// Renames a damaged file beside itself, never over another (`.damaged`,
    /// then `.damaged-2`...), so nothing is lost and the next save starts anew:
    /// the name it has now, or why it could not be renamed.
    static func setAside(_ path: String) -> Result<String, SetAsideFailure> {
        var aside = path + ".damaged"
        var n = 1
        while access(aside, F_OK) == 0 { n += 1; aside = path + ".damaged-\(n)" }
        return rename(path, aside) == 0 ? .success(aside) : .failure(SetAsideFailure(reason: reason()))
    }

    /// Why a damaged file could not be set aside.
    struct SetAsideFailure: Error {
        var reason: String
    }
}

extension FileLocations {
    /// Writes the settings file whole or not at all (its folder made first); the reason when it cannot.
    public static func writeSettings(_ text: String, to path: String) -> String? {
        let folder = dropping(1, componentsOf: path)
        if !folder.isEmpty, let failure = FileWriting.makeDirectories(folder) { return failure }
        return FileWriting.writeAtomically(text, to: path)
    }
}
