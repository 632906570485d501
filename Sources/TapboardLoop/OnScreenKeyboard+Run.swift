import Glibc
import TapboardCore

/// The keyboard's loop: the display server's events, signals and deadlines in, the session's commands out.
extension OnScreenKeyboard {
    /// Shows the keyboard and handles events until it is told to quit; returns the exit status.
    /// `started` runs once the first frame is out (for what the window need not wait for).
    public func run(started: (() -> Void)? = nil) -> Int32 {
        transport.begin()
        // The session maps first, then draws: the map leaves at once (see `X11Keyboard.apply`),
        // and the drawing waits for fontconfig's thread.
        perform(session.start(at: Clock.now()))
        let focused = transport.focusAtStart()
        if !focused.isEmpty { perform(session.handle(focused, at: Clock.now())) }
        // A missing font is the one failure left after the window shows: said, and nothing left behind.
        do {
            try transport.openFirstFont()
        } catch {
            logError("\(error)")
            shutdown()
            return 1
        }
        transport.firstFrameOut()
        sayNotes()
        if buses.dbus { serveDBus() }
        showPanelIconWherever()
        started?()
        while exitStatus == nil {
            if stopRequested {
                stopRequested = false
                perform(session.handle(.control(.command(.quit)), at: Clock.now()))
            }
            if let due = waitedFor ?? Self.nextDeadline(of: &session), due <= Clock.now() {
                perform(session.handle(.deadlinePassed, at: Clock.now()))
            }
            waitedFor = nil
            // The transport's own deadline (a clipboard owner that does not answer).
            if let due = transport.nextDeadline, due <= Clock.now() {
                transport.deadlinePassed(now: Clock.now())
                sayNotes()
            }
            while exitStatus == nil, transport.hasEvents() {
                drainEvents()
            }
            if exitStatus != nil || stopRequested { continue }
            let due = Self.nextDeadline(of: &session)
            // Set before the wait: a source handler run inside it (D-Bus, the
            // accessibility bus) changes the session through `perform`, which forgets it.
            waitedFor = .some(due)
            var wake = due
            if let own = transport.nextDeadline, wake.map({ own < $0 }) ?? true { wake = own }
            switch loop.wait(until: wake, now: Clock.now()) {
            case .ready: break
            case .signal(let signo): handleSignal(signo)
            case .connectionClosed:
                logError("lost the connection to \(serverName) \(transport.displayName)")
                closeBuses()
                return 1
            }
        }
        shutdown()
        return exitStatus ?? 0
    }

    /// The session's next deadline, read in place: read from the class's
    /// property, a computed one copied the whole session first (every field
    /// retained and released), twice per turn of the loop.
    private static func nextDeadline(of session: inout KeyboardSession) -> Duration? { session.nextDeadline }

    /// Hands every event already read (at least one: called when `hasEvents`
    /// found some) to the session as one batch; a tap's letter goes out as soon
    /// as the session has decided it, before the rest is worked out.
    private func drainEvents() {
        let inputs = transport.readEvents(clock: Clock.now)
        sayNotes()
        guard !inputs.isEmpty else { return }
        let transport = self.transport
        perform(session.handle(inputs, at: Clock.now(), typeAhead: { transport.typeAhead($0) }))
    }

    /// Carries out the session's commands, in the order every executor keeps (`carryOutAll`).
    func perform(_ commands: [Command]) {
        waitedFor = nil
        carryOutAll(commands)
    }

    /// Says what the transport had to say.
    func sayNotes() {
        for note in transport.takeNotes() { logError(note) }
    }

    private func handleSignal(_ signo: Int32) {
        let input: SessionInput
        switch signo {
        case SIGUSR1: input = .control(.command(.show))
        case SIGUSR2: input = .control(.command(.hide))
        case SIGHUP where reload != nil:
            return reloadAndShow()
        default: input = .control(.command(.quit))
        }
        perform(session.handle(input, at: Clock.now()))
    }

    /// The files read again and shown (SIGHUP, a setting changed).
    func reloadAndShow() {
        guard let files = reloadFiles() else { return }
        perform(session.handle(.reloaded(files), at: Clock.now()))
        updatePanelIcon()
    }

    /// SIGHUP: the layout and theme files read again; a file with a mistake
    /// leaves everything as it was, and the mistake is logged.
    private func reloadFiles() -> ReloadedFiles? {
        guard let reload else { return nil }
        do {
            let files = try reload()
            return files.layouts.isEmpty ? nil : files
        } catch {
            logError("reload on SIGHUP: \(error); keeping the layouts and theme in use")
            return nil
        }
    }

    /// Leaves nothing behind in the server (`KeyboardTransport.shutdown`), then leaves the buses.
    private func shutdown() {
        transport.shutdown()
        closeBuses()
    }
}
