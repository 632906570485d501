import Glibc
import TapboardCatalog
import TapboardCore
import TapboardLoop

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

/// The keyboard's two binaries, one for each display server: `tapboard`
/// (X11, lean) and `tapboard-wayland` beside it. Each runs the other in its
/// place when the keyboard is for the other's server (`BackendChoice`).
public enum KeyboardBinary {
    /// The binary carrying `backend`, by file name.
    public static func name(carrying backend: KeyboardBackend) -> String {
        backend == .x11 ? "tapboard" : "tapboard-wayland"
    }

    /// Where the Wayland binary says why it passed the compositor over, to the X11 one it runs.
    public static let passedOverVariable = "TAPBOARD_WAYLAND_PASSED_OVER"

    /// Why the Wayland binary that ran this one passed its compositor over, if
    /// it did; taken out of the environment, so no program this one runs inherits it.
    public static func takePassedOver() -> String? {
        guard let value = getenv(passedOverVariable).map({ String(cString: $0) }) else { return nil }
        unsetenv(passedOverVariable)
        return value
    }

    /// Runs the binary carrying `backend` in place of this process with the
    /// same arguments, telling it why Wayland was passed over (`passedOver`);
    /// returns only if it cannot, with the reason.
    public static func replaceProcess(carrying backend: KeyboardBackend, arguments: [String], passedOver: String?) -> UserError {
        if let passedOver { setenv(passedOverVariable, passedOver, 1) }
        let purpose = backend == .wayland
            ? "it runs the keyboard on Wayland (install it beside tapboard, or use --backend x11)"
            : "it runs the keyboard on X11 (install it beside tapboard-wayland)"
        let problem = Commands.replaceProcess(with: name(carrying: backend), arguments: arguments, purpose: purpose)
        unsetenv(passedOverVariable)
        // The Wayland compositor's failure first: it is why X11 was wanted.
        return passedOver.map { UserError(description: "\($0); and \(problem)") } ?? problem
    }
}

/// How a failed start is told: one line on standard error, then the exit status.
public enum StartFailure {
    /// The exit status for the keyboard's own errors: 1 when the display
    /// server fails it, 2 when what the user asked for is wrong; nil for the others.
    public static func status(for error: Error) -> Int32? {
        switch error {
        // Each backend's errors say which they are (a switch that cannot be had is what the user asked for).
        case let error as any BackendError: error.exitStatus
        case is NoSuchMonitor: 1
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
/// their table (`QuickStart`), on the backend the binary carries; every other
/// command line (help, version, a subcommand, a mistake) goes to
/// `tapboard-commands` beside it.
public enum KeyboardMain {
    /// Runs the command line; `backend` makes the binary's backend, told why
    /// the Wayland compositor was passed over if it was (`KeyboardBinary.takePassedOver`).
    public static func run(arguments: [String] = CommandLine.arguments, backend: (_ waylandPassedOver: String?) -> any DisplayBackend) -> Never {
        if let options = QuickStart.parse(Array(arguments.dropFirst())) {
            // Said after the error is gone: nothing of it is left to look leaked at exit.
            let failure: (message: String, status: Int32)
            do {
                exit(try options.showKeyboard(commandLine: Array(arguments.dropFirst()), backend: backend))
            } catch {
                failure = ("\(error)", StartFailure.status(for: error) ?? 1)
            }
            StartFailure.exit(failure.message, status: failure.status)
        }
        let problem = Commands.replaceProcess(arguments: arguments)
        StartFailure.exit(problem.description, status: 2)
    }
}
