import TapboardCore

extension RunOptions {
    /// The options a command line gives the default command, read through
    /// `table`: `--name value`, `--name=value` and flags in any order, the last
    /// of a repeated option winning, then checked together (`problem`).
    ///
    /// The errors keep the words ArgumentParser used for them before this
    /// table, which scripts and tests may match.
    public init(parsing arguments: [String]) throws(UserError) {
        self.init()
        try apply(arguments)
        if let problem { throw UserError(description: problem) }
    }

    /// Sets the options a command line gives over these (the settings file's),
    /// each checked on its own; `noting` is told each option given (`--theme`)
    /// with its value (a flag's `true`, its opposite's `false`), in order.
    mutating func apply(_ arguments: [String], noting: ((_ option: String, _ value: String) -> Void)? = nil) throws(UserError) {
        var rest = arguments[...]
        // Bytes, not characters: the grapheme-aware String calls would be
        // code a start otherwise never runs (resident, 64 KiB at a time).
        let dash = UInt8(ascii: "-")
        while let argument = rest.popFirst() {
            if argument == "--" {
                // Nothing comes after the options: the default command takes no arguments.
                if let next = rest.first { throw UserError(description: "Unexpected argument '\(printable(next))'") }
                break
            }
            guard argument.utf8.first == dash, argument != "-" else {
                throw UserError(description: "Unexpected argument '\(printable(argument))'")
            }
            let equals = argument.utf8.firstIndex(of: UInt8(ascii: "="))
            let written = equals.map { String(argument[..<$0]) } ?? argument
            let name = Self.shortNames[written] ?? written
            // A flag's opposite undoes it (one the settings file gave).
            let named = Self.table.first { $0.name == name }
            let opposite = named == nil ? Self.table.first { $0.opposite == name } : nil
            guard let option = named ?? opposite else {
                throw UserError(description: "Unknown option '\(printable(name))'")
            }
            var value = equals.map { String(argument[argument.index(after: $0)...]) }
            if let setFlag = option.setFlag {
                if let value {
                    throw UserError(description: "The option '\(name)' does not take any value, but '\(printable(value))' was specified.")
                }
                setFlag(&self, opposite == nil)
                noting?(option.name, opposite == nil ? "true" : "false")
                continue
            } else if let attached = value {
                // `--name=` gives nothing, as ArgumentParser took it.
                if attached.isEmpty { throw UserError(description: "Missing value for '\(option.label)'") }
            } else if let next = rest.first, option.leadingDash || next.utf8.first != dash || next == "-" {
                // Possibly empty (`--display ''`): the option's check says what it expected.
                value = rest.removeFirst()
            } else {
                throw UserError(description: "Missing value for '\(option.label)'")
            }
            do {
                try option.set(&self, value ?? "")
            } catch {
                throw UserError(description: option.message(for: error, value: value ?? ""))
            }
            noting?(option.name, value ?? "")
        }
    }

    /// Other names options are known by: onboard's `-e`, which greeters' settings may carry over.
    static let shortNames = ["-e": "--xid"]

    /// The table's option of this name; a name not in it is a programmer's error.
    public static func option(_ name: String) -> RunOption {
        guard let option = table.first(where: { $0.name == name }) else { fatalError("no option \(name) in RunOptions.table") }
        return option
    }
}
