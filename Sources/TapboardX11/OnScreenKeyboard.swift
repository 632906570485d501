import CX11
import Glibc
import TapboardCore

/// What to show and how: layouts, theme, interaction options, placement, display.
public struct KeyboardConfiguration: Sendable {
    /// The layouts the globe key goes through; the first shows at start.
    public var layouts: [LayoutSource]
    /// Turns a layout source into the layout for the window's width (compact or wide).
    public var provider: LayoutProvider
    /// The look.
    public var theme: Theme
    /// Interaction options (auto-shift, timings).
    public var options: InteractionOptions
    /// Where the window goes; by default full width at the bottom of the screen.
    public var geometry: WindowGeometry
    /// The X display to use exactly; `$DISPLAY` when nil.
    public var displayName: String?
    /// Factor for the default height (`--scale`); the screen's `Xft.dpi` scales it too.
    public var scale: Double?
    /// Reads the layout and theme files again, on SIGHUP; without it SIGHUP quits.
    public var reload: (@Sendable () throws -> ReloadedFiles)?
    /// Take the display over from a keyboard already running there (it quits).
    public var replace = false
    /// Publish typed text to listeners that ask for it (`--keys`); off by default,
    /// since what is typed may be a password.
    public var publishKeys = false
    /// Start hidden; `tapboard show`, `toggle` or SIGUSR1 shows it.
    public var startHidden = false
    /// Docked (reserving its strip), floating or an overlay; docked at the bottom by default.
    public var mode: WindowMode = .dock(.bottom)
    /// How long showing and hiding slide the keyboard in from and out to its edge; zero for at once.
    public var animation: Duration = .zero
    /// The RandR monitor to go on (`--monitor`); the primary one when nil.
    public var monitor: String?

    /// Makes a configuration; every part has a default (US English, compact or wide by the window's width).
    public init(layouts: [LayoutSource] = [.enUS], wideWidth: Int = LayoutProvider.defaultWideWidth, theme: Theme = .default,
                options: InteractionOptions = InteractionOptions(), geometry: WindowGeometry = WindowGeometry(),
                displayName: String? = nil) {
        precondition(!layouts.isEmpty, "a keyboard needs at least one layout")
        self.layouts = layouts
        self.provider = LayoutProvider(wideWidth: wideWidth, layoutKey: layouts.count > 1)
        self.theme = theme
        self.options = options
        self.geometry = geometry
        self.displayName = displayName
    }

    /// A configuration showing one layout written in code, exactly as given.
    public init(layout: Layout, theme: Theme = .default, options: InteractionOptions = InteractionOptions(),
                geometry: WindowGeometry = WindowGeometry(), displayName: String? = nil) {
        self.init(layouts: [LayoutSource(name: layout.name, description: layout.name, definition: .full(layout))],
                  theme: theme, options: options, geometry: geometry, displayName: displayName)
    }
}

/// What SIGHUP reads again: the layouts and the theme.
public struct ReloadedFiles: Sendable {
    /// The layouts, first shown first; at least one.
    public var layouts: [LayoutSource]
    /// The look.
    public var theme: Theme

    /// Makes the result of a reload.
    public init(layouts: [LayoutSource], theme: Theme) {
        self.layouts = layouts
        self.theme = theme
    }
}

/// A running observation of the keyboard's events; `cancel()` stops it.
public final class EventObservation {
    private var stop: (() -> Void)?

    init(_ stop: @escaping () -> Void) { self.stop = stop }

    /// Stops the observation; calling it again does nothing.
    public func cancel() {
        stop?()
        stop = nil
    }

    deinit { cancel() }
}

/// An on-screen keyboard in an X window: presses on its keys are typed into
/// the application that has the focus.
///
/// It runs on the calling thread: `run()` returns when the keyboard is told to
/// quit (a signal, the window closed), after releasing every key and restoring
/// every keycode it borrowed.
public final class OnScreenKeyboard {
    /// Hears about presses and contacts.
    public weak var delegate: KeyboardDelegate?

