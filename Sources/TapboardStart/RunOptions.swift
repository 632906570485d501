import Glibc
import TapboardCatalog
import TapboardCore
import TapboardLoop

/// What the default command (show the keyboard) is told, as plain values:
/// `RunOptions.table` reads them from a command line, in the lean `tapboard`
/// (QuickStart) and in `tapboard-commands` alike.
public struct RunOptions: Equatable, Sendable {
    public var display: String?
    public var geometry: WindowGeometry?
    public var noAutoShift = false
    public var layout: String?
    public var layouts: String?
    public var wideWidth = LayoutProvider.defaultWideWidth
    public var theme: String?
    public var scale: Double?
    public var hidden = false
    public var replace = false
    public var keys = false
    public var dock: DockEdge?
    public var float = false
    public var overlay = false
    public var animate = false
    public var monitor: String?
    /// The display server, when not chosen from the environment (`--backend`).
    public var backend: KeyboardBackend?
    public var allowRun = false
    /// Serve the D-Bus interfaces on the session bus (`--no-dbus` turns it off).
    public var dbus = true
    /// An icon in the panel, on the session bus (`--no-panel-icon` leaves it out).
    public var panelIcon = true
    /// The keys a terminal gets above the letters, as written (`--terminal-keys`); nil: the defaults.
    public var terminalKeys: String?
    /// Embedded in another program's window (`--xid`, `-e`); implies `secure`.
    public var xid = false
    /// Secure mode (`--secure`): nothing learned, kept, published or written.
    public var secure = false
    /// Follow the focus through the accessibility bus (`--auto-show`).
    public var autoShow = false
    /// With auto-show, hide while keys are typed on a hardware keyboard (`--no-hide-on-hardware-keys` keeps it).
    public var hideOnHardwareKeys = true
    /// Show the suggestion strip (`--no-suggestions` hides it).
    public var suggestions = true
    /// Learn the words typed (`--no-learn`).
    public var learn = true
    /// Correct non-words as they end (`--autocorrect`).
    public var autocorrect = false
    /// Swipe typing (`--no-swipe` turns it off).
    public var swipe = true
    /// How long a key is held before its callout opens (`--callout-delay`).
    public var calloutDelay = InteractionOptions().calloutDelay
    /// Keep what is copied to the clipboard: in memory, on disk too, or not at all (`--clipboard-history`).
    public var clipboardHistory = ClipboardHistoryMode.memory
    /// Switch scanning's mode (`--scan`); on when given, or named by the scan settings file.
    public var scan: ScanMode?
    /// How long each row or key is highlighted, in milliseconds (`--scan-interval`).
    public var scanInterval: Int?
    /// The switches (`--switch`), as written.
    public var switches: String?
    /// The one device switches are taken from (`--switch-device`).
    public var switchDevice: String?
    /// `--detach-switch-device`.
    public var detachSwitchDevice = false
    /// Dwell selection's time, in milliseconds (`--dwell`).
    public var dwell: Int?
    /// The scan settings file (`--scan-settings`); `scan.yaml` in the configuration directory when there is one.
    public var scanSettings: String?
    /// The settings file (`--settings`): nil for `settings.yaml` in the configuration directory when there is one, "none" for none.
    public var settings: String?

    /// The defaults: the keyboard as `tapboard` alone shows it.
    public init() {}

    /// What is wrong with the options together, if anything (each value is checked by its entry in `table`).
    public var problem: String? {
        if [dock != nil, float, overlay].filter({ $0 }).count > 1 { return "give one of --dock, --float and --overlay" }
        if let problem = secureProblem { return problem }
        return Self.layoutChoiceProblem(layout: layout, layouts: layouts)
    }

