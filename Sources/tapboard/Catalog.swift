import Foundation
import TapboardCore
import TapboardX11

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
        directories.lazy.map { $0 + "/" + name + ".yaml" }.first { FileManager.default.isReadableFile(atPath: $0) }
    }

    /// Every name found: the user's and the installation's, then the built-in ones.
    func names() -> [String] {
        var seen: [String] = []
        for dir in directories {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            for f in files.sorted() where f.hasSuffix(".yaml") && !seen.contains(String(f.dropLast(5))) {
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
    /// Layouts, searched in the standard places.
    static func layouts(environment: [String: String] = ProcessInfo.processInfo.environment) -> Catalog {
        Catalog(kind: "layouts", directories: FileLocations.searchPath(kind: "layouts", environment: environment),
                builtInFiles: LayoutSource.builtInFiles, inCode: (LayoutSource.enUS.name, .enUS),
                decode: { text, file in try LayoutFile.decode(text, file: file, keysymExists: keysymExists) })
    }
}

extension Catalog where Item == Theme {
    /// Themes, searched in the standard places.
    static func themes(environment: [String: String] = ProcessInfo.processInfo.environment) -> Catalog {
        Catalog(kind: "themes", directories: FileLocations.searchPath(kind: "themes", environment: environment),
                builtInFiles: Theme.builtInFiles, inCode: (Theme.default.name, .default),
                decode: { text, file in try ThemeFile.decode(text, file: file) })
    }
}

/// Where Tapboard looks for files users edit.
enum FileLocations {
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
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        dirs.append(binary.deletingLastPathComponent().deletingLastPathComponent().path + "/share/tapboard/" + kind)
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
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UserError(description: "\(path): cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw UserError(description: "\(path): not UTF-8 text")
        }
        return text
    }
}