    private let display: XDisplay
    private let window: KeyboardWindow
    private let control: ControlWindow
    private let animation: Duration
    /// A show or hide sliding the keyboard, while it runs.
    private var slide: (from: Rect, to: Rect, start: Duration, hiding: Bool)?
    /// Frames of a slide come this often.
    private static let slideFrame: Duration = .milliseconds(16)
    /// The window reserving the docked keyboard's strip, in dock mode.
    private let dock: DockWindow?
    private let mode: WindowMode
    /// Where the keyboard goes, worked out again when the screen changes.
    private let placement: Placement
    /// RandR's first event number; nil without RandR.
    private var randrEventBase: Int32?
    /// XKB's event number; nil without XKB.
    private var xkbEventBase: Int32?
    /// A screen or monitor change was heard in this batch: the keyboard is placed again after it.
    private var screenChanged = false
    /// The keyboard's own move and resize to follow a screen change, whose ConfigureNotify is still to come.
    private var screenMove: (from: Rect, to: Rect, announced: Bool)?
    private let events: EventPublisher
    private let startHidden: Bool
    /// Whether the keyboard is shown (mapped) or hidden.
    private var shown = false
    private let resources: RenderResources
    private let surface: KeyboardSurface
    private let injector: Injector
    private var loop: EventLoop
    private var state: KeyboardState
    private var timers: [TimerID: Duration] = [:]
    private var exitStatus: Int32?
    /// Another keyboard took the display over (`--replace`).
    private var replaced = false
    private var layouts: [LayoutSource]
    private var provider: LayoutProvider
    private let reload: (@Sendable () throws -> ReloadedFiles)?
    /// Which of `layouts` is shown.
    private var layoutIndex = 0

    /// Opens the display and creates the (not yet shown) keyboard window.
    public init(_ configuration: KeyboardConfiguration) throws {
        display = try XDisplay(name: configuration.displayName)
        // First, so a second keyboard on the display says so before anything else.
        control = try ControlWindow(display: display, replace: configuration.replace)
        startHidden = configuration.startHidden
        animation = configuration.animation
        events = EventPublisher(display: display, keysAllowed: configuration.publishKeys)
        injector = try Injector(display: display)
        resources = try RenderResources(display: display)
        mode = configuration.mode
        placement = Placement(geometry: configuration.geometry, monitor: configuration.monitor, mode: configuration.mode,
                              scale: configuration.scale ?? 1)
        let frame = try placement.frame(on: display)
        restingFrame = frame
        // Fail early, with a clear message, when no font matches; opened at the
        // size the letters use, so the first drawing finds it ready.
        let letters = configuration.theme.style(.character)
        _ = try resources.font(family: letters.fontFamily,
                               pixelSize: Int((letters.fontSize * configuration.theme.scale(forHeight: frame.height)).rounded()))
        let placedByUser = configuration.geometry.x != nil
        window = KeyboardWindow(display: display, frame: frame, userPlaced: placedByUser, managed: mode == .float)
        if case .dock(let edge) = mode { dock = DockWindow(display: display, frame: frame, edge: edge) } else { dock = nil }
        surface = KeyboardSurface(display: display, window: window.id, resources: resources, theme: configuration.theme,
                                  size: Size(width: frame.width, height: frame.height), origin: Point(x: frame.x, y: frame.y))
        layouts = configuration.layouts
        provider = configuration.provider
        reload = configuration.reload
        state = KeyboardState(layout: provider.layout(for: layouts[0], width: frame.width), options: configuration.options)
        loop = EventLoop(xConnection: display.fileDescriptor)
        surface.relayout(state)
    }

    /// Shows the keyboard and handles events until it is told to quit; returns the exit status.
    public func run() -> Int32 {
        // Other windows mapped or restacked (to stay above), and the active window (to give focus back to).
        XSelectInput(display.pointer, display.root, SubstructureNotifyMask | PropertyChangeMask)
        // A new resolution, a rotation, a monitor added or taken away: placed again.
        randrEventBase = Monitors.selectChanges(display)
        xkbEventBase = injector.selectKeyboardEvents()
        noteFocus()
        // At start the keyboard appears in place; only later shows slide.
        if !startHidden { show(animated: false) }
        display.flush()
        while exitStatus == nil {
            fireDueTimers()
            // XPending flushes and reads the connection: one read per batch, and
            // a last one that finds it empty (round trips made while handling a
            // batch may have queued more) before sleeping.
            while exitStatus == nil, XPending(display.pointer) > 0 {
                drainEvents()
            }
            if exitStatus != nil { break }
            switch loop.wait(until: nextDeadline, now: Clock.now()) {
            case .ready: break
            case .signal(let signo): handleSignal(signo)
            case .connectionClosed:
                logError("lost the connection to the X server \(display.name)")
                return 1
            }
        }
        shutdown()
        return exitStatus ?? 0
    }

