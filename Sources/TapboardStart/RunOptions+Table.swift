import TapboardCore

extension RunOptions {
    /// Every option of the default command, in the order `--help` lists them.
    ///
    /// Both executables parse with it (`init(parsing:)`); an option is one
    /// entry here and its use. A check that needs two options is `problem`.
    public static let table: [RunOption] = [
        .text("--display", "name", "The X display to use, exactly as given; default $DISPLAY.", example: ":1") { options, display throws(OptionProblem) in
            // Empty is not "not given": that would quietly fall back to $DISPLAY.
            if display.isEmpty { throw .refused("--display '': expected a display name such as :0") }
            options.display = display
        },
        // A place counted from the right and bottom edges starts with '-' (`-0-0`): still a geometry.
        .text("--geometry", "geometry", "Window size and place, as WxH+X+Y; default full width at the bottom.",
              example: "400x200-10-20", leadingDash: true) { options, text throws(OptionProblem) in
            do { options.geometry = try WindowGeometry(parsing: text) } catch { throw .invalid("\(error)") }
        },
        .flag("--no-auto-shift", "Do not shift at the start of text and after '. ', '! ', '? ' and return.") { $0.noAutoShift = $1 },
        .text("--layout", "name|path", "The layout: a name (see list-layouts) or a YAML file; default en-US.", example: "de") { $0.layout = $1 },
        .text("--layouts", "list", "Layouts the globe key switches between, comma-separated names or files; the first shows at start.",
              example: "en-US, de ,ru") { options, layouts throws(OptionProblem) in
            if names(layouts, keepingEmpty: true).contains(where: \.isEmpty) {
                throw .refused("--layouts '\(printable(layouts))' has an empty name; expected names or files separated by commas")
            }
            options.layouts = layouts
        },
        .integer("--wide-width", "pixels", "Windows at least this wide get the wide layout (a number row, Tab, larger action keys).",
                 default: LayoutProvider.defaultWideWidth, example: "1400") { options, width throws(OptionProblem) in
            if width < 0 { throw .refused("--wide-width must be 0 or more, not \(width)") }
            options.wideWidth = width
        },
        .text("--theme", "name|path", "The theme: a name (see list-themes) or a YAML file; default 'default'.", example: "dark") { $0.theme = $1 },
        .number("--scale", "factor", "Size factor for the default height (which Xft.dpi also scales); 1 by default.",
                example: "1.5") { options, scale throws(OptionProblem) in
            if !(scale >= 0.25 && scale <= 4) { throw .refused("--scale must be between 0.25 and 4, not \(scale)") }
            options.scale = scale
        },
        .flag("--hidden", "Start hidden; 'tapboard show' or 'toggle' shows it.") { $0.hidden = $1 },
        .flag("--replace", "Take the display over from a tapboard already running there (it quits).") { $0.replace = $1 },
        .flag("--publish-keys", "Let 'tapboard events --keys' see what is typed; off by default, since it may be a password.") { $0.keys = $1 },
        .text("--dock", "edge", "Dock at the top or bottom (the default) and reserve that strip, so maximised windows end where the keyboard starts.",
              example: "top") { options, edge throws(OptionProblem) in
            guard let dock = DockEdge(rawValue: edge) else { throw .refused("--dock '\(printable(edge))': expected top or bottom") }
            options.dock = dock
        },
        .flag("--float", "An ordinary window the window manager frames and lets you move, kept above, reserving nothing.") { $0.float = $1 },
        .flag("--overlay", "Above everything, reserving nothing: for a kiosk with a full-screen application.") { $0.overlay = $1 },
        .flag("--animate", "Slide in and out from the edge (250 ms) when shown and hidden.") { $0.animate = $1 },
        .flag("--allow-run", "Let keys of layout files given by path run programs ('run:'); only layouts in ~/.config/tapboard/layouts may by default.") {
            $0.allowRun = $1
        },
        .text("--backend", "x11|wayland",
              "The display server: by default Wayland where WAYLAND_DISPLAY names a compositor with the layer shell (sway, labwc), else X11.",
              example: "wayland") { options, name throws(OptionProblem) in
            guard let backend = KeyboardBackend(rawValue: name) else { throw .refused("--backend '\(printable(name))': expected x11 or wayland") }
            options.backend = backend
        },
        .text("--monitor", "name", "The RandR monitor to go on (xrandr --listmonitors); default the primary one.", example: "HDMI-1") { $0.monitor = $1 },
        .flag("--auto-show", "Show when a text field takes the focus and hide when it leaves (AT-SPI: accessibility must be on); starts hidden.") {
            $0.autoShow = $1
        },
        .flag("--no-hide-on-hardware-keys",
              "With --auto-show, stay up while keys are typed on a hardware keyboard (by default it hides, and a field chosen "
                  + "with the pointer or a touch shows it again).") {
            $0.hideOnHardwareKeys = !$1
        },
        .flag("--xid", "Embed in a greeter's or lock screen's window (XEmbed, X11): print the window's id on a line and wait; "
                  + "the host sizes, shows and hides it. Implies --secure. Also -e.") {
            $0.xid = $1
        },
        .flag("--secure", "For login screens and kiosks where strangers type: every field is a password field (no strip, previews, "
                  + "learning or key events), no clipboard history, no D-Bus, no programs run, and no file written.") {
            $0.secure = $1
        },
        .flag("--no-dbus", "Stay off the D-Bus session bus (sm.puri.OSK0 and org.tapboard.Keyboard1 are served by default).") { $0.dbus = !$1 },
        .flag("--no-panel-icon", "No icon in the panel (a StatusNotifierItem for KDE, XFCE, MATE, LXQt, Cinnamon, waybar; else in an XEmbed tray on X11).") {
            $0.panelIcon = !$1
        },
        .flag("--no-suggestions", "No suggestion strip (shown by default above layouts whose language has a word list).") { $0.suggestions = !$1 },
        .flag("--no-learn", "Do not learn the words typed (learned by default, never in password fields; 'tapboard forget' clears them).") {
            $0.learn = !$1
        },
        .flag("--autocorrect", "Replace a word that is no word by a near, clearly likelier one when a space or punctuation ends it.") {
            $0.autocorrect = $1
        },
        .text("--clipboard-history", "off|memory|disk",
              "Keep the last 20 texts copied to the clipboard (X11 only for now), for the keyboard to type again: "
                  + "in memory (the default), in a file too, or not at all.",
              example: "disk") { options, mode throws(OptionProblem) in
            guard let chosen = ClipboardHistoryMode(rawValue: mode) else {
                throw .refused("--clipboard-history '\(printable(mode))': expected off, memory or disk")
            }
            options.clipboardHistory = chosen
        },
        .text("--scan", "auto|step|directed",
              "Switch scanning: rows then keys highlighted in turn, selected with a switch (auto: one switch; step: next and select; "
                  + "directed: arrows and select). Needs --switch on X11; on Wayland, key bindings that run tapboard switch.",
              example: "step") { options, name throws(OptionProblem) in
            guard let mode = ScanMode(rawValue: name) else { throw .refused("--scan '\(printable(name))': expected auto, step or directed") }
            options.scan = mode
        },
        .text("--switch", "list",
              "The switches, comma-separated: keysyms (F12) or buttons (button3), perhaps named (select=F12,next=F11); taken from every device, "
                  + "never passed on (X11 only).",
              example: "select=F12") { options, list throws(OptionProblem) in
            // The roles are checked against the mode once every option is read.
            do { _ = try SwitchBinding.parse(list, mode: nil) } catch { throw .refused("--switch \(error)") }
            options.switches = list
        },
        .text("--switch-device", "name", "Take the switches only from this input device (xinput list names it).",
              example: "USB Switch Interface") { options, name throws(OptionProblem) in
            if name.isEmpty { throw .refused("--switch-device '': expected a device name, as xinput list shows it") }
            options.switchDevice = name
        },
        .flag("--detach-switch-device",
              "Detach the switch device from the pointer while the keyboard runs: it moves no pointer and clicks nothing but the switches.") {
            $0.detachSwitchDevice = $1
        },
        .integer("--scan-interval", "ms", "How long auto scan highlights each row or key (and how often a held switch moves on); 1000 by default.",
                 example: "800") { options, ms throws(OptionProblem) in
            if !(100 ... 10_000).contains(ms) { throw .refused("--scan-interval must be 100 to 10000 ms, not \(ms)") }
            options.scanInterval = ms
        },
        .integer("--dwell", "ms", "Type the key the pointer rests on this long (a head mouse, an eye tracker); rest again on a key to open its callout.",
                 example: "800") { options, ms throws(OptionProblem) in
            if !(200 ... 5000).contains(ms) { throw .refused("--dwell must be 200 to 5000 ms, not \(ms)") }
            options.dwell = ms
        },
        .text("--scan-settings", "path", "Switch scanning's settings file (YAML); default ~/.config/tapboard/scan.yaml when it exists.",
              example: "scan.yaml") { $0.scanSettings = $1 },
        .text("--settings", "path|none",
              "The settings file, which holds options under their names (theme: dark); default ~/.config/tapboard/settings.yaml "
                  + "when it exists; 'none' reads none. The command line wins over it.",
              example: "none") { options, path throws(OptionProblem) in
            if path.isEmpty { throw .refused("--settings '': expected a file, or none") }
            options.settings = path
        },
        .text("--terminal-keys", "list",
              "With --auto-show, the keys a terminal gets above the letters, comma-separated: keysyms (Escape, Left), ctrl, alt or super, "
                  + "chords (ctrl+c); empty for none. Default: \(TerminalKeys.defaultList).",
              example: "Escape, Tab, ctrl+c") { options, list throws(OptionProblem) in
            do { _ = try TerminalKeys.parse(list, keysymExists: { _ in true }) } catch { throw .refused("\(error)") }
            options.terminalKeys = list
        },
        .flag("--no-swipe", "No swipe typing (drawing a word across the letters without lifting; on where the strip shows).") { $0.swipe = !$1 },
        // A slow tapper's press outlasts 400 ms and opens the callout instead of typing the key.
        .integer("--callout-delay", "ms", "How long a key is held before its callout (accented letters and other alternates) opens; 400 by default.",
                 example: "800") { options, ms throws(OptionProblem) in
            if !(100 ... 5000).contains(ms) { throw .refused("--callout-delay must be 100 to 5000 ms, not \(ms)") }
            options.calloutDelay = .milliseconds(ms)
        },
    ]
}
