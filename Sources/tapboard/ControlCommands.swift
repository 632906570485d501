import ArgumentParser
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