    /// Asks the keyboard to quit after the current event.
    public func stop() { exitStatus = 0 }

    // MARK: - Events

    /// Effects of the events read so far in this batch.
    private var pending: [Effect] = []

    /// Handles every event already read (at least one), then carries out their effects
    /// together: a quick tap whose press and release arrive together types at
    /// once and draws only how it ends.
    private func drainEvents() {
        var event = XEvent()
        repeat {
            XNextEvent(display.pointer, &event)
            handle(&event)
        } while XEventsQueued(display.pointer, QueuedAlready) > 0
        if !pending.isEmpty {
            let batch = pending
            pending = []
            apply(batch)
        }
        if screenChanged {
            screenChanged = false
            followScreen()
        }
    }

    private func handle(_ event: inout XEvent) {
        switch event.type {
        case Expose:
            let e = event.xexpose
            surface.renderer.present(Rect(x: Int(e.x), y: Int(e.y), width: Int(e.width), height: Int(e.height)))
        case ConfigureNotify where event.xconfigure.event == window.id:
            let e = event.xconfigure
            let newSize = Size(width: Int(e.width), height: Int(e.height))
            let before = frame
            // A window manager's synthetic event carries root coordinates; a real one is relative to the parent.
            surface.origin = e.send_event != 0 ? Point(x: Int(e.x), y: Int(e.y)) : window.rootOrigin()
            let after = Rect(x: surface.origin.x, y: surface.origin.y, width: newSize.width, height: newSize.height)
            // Our own moves (a slide, putting it back after a hide) are not news.
            let own = ownMoves.firstIndex(of: surface.origin)
            if let own { ownMoves.removeFirst(own + 1) }
            if let move = screenMove, after == move.to {
                // Placed again for a new screen: the change announced when it was asked for is done.
                screenMove = nil
                if case .dock(let edge) = mode { dock?.place(frame: after, edge: edge) }
                if move.announced { events.publish(.frame(.didChangeFrame, start: move.from, end: move.to, duration: .zero)) }
            } else if after != before && slide == nil && own == nil {
                if shown { restingFrame = after }
                if case .dock(let edge) = mode { dock?.place(frame: after, edge: edge) }
                // Moved or resized by someone else: it has happened by the time we hear of it.
                events.publish(.frame(.willChangeFrame, start: before, end: after, duration: .zero))
                events.publish(.frame(.didChangeFrame, start: before, end: after, duration: .zero))
            }
            if newSize != surface.size {
                let wasWide = provider.isWide(width: surface.size.width)
                surface.size = newSize
                if provider.isWide(width: newSize.width) != wasWide {
                    // Between compact and wide: the same layout, built for the new width.
                    pending += state.replaceLayout(provider.layout(for: layouts[layoutIndex], width: newSize.width))
                } else {
                    surface.relayout(state)
                }
            }
        case ButtonPress where event.xbutton.button == UInt32(Button1):
            touch(.began, event.xbutton.x, event.xbutton.y)
        case MotionNotify:
            touch(.moved, event.xmotion.x, event.xmotion.y)
        case ButtonRelease where event.xbutton.button == UInt32(Button1):
            touch(.ended, event.xbutton.x, event.xbutton.y)
        case MappingNotify:
            XRefreshKeyboardMapping(&event.xmapping)
            if event.xmapping.request != MappingPointer { injector.keymapChanged() }
        case UnmapNotify where event.xunmap.window == window.id && event.xunmap.event == window.id:
            pending += state.handle(.touch(.cancelled, point: Point(x: 0, y: 0), key: nil), at: Clock.now())
            if shown {
                // Unmapped by another client: hidden, as by `tapboard hide`, so `show` brings it back.
                shown = false
                slide = nil
                surface.preview.hide()
                surface.callout.hide()
                dock?.unmap()
                events.publish(.frame(.willHide, start: frame, end: frame, duration: .zero))
                events.publish(.frame(.didHide, start: frame, end: frame, duration: .zero))
            } else if animation == .zero {
                // A slide says didHide when it ends.
                events.publish(.frame(.didHide, start: frame, end: frame, duration: .zero))
            }
        case DestroyNotify where event.xdestroywindow.window == window.id:
            // Destroyed by another client (heard from the window and from the root):
            // the keys and keycodes are still put back as at any exit.
            if !window.destroyed { logError("the keyboard window was destroyed by another client; quitting") }
            window.destroyed = true
            pending = []
            exitStatus = 1
        case MapNotify where event.xmap.window == window.id && event.xmap.event == window.id:
            if animation == .zero { events.publish(.frame(.didShow, start: frame, end: frame, duration: .zero)) }
        case DestroyNotify where events.removeListener(event.xdestroywindow.window):
            break
        case PropertyNotify where event.xproperty.window == display.root && event.xproperty.atom == display.atom("_NET_ACTIVE_WINDOW"):
            noteFocus()
        case FocusIn where event.xfocus.window == window.id && event.xfocus.mode != NotifyUngrab
                           && event.xfocus.detail != NotifyPointer && event.xfocus.detail != NotifyInferior:
            handFocusBack()
        case MapNotify where event.xmap.event == display.root && event.xmap.window != window.id:
            keepAbove(event.xmap.window)
        case ConfigureNotify where event.xconfigure.event == display.root:
            keepAbove(event.xconfigure.window)
        case ClientMessage:
            if let request = control.request(in: event.xclient) {
                switch request {
                case .command(let command): perform(command)
                case .type(let requester, let delay):
                    startTyping(for: requester, delay: delay)
                case .subscribe(let listener, let keys):
                    events.addListener(listener, keys: keys)
                    // A new listener hears where the keyboard is now.
                    if shown { events.publish(.frame(.didShow, start: frame, end: frame, duration: .zero)) }
                }
            } else if Atom(event.xclient.data.l.0) == display.atom("WM_DELETE_WINDOW") {
                exitStatus = 0
            }
        case let type where type == xkbEventBase:
            injector.handleKeyboardEvent(event)
        case let type where randrEventBase.map({ type == $0 + RRScreenChangeNotify || type == $0 + RRNotify }) ?? false:
            // Keeps Xlib's idea of the screen's size current.
            XRRUpdateConfiguration(&event)
            screenChanged = true
        case SelectionClear where control.lostSelection(event.xselectionclear):
            logError("another tapboard took over display \(display.name) (--replace); quitting")
            replaced = true
            exitStatus = 0
        default:
            break
        }
    }

