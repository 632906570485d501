import ArgumentParser
import Glibc
import TapboardCatalog
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
            SIGTERM or SIGINT (then releases every key and exits 0). SIGHUP reads the layout \
            and theme files again (a file with a mistake is reported and changes nothing); \
            SIGUSR1 shows a hidden keyboard, SIGUSR2 hides it.
            """,
        version: "tapboard \(TapboardVersion.string)",
        subcommands: [Show.self, Hide.self, Toggle.self, Quit.self, Events.self, TypeText.self, Forget.self, DumpLayout.self, Check.self, ListLayouts.self, ListThemes.self]
    )

    @OptionGroup var display: DisplayOptions

    // .unconditional: `-0-0` (the bottom right corner) is a geometry, not an unknown option.
    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Window size and place, as WxH+X+Y; default full width at the bottom.", valueName: "geometry"),
            transform: { try WindowGeometry(parsing: $0) })
    var geometry: WindowGeometry?

    @Flag(name: .long, help: "Do not shift at the start of text and after '. ', '! ', '? ' and return.")
    var noAutoShift = false

    @OptionGroup var layoutOptions: LayoutOptions

    @Option(name: .long, help: ArgumentHelp("The theme: a name (see list-themes) or a YAML file; default 'default'.", valueName: "name|path"))
    var theme: String?

    // .unconditional: `--scale -1` is a value out of range, not a missing value and an unknown option `-1`.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Size factor for the default height (which Xft.dpi also scales); 1 by default.", valueName: "factor"))
    var scale: Double?

    @Flag(name: .long, help: "Start hidden; 'tapboard show' or 'toggle' shows it.")
    var hidden = false

    @Flag(name: .long, help: "Take the display over from a tapboard already running there (it quits).")
    var replace = false

    @Flag(name: .long, help: "Let 'tapboard events --keys' see what is typed; off by default, since it may be a password.")
    var publishKeys = false

    @Option(name: .long, help: ArgumentHelp("Dock at the top or bottom (the default) and reserve that strip, so maximised windows end where the keyboard starts.",
                                            valueName: "edge"))
    var dock: String?

    @Flag(name: .long, help: "An ordinary window the window manager frames and lets you move, kept above, reserving nothing.")
    var float = false

    @Flag(name: .long, help: "Above everything, reserving nothing: for a kiosk with a full-screen application.")
    var overlay = false

    @Flag(name: .long, help: "Slide in and out from the edge (250 ms) when shown and hidden.")
    var animate = false

    @Flag(name: .long, help: "Let keys of layout files given by path run programs ('run:'); only layouts in ~/.config/tapboard/layouts may by default.")
    var allowRun = false

    @Option(name: .long, help: ArgumentHelp("The RandR monitor to go on (xrandr --listmonitors); default the primary one.", valueName: "name"))
    var monitor: String?

    @Flag(name: .long, help: "Show when a text field takes the focus and hide when it leaves (AT-SPI: accessibility must be on); starts hidden.")
    var autoShow = false

    @Flag(name: .long, help: "Stay off the D-Bus session bus (sm.puri.OSK0 and org.tapboard.Keyboard1 are served by default).")
    var noDbus = false

    @Flag(name: .long, help: "No suggestion strip (shown by default above layouts whose language has a word list).")
    var noSuggestions = false

    @Flag(name: .long, help: "Do not learn the words typed (learned by default, never in password fields; 'tapboard forget' clears them).")
    var noLearn = false

    @Flag(name: .long, help: "Replace a word that is no word by a near, clearly likelier one when a space or punctuation ends it.")
    var autocorrect = false

    @Flag(name: .long, help: "No swipe typing (drawing a word across the letters without lifting; on where the strip shows).")
    var noSwipe = false

    /// The options of the default command as plain values, as `QuickStart` also gives them.
    var runOptions: RunOptions {
        var options = RunOptions()
        (options.display, options.geometry, options.noAutoShift) = (display.display, geometry, noAutoShift)
        (options.layout, options.layouts, options.wideWidth) = (layoutOptions.layout, layoutOptions.layouts, layoutOptions.wideWidth)
        (options.theme, options.scale, options.hidden, options.replace, options.keys) = (theme, scale, hidden, replace, publishKeys)
        (options.dock, options.float, options.overlay, options.animate, options.monitor) = (dock, float, overlay, animate, monitor)
        (options.allowRun, options.dbus, options.autoShow) = (allowRun, !noDbus, autoShow)
        (options.suggestions, options.learn, options.autocorrect, options.swipe) = (!noSuggestions, !noLearn, autocorrect, !noSwipe)
        return options
    }

    func validate() throws {
        if let problem = runOptions.problem { throw ValidationError(problem) }
    }

    func run() throws {
        let status = try runOptions.showKeyboard()
        if status != 0 { throw ExitCode(status) }
    }

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
                print(fullMessage(for: error))
                Glibc.exit(0)
            }
            if error is ExitCode { Glibc.exit(code.rawValue) }
            // ArgumentParser's messages quote what the user gave (an unknown option, a value that does not parse).
            let message = self.message(for: error).split(separator: "\n").first.map(printable) ?? printable("\(error)")
            StartFailure.exit(message + " (see 'tapboard --help')", status: code.rawValue)
        }
    }
}

/// The version printed by `--version`.
enum TapboardVersion {
    static let string = "0.1.0"
}

/// Which layouts to show and when the wide form is used.
struct LayoutOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The layout: a name (see list-layouts) or a YAML file; default en-US.", valueName: "name|path"))
    var layout: String?

    @Option(name: .long, help: ArgumentHelp("Layouts the globe key switches between, comma-separated names or files; the first shows at start.",
                                            valueName: "list"))
    var layouts: String?

    // .unconditional: `--wide-width -5` is a value out of range, not a missing value.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Windows at least this wide get the wide layout (a number row, Tab, larger action keys).",
                                            valueName: "pixels"))
    var wideWidth: Int = LayoutProvider.defaultWideWidth

    func validate() throws {
        if let problem = RunOptions.layoutProblem(layout: layout, layouts: layouts, wideWidth: wideWidth) {
            throw ValidationError(problem)
        }
    }

    /// The layouts asked for, read and checked; run keys allowed (this only prints frames).
    func sources() throws -> [LayoutSource] {
        try RunOptions.layoutSources(layout: layout, layouts: layouts, allowRun: true)
    }
}

/// Options shared by the commands that talk to an X server.
struct DisplayOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The X display to use, exactly as given; default $DISPLAY.", valueName: "name"))
    var display: String?

    func validate() throws {
        if let problem = RunOptions.displayProblem(display) { throw ValidationError(problem) }
    }
}
