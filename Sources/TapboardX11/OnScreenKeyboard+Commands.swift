import CX11
import TapboardCore

/// The session's commands out, each carried out with X calls.
extension OnScreenKeyboard {
    /// Carries out commands in order. `.type` is answered at once, and the
    /// session's answer is carried out before the commands after it.
    func perform(_ commands: [Command]) {
        waitedFor = nil
        for command in commands {
            switch command {
            case .type(let keystrokes, let waiting):
                perform(session.handle(type(keystrokes, waitingForKeycodes: waiting), at: Clock.now()))
            case .draw(let drawing):
                surface.draw(drawing)
            case .window(let change):
                apply(change)
            case .publish(let event):
                events.publish(event)
            case .notify(let event):
                delegate?.dispatch(event)
            case .run(let argv):
                ProgramLauncher.start(argv)
            case .answer(let requester, let untyped):
                if let answer = typeAnswers.removeValue(forKey: requester) {
                    answer(untyped)
                } else if typeRequesters.remove(Window(requester)) != nil {
                    ControlWindow.answer(Window(requester), untyped: untyped, display: display)
                }
            case .typingStopped(let requester, let typed):
                if typeRequesters.remove(Window(requester)) != nil {
                    ControlWindow.answerStopped(Window(requester), typed: typed, display: display)
                }
            case .log(let line):
                logError(line)
            case .exit(let status):
                exitStatus = status
            }
        }
    }

    /// Types keystrokes in order until one must wait for a borrowed keycode (see `SpareKeycodes`).
    private func type(_ keystrokes: [Keystroke], waitingForKeycodes: Bool) -> SessionInput {
        var typed = 0, failed = 0
        var readyAt: Duration?
        for (i, keystroke) in keystrokes.enumerated() {
            let now = Clock.now()
            let next = i + 1 < keystrokes.count ? keystrokes[i + 1] : nil
            if waitingForKeycodes, let ready = injector.prepare(keystroke, next: next, now: now) {
                readyAt = ready
                break
            }
            failed += injector.type(keystroke, now: now).count
            typed += 1
        }
        // Out now, and waited for: a client that goes on working after its write
        // keeps the X server (woken onto its core by the write) waiting until it
        // sleeps, so the session's answer (suggestions, drawing) would delay the
        // keystroke. Waiting here lets the server run at once, and the drawing
        // cannot go before the keystroke (tap latency with the strip, medians of
        // 5 alternated runs: quick tap 0.29 → 0.23 ms, held key 0.24 → 0.17).
        if typed > 0 { display.sync() }
        // Says that, not what: what is typed may be a password, and stderr may go to a log.
        if failed > 0 { logError("\(failed) character\(failed == 1 ? "" : "s") could not be typed: no keysym, or no free keycode to carry it") }
        return .injected(typed: typed, readyAt: readyAt)
    }

    /// Types the keystroke a batch begins with before the session handles the
    /// batch, when the session says it may (`KeyboardSession.typeAhead`) and the
    /// keymap has its key (a borrowed keycode may have to be waited for); returns it when typed.
    func typeAhead(_ inputs: [SessionInput]) -> Keystroke? {
        guard let keystroke = Self.typeAhead(inputs, of: &session), injector.typeFromKeymap(keystroke) else { return nil }
        // Waited for, as in `type`: the server runs now, before the batch is handled.
        display.sync()
        return keystroke
    }

    /// Asked through `inout`, as `nextDeadline` is (a computed property read from
    /// the class's property copied the whole session; not checked for a method).
    private static func typeAhead(_ inputs: [SessionInput], of session: inout KeyboardSession) -> Keystroke? {
        session.typeAhead(inputs)
    }

    private func apply(_ change: WindowChange) {
        switch change {
        case .map:
            // Out before what follows: at start, drawing that waits for the fonts.
            window.map()
            display.flush()
        case .unmap: window.unmap()
        case .move(let p): window.move(to: p)
        case .place(let frame):
            window.place(frame)
            display.flush()
        case .raise:
            window.raise()
            surface.raisePopups()
        case .handFocusBack: handFocusBack()
        case .placeStrip(let frame): dock?.place(frame: frame)
        case .reserveStrip: dock?.map()
        case .releaseStrip: dock?.unmap()
        }
    }

    /// The keyboard never keeps the focus: someone gave it (a window manager, a
    /// click-to-focus rule), so it goes back to the window that had it.
    private func handFocusBack() {
        let target: Window = lastFocus != 0 && display.attributes(of: lastFocus)?.viewable == true ? lastFocus : Window(PointerRoot)
        display.setInputFocus(target)
        display.flush()
    }
}
