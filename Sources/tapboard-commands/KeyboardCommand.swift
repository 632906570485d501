import ArgumentParser
import TapboardStart
import TapboardX11

/// The default command: shows the keyboard, its options read through
/// `RunOptions.table` as the lean `tapboard` reads them, so the two agree
/// on every form and every error.
struct KeyboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keyboard",
        abstract: "Show the keyboard (what tapboard does with no subcommand).",
        // Only the default command: `tapboard --help` lists its options (KeyboardHelp).
        shouldDisplay: false
    )

    /// The command line, which only the table knows how to read.
    @Argument(parsing: .allUnrecognized, help: .private)
    var arguments: [String] = []

    /// The options as plain values, or the one-line error for them.
    func runOptions() throws(UserError) -> RunOptions {
        try RunOptions.resolve(commandLine: arguments).options
    }

    func validate() throws {
        do {
            _ = try runOptions()
        } catch {
            // `tapboard --display :1 show`: ArgumentParser finds a subcommand only as the first argument.
            let misplaced = Tapboard.configuration.subcommands.contains { error.description == "Unexpected argument '\($0._commandName)'" }
            throw ValidationError(error.description + (misplaced ? ": a subcommand comes first, its options after it" : ""))
        }
    }

    func run() throws {
        // The X11 keyboard, as `tapboard` runs it (handing over to tapboard-wayland when Wayland is chosen).
        let status = try runOptions().showKeyboard(commandLine: arguments) { X11Backend(waylandPassedOver: $0) }
        if status != 0 { throw ExitCode(status) }
    }
}