    /// What `--xid` and `--secure` cannot go with, if given.
    var secureProblem: String? {
        if xid {
            let placing = [("--dock", dock != nil), ("--float", float), ("--overlay", overlay), ("--monitor", monitor != nil),
                           ("--geometry", geometry?.x != nil), ("--animate", animate)].filter(\.1).map(\.0)
            if !placing.isEmpty {
                return "--xid: the host's window places, shows and hides the keyboard; leave out \(placing.joined(separator: ", "))"
            }
            if backend == .wayland { return "--xid embeds through XEmbed, which is X11's: leave out --backend wayland" }
        }
        guard xid || secure else { return nil }
        let mode = xid ? "--xid (secure)" : "--secure"
        if keys { return "\(mode) publishes no keys: leave out --publish-keys" }
        if allowRun { return "\(mode) runs no programs: leave out --allow-run" }
        if clipboardHistory == .disk { return "\(mode) keeps no clipboard history: leave out --clipboard-history disk" }
        return nil
    }

    /// What is wrong with giving both layout options, if they are.
    public static func layoutChoiceProblem(layout: String?, layouts: String?) -> String? {
        layout != nil && layouts != nil ? "give --layout or --layouts, not both" : nil
    }

    /// The names of a comma-separated list, without the spaces around them.
    static func names(_ list: String, keepingEmpty: Bool) -> [String] {
        list.split(separator: ",", omittingEmptySubsequences: !keepingEmpty).map { name in
            String(name.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        }
    }

    /// The layouts asked for, read and checked (keysym names with `keysymExists`,
    /// the backend's); the default one without reading any file.
    public static func layoutSources(layout: String?, layouts: String?, allowRun: Bool = false,
                                     keysymExists: @escaping @Sendable (String) -> Bool) throws -> [LayoutSource] {
        let names = layouts.map { self.names($0, keepingEmpty: false) } ?? [layout ?? LayoutSource.enUS.name]
        var catalog = Catalog<LayoutSource>.layouts(environment: FileLocations.environment, keysymExists: keysymExists)
        catalog.allowRun = allowRun
        return try names.map { try catalog.item($0) }
    }

    /// The theme `--theme` names; the built-in default without reading a file unless the user has one.
    static func theme(named argument: String?) throws -> Theme {
        let themes = Catalog<Theme>.themes()
        let chosen = argument ?? Theme.default.name
        return chosen == Theme.default.name && themes.userFile(named: chosen) == nil ? Theme.default : try themes.item(chosen)
    }

    /// Shows the keyboard until it is told to quit; returns the exit status.
    /// `makeBackend` makes the backend the binary carries, told why the Wayland
    /// compositor was passed over if it was; when the keyboard is for the other
    /// display server, the binary carrying it runs in this process's place.
    /// `commandLine`, when given, is resolved again with the settings file on SIGHUP.
    public func showKeyboard(commandLine: [String]? = nil, backend makeBackend: (_ waylandPassedOver: String?) -> any DisplayBackend) throws -> Int32 {
        // Each display server is carried by a binary of its own, so a start loads
        // only its own server's libraries; handed over first, before any file is read twice.
        let passedOver = KeyboardBinary.takePassedOver()
        let displayBackend = makeBackend(passedOver)
        // XEmbed is X11's: a greeter on XWayland embeds an X11 keyboard.
        let choice = BackendChoice.of(carried: displayBackend.kind, chosen: xid ? .x11 : backend, displayName: display,
                                      waylandDisplay: getenv("WAYLAND_DISPLAY") != nil, passedOver: passedOver,
                                      waylandUnavailable: displayBackend.unavailable)
        if case .handOver(let other, let reason) = choice {
            throw KeyboardBinary.replaceProcess(carrying: other, arguments: CommandLine.arguments, passedOver: reason)
        }
        let keysymExists = displayBackend.keysymExists
        // Secure: every field a password field, and nothing read from or written
        // to the user's files that could keep or tell what was typed.
        let secure = xid || self.secure
        var options = InteractionOptions()
        // A password's first letter is not a sentence's: secure, no auto-shift.
        options.autoShift = !noAutoShift && !secure
        options.calloutDelay = calloutDelay
        var configuration = KeyboardConfiguration(layouts: try Self.layoutSources(layout: layout, layouts: layouts, allowRun: allowRun,
                                                                                  keysymExists: keysymExists),
                                                  wideWidth: wideWidth, theme: try Self.theme(named: theme), options: options,
                                                  geometry: geometry ?? WindowGeometry(), displayName: display)
        configuration.scale = scale
        configuration.startHidden = hidden
        configuration.replace = replace
        configuration.publishKeys = keys
        configuration.secure = secure
        // The emoji page reads its files there too, with the strip or without it.
        let storage = SuggestionFiles.standard(environment: SuggestionFiles.environment)
        if suggestions && !secure {
            configuration.suggestions = SuggestionSettings(languages: storage.languagesWithLexicon(configuration.layouts.compactMap(\.language)),
                                                           learns: learn, autocorrect: autocorrect, swipe: swipe)
        }
        // Korean, Chinese and Japanese layouts' converters, opened when such a layout is first typed on.
        // Secure, none: a converter learns what is typed, and every field is a password's.
        if !secure {
            let converters = LibraryConverters(dataDirectory: storage.learnedDirectory)
            converters.prepare(configuration.layouts.compactMap(\.inputMethod))
            configuration.converter = converters
        }
        // Secure, no cache either: fontconfig's matches are found again at each start.
        configuration.fontMatchesPath = secure ? nil : FileLocations.cacheFile("font-matches", environment: FileLocations.environment)
        configuration.animation = animate ? .milliseconds(250) : .zero
        configuration.monitor = monitor
        configuration.mode = xid ? .embedded : float ? .float : overlay ? .overlay : .dock(dock ?? .bottom)
        configuration.provider.hideKey = !xid
        if let terminalKeys {
            do {
                configuration.provider.terminalKeys = try TerminalKeys.parse(terminalKeys, keysymExists: keysymExists)
            } catch {
                throw UserError(description: "\(error)")
            }
        }
        configuration.clipboardHistory = secure ? .off : clipboardHistory
        configuration.hidesForHardwareKeys = hideOnHardwareKeys
        try scanSetup(into: &configuration, wayland: displayBackend.kind == .wayland)
        configuration.dwell = dwell.map { .milliseconds($0) }
        // Only named here: the file is read when the session first needs it.
        let clipboardFile = clipboardHistory == .disk && !secure ? ClipboardFile.standard(environment: SuggestionFiles.environment) : nil
        let started = (self.layout, self.layouts, self.theme)
        configuration.reload = {
            // The settings file may name other layouts or another theme now.
            let (layout, layouts, theme) = try commandLine.map { line in
                let now = try RunOptions.resolve(commandLine: line).options
                return (now.layout, now.layouts, now.theme)
            } ?? started
            let sources = try Self.layoutSources(layout: layout, layouts: layouts, allowRun: allowRun, keysymExists: keysymExists)
            return ReloadedFiles(layouts: sources, theme: try Self.theme(named: theme),
                                 lexicons: suggestions && !secure ? storage.languagesWithLexicon(sources.compactMap(\.language)) : nil)
        }
        // Secure, nothing is kept: the settings file is never written.
        // Where a settings file may be written: the settings page, the panel icon's themes.
        if !secure, let commandLine, Self.settingsFile(commandLine: commandLine, environment: FileLocations.environment) != nil {
            configuration.changeSetting = { name, value in try Self.changeSetting(name, to: value, commandLine: commandLine) }
            configuration.themeNames = { Catalog<Theme>.themes().names() }
            configuration.settingsChoices = { Self.settingsChoices(commandLine: commandLine, keysymExists: keysymExists) }
            configuration.provider.settingsKey = true
        }
        // The loop owns the buses: the accessibility bus is joined before the
        // display (without it the keyboard starts as without --auto-show), the
        // session bus once the keyboard shows.
        // Secure, off the session bus: any program of the session could type through it (Type) or hear its events;
        // and no panel icon, whose menu would change the settings.
        let keyboard = try OnScreenKeyboard(configuration, backend: displayBackend,
                                            buses: KeyboardBuses(dbus: dbus && !secure, accessibility: autoShow, panelIcon: panelIcon && !secure),
                                            storage: storage, clipboardStorage: clipboardFile)
        return keyboard.run()
    }
}
