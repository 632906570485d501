/// The default command's options read without ArgumentParser, in the lean
/// `tapboard`.
///
/// ArgumentParser (with the FoundationEssentials it links) is not in the lean
/// `tapboard` binary: finding options by reflection looks up protocol
/// conformances and instantiates generic metadata, and its code, metadata
/// and Foundation's lie between the keyboard's own, so the kernel's
/// fault-around maps them too (1.3 MiB of resident memory, README). The
/// options are read here through `RunOptions.table`, the parser
/// `tapboard-commands` also uses for them, so every form of them runs the
/// keyboard at once. Anything the table refuses (help, version, a
/// subcommand, a mistake) gives nil, and `tapboard` runs `tapboard-commands`,
/// so help and error lines come from one place.
public enum QuickStart {
    /// The options as `tapboard-commands` would parse them (the settings file's
    /// with the command line's over them), or nil to let it.
    public static func parse(_ arguments: [String]) -> RunOptions? {
        try? RunOptions.resolve(commandLine: arguments).options
    }
}