    /// Nothing manages the keyboard's stacking but itself: when another top-level
    /// window is mapped or restacked, the keyboard (and its preview) go back on top.
    /// At most one raise per interval, so another client that also keeps itself
    /// on top cannot drive the two into raising each other without pause.
    private func keepAbove(_ other: Window) {
        guard other != window.id, other != dock?.id, !surface.preview.owns(other), !surface.callout.owns(other) else { return }
        let now = Clock.now()
        if let last = lastRaise, now - last < Self.raiseInterval {
            if raiseDeadline == nil { raiseDeadline = last + Self.raiseInterval }
        } else {
            raiseNow(now)
        }
    }

    private func raiseNow(_ now: Duration) {
        raiseDeadline = nil
        lastRaise = now
        window.raise()
        surface.preview.raise()
        surface.callout.raise()
    }

    private var lastRaise: Duration?
    private var raiseDeadline: Duration?
    private static let raiseInterval: Duration = .milliseconds(50)

    private func touch(_ phase: TouchPhase, _ x: Int32, _ y: Int32) {
        let point = Point(x: Int(x), y: Int(y))
        let key = surface.key(at: point, state: state)
        let item = state.callout == nil ? nil : surface.calloutItem(at: point)
        let effects = state.handle(.touch(phase, point: point, key: key, calloutItem: item), at: Clock.now())
        pending += effects
        // A layout switch takes effect before the next event of the batch is hit-tested.
        for case .switchLayout(let which) in effects { pending += switchLayout(which) }
    }

    private func handleSignal(_ signo: Int32) {
        switch signo {
        case SIGUSR1: show()
        case SIGUSR2: hide()
        case SIGHUP where reload != nil: reloadFiles()
        default: exitStatus = 0
        }
    }

