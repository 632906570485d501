import Glibc

/// Where Tapboard looks for files users edit. Plain libc, no Foundation: the
/// default keyboard looks here at every start, and linking Foundation costs
/// every start its initialisation (megabytes of memory) whether it is used or not.
public enum FileLocations {
    /// The variables the search path and the cache depend on.
    public static var environment: [String: String] {
        var out: [String: String] = [:]
        for name in ["XDG_CONFIG_HOME", "HOME", "XDG_DATA_DIRS", "XDG_CACHE_HOME"] {
            if let v = getenv(name) { out[name] = String(cString: v) }
        }
        return out
    }

    /// The names in a directory (none when it cannot be read).
    public static func entries(of dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var out: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { out.append(name) }
        }
        return out
    }

    /// The user's own `$XDG_CONFIG_HOME/tapboard/KIND` (default `~/.config`).
    public static func configDirectory(kind: String, environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/tapboard/" + kind }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/tapboard/" + kind }
        return nil
    }

    /// `$XDG_CACHE_HOME/tapboard/NAME` (default `~/.cache`): what a start may
    /// keep for the next, that can always be made again.
    public static func cacheFile(_ name: String, environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/tapboard/" + name }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.cache/tapboard/" + name }
        return nil
    }

    /// `$XDG_CONFIG_HOME/tapboard/KIND` (default `~/.config`), then `tapboard/KIND` in
    /// the installation's share directory and in every `$XDG_DATA_DIRS` entry.
    public static func searchPath(kind: String, environment: [String: String]) -> [String] {
        var dirs: [String] = []
        if let config = configDirectory(kind: kind, environment: environment) { dirs.append(config) }
        // bin/tapboard next to share/tapboard: the installation's own data.
        if let path = executablePath() {
            dirs.append(dropping(2, componentsOf: path) + "/share/tapboard/" + kind)
        }
        let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        for d in dataDirs.split(separator: ":") where d.hasPrefix("/") {
            // String(d) first: a Substring's + goes through the generic append, whose
            // associated type lookup searched every protocol conformance at each start.
            dirs.append(String(d) + "/tapboard/" + kind)
        }
        var unique: [String] = []
        for d in dirs where !unique.contains(d) { unique.append(d) }
        return unique
    }

    /// The running binary's path, symbolic links resolved; nil when /proc/self/exe cannot be read.
    public static func executablePath() -> String? {
        guard let exe = realpath("/proc/self/exe", nil) else { return nil }
        defer { free(exe) }
        return String(cString: exe)
    }

    /// `path` without its last `count` components ("/a/b/c", 1: "/a/b"); "" when
    /// it has no more. Sliced at the slashes: the generic `joined(separator:)`
    /// over split components cast every element at run time, a protocol
    /// conformance search each, three times a start.
    public static func dropping(_ count: Int, componentsOf path: String) -> String {
        var end = path.utf8.endIndex
        for _ in 0 ..< count {
            guard let slash = path.utf8[..<end].lastIndex(of: UInt8(ascii: "/")) else { return "" }
            end = slash
        }
        return String(path[..<end])
    }

    /// The most a layout or theme file may hold; the largest built-in one has under 2 KB.
    public static let maximumFileSize = 1 << 20

    /// A file's text, or an error naming it. Only regular files are read: a FIFO
    /// would wait for a writer and a device (`/dev/zero`) never end.
    public static func read(_ path: String, limit: Int = maximumFileSize) throws -> String {
        func systemError() -> CatalogError { .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        // A C string ends at a NUL: the file opened would not be the one named.
        guard !path.contains("\0") else { throw CatalogError.cannotRead(path: path, reason: "the name contains a NUL byte") }
        // O_NONBLOCK: opening a FIFO does not wait for a writer (it is refused below).
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw systemError() }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw systemError() }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw CatalogError.isDirectory(path: path)
        default: throw CatalogError.notRegularFile(path: path)
        }
        let tooLarge = CatalogError.tooLarge(path: path)
        guard info.st_size <= limit else { throw tooLarge }
        // Read to the end whatever the size said (a file may grow; a /proc file says 0), never past the limit.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit else { throw tooLarge }
                bytes += repeatElement(0, count: min(max(count, 4096), limit + 1 - count))
            }
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw systemError()
            }
            count += n
        }
        guard count <= limit else { throw tooLarge }
        guard let text = String(validating: bytes[..<count], as: UTF8.self) else {
            throw CatalogError.notUTF8(path: path)
        }
        return text
    }
}
