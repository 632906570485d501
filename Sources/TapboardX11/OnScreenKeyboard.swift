import CX11
import Glibc
import TapboardCore

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
/// The X side of a `KeyboardSession`: it translates X events into the
/// session's inputs (`OnScreenKeyboard+Events.swift`) and carries out its
/// commands (`OnScreenKeyboard+Commands.swift`), in one `poll()` loop on the
/// calling thread. `run()` returns when the keyboard is told to quit (a
/// signal, the window closed), after releasing every key and restoring every
/// keycode it borrowed.
public final class OnScreenKeyboard {
    /// Hears about presses and contacts.
    public weak var delegate: KeyboardDelegate?

    /// Every decision: what is shown, where, what a contact does, when.
    var session: KeyboardSession
    let display: XDisplay
    let window: KeyboardWindow
    let control: ControlWindow
    /// The window reserving the docked keyboard's strip, in dock mode.
    let dock: DockWindow?
    let events: EventPublisher
    let resources: RenderResources
    let surface: KeyboardSurface
    let injector: Injector
    let loop: EventLoop
    /// Gives the focus to the application the pointer was in, when no window manager does.
    let pointerFocus: PointerFocus
    let reload: (@Sendable () throws -> ReloadedFiles)?
    /// The letters' font, the first opened.
    let firstFont: (family: String, pixelSize: Int)
    /// Touchscreen contacts through XInput2, when the server has a touchscreen.
    var touch: TouchInput?
    /// RandR's first event number; nil without RandR.
    var randrEventBase: Int32?
    /// XKB's event number; nil without XKB.
    var xkbEventBase: Int32?
    /// The window that had the focus before anything gave it to the keyboard.
    var lastFocus: Window = 0
    /// The window the window manager last said was active (`_NET_ACTIVE_WINDOW`), not the keyboard's.
    var lastActive: Window = 0
    /// Set by the session's `.exit`: the loop ends.
    var exitStatus: Int32?
    /// `stop()` was called: the session is told at the next turn of the loop.
    var stopRequested = false
    /// Another keyboard took the display over (`--replace`).
    var replaced = false
    /// The accessibility bus address the keyboard put on the root, to take away at exit.
    var announcedBus: String?
    /// Whom to answer for `type(_:delay:answer:)` calls, by requester id (above any X window's).
    var typeAnswers: [UInt64: (String) -> Void] = [:]
    /// The windows of `tapboard type` clients waiting for their answer: one destroyed (the client killed) stops its typing.
    var typeRequesters: Set<Window> = []
    private var nextTypeRequest: UInt64 = 1 << 63
    /// The deadline the last wait was for, while the session has not changed
    /// since (`perform` forgets it): not read again from the session, cold,
    /// before the events that woke the loop.
    var waitedFor: Duration??

    /// Opens the display and creates the (not yet shown) keyboard window.
    public init(_ configuration: KeyboardConfiguration) throws {
        // fontconfig is set up only when a font was not kept at an earlier start
        // (`FontMatches`); then it begins at once, on its own thread.
        let matches = FontMatches(path: configuration.fontMatchesPath)
        if !matches.isCurrent { RenderResources.beginFontSetup() }
        display = try XDisplay.open(name: configuration.displayName)
        matches.check(display: display)
        // Every atom the start names, in one round trip (Xlib's own WM_PROTOCOLS
        // too: it looks in the same cache), not one each before the window maps.
        display.internAtoms([ControlWindow.selection(screen: display.screen), Injector.borrowedProperty,
                             PointerFocus.givenProperty, PointerFocus.windowManagerProperty] + XDisplay.windowAtoms)
        // First, so a second keyboard on the display says so before anything else.
        control = try ControlWindow(display: display, replace: configuration.replace)
        events = EventPublisher(display: display, keysAllowed: configuration.publishKeys)
        injector = try Injector(display: display)
        let restored = injector.keycodesPutBack
        if restored > 0 {
            logError("put back \(restored) keycode\(restored == 1 ? "" : "s") that a tapboard killed before its exit had borrowed")
        }
        resources = try RenderResources(display: display, matches: matches)
        do {
            session = try KeyboardSession(configuration, screen: display.screenNow)
        } catch {
            throw X11Error.noSuchMonitor(error.name, error.names)
        }
        let frame = session.frame
        window = KeyboardWindow(display: display, frame: frame, userPlaced: configuration.geometry.x != nil,
                                managed: configuration.mode == .float)
        // Opened at the size the letters use, after the window maps (see `run`).
        let letters = configuration.theme.style(.character)
        firstFont = (letters.fontFamily, Int((letters.fontSize * configuration.theme.scale(forHeight: frame.height)).rounded()))
        if !matches.has(family: firstFont.family, pixelSize: firstFont.pixelSize) { RenderResources.beginFontSetup() }
        // Shown in the theme's colour until the keys are drawn.
        window.setBackground(resources.pixel(configuration.theme.background))
        if case .dock(let edge) = configuration.mode { dock = DockWindow(display: display, frame: frame, edge: edge) } else { dock = nil }
        surface = KeyboardSurface(display: display, window: window.id, resources: resources, theme: configuration.theme)
        reload = configuration.reload
        loop = EventLoop(xConnection: display.fileDescriptor)
        pointerFocus = PointerFocus(display: display) { [window, dock, surface, control] other in
            other == window.id || other == dock?.id || other == control.id || surface.owns(other)
        }
    }

