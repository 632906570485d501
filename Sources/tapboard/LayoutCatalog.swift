import Foundation
import TapboardCore
import TapboardX11

/// Finds layouts by name or path: a path as given, then the user's
/// `$XDG_CONFIG_HOME/tapboard/layouts/NAME.yaml`, the installation's data
/// directories, and the layouts built into the binary.
struct LayoutCatalog {
    /// Directories searched for `NAME.yaml`, first match wins.
    var directories: [String]

    /// The standard search path for this process's environment.
    static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> LayoutCatalog {
        LayoutCatalog(directories: FileLocations.searchPath(kind: "layouts", environment: environment))
    }

    /// Whether an argument names a file rather than a layout.
    static func isPath(_ argument: String) -> Bool {
        argument.contains("/") || argument.hasSuffix(".yaml")
    }

    /// The layout an argument names: a file path, or a name looked up in order.
    func source(_ argument: String) throws -> LayoutSource {
        if Self.isPath(argument) { return try Self.load(path: argument) }
        for dir in directories {
            let path = dir + "/" + argument + ".yaml"
            if FileManager.default.isReadableFile(atPath: path) { return try Self.load(path: path) }
        }
        if argument == LayoutSource.enUS.name { return .enUS }
        if let file = LayoutSource.builtInFiles.first(where: { $0.name == argument }) {
            return try LayoutFile.decode(file.text, file: "(built-in) \(file.name).yaml", keysymExists: keysymExists)
        }
        throw UserError(description: "no layout '\(argument)': expected a file path or one of \(names().joined(separator: ", "))")
    }

    /// Every layout name found: the user's and the installation's, then the built-in ones.
    func names() -> [String] {
        var seen: [String] = []
        for dir in directories {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            for f in files.sorted() where f.hasSuffix(".yaml") && !seen.contains(String(f.dropLast(5))) {
                seen.append(String(f.dropLast(5)))
            }
        }
        for f in LayoutSource.builtInFiles where !seen.contains(f.name) { seen.append(f.name) }
        return seen
    }

    /// Reads and decodes a layout file.
    static func load(path: String) throws -> LayoutSource {
        try LayoutFile.decode(try FileLocations.read(path), file: path, keysymExists: keysymExists)
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

extension LayoutCatalog {
    /// Whether a user or installation file overrides this built-in name (checked
    /// without reading it, so the default keyboard starts without any YAML).
    static func hasUserFile(named name: String) -> Bool {
        standard().directories.contains { FileManager.default.fileExists(atPath: $0 + "/" + name + ".yaml") }
    }
}
