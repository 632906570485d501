import TapboardCore

/// What `tapboard check` makes of a file: read once, then decoded as a layout
/// when it has a top-level `letters:` or `pages:` line, else as a theme.
public enum CheckedFile {
    /// The file is a layout.
    case layout(LayoutSource)
    /// The file is a theme.
    case theme(Theme)

    /// Reads and decodes the file at `path`; every error names it.
    public init(path: String, layouts: Catalog<LayoutSource>, themes: Catalog<Theme>) throws {
        let text = try FileLocations.read(path)
        // The format is checked, run keys included: whether they may run depends on where the file is loaded from.
        self = Self.looksLikeLayout(text) ? .layout(try layouts.decode(text, path, true)) : .theme(try themes.decode(text, path, true))
    }

    /// Whether a file has a top-level `letters:` or `pages:` line.
    public static func looksLikeLayout(_ text: String) -> Bool {
        text.split(separator: "\n").contains { $0.hasPrefix("letters:") || $0.hasPrefix("pages:") }
    }
}