    /// SIGHUP: the layout and theme files read again and shown at once; a file
    /// with a mistake leaves everything as it was, and the mistake is logged.
    private func reloadFiles() {
        guard let reload else { return }
        let files: ReloadedFiles
        do {
            files = try reload()
            guard !files.layouts.isEmpty else { return }
        } catch {
            logError("reload on SIGHUP: \(error); keeping the layouts and theme in use")
            return
        }
        let shown = layouts[layoutIndex].name
        layouts = files.layouts
        provider.layoutKey = layouts.count > 1
        layoutIndex = layouts.firstIndex { $0.name == shown } ?? 0
        surface.theme = files.theme
        apply(state.replaceLayout(provider.layout(for: layouts[layoutIndex], width: surface.size.width)))
    }

    // MARK: - Effects

    /// Drawing held back from the last batches, and when it is due.
    private var deferredDrawing: [Effect] = []
    private var drawDeadline: Duration?
    /// How long drawing that types nothing may wait: well under a 60 Hz frame,
    /// and long enough that the press and release of a quick tap (or a test
    /// driving the keyboard through XTest) meet, so its highlight and preview,
    /// undone at once, are never drawn and never delay the keystroke.
    static let drawingDelay: Duration = .milliseconds(3)

    private func apply(_ batch: [Effect]) {
        guard !batch.isEmpty else { return }
        // Layout switches were carried out as their events were handled (see `touch`).
        let plan = EffectPlan(deferredDrawing + batch)
        // Keystrokes go out first. The X server hands a client its events only
        // when it has finished the requests it has read, so drawing sent right
        // behind a keystroke would hold the key back from the application:
        // wait until the server has handled the keystroke, then draw.
        queuedKeystrokes += plan.keystrokes.flatMap(Self.oneCharacterEach)
        typeQueued()
        for effect in plan.others {
            switch effect {
            case .startTimer(let id, let deadline): timers[id] = deadline
            case .cancelTimer(let id): timers[id] = nil
            case .hide: hide()
            case .run(let argv): Self.start(argv)
            case .notify(let event):
                delegate?.dispatch(event)
                switch event {
                case .pageChanged(let page): events.publish(.pageChanged(page))
                case .layoutChanged(let layout): events.publish(.layoutChanged(layout))
                default: break
                }
            default: break
            }
        }
        guard plan.draws else { return }
        if plan.keystrokes.isEmpty || !queuedKeystrokes.isEmpty {
            deferredDrawing = Self.drawingEffects(of: plan)
            if drawDeadline == nil { drawDeadline = Clock.now() + Self.drawingDelay }
        } else {
            display.sync()
            drawNow(plan)
        }
    }

    /// Keystrokes waiting, in order, for a borrowed keycode to be old enough to reuse.
    private var queuedKeystrokes: [Keystroke] = []
    /// When the first queued keystroke can go.
    private var keystrokeDeadline: Duration?

    /// Types queued keystrokes in order until one must wait (see `Injector.reuseAge`).
    private func typeQueued(force: Bool = false) {
        keystrokeDeadline = nil
        while let next = queuedKeystrokes.first {
            let now = Clock.now()
            if !force, let ready = injector.readyTime(for: next, now: now) {
                keystrokeDeadline = ready
                return
            }
            queuedKeystrokes.removeFirst()
            // Says that, not what: what is typed may be a password, and stderr may go to a log.
            let failed = injector.type(next, now: now).count
            if failed > 0 { logError("\(failed) character\(failed == 1 ? "" : "s") could not be typed: no keysym, or no free keycode to carry it") }
            if events.keysAllowed {
                switch next {
                case .text(let text): events.publish(.typed(text))
                case .keysym(let symbol): events.publish(.typedKeysym(symbol.name))
                case .chord: break
                }
            }
        }
    }

    /// Text split into one keystroke per character, so each waits only for itself.
    private static func oneCharacterEach(_ keystroke: Keystroke) -> [Keystroke] {
        guard case .text(let text) = keystroke, text.unicodeScalars.count > 1 else { return [keystroke] }
        return text.unicodeScalars.map { .text(String($0)) }
    }

    /// The drawing of a plan as effects, to be merged with the next batch.
    private static func drawingEffects(of plan: EffectPlan) -> [Effect] {
        var out: [Effect] = plan.relayout ? [.redrawAll] : (plan.redraw.isEmpty ? [] : [.redraw(plan.redraw)])
        switch plan.preview {
        case .show(let key)?: out.append(.showPreview(key: key))
        case .hide?: out.append(.hidePreview)
        case nil: break
        }
        switch plan.callout {
        case .some(.some(let open)): out.append(.showCallout(open))
        case .some(.none): out.append(.hideCallout)
        case .none: break
        }
        return out
    }

