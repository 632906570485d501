import TapboardCore

/// Why a layout or theme could not be found or its file not read; one line for the user.
public enum CatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A name that is no file path and no layout or theme found; `kind` is `layouts` or `themes`, `names` are the ones there are.
    case notFound(kind: String, name: String, names: [String])
    /// The file could not be opened or read: the system's reason, or why the name cannot name a file.
    case cannotRead(path: String, reason: String)
    /// The path names a directory.
    case isDirectory(path: String)
    /// The path names a device, FIFO or socket, which is never read (it could block or never end).
    case notRegularFile(path: String)
    /// The file is larger than `FileLocations.maximumFileSize`.
    case tooLarge(path: String)
    /// The file's bytes are not UTF-8.
    case notUTF8(path: String)

    /// The message, naming the file or the name asked for and saying what was expected
    /// (names and paths with their control characters escaped: `printable`).
    public var description: String {
        switch self {
        case .notFound(let kind, let name, let names):
            return "no \(String(kind.dropLast())) '\(printable(name))': expected a file path or one of \(printable(names.joined(separator: ", ")))"
        case .cannotRead(let path, let reason):
            return "\(printable(path)): cannot read the file: \(printable(reason))"
        case .isDirectory(let path):
            return "\(printable(path)): is a directory, not a layout or theme file"
        case .notRegularFile(let path):
            return "\(printable(path)): not a regular file (a device, FIFO or socket); expected a layout or theme file"
        case .tooLarge(let path):
            return "\(printable(path)): larger than 1 MiB; not a layout or theme file"
        case .notUTF8(let path):
            return "\(printable(path)): not UTF-8 text"
        }
    }
}
