import Glibc
import TapboardCatalog
import TapboardCore
import TapboardLoop
import TapboardX11

/// What the lean `tapboard` hands over to `tapboard-commands` beside it: the
/// subcommands, help, version and the options `QuickStart` refuses, whose
/// error line is written there.
public enum Commands {
    /// The companion's file name, in the directory of the running binary.
    public static let binaryName = "tapboard-commands"

    /// Where the companion is: beside the binary this process runs (through
    /// symbolic links, so an installed `tapboard` linked from elsewhere finds it).
    public static func path(executable: String? = FileLocations.executablePath()) -> String? {
        sibling(binaryName, executable: executable)
    }

    /// Runs the companion in place of this process with the same arguments;
    /// returns only if it cannot, with the reason.
    public static func replaceProcess(arguments: [String]) -> UserError {
        replaceProcess(with: binaryName, arguments: arguments,
                       purpose: "it reads the subcommands, --help, --version and says what is wrong with options (install it beside tapboard)")
    }

    /// The binary `name` beside `executable`; nil when its directory is unknown.
    static func sibling(_ name: String, executable: String? = FileLocations.executablePath()) -> String? {
        guard let executable, executable.contains("/") else { return nil }
        return FileLocations.dropping(1, componentsOf: executable) + "/" + name
    }

    /// Runs the binary `name` beside this one in place of this process with the
    /// same arguments; returns only if it cannot, with the reason and `purpose`.
    static func replaceProcess(with name: String, arguments: [String], purpose: String) -> UserError {
        guard let path = sibling(name) else {
            return UserError(description: "cannot find this binary's directory (/proc/self/exe) to run \(name)")
        }
        var argv = arguments.map { strdup($0) }
        argv.append(nil)
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        argv.forEach { free($0) }
        return UserError(description: "\(printable(path)): \(reason); \(purpose)")
    }
}

/// The keyboard with its Wayland backend, beside the lean X11 `tapboard`.
public enum WaylandBinary {
    /// Its file name, in the directory of the running binary.
    public static let binaryName = "tapboard-wayland"

    /// Runs it in place of this process with the same arguments; returns only if it cannot, with the reason.
    public static func replaceProcess(arguments: [String]) -> UserError {
        Commands.replaceProcess(with: binaryName, arguments: arguments,
                                purpose: "it runs the keyboard on Wayland (install it beside tapboard, or use --backend x11)")
    }
}

/// How a failed start is told: one line on standard error, then the exit status.
public enum StartFailure {
    /// The exit status for the keyboard's own errors: 1 when the X server
    /// fails it, 2 when what the user asked for is wrong; nil for the others.
    public static func status(for error: Error) -> Int32? {
        switch error {
        // A switch that cannot be had is what the user asked for, like a bad option.
        case let error as X11Error: if case .badSwitch = error { 2 } else { 1 }
        case is OnScreenKeyboard.NoDisplay: 1
        case is UserError, is CatalogError, is FileError: 2
        default: nil
        }
    }

    /// Says what went wrong with the keyboard's own errors on one line and
    /// exits with their status; returns for the others.
    public static func exitIfOwn(_ error: Error) {
        guard let status = status(for: error) else { return }
        exit("\(error)", status: status)
    }

    /// Says `message` on standard error and exits with `status`.
    public static func exit(_ message: String, status: Int32) -> Never {
        logError(message)
        Glibc.exit(status)
    }
}

/// What both keyboard binaries run: the keyboard, its options read through
/// their table (`QuickStart`); every other command line (help, version, a
/// subcommand, a mistake) goes to `tapboard-commands` beside it.
public enum KeyboardMain {
    public static func run(arguments: [String] = CommandLine.arguments) -> Never {
        if let options = QuickStart.parse(Array(arguments.dropFirst())) {
            // Said after the error is gone: nothing of it is left to look leaked at exit.
            let failure: (message: String, status: Int32)
            do {
                exit(try options.showKeyboard())
            } catch {
                failure = ("\(error)", StartFailure.status(for: error) ?? 1)
            }
            StartFailure.exit(failure.message, status: failure.status)
        }
        let problem = Commands.replaceProcess(arguments: arguments)
        StartFailure.exit(problem.description, status: 2)
    }
}
