import CX11
import Glibc
import TapboardCore

/// X events in: each becomes the session's inputs, or is answered here when
/// only X is concerned (exposure, the keymap Xlib keeps, listeners, focus bookkeeping).
extension X11Keyboard {
    /// Whether X events wait: sends what is buffered, then reads the connection
    /// if none is queued yet (XPending). One read per batch, and a last one
    /// that finds it empty (round trips made while handling a batch may have
    /// queued more) before the loop sleeps.
    public func hasEvents() -> Bool { display.hasEvents() }

    /// Every event already read (at least one: call when `hasEvents`) as one
    /// batch of the session's inputs; `clock` is read when an input must say when.
    public func readEvents(clock: () -> Duration) -> [SessionInput] {
        var inputs: [SessionInput] = []
        var screenChanged = false
        func take(reading: Bool) {
            while display.eventsQueued(reading: reading) {
                var event = display.nextEvent()
                translate(&event, into: &inputs, screenChanged: &screenChanged, clock: clock)
            }
        }
        take(reading: false)
        // A press read alone: the server woke the keyboard onto its own core
        // as it wrote the press, and may hold the release of a quick tap.
        // Letting it run first brings both in one batch, typed at once; handling
        // the press first kept the server from the release (quick XTest taps,
        // 3 alternated runs of 300: median 0.18 -> 0.12 ms, the C floor 0.15-0.17).
        // A finger's press is alone anyway: one more read that finds nothing.
        if case .contact(.began, _, _)? = inputs.last {
            sched_yield()
            take(reading: true)
        }
        // Monitors are read once per batch of RandR events.
        if screenChanged { inputs.append(.screenChanged(display.screenNow)) }
        return inputs
    }

