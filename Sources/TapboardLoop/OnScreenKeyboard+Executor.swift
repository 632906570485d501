import TapboardCore

/// The session's commands carried out: by the transport, to the delegate and the library's
/// callers, to the storage, to the log.
extension OnScreenKeyboard: SessionExecutor {
    public func type(_ keystrokes: [Keystroke], waitingForKeycodes: Bool) -> SessionInput {
        let answer = transport.type(keystrokes, waitingForKeycodes: waitingForKeycodes, clock: Clock.now)
        sayNotes()
        return answer
    }

    public func files(_ request: FileRequest) -> SessionInput? {
        // A language read on a thread of its own: its answer comes through the loop (`filesRead`).
        if case .load = request, let reader = fileReader(), reader.read(request) { return nil }
        guard let done = storage?.carryOut(request) else { return nil }
        for note in done.notes { logError(note) }
        // The emoji the fonts cannot draw are not offered.
        if case .emojiLoaded(let loaded?) = done.answer {
            let all = loaded.catalog.everything
            let drawable = Dictionary(zip(all, transport.drawableEmoji(all)), uniquingKeysWith: { $0 && $1 })
            return .emojiLoaded(loaded.offering(only: drawable))
        }
        return done.answer
    }

    /// Reads, keeps or deletes the clipboard history's file; without a storage, the history read is empty.
    /// The settings page: what it offers, read now; a change kept, then the files read again and shown.
    public func settings(_ request: SettingsRequest) -> [SessionInput] {
        guard let settingsChoices else { return [] }
        if case .change(let name, let value) = request {
            guard let changeSetting else { return [] }
            do {
                try changeSetting(name, value)
            } catch {
                logError("\(name): \(error); nothing changed")
                return [.settingsLoaded(settingsChoices())]
            }
            reloadAndShow()
        }
        return [.settingsLoaded(settingsChoices())]
    }

    public func clipboardFile(_ request: ClipboardFileRequest) -> SessionInput? {
        // Small (a few dozen texts of at most 4,096 characters): read on the loop's thread, when first needed.
        guard let done = clipboardStorage?.carryOut(request) else {
            return request == .load ? .clipboardLoaded(ClipboardHistory()) : nil
        }
        for note in done.notes { logError(note) }
        return done.answer
    }

    /// The reader of languages' files, made (and polled by the loop) the first time one is read.
    private func fileReader() -> FileReader? {
        if let reader { return reader }
        guard let storage, let made = FileReader(storage) else { return nil }
        reader = made
        loop.add(made.fileDescriptor) { [unowned self] in self.filesRead(made) }
        return made
    }

    /// Languages read off the loop's thread: handed to the session.
    func filesRead(_ reader: FileReader) {
        for done in reader.take() {
            for note in done.notes { logError(note) }
            if let answer = done.answer { perform(session.handle(answer, at: Clock.now())) }
        }
    }

    public func answer(_ input: SessionInput) -> [Command] {
        waitedFor = nil
        return session.handle(input, at: Clock.now())
    }

    public func carryOut(_ command: Command) {
        switch command {
        case .draw(let drawing):
            transport.draw(drawing)
        case .window(let change):
            transport.apply(change)
            if case .followFocus(let on) = change {
                followFocus(on)
                updatePanelIcon()
            }
        case .publish(let event):
            transport.publish(event)
        case .foresee(let keystrokes):
            transport.foresee(keystrokes)
        case .notify(let event):
            delegate?.dispatch(event)
        case .run(let argv):
            ProgramLauncher.start(argv)
        case .answer(let requester, let untyped):
            if let answer = typeAnswers.removeValue(forKey: requester) {
                answer(untyped)
            } else {
                transport.answer(requester: requester, untyped: untyped)
            }
        case .typingStopped(let requester, let typed):
            transport.answerStopped(requester: requester, typed: typed)
        case .reply(let requester, let message):
            transport.reply(requester: requester, message)
        case .log(let line):
            logError(line)
        case .exit(let status):
            exitStatus = status
        case .type, .files, .clipboardFile, .settings:
            // Answered: `carryOutAll` hands them to `type` and `files`.
            break
        }
    }
}
