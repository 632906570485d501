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
    /// Decodes a file's text.
    let decode: (String, String) throws -> Item

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
            return try decode(file.text, "(built-in) \(file.name).yaml")
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
        try decode(try FileLocations.read(path), path)
    }
}

extension Catalog where Item == LayoutSource {
    /// Layouts, searched in the standard places; `keysymExists` checks keysym names
    /// (X's, in `Catalog+X11.swift`: this file stays free of X for the fuzz target in Fuzz/).
    static func layouts(environment: [String: String] = FileLocations.environment,
                        keysymExists: @escaping (String) -> Bool) -> Catalog {
        Catalog(kind: "layouts", directories: FileLocations.searchPath(kind: "layouts", environment: environment),
                builtInFiles: LayoutSource.builtInFiles, inCode: (LayoutSource.enUS.name, .enUS),
                decode: { text, file in try LayoutFile.decode(text, file: file, keysymExists: keysymExists) })
    }
}

extension Catalog where Item == Theme {
    /// Themes, searched in the standard places.
    static func themes(environment: [String: String] = FileLocations.environment) -> Catalog {
        Catalog(kind: "themes", directories: FileLocations.searchPath(kind: "themes", environment: environment),
                builtInFiles: Theme.builtInFiles, inCode: (Theme.default.name, .default),
                decode: { text, file in try ThemeFile.decode(text, file: file) })
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

    /// `$XDG_CONFIG_HOME/tapboard/KIND` (default `~/.config`), then `tapboard/KIND` in
    /// the installation's share directory and in every `$XDG_DATA_DIRS` entry.
    static func searchPath(kind: String, environment: [String: String]) -> [String] {
        var dirs: [String] = []
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            dirs.append(config + "/tapboard/" + kind)
        } else if let home = environment["HOME"], !home.isEmpty {
            dirs.append(home + "/.config/tapboard/" + kind)
        }
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

    /// A file's text, or an error naming it.
    static func read(_ path: String) throws -> String {
        guard let f = fopen(path, "rb") else {
            throw UserError(description: "\(path): cannot read the file: \(String(cString: strerror(errno)))")
        }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, f)
            if n > 0 { bytes += chunk[..<n] }
            if n < chunk.count { break }
            if bytes.count > 4 << 20 { throw UserError(description: "\(path): larger than 4 MB; not a layout or theme") }
        }
        if ferror(f) != 0 { throw UserError(description: "\(path): cannot read the file") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw UserError(description: "\(path): not UTF-8 text")
        }
        return text
    }
}
