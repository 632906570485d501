/// What carries a session's commands out: the X side's loop, the off-screen
/// keyboard, a second backend. Each says how it types, reads files and does
/// the rest; the order they are carried out in is one for all
/// (`carryOutAll`), so a session behaves the same whatever drives it.
public protocol SessionExecutor: AnyObject {
    /// Types keystrokes (`Command.type`); the answer (`SessionInput.injected`), once the server has them.
    func type(_ keystrokes: [Keystroke], waitingForKeycodes: Bool) -> SessionInput
    /// Reads or keeps files (`Command.files`); the answer, if the request has one.
    func files(_ request: FileRequest) -> SessionInput?
    /// Reads, keeps or deletes the clipboard history's file (`Command.clipboardFile`); the answer, if the request has one.
    func clipboardFile(_ request: ClipboardFileRequest) -> SessionInput?
    /// Reads what the settings page can choose, or keeps a change and reads the files again (`Command.settings`); the answers.
    func settings(_ request: SettingsRequest) -> [SessionInput]
    /// Carries out any other command, as it comes.
    func carryOut(_ command: Command)
    /// Hands an answer to the session; the commands it gives.
    func answer(_ input: SessionInput) -> [Command]
}

extension SessionExecutor {
    /// No file: the history read is empty, nothing is kept (executors without a storage).
    public func clipboardFile(_ request: ClipboardFileRequest) -> SessionInput? {
        request == .load ? .clipboardLoaded(ClipboardHistory()) : nil
    }

    /// No settings file: nothing to choose, nothing kept (executors without one).
    public func settings(_ request: SettingsRequest) -> [SessionInput] { [] }

    /// Carries commands out in order. `.type` is answered at once, and the
    /// answer's commands are carried out before those after it (what follows
    /// a keystroke never goes ahead of it); a language's files and the
    /// clipboard history's, read, are handed over after all of them (the
    /// drawing they came with must not follow the strip's new words).
    public func carryOutAll(_ commands: [Command]) {
        var answers: [SessionInput] = []
        for command in commands {
            switch command {
            case .type(let keystrokes, let waiting):
                carryOutAll(answer(type(keystrokes, waitingForKeycodes: waiting)))
            case .files(let request):
                if let input = files(request) { answers.append(input) }
            case .clipboardFile(let request):
                if let input = clipboardFile(request) { answers.append(input) }
            case .settings(let request):
                answers += settings(request)
            default:
                carryOut(command)
            }
        }
        for input in answers { carryOutAll(answer(input)) }
    }
}