    /// Shows the keyboard and handles events until it is told to quit; returns the exit status.
    /// `started` runs once the first frame is out (for what the window need not wait for, such as D-Bus).
    public func run(started: (() -> Void)? = nil) -> Int32 {
        // Other windows mapped or restacked (to stay above), and the active window (to give focus back to).
        display.selectInput(display.root, SubstructureNotifyMask | PropertyChangeMask)
        // A new resolution, a rotation, a monitor added or taken away: placed again.
        randrEventBase = display.selectScreenChanges()
        xkbEventBase = injector.selectKeyboardEvents()
        touch = TouchInput(display: display, window: window)
        // Before the map, though each is a round trip: a window manager may give
        // the keyboard the focus as it maps, and the focus to hand back is lost.
        noteFocus()
        noteActiveWindow()
        // Before the map too: the pointer may rest where the keyboard shows.
        let focused = pointerFocus.start() ?? lastActive
        // The session maps first, then draws: the map leaves at once (see `apply`),
        // and the drawing waits for fontconfig's thread.
        perform(session.start(at: Clock.now()))
        // A terminal that has the focus already (a kiosk's, started first) shows the keyboard at once.
        var inputs: [SessionInput] = []
        windowFocused(focused, into: &inputs)
        if !inputs.isEmpty { perform(session.handle(inputs, at: Clock.now(), typedAhead: nil)) }
        // A missing font is the one failure left after the window shows: said, and nothing left behind.
        do {
            _ = try resources.font(family: firstFont.family, pixelSize: firstFont.pixelSize)
        } catch {
            logError("\(error)")
            shutdown()
            return 1
        }
        window.setBackground(nil)
        display.flush()
        // The fonts fontconfig matched during the start, for the next; later ones as they come.
        resources.matches?.save()
        resources.savesMatches = true
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
            // XPending flushes and reads the connection: one read per batch, and
            // a last one that finds it empty (round trips made while handling a
            // batch may have queued more) before sleeping.
            while exitStatus == nil, display.hasEvents() {
                drainEvents()
            }
            if exitStatus != nil || stopRequested { continue }
            let due = Self.nextDeadline(of: &session)
            // Set before the wait: a source handler run inside it (D-Bus, the
            // accessibility bus) changes the session through `perform`, which forgets it.
            waitedFor = .some(due)
            switch loop.wait(until: due, now: Clock.now()) {
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

    /// The session's next deadline, read in place: read from the class's
    /// property, a computed one copied the whole session first (every field
    /// retained and released), twice per turn of the loop.
    private static func nextDeadline(of session: inout KeyboardSession) -> Duration? { session.nextDeadline }

    /// Asks the keyboard to quit: what is queued is typed, then `run()` returns.
    public func stop() { stopRequested = true }

    /// Shows, hides or toggles the keyboard, as `tapboard show|hide|toggle` does; call on the keyboard's thread.
    public func perform(_ command: ControlCommand) {
        guard command != .quit else { return stop() }
        perform(session.handle(.control(.command(command)), at: Clock.now()))
    }

    /// Taps the keys for `text`, `delay` apart, as `tapboard type` does; `answer`
    /// gets the characters no key types, once the others are typed.
    public func type(_ text: String, delay: Duration, answer: @escaping (String) -> Void) {
        let requester = nextTypeRequest
        nextTypeRequest += 1
        typeAnswers[requester] = answer
        perform(session.handle(.control(.type(text, delay: delay, requester: requester)), at: Clock.now()))
    }

    /// The focus moved (from an accessibility client): to this text field, or (nil) away from every field.
    public func focusChanged(_ field: FocusedField?) {
        perform(session.handle(.focusChanged(field), at: Clock.now()))
    }

    /// The focused text field's caret moved (from an accessibility client).
    public func caretMoved(_ report: CaretText) {
        perform(session.handle(.caretMoved(report), at: Clock.now()))
    }

    /// Says where the accessibility bus is on the root window (`AT_SPI_BUS`), as
    /// at-spi-bus-launcher does when it knows the display, unless something says
    /// so already; taken away at exit. A session bus started without `DISPLAY`
    /// leaves it unsaid, and Qt 5 applications started after the bus then never
    /// join it (they connect in time only through this property).
    public func announceAccessibilityBus(_ address: String) {
        guard !address.isEmpty, display.property(Self.accessibilityBusProperty, of: display.root) == nil else { return }
        display.setProperty(Self.accessibilityBusProperty, of: display.root, string: address)
        display.flush()
        announcedBus = address
    }

    /// The root window property at-spi2-core's launcher names the accessibility bus with.
    static let accessibilityBusProperty = "AT_SPI_BUS"

    /// Also waits on `fd` (a D-Bus or accessibility connection); `ready` runs on the keyboard's thread when it is readable.
    public func addSource(_ fd: Int32, ready: @escaping () -> Void) { loop.add(fd, ready: ready) }

    /// Stops waiting on `fd`.
    public func removeSource(_ fd: Int32) { loop.remove(fd) }

    /// Whether the keyboard shows.
    public var isShown: Bool { session.shown }

    /// The name of the layout shown.
    public var layoutName: String { session.layouts[session.layoutIndex].name }

    /// The keyboard's frame on the screen.
    public var frame: Rect { session.frame }

    /// Starts calling `handler` with the published events whose names are in `names`
    /// (all when nil: `willShow`, `didShow`, `willHide`, `didHide`, `willChangeFrame`,
    /// `didChangeFrame`, `pageChanged`, `layoutChanged`, and `key` when
    /// `KeyboardConfiguration.publishKeys`); the observation stops when cancelled or
    /// released. Handlers run on the thread that runs the keyboard; cancel there too.
    public func observe(_ names: Set<String>? = nil, _ handler: @escaping (PublishedEvent) -> Void) -> EventObservation {
        let id = events.addObserver(names: names, handler)
        return EventObservation { [weak self] in self?.events.removeObserver(id) }
    }

    /// Reads every event already read by Xlib (at least one: called when `XPending` found some) as one batch for the session.
    private func drainEvents() {
        var inputs: [SessionInput] = []
        var screenChanged = false
        func take(reading: Bool) {
            while display.eventsQueued(reading: reading) {
                var event = display.nextEvent()
                translate(&event, into: &inputs, screenChanged: &screenChanged)
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
        guard !inputs.isEmpty else { return }
        // A tap's letter goes out before the batch is handled (`KeyboardSession.typeAhead`).
        let ahead = typeAhead(inputs)
        perform(session.handle(inputs, at: Clock.now(), typedAhead: ahead))
    }

    private func handleSignal(_ signo: Int32) {
        let input: SessionInput
        switch signo {
        case SIGUSR1: input = .control(.command(.show))
        case SIGUSR2: input = .control(.command(.hide))
        case SIGHUP where reload != nil:
            guard let files = reloadFiles() else { return }
            input = .reloaded(files)
        default: input = .control(.command(.quit))
        }
        perform(session.handle(input, at: Clock.now()))
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

    /// Leaves nothing behind in the server: no key held, no keycode borrowed.
    private func shutdown() {
        surface.hidePopups()
        injector.releaseAll()
        injector.restoreSpares(replaced: replaced)
        pointerFocus.finish()
        if let announcedBus, display.text(Self.accessibilityBusProperty, of: display.root) == announcedBus {
            display.deleteProperty(Self.accessibilityBusProperty, of: display.root)
        }
        // A program that goes on after run() returns has no keyboard left on the screen.
        window.unmap()
        dock?.unmap()
        control.release()
        display.sync()
    }
}