    func translate(_ event: inout XEvent, into inputs: inout [SessionInput], screenChanged: inout Bool, clock: () -> Duration) {
        switch event.type {
        case _ where trayIcon.handle(&event, into: &inputs, now: clock):
            break
        case Expose:
            let e = event.xexpose
            surface.renderer.present(Rect(x: Int(e.x), y: Int(e.y), width: Int(e.width), height: Int(e.height)))
        case ConfigureNotify where event.xconfigure.event == window.id:
            let e = event.xconfigure
            // A window manager's synthetic event carries root coordinates; a real one is relative to the parent.
            let origin = e.send_event != 0 ? Point(x: Int(e.x), y: Int(e.y)) : window.rootOrigin()
            let frame = Rect(x: origin.x, y: origin.y, width: Int(e.width), height: Int(e.height))
            embedding?.configured(frame)
            inputs.append(.windowConfigured(frame))
        case ButtonPress where event.xbutton.button == UInt32(Button1):
            let b = event.xbutton
            let point = Point(x: Int(b.x), y: Int(b.y))
            if let moved = embedding?.contactBegan(at: point, root: Point(x: Int(b.x_root), y: Int(b.y_root))) {
                inputs.append(moved)
            }
            inputs.append(.contact(.began, id: .pointer, point: point))
        case MotionNotify:
            holdPointerIfWanted()
            let point = Point(x: Int(event.xmotion.x), y: Int(event.xmotion.y))
            // Motion with no button held is selected only for dwell.
            inputs.append(event.xmotion.state & UInt32(Button1Mask) != 0 || !hovers ? .contact(.moved, id: .pointer, point: point) : .pointerHovered(point))
        case LeaveNotify where hovers && event.xcrossing.window == window.id && event.xcrossing.mode == NotifyNormal:
            inputs.append(.pointerHovered(nil))
        case ButtonRelease where event.xbutton.button == UInt32(Button1):
            inputs.append(.contact(.ended, id: .pointer, point: Point(x: Int(event.xbutton.x), y: Int(event.xbutton.y))))
        case GenericEvent where event.xcookie.extension == hardwareKeys?.opcode && HardwareKeyboardWatch.types.contains(event.xcookie.evtype):
            if let raw = display.rawEvent(&event), let input = hardwareKeys?.input(type: raw.type, source: raw.source, detail: raw.detail) {
                inputs.append(input)
            }
        case GenericEvent where event.xcookie.extension == touch?.opcode ?? switches?.opcode:
            // Read once (its data is freed after): a switch's, else a contact.
            let input = display.withDeviceEvent(&event) { [touch, switches, embedding] type, device in
                if type == XI_TouchBegin || type == XI_ButtonPress, let embedding,
                   let moved = embedding.contactBegan(at: Point(x: Int(device.event_x), y: Int(device.event_y)),
                                                      root: Point(x: Int(device.root_x), y: Int(device.root_y))) {
                    inputs.append(moved)
                }
                return switches?.input(type: type, device, clock: clock) ?? touch?.contact(type: type, device)
            }
            if let input = input ?? nil { inputs.append(input) }
            // Before the switch's own tap, which the session makes after this batch.
            for key in switches?.takeCaught() ?? [] { injector.typeAgain(keycode: key.keycode, state: key.state, now: clock()) }
        case MappingNotify:
            display.refreshKeyboardMapping(&event)
            if event.xmapping.request != MappingPointer {
                injector.keymapChanged()
                inputs.append(.keymapChanged)
            }
        case UnmapNotify where event.xunmap.window == window.id && event.xunmap.event == window.id:
            inputs.append(.windowUnmapped)
        case DestroyNotify where event.xdestroywindow.window == window.id:
            // Heard from the window and from the root: once. Embedded, the host
            // destroyed it with its own window (a host that kept no save-set).
            if !window.destroyed { inputs.append(embedding == nil ? .windowDestroyed : .embedderGone) }
            window.destroyed = true
        case ReparentNotify where event.xreparent.window == window.id:
            if let input = embedding?.reparented(event.xreparent) { inputs.append(input) }
        case MapNotify where event.xmap.window == window.id && event.xmap.event == window.id:
            inputs.append(.windowMapped)
        case DestroyNotify where events.removeListener(event.xdestroywindow.window):
            break
        case DestroyNotify where typeRequesters.remove(event.xdestroywindow.window) != nil:
            // A `tapboard type` client went without a word (SIGKILL): its typing stops, unanswered.
            inputs.append(.control(.stopTyping(requester: UInt64(event.xdestroywindow.window), requesterGone: true)))
        case let type where xfixesEventBase.map({ type == $0 + XFixesSelectionNotify }) ?? false:
            if let input = clipboard?.ownerChanged(display.selectionOwnerChange(in: &event), now: clock()) { inputs.append(input) }
        case SelectionNotify where clipboard?.owns(event.xselection.requestor) ?? false:
            if let input = clipboard?.answered(event.xselection, now: clock()) { inputs.append(input) }
        case PropertyNotify where clipboard?.owns(event.xproperty.window) ?? false:
            if let input = clipboard?.propertyChanged(event.xproperty, now: clock()) { inputs.append(input) }
        case PropertyNotify where event.xproperty.window == display.root && event.xproperty.atom == display.atom("_NET_ACTIVE_WINDOW"):
            noteFocus()
            if noteActiveWindow() {
                inputs.append(.activeWindowChanged)
                windowFocused(lastActive, into: &inputs)
            }
        case PropertyNotify where event.xproperty.window == display.root:
            pointerFocus.rootPropertyChanged(event.xproperty.atom)
        case EnterNotify where event.xcrossing.window == window.id:
            // Selected for dwell only: another client's grab ended (NotifyUngrab), or the pointer came back.
            holdPointerIfWanted()
        case EnterNotify where event.xcrossing.detail != NotifyInferior && event.xcrossing.mode != NotifyGrab:
            // Only other clients' top-level windows select it (`PointerFocus`).
            if let given = pointerFocus.entered(event.xcrossing.window) { windowFocused(given, into: &inputs) }
        case FocusIn where event.xfocus.window == window.id && event.xfocus.mode != NotifyUngrab
                           && event.xfocus.detail != NotifyPointer && event.xfocus.detail != NotifyInferior:
            inputs.append(.focusTaken)
        case MapNotify where event.xmap.event == display.root:
            if let given = pointerFocus.mapped(event.xmap.window, overrideRedirect: event.xmap.override_redirect != 0) {
                windowFocused(given, into: &inputs)
            }
            if isOther(event.xmap.window) { inputs.append(.otherWindowRestacked) }
        case UnmapNotify where event.xunmap.event == display.root:
            pointerFocus.gone(event.xunmap.window)
        case DestroyNotify where event.xdestroywindow.event == display.root && event.xdestroywindow.window != window.id:
            pointerFocus.gone(event.xdestroywindow.window)
        case ConfigureNotify where event.xconfigure.event == dock?.id && event.xconfigure.window == dock?.id:
            dock?.configured(event.xconfigure)
        case ConfigureNotify where event.xconfigure.event == display.root:
            if isOther(event.xconfigure.window) { inputs.append(.otherWindowRestacked) }
        case ClientMessage where embedding?.isMessage(event.xclient) ?? false:
            break
        case ClientMessage where display.pingAnswer(event.xclient) != nil:
            // The application typed into has read the presses before the ping: their keycodes may be reused.
            if let serial = display.pingAnswer(event.xclient), injector.pingAnswered(serial) {
                injector.prepareAhead(now: clock())
                inputs.append(.keymapChanged)
            }
        case ClientMessage:
            if let (requester, requests) = control.requests(in: event.xclient) {
                for request in requests {
                    switch request {
                    case .success(let request):
                        // What the window keeps of its clients; the rest is the session's.
                        if case .type = request { typeRequesters.insert(requester) }
                        if case .subscribe(let keys) = request { events.addListener(requester, keys: keys) }
                        inputs.append(request.sessionInput(requester: UInt64(requester)))
                    case .failure(let error):
                        ControlWindow.answer(requester, .refused(error.description), display: display)
                    }
                }
            } else if Atom(UInt(bitPattern: event.xclient.data.l.0)) == display.atom("WM_DELETE_WINDOW") {
                inputs.append(.control(.command(.quit)))
            }
        case let type where type == xkbEventBase:
            if injector.handleKeyboardEvent(event, clock: clock) { inputs.append(.keymapChanged) }
        case let type where randrEventBase.map({ type == $0 + RRScreenChangeNotify || type == $0 + RRNotify }) ?? false:
            // Keeps Xlib's idea of the screen's size current.
            display.updateScreen(&event)
            screenChanged = true
        case SelectionClear where control.lostSelection(event.xselectionclear):
            notes.append("another tapboard took over display \(display.name) (--replace); quitting")
            replaced = true
            inputs.append(.control(.command(.quit)))
        default:
            break
        }
    }

