import CX11
import TapboardCore

/// The session's commands carried out on X: typing, drawing, the window and
/// its strip, published events, the answers to `tapboard type`.
extension X11Keyboard {
    /// Types keystrokes in order until one must wait for a borrowed keycode (see
    /// `SpareKeycodes`); `clock` is read before each. Returns the session's
    /// answer (`SessionInput.injected`) once the server has what was typed.
    public func type(_ keystrokes: [Keystroke], waitingForKeycodes: Bool, clock: () -> Duration) -> SessionInput {
        var typed = 0, failed = 0
        var readyAt: Duration?
        for (i, keystroke) in keystrokes.enumerated() {
            let now = clock()
            let next = i + 1 < keystrokes.count ? keystrokes[i + 1] : nil
            if waitingForKeycodes, let ready = injector.prepare(keystroke, next: next, now: now) {
                readyAt = ready
                break
            }
            failed += injector.type(keystroke, now: now)
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
        if failed > 0 { notes.append("\(failed) character\(failed == 1 ? "" : "s") could not be typed: no keysym, or no free keycode to carry it") }
        return .injected(typed: typed, readyAt: readyAt)
    }

    /// Keystrokes that will follow: the keycodes they need are prepared ahead.
    public func foresee(_ keystrokes: [Keystroke]) { injector.foresee(keystrokes) }

    /// Types a tap's letter ahead of its batch (`KeyboardSession.typeAhead`)
    /// when the keymap has its key; whether it was typed (a keystroke that would
    /// need a borrowed keycode is not: that may have to be waited for).
    public func typeAhead(_ keystroke: Keystroke) -> Bool {
        guard injector.typeFromKeymap(keystroke) else { return false }
        // Waited for, as in `type`: the server runs now, before the batch is handled.
        display.sync()
        return true
    }

    /// Carries out one drawing command.
    public func draw(_ drawing: Drawing) { surface.draw(drawing) }

    /// Shows, hides, moves or raises the window, or reserves its strip.
    public func apply(_ change: WindowChange) {
        switch change {
        case .map:
            if let embedding { return embedding.setMapped(true) }
            // Out before what follows: at start, drawing that waits for the fonts.
            window.map()
            display.flush()
        case .unmap:
            if let embedding { return embedding.setMapped(false) }
            window.unmap()
        case .move(let p):
            // Embedded, the host places the window.
            if embedding == nil { window.move(to: p) }
        case .place(let frame):
            guard embedding == nil else { return }
            window.place(frame)
            display.flush()
        case .raise:
            window.raise()
            surface.raisePopups()
        case .handFocusBack: handFocusBack()
        case .followPointer(let follow):
            pointerHold.wanted = follow
            if follow {
                // Asked again even if held: a window unmapped meanwhile lost its grab.
                pointerHold.held = false
                holdPointerIfWanted()
            } else {
                pointerHold.held = false
                display.ungrabPointer()
            }
            display.flush()
        case .placeStrip(let frame): dock?.place(frame: frame)
        case .reserveStrip: dock?.map()
        case .releaseStrip: dock?.unmap()
        case .followFocus(let on):
            followsFocus = on
            // Kept once started: the session leaves its keys alone while auto-show is off.
            if on { watchHardwareKeys() }
            display.flush()
        }
    }

    /// Takes the pointer the session wants held, if not held yet. Another client
    /// may hold it for a moment (a window manager, a menu, a test's probe): the
    /// server refuses then, and the pointer entering the window again when that
    /// grab ends (or moving in it) is when to ask again.
    func holdPointerIfWanted() {
        guard pointerHold.wanted, !pointerHold.held else { return }
        pointerHold.held = display.grabPointer(window.id)
    }

    /// Tells `tapboard events` listeners and the library's observers.
    public func publish(_ event: PublishedEvent) { events.publish(event) }

    /// Starts calling `handler` with the published events whose names are in `names` (all when nil); returns its number.
    public func addObserver(names: Set<String>?, _ handler: @escaping (PublishedEvent) -> Void) -> Int {
        events.addObserver(names: names, handler)
    }

    /// Stops an observer.
    public func removeObserver(_ id: Int) { events.removeObserver(id) }

    /// Answers a `tapboard type` client with what could not be typed; false
    /// when the requester is none of those clients.
    @discardableResult
    public func answer(requester: UInt64, untyped: String) -> Bool {
        guard typeRequesters.remove(Window(requester)) != nil else { return false }
        ControlWindow.answer(Window(requester), .typed(untypable: Array(untyped)), display: display)
        return true
    }

    /// Answers a `tapboard type` client whose typing was stopped: `typed` characters went.
    public func answerStopped(requester: UInt64, typed: Int) {
        guard typeRequesters.remove(Window(requester)) != nil else { return }
        ControlWindow.answer(Window(requester), .stoppedTyping(typed: typed), display: display)
    }

    /// Answers a client's request (`tapboard clipboard`, `tapboard keys`); its
    /// window may have gone meanwhile (a killed client), which is no error.
    public func reply(requester: UInt64, _ message: ControlMessage) {
        ControlWindow.answer(Window(requester), message, display: display)
    }

    /// The keyboard never keeps the focus: someone gave it (a window manager, a
    /// click-to-focus rule), so it goes back to the window that had it.
    private func handFocusBack() {
        let target: Window = lastFocus != 0 && display.attributes(of: lastFocus)?.viewable == true ? lastFocus : Window(PointerRoot)
        display.setInputFocus(target)
        display.flush()
    }
}
