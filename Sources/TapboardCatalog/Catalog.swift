import Glibc
import TapboardCore

/// Finds layouts or themes by name or path: a path as given, then the user's
/// `$XDG_CONFIG_HOME/tapboard/KIND/NAME.yaml`, the installation's data
/// directories, and the files built into the binary.
public struct Catalog<Item> {
    /// `layouts` or `themes`: the folder name and what the messages call them.
    public let kind: String
    /// Directories searched for `NAME.yaml`, first match wins.
    public let directories: [String]
    /// The built-in files, by name.
    public let builtInFiles: [(name: String, text: String)]
    /// The item defined in code (read without YAML), with its name.
    public let inCode: (name: String, item: Item)
    /// Decodes a file's text (text, file name, whether it is trusted to run programs).
    public let decode: (String, String, Bool) throws -> Item
    /// The user's own directory (`$XDG_CONFIG_HOME/tapboard/KIND`): its files may
    /// have keys that run programs; others only with `allowRun`.
    public var trustedDirectory: String?
    /// `--allow-run`: every file may have keys that run programs.
    public var allowRun = false

    /// Makes a catalogue of `kind` searched in `directories`, then `inCode`, then `builtInFiles`.
    public init(kind: String, directories: [String], builtInFiles: [(name: String, text: String)], inCode: (name: String, item: Item),
                decode: @escaping (String, String, Bool) throws -> Item, trustedDirectory: String? = nil, allowRun: Bool = false) {
        self.kind = kind
        self.directories = directories
        self.builtInFiles = builtInFiles
        self.inCode = inCode
        self.decode = decode
        self.trustedDirectory = trustedDirectory
        self.allowRun = allowRun
    }

    /// Whether an argument names a file rather than an item.
    public static func isPath(_ argument: String) -> Bool {
        argument.contains("/") || argument.hasSuffix(".yaml")
    }

    /// The item an argument names: a file path, or a name looked up in order.
    public func item(_ argument: String) throws -> Item {
        if Self.isPath(argument) { return try load(path: argument) }
        if let path = userFile(named: argument) { return try load(path: path) }
        if argument == inCode.name { return inCode.item }
        if let file = builtInFiles.first(where: { $0.name == argument }) {
            return try decode(file.text, "(built-in) \(file.name).yaml", false)
        }
        throw CatalogError.notFound(kind: kind, name: argument, names: names())
    }

    /// The user's or the installation's file for a name, found without reading it.
    public func userFile(named name: String) -> String? {
        directories.lazy.map { $0 + "/" + name + ".yaml" }.first { access($0, R_OK) == 0 }
    }

    /// Every name found: the user's and the installation's, then the built-in ones.
    public func names() -> [String] {
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
    public func load(path: String) throws -> Item {
        try decode(try FileLocations.read(path), path, allowRun || isTrusted(path))
    }

    /// Whether a file is in the user's own directory (symbolic links resolved).
    public func isTrusted(_ path: String) -> Bool {
        guard let trustedDirectory, let dir = realpath(trustedDirectory, nil) else { return false }
        defer { free(dir) }
        guard let file = realpath(path, nil) else { return false }
        defer { free(file) }
        return FileLocations.dropping(1, componentsOf: String(cString: file)) == String(cString: dir)
    }
}

extension Catalog where Item == LayoutSource {
    /// Layouts, searched in the standard places; `keysymExists` checks keysym names
    /// (the CLI passes X's: this library stays free of X, for the fuzz target in Fuzz/).
    public static func layouts(environment: [String: String] = FileLocations.environment,
                               keysymExists: @escaping (String) -> Bool) -> Catalog {
        Catalog(kind: "layouts", directories: FileLocations.searchPath(kind: "layouts", environment: environment),
                builtInFiles: LayoutSource.builtInFiles, inCode: (LayoutSource.enUS.name, .enUS),
                decode: { text, file, trusted in try LayoutFile.decode(text, file: file, keysymExists: keysymExists, allowRun: trusted) },
                trustedDirectory: FileLocations.configDirectory(kind: "layouts", environment: environment))
    }
}

extension Catalog where Item == Theme {
    /// Themes, searched in the standard places.
    public static func themes(environment: [String: String] = FileLocations.environment) -> Catalog {
        Catalog(kind: "themes", directories: FileLocations.searchPath(kind: "themes", environment: environment),
                builtInFiles: Theme.builtInFiles, inCode: (Theme.default.name, .default),
                decode: { text, file, _ in try ThemeFile.decode(text, file: file) })
    }
}
