import ArgumentParser
import Glibc
import TapboardCore
import TapboardStart
import TapboardX11

/// The `tapboard` command: shows the keyboard, or runs a subcommand.
@main
struct Tapboard: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tapboard",
        abstract: "An on-screen keyboard for X11: tap keys, they are typed into the focused window.",
        discussion: """
            With no subcommand, shows the keyboard on the display and runs until it gets \
            SIGTERM or SIGINT (then releases every key and exits 0). SIGHUP reads the settings, \
            layout and theme files again and shows the theme and layouts they name (a file with \
            a mistake is reported and changes nothing); SIGUSR1 shows a hidden keyboard, SIGUSR2 hides it.

            Options can also be kept in ~/.config/tapboard/settings.yaml under their names without \
            '--' (theme: dark, layouts: [en-US, de], auto-show: true); the command line wins, and each \
            flag's opposite (--no-auto-show, --suggestions) undoes one there. 'tapboard settings' \
            prints what is in force and where it came from.
            """,
        version: "tapboard \(TapboardVersion.string)",
        subcommands: [KeyboardCommand.self, Show.self, Hide.self, Toggle.self, Quit.self, Events.self, TypeText.self, SwitchPress.self,
                      Forget.self, Clipboard.self, KeysShown.self, DumpLayout.self, Check.self, ListLayouts.self, ListThemes.self, SettingsCommand.self],
        // The keyboard's options are RunOptions.table's, which ArgumentParser does not know: a
        // command line that names no subcommand goes to KeyboardCommand, which parses with the table.
        defaultSubcommand: KeyboardCommand.self
    )

    /// Parses, runs, and reports any error on one line (`tapboard` runs this
    /// binary for every command line `QuickStart` does not read).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            StartFailure.exitIfOwn(error)
            let code = exitCode(for: error)
            if code == .success {
                let text = fullMessage(for: error)
                // ArgumentParser's help for the keyboard, and its description for the man page, lack the table's options.
                if [helpMessage(), helpMessage(for: KeyboardCommand.self)].contains(text) {
                    print(KeyboardHelp.text())
                } else {
                    let arguments = CommandLine.arguments
                    if arguments.contains("--experimental-dump-help") {
                        print(KeyboardHelp.manualDump(text))
                    } else if let at = arguments.firstIndex(of: "--generate-completion-script"), at + 1 < arguments.count {
                        print(KeyboardHelp.completionScript(text, shell: arguments[at + 1]))
                    } else {
                        print(text)
                    }
                }
                Glibc.exit(0)
            }
            if error is ExitCode { Glibc.exit(code.rawValue) }
            // ArgumentParser's messages quote what the user gave (an unknown option, a value that does not parse).
            let message = self.message(for: error).split(separator: "\n").first.map(printable) ?? printable("\(error)")
            StartFailure.exit(message + " (see 'tapboard --help')", status: code.rawValue)
        }
    }
}

/// The version printed by `--version`: the one place it is written; the Debian
/// package and the release tarball take it from here (scripts/package), and
/// debian/changelog and CHANGELOG.md must begin with it.
enum TapboardVersion {
    static let string = "0.1.0"
}

/// Which layouts to show and when the wide form is used, for the subcommands that lay keys out.
struct LayoutOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(option: "--layout"))
    var layout: String?

    @Option(name: .long, help: ArgumentHelp(option: "--layouts"))
    var layouts: String?

    // .unconditional: `--wide-width -5` is a value out of range, not a missing value.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(option: "--wide-width"))
    var wideWidth: Int = LayoutProvider.defaultWideWidth

    func validate() throws {
        if let problem = RunOptions.layoutChoiceProblem(layout: layout, layouts: layouts)
            ?? layouts.flatMap(RunOptions.option("--layouts").problem(with:))
            ?? RunOptions.option("--wide-width").problem(with: String(wideWidth)) {
            throw ValidationError(problem)
        }
    }

    /// The layouts asked for, read and checked (keysym names as X names them); run keys allowed (this only prints frames).
    func sources() throws -> [LayoutSource] {
        try RunOptions.layoutSources(layout: layout, layouts: layouts, allowRun: true, keysymExists: TapboardX11.keysymExists)
    }
}

/// The display option of the subcommands that talk to a running keyboard.
struct DisplayOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(option: "--display"))
    var display: String?

    func validate() throws {
        if let problem = display.flatMap(RunOptions.option("--display").problem(with:)) { throw ValidationError(problem) }
    }
}

extension ArgumentHelp {
    /// The help of one of the keyboard's options (`RunOptions.table`), for a subcommand that takes it too.
    init(option name: String) {
        let option = RunOptions.option(name)
        self.init(option.help, valueName: option.valueName)
    }
}