    /// Another window has the input focus (given by the keyboard on a bare server,
    /// or made active by the window manager): with `--auto-show`, a terminal that
    /// tells the accessibility bus nothing is a terminal field taking the focus.
    func windowFocused(_ other: Window, into inputs: inout [SessionInput]) {
        guard followsFocus, other != 0 else { return }
        var names: [String] = []
        display.quietly { names = display.classNames(of: other) }
        inputs.append(.windowFocusChanged(TerminalWindows.isTerminal(wmClass: names) ? TerminalWindows.field(window: UInt64(other)) : nil))
    }

    /// Whether a top-level window is someone else's (not the keyboard, its strip or its popups).
    private func isOther(_ other: Window) -> Bool {
        other != window.id && other != dock?.id && !surface.owns(other) && !trayIcon.owns(other)
    }

    /// Remembers the focused window (at start, and when the window manager's active window changes).
    /// Reads which window the window manager says is active; whether it is
    /// another than before (not the keyboard's, not none). The window manager's
    /// word, not XGetInputFocus: focus moves between a client's own windows
    /// (xterm's toplevel and its text window) and through the keyboard's as it hands focus back.
    @discardableResult
    func noteActiveWindow() -> Bool {
        guard let value = display.property("_NET_ACTIVE_WINDOW", of: display.root)?.items.first, value != 0,
              Window(value) != window.id, Window(value) != lastActive else { return false }
        let changed = lastActive != 0
        lastActive = Window(value)
        return changed
    }

    func noteFocus() {
        let focus = display.inputFocus()
        if focus > 1, focus != window.id, focus != dock?.id { lastFocus = focus }
    }
}
