import TapboardCore

/// One option of the default command (show the keyboard): its name, its value
/// if it takes one, its help, and how it sets `RunOptions`, checking the value.
///
/// `RunOptions.table` lists them; the lean `tapboard` (QuickStart) and
/// `tapboard-commands` both parse with it, and `--help` shows it.
public struct RunOption: Sendable {
    /// The option as typed: `--scale`.
    public let name: String
    /// What its value is called in help and errors (`factor`); nil for a flag, which takes none.
    public let valueName: String?
    /// What it does, for `--help`.
    public let help: String
    /// The default shown after the help, when the value has one that is not "none given"
    /// (a number: made text only for help, which a start never shows).
    public let shownDefault: Int?
    /// A value it takes, for the tests that hold the two parsers to one result; nil for a flag.
    public let example: String?
    /// Whether a value starting with '-' is still its value (a negative number, a
    /// geometry counted from the right): what follows it is taken whatever it looks like.
    public let leadingDash: Bool
    /// Sets the options from the value (empty for a flag), or says why the value is refused.
    let set: @Sendable (inout RunOptions, String) throws(OptionProblem) -> Void
    /// A flag's setting, on (as given) or off (its opposite, `--no-auto-show`: undoes
    /// what the settings file turned on); nil for an option that takes a value.
    let setFlag: (@Sendable (inout RunOptions, Bool) -> Void)?

    /// How the option is named in help and errors: `--scale <factor>`, or `--hidden`.
    public var label: String { valueName.map { "\(name) <\($0)>" } ?? name }

    /// A flag's opposite: `--no-auto-show` for `--auto-show`, `--swipe` for `--no-swipe`; nil for an option with a value.
    public var opposite: String? {
        guard setFlag != nil else { return nil }
        // Bytes, not characters, as the parser reads them (see `RunOptions(parsing:)`).
        let bytes = name.utf8
        return bytes.starts(with: "--no-".utf8) ? "--" + String(decoding: bytes.dropFirst(5), as: UTF8.self)
            : "--no-" + String(decoding: bytes.dropFirst(2), as: UTF8.self)
    }

    /// The name in the settings file: without `--`.
    public var settingName: String { String(decoding: name.utf8.dropFirst(2), as: UTF8.self) }

    init(name: String, valueName: String?, help: String, shownDefault: Int?, example: String?, leadingDash: Bool,
         setFlag: (@Sendable (inout RunOptions, Bool) -> Void)? = nil,
         set: @escaping @Sendable (inout RunOptions, String) throws(OptionProblem) -> Void) {
        self.name = name; self.valueName = valueName; self.help = help; self.shownDefault = shownDefault
        self.example = example; self.leadingDash = leadingDash; self.setFlag = setFlag; self.set = set
    }

    /// What is wrong with `value` for this option, as parsing would say it; nil if it is taken.
    public func problem(with value: String) -> String? {
        var scratch = RunOptions()
        do {
            try set(&scratch, value)
            return nil
        } catch {
            return message(for: error, value: value)
        }
    }

    /// The one-line message for a refused value.
    func message(for problem: OptionProblem, value: String) -> String {
        switch problem {
        case .invalid(let reason):
            // ArgumentParser's words, which the messages kept before this table.
            return "The value '\(printable(value))' is invalid for '\(label)'" + (reason.map { ": " + $0 } ?? "")
        case .refused(let message):
            return message
        }
    }
}

/// Why an option's setter refused a value.
enum OptionProblem: Error {
    /// Not a value of the option's kind (not a number, not a geometry); what was expected, if known.
    case invalid(String?)
    /// A value of its kind that is not allowed: the whole message, naming the option and the value.
    case refused(String)
}

extension RunOption {
    /// An option that takes no value; `set` is told whether it is given (true) or its opposite is (false).
    static func flag(_ name: String, _ help: String, set: @escaping @Sendable (inout RunOptions, Bool) -> Void) -> RunOption {
        RunOption(name: name, valueName: nil, help: help, shownDefault: nil, example: nil, leadingDash: false, setFlag: set) { options, _ in
            set(&options, true)
        }
    }

    /// An option whose value is text, checked by `set`; `leadingDash` when it may start with '-'.
    static func text(_ name: String, _ valueName: String, _ help: String, example: String, leadingDash: Bool = false,
                     set: @escaping @Sendable (inout RunOptions, String) throws(OptionProblem) -> Void) -> RunOption {
        RunOption(name: name, valueName: valueName, help: help, shownDefault: nil, example: example, leadingDash: leadingDash, set: set)
    }

    /// An option whose value is a number (it may be negative: `set` checks the range).
    static func number(_ name: String, _ valueName: String, _ help: String, example: String,
                       set: @escaping @Sendable (inout RunOptions, Double) throws(OptionProblem) -> Void) -> RunOption {
        RunOption(name: name, valueName: valueName, help: help, shownDefault: nil, example: example, leadingDash: true) { options, text throws(OptionProblem) in
            guard let number = Double(text) else { throw .invalid("expected a number") }
            try set(&options, number)
        }
    }

    /// An option whose value is a whole number (it may be negative: `set` checks the range).
    static func integer(_ name: String, _ valueName: String, _ help: String, default shownDefault: Int? = nil, example: String,
                        set: @escaping @Sendable (inout RunOptions, Int) throws(OptionProblem) -> Void) -> RunOption {
        RunOption(name: name, valueName: valueName, help: help, shownDefault: shownDefault, example: example,
                  leadingDash: true) { options, text throws(OptionProblem) in
            guard let number = Int(text) else { throw .invalid("expected a whole number") }
            try set(&options, number)
        }
    }
}
