import Glibc
import TapboardCatalog
import TapboardCore

/// The options in force: the settings file's, then the command line's over
/// them, and where each came from (`tapboard settings` prints it).
public struct ResolvedSettings: Sendable {
    /// Where an option's value came from.
    public enum Source: Equatable, Sendable {
        case commandLine
        case file(SettingsEntry)
    }

    /// An option given (not at its default), in the table's order.
    public struct Given: Equatable, Sendable {
        /// The option (`--theme`).
        public var option: String
        /// As given: text, a list's items joined, a flag's `true` or `false`.
        public var value: String
        public var source: Source
    }

    /// The options, checked together.
    public var options: RunOptions
    /// The settings file read, if one was.
    public var file: String?
    /// The command line, read again for `given`.
    var commandLine: [String]
    /// The file's settings kept, each with the option it sets and its value as that option's.
    var fromFile: [Given] = []
    /// A setting of the file left out.
    public struct PassedOver: Sendable {
        public var entry: SettingsEntry
        /// Why: what the command line gives cannot go with it.
        public var why: String
    }
    /// The file's settings left out.
    public var passedOver: [PassedOver] = []

    /// The options given, by the file or the command line, in the table's order.
    /// Worked out when asked: a start needs only `options`, and its memory
    /// would hold code it never runs again.
    public var given: [Given] {
        var fromCommandLine: [Given] = []
        var scratch = RunOptions()
        try? scratch.apply(commandLine) { fromCommandLine.append(Given(option: $0, value: $1, source: .commandLine)) }
        return RunOptions.table.compactMap { option in
            fromCommandLine.last { $0.option == option.name } ?? fromFile.last { $0.option == option.name }
        }
    }
}

extension RunOptions {
    /// The settings file's options with the command line's over them.
    ///
    /// The file is `--settings`, else `settings.yaml` in the configuration
    /// directory when it exists. Each of its settings is checked as the command
    /// line's option is, and an error names its line and column. A setting
    /// that cannot go with what the command line gives (`float: true` and
    /// `--dock top`, `layouts:` and `--layout`, a placing setting and `--xid`) is
    /// left out, the command line winning; `passedOver` says which and why.
    public static func resolve(commandLine: [String], environment: [String: String] = FileLocations.environment) throws(UserError) -> ResolvedSettings {
        // Alone first: its own mistakes are its own, and it names the file.
        var command = RunOptions()
        try command.apply(commandLine)
        if let problem = command.problem { throw UserError(description: problem) }
        let file: String?
        switch command.settings {
        case "none": file = nil
        case let given?: file = given
        case nil:
            let standard = FileLocations.configDirectory(kind: "settings.yaml", environment: environment)
            file = standard.flatMap { access($0, F_OK) == 0 ? $0 : nil }
        }
        // No file, the usual start: nothing more to read or weigh.
        guard let file else { return ResolvedSettings(options: command, file: nil, commandLine: commandLine) }
        let text: String
        do {
            text = try FileLocations.read(file)
        } catch {
            throw UserError(description: (command.settings != nil ? "--settings: " : "") + "\(error)")
        }
        let entries: [SettingsEntry]
        do {
            entries = try SettingsFile.decode(text, file: file)
        } catch {
            throw UserError(description: "\(error)")
        }
        // The file's settings together, as a command line of them would be checked.
        var fromFile = RunOptions()
        for entry in entries { try fromFile.apply(entry) }
        if let problem = fromFile.problem { throw UserError(description: "\(printable(file)): \(problem)") }

        var kept: [SettingsEntry] = []
        var resolved = ResolvedSettings(options: RunOptions(), file: file, commandLine: commandLine)
        for entry in entries {
            var trial = RunOptions()
            for earlier in kept + [entry] { try trial.apply(earlier) }
            try trial.apply(commandLine)
            if let problem = trial.problem { resolved.passedOver.append(.init(entry: entry, why: problem)) } else { kept.append(entry) }
        }
        for entry in kept {
            let (option, value) = try resolved.options.apply(entry)
            resolved.fromFile.append(.init(option: option.name, value: value, source: .file(entry)))
        }
        try resolved.options.apply(commandLine)
        if let problem = resolved.options.problem { throw UserError(description: problem) }
        return resolved
    }

    /// Sets the option a settings file's entry names; returns it and its value
    /// (a flag's as its own name has it). A flag is `true` or `false` under its
    /// name or its opposite's (`suggestions: false`).
    @discardableResult
    mutating func apply(_ entry: SettingsEntry) throws(UserError) -> (option: RunOption, value: String) {
        let fail = { (message: String) -> UserError in UserError(description: "\(entry.errorAtValue(message))") }
        let asOption = Self.table.first { $0.settingName == entry.name }
        let asOpposite = Self.table.first { $0.opposite == "--" + entry.name }
        guard let option = asOption ?? asOpposite, option.name != "--settings" else {
            let message = entry.name == "settings" ? "the settings file cannot name another; give --settings on the command line"
                : "unknown setting '\(entry.name)'; the settings are the options of tapboard --help, without --"
            throw UserError(description: "\(entry.errorAtName(message))")
        }
        if let setFlag = option.setFlag {
            guard !entry.isList, let on = ["true": true, "false": false][entry.value] else {
                throw fail("expected true or false, found '\(entry.value)'")
            }
            let value = asOption != nil ? on : !on
            setFlag(&self, value)
            return (option, value ? "true" : "false")
        }
        if entry.isList && option.valueName != "list" { throw fail("expected one value, found a list") }
        do {
            try option.set(&self, entry.value)
        } catch {
            throw fail(option.message(for: error, value: entry.value))
        }
        return (option, entry.value)
    }
}

