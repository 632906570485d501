import ArgumentParser
import Glibc
import TapboardCatalog
import TapboardCore
import TapboardControl
import TapboardLoop
import TapboardStart

/// Sends a control command to the keyboard running on the display.
private func send(_ command: ControlCommand, _ display: DisplayOptions) throws {
    try KeyboardControl.send(command, displayName: display.display)
}

/// `tapboard show`.
struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the keyboard running on the display.")
    @OptionGroup var display: DisplayOptions
    func run() throws { try send(.show, display) }
}

/// `tapboard hide`.
struct Hide: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Hide the keyboard running on the display.")
    @OptionGroup var display: DisplayOptions
    func run() throws { try send(.hide, display) }
}

/// `tapboard toggle`.
struct Toggle: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the keyboard running on the display if hidden, else hide it.")
    @OptionGroup var display: DisplayOptions
    func run() throws { try send(.toggle, display) }
}

/// `tapboard forget`.
struct Forget: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Delete the words the keyboard learned (every language), and make a keyboard running on the display drop them too.")
    @OptionGroup var display: DisplayOptions
    func run() throws {
        let files = SuggestionFiles.standard(environment: SuggestionFiles.environment)
        // The running keyboard first, so it does not save them again after the files are gone.
        if display.display != nil || getenv("DISPLAY") != nil || getenv("WAYLAND_DISPLAY") != nil { try? send(.forget, display) }
        let problems = files.forget()
        if !problems.isEmpty { throw UserError(description: problems.joined(separator: "\n")) }
        print("forgot the learned words in \(files.learnedDirectory ?? "(no data directory: neither XDG_DATA_HOME nor HOME is set)")")
    }
}

/// `tapboard quit`.
struct Quit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make the keyboard running on the display quit (every key released, the keymap restored); waits until it has.")
    @OptionGroup var display: DisplayOptions
    func run() throws { try send(.quit, display) }
}

/// `tapboard events`: the keyboard's events as JSON lines.
struct Events: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the keyboard's events, one JSON object a line, until it quits.",
        discussion: """
            Events: willShow, didShow, willHide, didHide, willChangeFrame, didChangeFrame (each with \
            startFrame and endFrame in screen pixels and the duration in ms), pageChanged and \
            layoutChanged. Typed text is never printed unless this command is given --keys and the \
            keyboard was started with --publish-keys: what is typed may be a password.
            """
    )
    @OptionGroup var display: DisplayOptions

    @Flag(name: .long, help: "Also print what is typed ('key' events), if the keyboard was started with --publish-keys.")
    var keys = false

    func run() throws {
        try KeyboardControl.listen(displayName: display.display, keys: keys) { event in
            // Written straight to the descriptor, a line at a time, so a pipe sees each event at once.
            let line = event.jsonLine + "\n"
            return line.utf8CString.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count - 1) } >= 0
        }
    }
}

/// `tapboard type TEXT`: the running keyboard taps the keys for the text.
struct TypeText: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "type",
        abstract: "Make the running keyboard tap the keys for a text, as a person would (for UI tests).",
        discussion: """
            It switches pages, shifts, opens callouts and goes to the other layouts with the globe \
            key, so the keys visibly press and a screenshot shows it; the text goes to the focused \
            window. A character no layout has is typed with no key, shown over the space bar. The \
            whole text is checked first: exits 0 when it was typed, 2 (naming them, typing nothing) \
            when some characters cannot be typed at all (controls, unassigned code points).
            """
    )
    @OptionGroup var display: DisplayOptions

    @Argument(help: "The text to type.")
    var text: String

    @Option(name: .long, help: ArgumentHelp("Milliseconds each key is held, and between keys (50 by default); 0 is --fast.", valueName: "ms"))
    var delay: Int?

    @Flag(name: .long, help: "As fast as the application takes the keys: none held, callouts opened at once (still shown).")
    var fast = false

    func validate() throws {
        if fast, delay != nil { throw ValidationError("give --fast or --delay, not both") }
        if let delay, !(0 ... 10_000).contains(delay) { throw ValidationError("--delay must be 0 to 10000 ms, not \(delay)") }
    }

    /// A scalar as Unicode writes it: U+0007.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    func run() throws {
        switch try KeyboardControl.type(text, delay: .milliseconds(fast ? 0 : delay ?? 50), displayName: display.display) {
        case .finished(let untypable):
            guard untypable.isEmpty else {
                let named = untypable.map { c in "'\(printable(String(c)))' (\(c.unicodeScalars.map(Self.codePoint).joined(separator: " ")))" }
                throw UserError(description: "nothing was typed: \(named.joined(separator: ", ")) cannot be typed (a control character or no character at all)")
            }
        case .interrupted(let signal, let typed):
            // How far the text got: the keyboard typed nothing more after it said so.
            let count = typed.map { String($0) } ?? "an unknown number"
            logError("interrupted: typed \(count) of \(text.count) character\(text.count == 1 ? "" : "s")")
            throw ExitCode(128 + signal)
        }
    }
}

/// `tapboard switch ROLE [down|up]`: a switch for switch scanning, pressed
/// through a key binding of the compositor or window manager.
struct SwitchPress: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switch",
        abstract: "Tell the running keyboard that a switch went down or up, for switch scanning (--scan).",
        discussion: """
            For compositors and window managers whose key bindings run commands: on Wayland the \
            keyboard cannot take keys itself. With neither down nor up, a press and its release. \
            In sway: bindsym --no-repeat F12 exec tapboard switch select down, and bindsym --release \
            F12 exec tapboard switch select up. A keyboard that is not scanning ignores it.
            """
    )
    @OptionGroup var display: DisplayOptions

    @Argument(help: ArgumentHelp("What the switch does: select, next, up, down, left or right.", valueName: "role"))
    var role: String

    @Argument(help: ArgumentHelp("down or up; a press and its release when neither is given.", valueName: "down|up"))
    var motion: String?

    // Checked here, not by ArgumentParser: a bad word is a mistake in what was asked, said on one line as a bad option is.
    func run() throws {
        guard let switchRole = SwitchRole(rawValue: role) else {
            throw UserError(description: "switch role '\(printable(role))': expected "
                + SwitchRole.allCases.map(\.rawValue).dropLast().joined(separator: ", ") + " or " + (SwitchRole.allCases.last?.rawValue ?? ""))
        }
        var down: Bool?
        if let motion {
            guard motion == "down" || motion == "up" else {
                throw UserError(description: "switch \(role) '\(printable(motion))': expected down or up (or neither: a press and its release)")
            }
            down = motion == "down"
        }
        try KeyboardControl.switchChanged(switchRole, down: down, displayName: display.display)
    }
}

/// `tapboard keys`: the keys the running keyboard shows now, for a program that
/// sees the screen and taps by name (a test, a desktop agent).
struct KeysShown: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Print the keys the running keyboard shows now, with their frames, as one JSON object.",
        discussion: """
            As dump-layout prints a page, for the keyboard as it is: its layout and page, its frame on the \
            screen, and each key's id, label (as shown now: shifted letters in capitals), action and frame \
            in window pixels (add the frame's x and y for the screen's).
            """
    )
    @OptionGroup var display: DisplayOptions

    func run() throws {
        print(try KeyboardControl.keys(displayName: display.display))
    }
}
