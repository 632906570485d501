/// A display server the keyboard runs on.
public enum KeyboardBackend: String, Sendable, CaseIterable {
    /// An X server, XWayland included.
    case x11
    /// A wlroots Wayland compositor (layer shell and virtual keyboard).
    case wayland
}

/// Which edge a docked keyboard keeps to.
public enum DockEdge: String, Sendable, CaseIterable {
    /// Along the top of the screen.
    case top
    /// Along the bottom (the default).
    case bottom
}

/// How the keyboard's window lives with a window manager.
public enum WindowMode: Hashable, Sendable {
    /// Reserves its strip of the screen, so maximised windows end where it starts.
    case dock(DockEdge)
    /// An ordinary movable window, kept above the others, reserving nothing.
    case float
    /// Above everything, reserving nothing: for kiosks with a full-screen application.
    case overlay
    /// Inside another program's window (XEmbed, `--xid`): a greeter or a lock
    /// screen places, sizes, shows and hides it; the keyboard follows.
    case embedded
}

/// What `tapboard show|hide|toggle|quit` asks of the keyboard running on a display.
public enum ControlCommand: String, CaseIterable, Sendable {
    /// Show the keyboard.
    case show
    /// Hide it.
    case hide
    /// Show it if hidden, hide it if shown.
    case toggle
    /// Release every key, restore the keymap and exit 0.
    case quit
    /// Drop every word learned (`tapboard forget` deletes the files too).
    case forget
}

/// What to show and how: layouts, theme, interaction options, placement, display.
public struct KeyboardConfiguration: Sendable {
    /// The layouts the globe key goes through; the first shows at start.
    public var layouts: [LayoutSource]
    /// Runs the compositions of layouts with an input method (`LayoutSource.inputMethod`);
    /// without one their letters are typed as they are.
    public var converter: (any CompositionConverter)?
    /// Turns a layout source into the layout for the window's width (compact or wide).
    public var provider: LayoutProvider
    /// The look.
    public var theme: Theme
    /// Interaction options (auto-shift, timings).
    public var options: InteractionOptions
    /// Where the window goes; by default full width at the bottom of the screen.
    public var geometry: WindowGeometry
    /// The X display to use exactly; `$DISPLAY` when nil.
    public var displayName: String?
    /// Factor for the default height (`--scale`); the screen's `Xft.dpi` scales it too.
    public var scale: Double?
    /// Reads the layout and theme files again, on SIGHUP; without it SIGHUP quits.
    public var reload: (@Sendable () throws -> ReloadedFiles)?
    /// Keeps a change of one setting in the settings file (its name, its value
    /// as the command line gives it, nil to take it out); `reload` then shows
    /// it. Nil when none may be kept (secure).
    public var changeSetting: (@Sendable (String, String?) throws -> Void)?
    /// The names of the themes to choose from (the panel icon's menu).
    public var themeNames: (@Sendable () -> [String])?
    /// What the settings page offers and what is chosen now; nil: no settings page.
    public var settingsChoices: (@Sendable () -> SettingsChoices)?
    /// Take the display over from a keyboard already running there (it quits).
    public var replace = false
    /// Publish typed text to listeners that ask for it (`--keys`); off by default,
    /// since what is typed may be a password.
    public var publishKeys = false
    /// Start hidden; `tapboard show`, `toggle` or SIGUSR1 shows it.
    public var startHidden = false
    /// Docked (reserving its strip), floating or an overlay; docked at the bottom by default.
    public var mode: WindowMode = .dock(.bottom)
    /// How long showing and hiding slide the keyboard in from and out to its edge; zero for at once.
    public var animation: Duration = .zero
    /// The RandR monitor to go on (`--monitor`); the primary one when nil.
    public var monitor: String?
    /// Show when a text field takes the focus and hide when the focus leaves (`--auto-show`).
    public var autoShow = false
    /// With `autoShow`: hidden while the user types on a hardware keyboard (`HardwareKeys`).
    public var hidesForHardwareKeys = true
    /// How long after the focus left every text field the keyboard hides: moving
    /// between two fields does not make it flicker.
    public var autoHideDelay: Duration = .milliseconds(300)
    /// Switch scanning (`--scan`); off when nil.
    public var scan: ScanSettings?
    /// Dwell selection: how long the pointer rests on a key to select it (`--dwell`); off when nil.
    public var dwell: Duration?
    /// The switches scanning is driven by (`--switch`).
    public var switches: [SwitchBinding] = []
    /// The one input device switches are taken from (`--switch-device`); every device when nil.
    public var switchDevice: String?
    /// Whether that device is detached from the pointer while the keyboard runs
    /// (`--detach-switch-device`): it then moves no pointer and reaches no application.
    public var detachSwitchDevice = false
    /// The suggestion strip, for layouts whose language has a lexicon; none when nil (`--no-suggestions`).
    public var suggestions: SuggestionSettings?
    /// The file that keeps the patterns fontconfig matched for the keyboard's
    /// fonts between starts, so a start need not set fontconfig up; nil matches
    /// them at every start.
    public var fontMatchesPath: String?
    /// Keep the texts copied to the clipboard, in memory (the default), in a file too, or not at all (`--clipboard-history`).
    public var clipboardHistory: ClipboardHistoryMode = .memory
    /// Secure mode (`--secure`, and `--xid` at a login or lock screen): every
    /// field is taken for a password field (no previews, no strip, nothing
    /// learned or published) and keys that run programs do not.
    public var secure = false

    /// Makes a configuration; every part has a default (US English, compact or wide by the window's width).
    public init(layouts: [LayoutSource] = [.enUS], wideWidth: Int = LayoutProvider.defaultWideWidth, theme: Theme = .default,
                options: InteractionOptions = InteractionOptions(), geometry: WindowGeometry = WindowGeometry(),
                displayName: String? = nil) {
        precondition(!layouts.isEmpty, "a keyboard needs at least one layout")
        self.layouts = layouts
        self.provider = LayoutProvider(wideWidth: wideWidth, layoutKey: layouts.count > 1)
        self.theme = theme
        self.options = options
        self.geometry = geometry
        self.displayName = displayName
    }

    /// A configuration showing one layout written in code, exactly as given.
    public init(layout: Layout, theme: Theme = .default, options: InteractionOptions = InteractionOptions(),
                geometry: WindowGeometry = WindowGeometry(), displayName: String? = nil) {
        self.init(layouts: [LayoutSource(name: layout.name, description: layout.name, definition: .full(layout))],
                  theme: theme, options: options, geometry: geometry, displayName: displayName)
    }

    /// Where the keyboard goes on a screen: the geometry, monitor, mode and scale asked for.
    public var placement: Placement {
        Placement(geometry: geometry, monitor: monitor, mode: mode, scale: scale ?? 1)
    }
}

/// What SIGHUP reads again: the layouts, the theme, and which languages have a lexicon.
public struct ReloadedFiles: Hashable, Sendable {
    /// The layouts, first shown first; at least one.
    public var layouts: [LayoutSource]
    /// The look.
    public var theme: Theme
    /// The languages that have a lexicon now; nil: those found at start.
    public var lexicons: Set<String>?

    /// Makes the result of a reload.
    public init(layouts: [LayoutSource], theme: Theme, lexicons: Set<String>? = nil) {
        self.layouts = layouts
        self.theme = theme
        self.lexicons = lexicons
    }
}