extension ResolvedSettings {
    /// The settings in force as a settings file would hold them, each with
    /// where it came from in a comment; what was left out, and why, in comments.
    public var report: String {
        var lines = [file.map { "# The settings in force: \(printable($0)), then the command line." }
            ?? "# No settings file: the command line only (~/.config/tapboard/settings.yaml, or --settings)."]
        lines.append("# Every option not listed is at its default (tapboard --help).")
        let setting = { (option: String, value: String) -> String in
            let written = RunOptions.option(option)
            // `suggestions: false` reads better than `no-suggestions: true`.
            if written.setFlag != nil, let positive = written.opposite, written.name.hasPrefix("--no-") {
                return "\(positive.dropFirst(2)): \(SettingsValue.flag(value != "true").yaml)"
            }
            let yaml: SettingsValue = written.setFlag != nil ? .flag(value == "true")
                : written.valueName == "list" ? .list(RunOptions.names(value, keepingEmpty: false)) : .text(value)
            return "\(written.settingName): \(yaml.yaml)"
        }
        let place = { (entry: SettingsEntry) in "\(printable(entry.file)):\(entry.line)" }
        let rows = given.map { given -> (String, String) in
            switch given.source {
            case .commandLine: return (setting(given.option, given.value), "command line")
            case .file(let entry): return (setting(given.option, given.value), place(entry))
            }
        } + passedOver.map { ("# left out: \(printable($0.entry.name)): \(printable($0.entry.value))", "\(place($0.entry)): \($0.why)") }
        let width = rows.map(\.0.count).max() ?? 0
        for (text, from) in rows {
            lines.append(text + String(repeating: " ", count: width - text.count) + "  # " + from)
        }
        return lines.joined(separator: "\n")
    }
}

extension RunOptions {
    /// The settings file a keyboard started with `commandLine` keeps its changes in: `--settings`,
    /// else settings.yaml in the configuration directory (made when first written); nil with `--settings none`.
    static func settingsFile(commandLine: [String], environment: [String: String]) -> String? {
        let command = try? RunOptions(parsing: commandLine)
        if let given = command?.settings { return given == "none" ? nil : given }
        return FileLocations.configDirectory(kind: "settings.yaml", environment: environment)
    }

    /// Sets one option in the settings file (the keyboard's own changes: the
    /// panel icon's menu, the settings page): the rest of the file as it was,
    /// checked as the file's settings are before it is written, written whole or
    /// not at all. `value` as the command line would give it (a flag: `true` or
    /// `false`; a list: its names, comma-separated); nil takes the setting out.
    public static func changeSetting(_ name: String, to value: String?, commandLine: [String],
                                     environment: [String: String] = FileLocations.environment) throws(UserError) {
        guard let file = settingsFile(commandLine: commandLine, environment: environment) else {
            throw UserError(description: "no settings file to keep the change in (--settings none)")
        }
        // A flag by its name or its opposite's (`suggestions` for --no-suggestions).
        guard let option = table.first(where: { $0.settingName == name }) ?? table.first(where: { $0.opposite == "--" + name }) else {
            throw UserError(description: "unknown setting '\(printable(name))'")
        }
        var text = ""
        if access(file, F_OK) == 0 {
            do { text = try FileLocations.read(file) } catch { throw UserError(description: "\(error)") }
        }
        let written: SettingsValue? = value.map { value in
            option.setFlag != nil ? .flag(value == "true") : option.valueName == "list" ? .list(names(value, keepingEmpty: false)) : .text(value)
        }
        let changed = SettingsFile.setting(name, to: written, in: text)
        // Checked as a start would read it: a mistake is said, and nothing written.
        var check = RunOptions()
        do {
            for entry in try SettingsFile.decode(changed, file: file) { try check.apply(entry) }
        } catch let error as UserError {
            throw error
        } catch {
            throw UserError(description: "\(error)")
        }
        if let problem = check.problem { throw UserError(description: "\(printable(file)): \(problem)") }
        if let failure = FileLocations.writeSettings(changed, to: file) {
            throw UserError(description: "cannot write \(printable(file)): \(failure)")
        }
    }
}

extension RunOptions {
    /// What the settings page offers: the themes and layouts the catalogs can
    /// name, and what the settings (file, then command line) choose now.
    static func settingsChoices(commandLine: [String], keysymExists: @escaping @Sendable (String) -> Bool) -> SettingsChoices {
        let options = (try? resolve(commandLine: commandLine).options) ?? RunOptions()
        let layouts = Catalog<LayoutSource>.layouts(environment: FileLocations.environment, keysymExists: keysymExists).names()
        let chosen = options.layouts.map { names($0, keepingEmpty: false) } ?? [options.layout ?? LayoutSource.enUS.name]
        return SettingsChoices(themes: Catalog<Theme>.themes().names(), theme: options.theme ?? Theme.default.name, layouts: layouts,
                               chosen: chosen, flags: ["suggestions": options.suggestions, "auto-show": options.autoShow], scale: options.scale ?? 1)
    }
}