    private func drawNow(_ plan: EffectPlan) {
        deferredDrawing = []
        drawDeadline = nil
        surface.draw(plan, state: state)
    }

    /// Starts a run key's program, detached (its own session, output to the
    /// keyboard's stderr); the keyboard does not wait for it, and it is reaped
    /// by the system (SIGCHLD is ignored).
    private static func start(_ argv: [String]) {
        guard let program = argv.first else { return }
        signal(SIGCHLD, SIG_IGN)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Not the keyboard's blocked signals (they are read through a signalfd), and a session of its own.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        // SIGCHLD back to its default in the program (an ignored one is inherited).
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGCHLD)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        let setsid: Int32 = 0x80  // POSIX_SPAWN_SETSID (glibc 2.26), which Swift does not import
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | setsid))
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, program, nil, &attributes, &cArgs, environ)
        if status != 0 { logError("a run key could not start \(program): \(String(cString: strerror(status)))") }
    }

    // MARK: - tapboard type

    /// Touches to make, each at its time, for `tapboard type`; and whom to answer when done.
    private var typingEvents: [(at: Duration, event: InputEvent)] = []
    private var typingAnswers: [(at: Duration, window: Window, untyped: String)] = []

    /// Plans the text from the state as it will be after what is already queued,
    /// and queues the touches: each key held `delay`, then `delay` before the next.
    private func startTyping(for requester: Window, delay: Duration) {
        let text = ControlWindow.text(of: requester, property: ControlWindow.typeText, display: display) ?? ""
        let plan = TypingPlanner.plan(text, from: state)
        var t = max(Clock.now(), typingEvents.last?.at ?? .zero) + delay
        let hold = max(delay, .milliseconds(10))
        for step in plan.steps {
            switch step {
            case .tap(_, let key):
                typingEvents.append((t, .touch(.began, point: centre(of: key), key: key)))
                typingEvents.append((t + hold, .touch(.ended, point: centre(of: key), key: key)))
                t += hold + delay
            case .callout(_, let key, let item):
                let open = t + state.options.calloutDelay
                typingEvents.append((t, .touch(.began, point: centre(of: key), key: key)))
                typingEvents.append((open + hold, .touch(.moved, point: centre(of: key), key: key, calloutItem: item)))
                typingEvents.append((open + hold * 2, .touch(.ended, point: centre(of: key), key: key, calloutItem: item)))
                t = open + hold * 2 + delay
            }
        }
        typingAnswers.append((t, requester, String(plan.untypable)))
    }

    /// Where a key of the page shown is (for the delegate; typing goes by key).
    private func centre(of key: Int) -> Point {
        key < surface.frames.count ? surface.frames[key].rect.center : Point(x: 0, y: 0)
    }

    /// Carries out the typing touches that are due, and answers finished requests.
    private func typeDue(_ now: Duration) {
        var effects: [Effect] = []
        while let next = typingEvents.first, next.at <= now {
            typingEvents.removeFirst()
            effects += state.handle(next.event, at: now)
            for case .switchLayout(let which) in effects { effects += switchLayout(which) }
        }
        apply(effects)
        while let answer = typingAnswers.first, answer.at <= now, typingEvents.first.map({ $0.at > answer.at }) ?? true {
            typingAnswers.removeFirst()
            ControlWindow.setText(answer.untyped, of: answer.window, property: ControlWindow.untypedText, display: display)
            var e = XEvent()
            e.xclient.type = ClientMessage
            e.xclient.window = answer.window
            e.xclient.message_type = display.atom(ControlWindow.typedAnswer)
            e.xclient.format = 32
            // Answered once the keys are typed and the server has them.
            display.sync()
            XSendEvent(display.pointer, answer.window, 0, NoEventMask, &e)
        }
    }

    /// The window that had the focus before anything gave it to the keyboard.
    private var lastFocus: Window = 0

    /// Remembers the focused window (at start, and when the window manager's active window changes).
    private func noteFocus() {
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(display.pointer, &focus, &revert)
        if focus > 1, focus != window.id, focus != dock?.id { lastFocus = focus }
    }

    /// The keyboard never keeps the focus: someone gave it (a window manager, a
    /// click-to-focus rule), so it goes back to the window that had it.
    private func handFocusBack() {
        var attributes = XWindowAttributes()
        let target: Window = lastFocus != 0 && XGetWindowAttributes(display.pointer, lastFocus, &attributes) != 0
            && attributes.map_state == IsViewable ? lastFocus : Window(PointerRoot)
        XSetInputFocus(display.pointer, target, Int32(RevertToPointerRoot), Time(CurrentTime))
        display.flush()
    }

    /// A command from `tapboard show|hide|toggle|quit`.
    private func perform(_ command: ControlCommand) {
        switch command {
        case .show: show()
        case .hide: hide()
        case .toggle: if shown { hide() } else { show() }
        case .quit: exitStatus = 0
        }
    }

    private func show(animated: Bool = true) {
        guard !shown else { return }
        shown = true
        let rest = restingFrame ?? frame
        guard animation > .zero, animated else {
            events.publish(.frame(.willShow, start: frame, end: frame, duration: .zero))
            dock?.map()
            window.map()
            if animation > .zero { events.publish(.frame(.didShow, start: frame, end: frame, duration: .zero)) }
            return
        }
        let from = slide?.hiding == true ? currentSlidePosition(Clock.now()) : offscreen(rest)
        events.publish(.frame(.willShow, start: from, end: rest, duration: animation))
        moveWindow(to: Point(x: from.x, y: from.y))
        dock?.map()
        window.map()
        slide = (from, rest, Clock.now(), false)
    }

    private func hide() {
        guard shown else { return }
        shown = false
        surface.preview.hide()
        surface.callout.hide()
        guard animation > .zero else {
            events.publish(.frame(.willHide, start: frame, end: frame, duration: .zero))
            window.unmap()
            dock?.unmap()
            return
        }
        let rest = restingFrame ?? frame
        let from = slide == nil ? rest : currentSlidePosition(Clock.now())
        events.publish(.frame(.willHide, start: from, end: offscreen(rest), duration: animation))
        slide = (from, offscreen(rest), Clock.now(), true)
    }

    /// Where a slide starts or ends: just past the screen edge the keyboard keeps to.
    private func offscreen(_ rest: Rect) -> Rect {
        var r = rest
        if case .dock(.top) = mode { r.y = -rest.height } else { r.y = display.screenSize.height }
        return r
    }

    /// The slide's position at a time (eased out).
    private func currentSlidePosition(_ now: Duration) -> Rect {
        guard let slide else { return frame }
        let p = min(max((now - slide.start) / animation, 0), 1)
        let eased = 1 - (1 - p) * (1 - p)
        var r = slide.to
        r.x = slide.from.x + Int((Double(slide.to.x - slide.from.x) * eased).rounded())
        r.y = slide.from.y + Int((Double(slide.to.y - slide.from.y) * eased).rounded())
        return r
    }

    /// Moves a slide on; at its end, hides (for a hide) and says it is done.
    private func advanceSlide(_ now: Duration) {
        guard let current = slide else { return }
        let position = currentSlidePosition(now)
        moveWindow(to: Point(x: position.x, y: position.y))
        guard now - current.start >= animation else { return }
        slide = nil
        if current.hiding {
            window.unmap()
            dock?.unmap()
            // Back to its place, unmapped, for the next show.
            let rest = restingFrame ?? current.from
            moveWindow(to: Point(x: rest.x, y: rest.y))
            events.publish(.frame(.didHide, start: current.from, end: current.to, duration: animation))
        } else {
            events.publish(.frame(.didShow, start: current.from, end: current.to, duration: animation))
        }
    }

    /// The screen's size or its monitors changed: the keyboard goes where it
    /// would have started on this screen, at its new size (relaid out, compact or
    /// wide by the new width), its strip reserved again; listeners hear the frame
    /// change while it shows.
    private func followScreen() {
        let to: Rect
        do {
            to = try placement.frame(on: display)
        } catch {
            // The monitor asked for has gone: the primary one until it is back.
            logError("\(error); placing the keyboard on the primary monitor")
            var primary = placement
            primary.monitor = nil
            guard let frame = try? primary.frame(on: display) else { return }
            to = frame
        }
        // A slide in progress ends where it was going, before the move.
        if let current = slide { advanceSlide(current.start + animation) }
        // Several batches of RandR events may come before the window has moved.
        let from = screenMove?.from ?? frame
        restingFrame = to
        if case .dock(let edge) = mode { dock?.place(frame: to, edge: edge) }
        guard to != (screenMove?.to ?? frame) else { return }
        screenMove = (from, to, shown)
        if shown { events.publish(.frame(.willChangeFrame, start: from, end: to, duration: .zero)) }
        XMoveResizeWindow(display.pointer, window.id, Int32(to.x), Int32(to.y), UInt32(to.width), UInt32(to.height))
        display.flush()
    }

    /// Where the keyboard rests when shown: where it was placed, or moved to by someone else.
    private var restingFrame: Rect?
    /// Positions the keyboard moved its window to, whose ConfigureNotify is still to come.
    private var ownMoves: [Point] = []

    /// Moves the keyboard window (a slide step), remembering it is our own move.
    private func moveWindow(to p: Point) {
        ownMoves.append(p)
        if ownMoves.count > 64 { ownMoves.removeFirst(ownMoves.count - 64) }
        XMoveWindow(display.pointer, window.id, Int32(p.x), Int32(p.y))
    }

    /// The keyboard window's place on the screen.
    private var frame: Rect {
        Rect(x: surface.origin.x, y: surface.origin.y, width: surface.size.width, height: surface.size.height)
    }

    /// Starts calling `handler` with the published events whose names are in `names`
    /// (all when nil: `willShow`, `didShow`, `willHide`, `didHide`, `willChangeFrame`,
    /// `didChangeFrame`, `pageChanged`, `layoutChanged`, and `key` when
    /// `KeyboardConfiguration.publishKeys`); the observation stops when cancelled or
    /// released. Handlers run on the thread that runs the keyboard; cancel there too.
    public func observe(_ names: Set<String>? = nil, _ handler: @escaping (PublishedEvent) -> Void) -> EventObservation {
        let id = events.addObserver(names: names, handler)
        return EventObservation { [weak self] in self?.events.removeObserver(id) }
    }

    /// The globe key or a layout key: the state's effects of showing that layout,
    /// built for the window's width.
    private func switchLayout(_ which: LayoutSwitch) -> [Effect] {
        let index: Int
        switch which {
        case .next: index = (layoutIndex + 1) % layouts.count
        case .named(let name):
            guard let i = layouts.firstIndex(where: { $0.name == name }) else {
                logError("no layout '\(name)' was given; the layouts are \(layouts.map(\.name).joined(separator: ", "))")
                return []
            }
            index = i
        }
        guard index != layoutIndex else { return [] }
        layoutIndex = index
        return state.replaceLayout(provider.layout(for: layouts[index], width: surface.size.width))
    }

    // MARK: - Timers

    private var nextDeadline: Duration? {
        ([drawDeadline, raiseDeadline, keystrokeDeadline, typingEvents.first?.at, typingAnswers.first?.at,
          slide.map { _ in Clock.now() + Self.slideFrame }].compactMap { $0 }
            + timers.values).min()
    }

    private func fireDueTimers() {
        let now = Clock.now()
        for (id, deadline) in timers where deadline <= now {
            timers[id] = nil
            apply(state.handle(.timer(id), at: now))
        }
        if let due = raiseDeadline, due <= now {
            raiseNow(now)
        }
        if let due = drawDeadline, due <= now {
            drawNow(EffectPlan(deferredDrawing))
        }
        if let due = keystrokeDeadline, due <= now {
            typeQueued()
            display.sync()
        }
        if slide != nil { advanceSlide(now) }
        if (typingEvents.first?.at ?? .seconds(Int64.max)) <= now || (typingAnswers.first?.at ?? .seconds(Int64.max)) <= now {
            typeDue(now)
        }
    }

    // MARK: - Exit

    /// Leaves nothing behind in the server: no key held, no keycode borrowed.
    private func shutdown() {
        // Keys tapped are typed, even those still waiting for a keycode.
        typeQueued(force: true)
        surface.preview.hide()
        surface.callout.hide()
        injector.releaseAll()
        injector.restoreSpares(replaced: replaced)
        // A program that goes on after run() returns has no keyboard left on the screen.
        window.unmap()
        dock?.unmap()
        control.release()
        display.sync()
    }
}
