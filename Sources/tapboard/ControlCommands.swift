import ArgumentParser
import Glibc
import TapboardX11

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
