import Glibc
import TapboardCore

/// Finds layouts or themes by name or path: a path as given, then the user's
/// `$XDG_CONFIG_HOME/tapboard/KIND/NAME.yaml`, the installation's data
/// directories, and the files built into the binary.
struct Catalog<Item> {
    /// `layouts` or `themes`: the folder name and what the messages call them.
    let kind: String
    /// Directories searched for `NAME.yaml`, first match wins.
    let directories: [String]
    /// The built-in files, by name.
    let builtInFiles: [(name: String, text: String)]
    /// The item defined in code (read without YAML), with its name.
    let inCode: (name: String, item: Item)
    /// Decodes a file's text (text, file name, whether it is trusted to run programs).
    let decode: (String, String, Bool) throws -> Item
    /// The user's own directory (`$XDG_CONFIG_HOME/tapboard/KIND`): its files may
    /// have keys that run programs; others only with `allowRun`.
    var trustedDirectory: String?
    /// `--allow-run`: every file may have keys that run programs.
    var allowRun = false

    /// Whether an argument names a file rather than an item.
    static func isPath(_ argument: String) -> Bool {
        argument.contains("/") || argument.hasSuffix(".yaml")
    }

    /// The item an argument names: a file path, or a name looked up in order.
    func item(_ argument: String) throws -> Item {
        if Self.isPath(argument) { return try load(path: argument) }
        if let path = userFile(named: argument) { return try load(path: path) }
        if argument == inCode.name { return inCode.item }
        if let file = builtInFiles.first(where: { $0.name == argument }) {
            return try decode(file.text, "(built-in) \(file.name).yaml", false)
        }
        throw UserError(description: "no \(String(kind.dropLast())) '\(argument)': expected a file path or one of \(names().joined(separator: ", "))")
    }

    /// The user's or the installation's file for a name, found without reading it.
    func userFile(named name: String) -> String? {
        directories.lazy.map { $0 + "/" + name + ".yaml" }.first { access($0, R_OK) == 0 }
    }

    /// Every name found: the user's and the installation's, then the built-in ones.
    func names() -> [String] {
        var seen: [String] = []
        for dir in directories {
            for f in FileLocations.entries(of: dir).sorted() where f.hasSuffix(".yaml") && !seen.contains(String(f.dropLast(5))) {
                seen.append(String(f.dropLast(5)))
            }
        }
        for f in builtInFiles where !seen.contains(f.name) { seen.append(f.name) }
        return seen
    }

    /// Reads and decodes a file.
    func load(path: String) throws -> Item {
        try decode(try FileLocations.read(path), path, allowRun || isTrusted(path))
    }

    /// Whether a file is in the user's own directory (symbolic links resolved).
    func isTrusted(_ path: String) -> Bool {
        guard let trustedDirectory, let dir = realpath(trustedDirectory, nil) else { return false }
        defer { free(dir) }
        guard let file = realpath(path, nil) else { return false }
        defer { free(file) }
        let parent = String(cString: file).split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return parent == String(cString: dir)
    }
}

extension Catalog where Item == LayoutSource {
    /// Layouts, searched in the standard places; `keysymExists` checks keysym names
    /// (X's, in `Catalog+X11.swift`: this file stays free of X for the fuzz target in Fuzz/).
    static func layouts(environment: [String: String] = FileLocations.environment,
                        keysymExists: @escaping (String) -> Bool) -> Catalog {
        Catalog(kind: "layouts", directories: FileLocations.searchPath(kind: "layouts", environment: environment),
                builtInFiles: LayoutSource.builtInFiles, inCode: (LayoutSource.enUS.name, .enUS),
                decode: { text, file, trusted in try LayoutFile.decode(text, file: file, keysymExists: keysymExists, allowRun: trusted) },
                trustedDirectory: FileLocations.configDirectory(kind: "layouts", environment: environment))
    }
}

extension Catalog where Item == Theme {
    /// Themes, searched in the standard places.
    static func themes(environment: [String: String] = FileLocations.environment) -> Catalog {
        Catalog(kind: "themes", directories: FileLocations.searchPath(kind: "themes", environment: environment),
                builtInFiles: Theme.builtInFiles, inCode: (Theme.default.name, .default),
                decode: { text, file, _ in try ThemeFile.decode(text, file: file) })
    }
}

/// Where Tapboard looks for files users edit. Plain libc, no Foundation: the
/// default keyboard looks here at every start, and linking Foundation costs
/// every start its initialisation (megabytes of memory) whether it is used or not.
enum FileLocations {
    /// The variables the search path depends on.
    static var environment: [String: String] {
        var out: [String: String] = [:]
        for name in ["XDG_CONFIG_HOME", "HOME", "XDG_DATA_DIRS"] {
            if let v = getenv(name) { out[name] = String(cString: v) }
        }
        return out
    }

    /// The names in a directory (none when it cannot be read).
    static func entries(of dir: String) -> [String] {
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
    static func configDirectory(kind: String, environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/tapboard/" + kind }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/tapboard/" + kind }
        return nil
    }

    /// `$XDG_CONFIG_HOME/tapboard/KIND` (default `~/.config`), then `tapboard/KIND` in
    /// the installation's share directory and in every `$XDG_DATA_DIRS` entry.
    static func searchPath(kind: String, environment: [String: String]) -> [String] {
        var dirs: [String] = []
        if let config = configDirectory(kind: kind, environment: environment) { dirs.append(config) }
        // bin/tapboard next to share/tapboard: the installation's own data.
        if let exe = realpath("/proc/self/exe", nil) {
            let path = String(cString: exe)
            free(exe)
            let bin = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().dropLast().joined(separator: "/")
            dirs.append(bin + "/share/tapboard/" + kind)
        }
        let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        for d in dataDirs.split(separator: ":") where d.hasPrefix("/") {
            dirs.append(d + "/tapboard/" + kind)
        }
        var unique: [String] = []
        for d in dirs where !unique.contains(d) { unique.append(d) }
        return unique
    }

    /// The most a layout or theme file may hold; the largest built-in one has under 2 KB.
    static let maximumFileSize = 1 << 20

    /// A file's text, or an error naming it. Only regular files are read: a FIFO
    /// would wait for a writer and a device (`/dev/zero`) never end.
    static func read(_ path: String) throws -> String {
        func failure(_ reason: String) -> UserError { UserError(description: "\(path): \(reason)") }
        // A C string ends at a NUL: the file opened would not be the one named.
        guard !path.contains("\0") else { throw failure("cannot read the file: the name contains a NUL byte") }
        // O_NONBLOCK: opening a FIFO does not wait for a writer (it is refused below).
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw failure("cannot read the file: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure("cannot read the file: \(String(cString: strerror(errno)))") }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw failure("is a directory, not a layout or theme file")
        default: throw failure("not a regular file (a device, FIFO or socket); expected a layout or theme file")
        }
        let tooLarge = failure("larger than 1 MiB; not a layout or theme file")
        guard info.st_size <= maximumFileSize else { throw tooLarge }
        // Read to the end whatever the size said (a file may grow; a /proc file says 0), never past the limit.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= maximumFileSize else { throw tooLarge }
                bytes += repeatElement(0, count: min(max(count, 4096), maximumFileSize + 1 - count))
            }
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read the file: \(String(cString: strerror(errno)))")
            }
            count += n
        }
        guard count <= maximumFileSize else { throw tooLarge }
        guard let text = String(validating: bytes[..<count], as: UTF8.self) else {
            throw failure("not UTF-8 text")
        }
        return text
    }
}
