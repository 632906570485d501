import TapboardCore

/// The default command's options read without ArgumentParser, when they are
/// given in their plain forms.
///
/// ArgumentParser (with the FoundationEssentials it links) is not in the lean
/// `tapboard` binary: finding options by reflection looks up protocol
/// conformances and instantiates generic metadata, and its code, metadata
/// and Foundation's lie between the keyboard's own, so the kernel's
/// fault-around maps them too (1.3 MiB of resident memory, README). The plain
/// forms of the default command's options are read here; anything else (help,
/// version, subcommands, `--opt=value`, a repeated or unknown option, a value
/// that does not parse or check) gives nil, and `tapboard` runs
/// `tapboard-commands`, so errors and help come from one place. A test holds
/// the two to the same result.
public enum QuickStart {
    /// Options that take a value.
    static let valueOptions: Set<String> = ["--display", "--geometry", "--layout", "--layouts", "--theme", "--scale", "--wide-width", "--dock", "--monitor"]
    /// Options that take none.
    static let flags: Set<String> = ["--no-auto-shift", "--hidden", "--replace", "--publish-keys", "--float", "--overlay", "--animate", "--allow-run", "--no-dbus", "--auto-show", "--no-suggestions", "--no-learn", "--autocorrect", "--no-swipe"]

    /// The options as `Tapboard` would parse them, or nil to let it.
    public static func parse(_ arguments: [String]) -> RunOptions? {
        var values: [String: String] = [:]
        var given: Set<String> = []
        var rest = arguments[...]
        while let name = rest.popFirst() {
            if flags.contains(name) {
                guard given.insert(name).inserted else { return nil }
            } else if valueOptions.contains(name) {
                guard values[name] == nil, let value = rest.popFirst(), !value.isEmpty, !value.hasPrefix("-") else { return nil }
                values[name] = value
            } else {
                return nil
            }
        }
        var options = RunOptions()
        options.display = values["--display"]
        if let g = values["--geometry"] {
            guard let geometry = try? WindowGeometry(parsing: g) else { return nil }
            options.geometry = geometry
        }
        options.noAutoShift = given.contains("--no-auto-shift")
        options.hidden = given.contains("--hidden")
        options.replace = given.contains("--replace")
        options.keys = given.contains("--publish-keys")
        options.float = given.contains("--float")
        options.animate = given.contains("--animate")
        options.allowRun = given.contains("--allow-run")
        options.dbus = !given.contains("--no-dbus")
        options.autoShow = given.contains("--auto-show")
        options.suggestions = !given.contains("--no-suggestions")
        options.learn = !given.contains("--no-learn")
        options.autocorrect = given.contains("--autocorrect")
        options.swipe = !given.contains("--no-swipe")
        options.overlay = given.contains("--overlay")
        options.dock = values["--dock"]
        options.monitor = values["--monitor"]
        options.layout = values["--layout"]
        options.layouts = values["--layouts"]
        if let w = values["--wide-width"] {
            guard let width = Int(w) else { return nil }
            options.wideWidth = width
        }
        options.theme = values["--theme"]
        if let s = values["--scale"] {
            guard let scale = Double(s) else { return nil }
            options.scale = scale
        }
        return options.problem == nil ? options : nil
    }
}
