import ArgumentParser
import TapboardStart

/// `tapboard settings`: the options the keyboard would run with, from the
/// settings file and the command line, each with where it came from.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Print the settings in force (the settings file's, then the options given here) and where each came from.",
        discussion: "Takes the keyboard's options, as tapboard would with them: tapboard settings --theme dark."
    )

    /// The keyboard's options, read by the table.
    @Argument(parsing: .allUnrecognized, help: .private)
    var arguments: [String] = []

    func run() throws {
        do {
            print(try RunOptions.resolve(commandLine: arguments).report)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
