import Glibc
import TapboardStart

/// `tapboard --help`: the keyboard's options from `RunOptions.table`, then the
/// subcommands, laid out as ArgumentParser lays out a command's help (which
/// cannot list options it was not given as properties).
enum KeyboardHelp {
    /// Where an option's help starts, as in ArgumentParser.
    static let labelColumn = 26

    /// The help text, wrapped to `columns` (default: the terminal's width, as ArgumentParser finds it).
    static func text(columns: Int? = nil) -> String {
        let columns = columns ?? terminalColumns()
        let configuration = Tapboard.configuration
        let options = RunOptions.table.map { element($0, columns: columns) } + [
            element("--version", "Show the version.", columns: columns),
            element("-h, --help", "Show help information.", columns: columns),
        ]
        let subcommands = configuration.subcommands.filter { $0.configuration.shouldDisplay }.map { command in
            element(command._commandName, command.configuration.abstract, columns: columns)
        }
        return wrapped("OVERVIEW: \(configuration.abstract)\n\n\(configuration.discussion)", to: columns) + "\n\n"
            + "USAGE: \(configuration.commandName ?? "tapboard") <options> <subcommand>\n\n"
            + "OPTIONS:\n" + options.joined() + "\n"
            + "SUBCOMMANDS:\n" + subcommands.joined() + "\n"
            + "  See 'tapboard help <subcommand>' for detailed help."
    }

    /// One of the keyboard's options, its default after its help as ArgumentParser shows one.
    static func element(_ option: RunOption, columns: Int) -> String {
        element(option.label, option.help + (option.shownDefault.map { " (default: \($0))" } ?? ""), columns: columns)
    }

    /// One option or subcommand: its label, then its help from `labelColumn` on (or on the next line when the label reaches it).
    static func element(_ label: String, _ help: String, columns: Int) -> String {
        let padded = "  " + label
        let text = wrapped(help, to: columns, indent: labelColumn)
        return padded + (padded.count < labelColumn ? String(text.dropFirst(padded.count)) : "\n" + text) + "\n"
    }

    /// `text` broken at spaces into lines of at most `columns`, every line but an
    /// empty one indented by `indent` (ArgumentParser's wrapping).
    static func wrapped(_ text: String, to columns: Int, indent: Int = 0) -> String {
        let width = max(1, columns - indent)
        var lines: [Substring] = []
        var rest = text[...]
        while true {
            let chunk = rest.prefix(width)
            if let lineBreak = chunk.lastIndex(of: "\n") {
                lines += rest[..<lineBreak].split(separator: "\n", omittingEmptySubsequences: false)
                rest = rest[rest.index(after: lineBreak)...]
            } else if chunk.endIndex == rest.endIndex {
                lines.append(rest)
                break
            } else if let space = chunk.lastIndex(of: " ") {
                lines.append(rest[..<space])
                rest = rest[rest.index(after: space)...]
            } else if let space = rest.firstIndex(of: " ") {
                lines.append(rest[..<space])
                rest = rest[rest.index(after: space)...]
            } else {
                lines.append(rest)
                break
            }
        }
        let margin = String(repeating: " ", count: indent)
        return lines.map { $0.isEmpty ? "" : margin + $0 }.joined(separator: "\n")
    }

    /// The terminal's width as ArgumentParser takes it: $COLUMNS, else the terminal's own, else 80.
    static func terminalColumns() -> Int {
        if let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), columns > 0 { return columns }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
