import TapboardStart

extension KeyboardHelp {
    /// ArgumentParser's completion script for `shell` with the keyboard's options
    /// (`RunOptions.table`, which it does not know) offered where its own root
    /// options are. Each shell's script is changed at the one place that lists
    /// the root command's options; a script whose shape is not the expected one
    /// is returned as it is (scripts/test checks the installed scripts name them).
    static func completionScript(_ script: String, shell: String) -> String {
        let table = RunOptions.table
        switch shell {
        case "bash":
            // The root function's lists come first in the script; the subcommands' follow.
            let flags = table.filter { $0.valueName == nil }.map(\.name).joined(separator: " ")
            let options = table.filter { $0.valueName != nil }.map(\.name).joined(separator: " ")
            return replacingFirst("local -a non_repeating_flags=(--version -h --help)",
                                  with: "local -a non_repeating_flags=(\(flags) --version -h --help)",
                                  in: replacingFirst("local -a non_repeating_options=()",
                                                     with: "local -a non_repeating_options=(\(options))", in: script))
        case "zsh":
            let specs = table.map { option in
                let help = option.help.replacing("\\", with: "\\\\").replacing("[", with: "\\[").replacing("]", with: "\\]")
                let value = option.valueName.map { ":\($0):" } ?? ""
                return "        " + zshQuoted("\(option.name)[\(help)]\(value)")
            }.joined(separator: "\n")
            return replacingFirst("        '--version[Show the version.]'",
                                  with: specs + "\n        '--version[Show the version.]'", in: script)
        case "fish":
            let lines = table.map { option in
                let name = String(option.name.dropFirst(2))
                return "complete -c 'tapboard' -n '__tapboard_should_offer_completions_for_flags_or_options \"tapboard\" \(name)' -l '\(name)'"
                    + (option.valueName == nil ? "" : " -r") + " -d " + fishQuoted(option.help)
            }
            guard script.contains("__tapboard_should_offer_completions_for_flags_or_options") else { return script }
            return script + (script.hasSuffix("\n") ? "" : "\n") + lines.joined(separator: "\n") + "\n"
        default:
            return script
        }
    }

    /// `text` with the first `target` replaced; `text` itself when there is none.
    static func replacingFirst(_ target: String, with replacement: String, in text: String) -> String {
        guard let range = text.firstRange(of: target) else { return text }
        var out = text
        out.replaceSubrange(range, with: replacement)
        return out
    }

    /// A word in single quotes for zsh and bash ('\'' for a quote inside).
    static func zshQuoted(_ s: String) -> String { "'" + s.replacing("'", with: "'\\''") + "'" }

    /// A word in single quotes for fish (\\ and \' inside).
    static func fishQuoted(_ s: String) -> String {
        "'" + s.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
