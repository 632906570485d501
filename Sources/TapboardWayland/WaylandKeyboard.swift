import CWaylandExtras
import Glibc
import TapboardCore

/// The Wayland side of a keyboard's session, as `X11Keyboard` is X's: a
/// layer-shell surface drawn from shared memory, the seat's pointer and touch
/// as contacts, a virtual keyboard that types. The same loop drives it.
public final class WaylandKeyboard: KeyboardTransport {
    let connection: WaylandConnection
    private let fonts: GlyphFonts
    private let renderer: CanvasRenderer
    private let window: LayerWindow
    private let input: SeatInput
    /// The virtual keyboard, made once the surface's first commit has gone
    /// (`openFirstFont`): its keymap is most of the set-up, and the compositor
    /// can place the surface meanwhile.
    private var keyboard: VirtualKeyboard?
    private let layouts: [Layout]
    private var observers: EventObservers
    /// The key preview and the callout, as popups over the surface.
    private let preview: PopupSurface
    private let callout: PopupSurface
    private var theme: Theme
    private let control: ControlSocket
    /// The focus as the compositor's input method hears it (`--auto-show`).
    private let inputMethod: InputMethod?
    private var saidUnavailable = false
    /// What the loop polls: the compositor's connection and the control socket's descriptors.
    private let epoll: Int32
    private var polled: Set<Int32> = []
    /// The letters' font, opened once the window shows.
    private let firstFont: (family: String, pixelSize: Int)
    /// The session's frame, kept to tell it where the compositor put the surface.
    private var frame: Rect
    /// Inputs heard in callbacks since last read.
    private var inputs: [SessionInput] = []
    private var notes: [String] = []
    /// The connection failed: the loop is told through `hasEvents` and ends.
    private var lost = false

    /// Prepares the (not yet shown) surface at the session's frame and the
    /// virtual keyboard with a keymap for the configuration's layouts.
    public init(_ connection: WaylandConnection, frame: Rect, configuration: KeyboardConfiguration) throws {
        self.connection = connection
        self.frame = frame
        observers = EventObservers(keysAllowed: configuration.publishKeys)
        // Beside X's record, not in it: the two keep different things under different contexts.
        fonts = GlyphFonts(matchesPath: configuration.fontMatchesPath.map { $0 + "-wayland" })
        renderer = CanvasRenderer(theme: configuration.theme, fonts: fonts)
        theme = configuration.theme
        preview = PopupSurface(connection: connection)
        callout = PopupSurface(connection: connection)
        // The output named (the session has placed the frame on it), else the one the frame is on.
        guard let output = configuration.monitor.flatMap({ connection.output(named: $0) })
            ?? connection.outputs.first(where: { $0.logicalFrame.contains(frame.center) }) ?? connection.outputs.first else {
            throw WaylandError.missingProtocol("wl_output", purpose: "an output to show on")
        }
        window = LayerWindow(connection: connection, renderer: renderer, output: output, frame: frame, mode: configuration.mode)
        input = SeatInput(connection: connection)
        layouts = configuration.layouts.map { configuration.provider.layout(for: $0, width: frame.width) }
        control = try ControlSocket(display: connection.name, replace: configuration.replace)
        if configuration.autoShow, let method = InputMethodObject(connection: connection) {
            inputMethod = InputMethod(method)
        } else {
            inputMethod = nil
        }
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        let letters = configuration.theme.style(.character)
        firstFont = (letters.fontFamily, Int((letters.fontSize * configuration.theme.scale(forHeight: frame.height)).rounded()))
        input.surface = { [unowned window] in window.surface?.id }
        if configuration.dwell != nil {
            input.hovers = true
            callout.takesPointer = true
            input.popupOrigin = { [unowned callout] in callout.origin(of: $0) }
            callout.surfaceGoing = { [unowned input] in input.surfaceGone($0) }
        }
        window.configuredTo = { [unowned self] size in self.configured(size) }
        window.closed = { [unowned self] in
            self.input.cancelAll()
            self.inputs.append(.windowUnmapped)
        }
        window.note = { [unowned self] in self.notes.append($0) }
        // Shown once its first frame is on the output, not at the configure before it.
        window.firstFrame = { [unowned self] in
            self.inputs.append(.windowMapped)
            // The fonts fontconfig matched for the first frame are kept for the next start; later ones as they come.
            self.fonts.savesMatches = true
        }
        watch([connection.fileDescriptor] + control.descriptors)
    }

    deinit { close(epoll) }

    /// One descriptor for the loop: readable when the compositor or a control client has something.
    public var fileDescriptor: Int32 { epoll }

    /// Polls exactly these descriptors.
    private func watch(_ fds: [Int32]) {
        let wanted = Set(fds)
        for fd in polled.subtracting(wanted) { epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nil) }
        for fd in wanted.subtracting(polled) {
            var event = epoll_event()
            event.events = EPOLLIN.rawValue
            event.data.fd = fd
            epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event)
        }
        polled = wanted
    }
    public var displayName: String { connection.name }

    public func begin() {}
    public func focusAtStart() -> [SessionInput] { [] }

    /// The set-up the first commit need not wait for: the virtual keyboard, and the letters' font.
    public func openFirstFont() throws {
        if keyboard == nil {
            keyboard = try VirtualKeyboard(connection: connection, layouts: layouts)
            connection.flush()
        }
        guard fonts.face(family: firstFont.family, pixelSize: firstFont.pixelSize) != nil else {
            throw WaylandError.missingFont("\(firstFont.family):pixelsize=\(firstFont.pixelSize)")
        }
    }

    public func firstFrameOut() { connection.flush() }

    /// The compositor sized the surface: the session hears its frame (the
    /// first time, that it shows), and what is drawn goes out.
    private func configured(_ size: Size) {
        let placed = window.placed(size)
        if placed != frame {
            frame = placed
            inputs.append(.windowConfigured(placed))
        }
        window.showAll()
    }

    public func hasEvents() -> Bool {
        inputs += control.process()
        watch([connection.fileDescriptor] + control.descriptors)
        if !inputs.isEmpty || lost { return true }
        // Events already read but not handled; then any on the socket, without blocking.
        if !connection.dispatchAvailable() { lost = true }
        collect()
        if inputs.isEmpty && !lost, !connection.flush() { lost = true }
        if connection.error != 0 { lost = true }
        return !inputs.isEmpty || lost
    }

    private func collect() {
        inputs += input.take()
        guard let inputMethod else { return }
        inputs += inputMethod.take()
        if inputMethod.unavailable, !saidUnavailable {
            saidUnavailable = true
            notes.append("--auto-show: another input method has the seat; the keyboard shows and no longer follows the focus")
            inputs.append(.control(.command(.show)))
        }
    }

    public func readEvents(clock: () -> Duration) -> [SessionInput] {
        if lost, !reportedLost {
            reportedLost = true
            notes.append("\(WaylandError.connectionLost("error \(connection.error)"))")
            inputs.append(.control(.command(.quit)))
        }
        collect()
        defer { inputs.removeAll(keepingCapacity: true) }
        return inputs
    }

    private var reportedLost = false

    /// The monotonic clock: key events carry it in milliseconds, as a real device's do.
    private static func now() -> Duration {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return .seconds(ts.tv_sec) + .nanoseconds(ts.tv_nsec)
    }

    private var time: UInt32 {
        let (s, atto) = Self.now().components
        return UInt32(truncatingIfNeeded: s * 1000 + atto / 1_000_000_000_000_000)
    }

    /// With a text input enabled (not a terminal), text goes as the input
    /// method's commit, and BackSpace deletes the character before the caret
    /// when that is known; other keys (Return, Tab, arrows, chords) go as keys.
    /// Whether it went so.
    private func commitThroughInputMethod(_ keystroke: Keystroke) -> Bool {
        guard let inputMethod, inputMethod.commitsText else { return false }
        switch keystroke {
        case .text(let text):
            inputMethod.commit(text)
            return true
        case .keysym(let symbol) where symbol == .backSpace:
            return inputMethod.deleteBefore()
        default:
            return false
        }
    }

    public func typeAhead(_ keystroke: Keystroke) -> Bool {
        if commitThroughInputMethod(keystroke) {
            connection.flush()
            return true
        }
        guard let keyboard, keyboard.typeAtOnce(keystroke, now: Self.now(), time: time) else { return false }
        connection.flush()
        return true
    }

    public func type(_ keystrokes: [Keystroke], waitingForKeycodes: Bool, clock: () -> Duration) -> SessionInput {
        var typed = 0, failed = 0
        var readyAt: Duration?
        for keystroke in keystrokes {
            guard let keyboard else { break }
            if commitThroughInputMethod(keystroke) {
                typed += 1
                continue
            }
            if waitingForKeycodes, let ready = keyboard.prepare(keystroke, now: clock()) {
                readyAt = ready
                break
            }
            failed += keyboard.type(keystroke, time: time)
            typed += 1
        }
        if typed > 0 { connection.flush() }
        if failed > 0 { notes.append("\(failed) character\(failed == 1 ? "" : "s") could not be typed: no keysym, or no keycode left to carry it") }
        return .injected(typed: typed, readyAt: readyAt)
    }

    public func draw(_ drawing: Drawing) {
        switch drawing {
        case .all(let keys, let size):
            renderer.resize(to: size, pixelScale: window.bufferScale)
            renderer.drawAll(keys)
        case .keys(let keys): renderer.draw(keys)
        case .theme(let theme):
            self.theme = theme
            renderer.theme = theme
        case .trail(let points): renderer.drawTrail(points)
        case .showPreview(let p):
            guard let parent = window.surface else { return }
            let (theme, fonts) = (self.theme, self.fonts)
            let k = window.bufferScale
            preview.show(at: onSurface(p.geometry.frame), scale: k, over: parent) {
                PopupDrawing.preview(p.scaled(by: k), theme: theme, fonts: fonts, on: $0)
            }
        case .hidePreview: preview.hide()
        case .showCallout(let c):
            guard let parent = window.surface else { return }
            let (theme, fonts) = (self.theme, self.fonts)
            let k = window.bufferScale
            callout.show(at: onSurface(c.geometry.frame), scale: k, over: parent) {
                PopupDrawing.callout(c.scaled(by: k), theme: theme, fonts: fonts, on: $0)
            }
        case .hideCallout: callout.hide()
        }
    }

    /// A rectangle of the screen on the keyboard's surface (where the compositor put it).
    private func onSurface(_ r: Rect) -> Rect { Rect(x: r.x - frame.x, y: r.y - frame.y, width: r.width, height: r.height) }

    public func apply(_ change: WindowChange) {
        switch change {
        case .map:
            window.map()
            connection.flush()
        case .unmap:
            preview.hide()
            callout.hide()
            input.cancelAll()
            window.unmap()
            inputs.append(.windowUnmapped)
        case .place(let rect):
            frame = rect
            window.place(rect)
        // The compositor places layer surfaces; nothing else takes the focus; the strip is the exclusive zone.
        case .move, .raise, .handFocusBack, .placeStrip, .reserveStrip, .releaseStrip: break
        // No grab is needed: with dwell the callout takes the pointer itself (`PopupSurface.takesPointer`).
        case .followPointer: break
        // The compositor's input method is asked for at start (the loop says so).
        case .followFocus: break
        }
    }

    public func publish(_ event: PublishedEvent) {
        observers.publish(event)
        control.publish(event)
    }

    public func addObserver(names: Set<String>?, _ handler: @escaping (PublishedEvent) -> Void) -> Int {
        observers.add(names: names, handler)
    }

    public func removeObserver(_ id: Int) { observers.remove(id) }

    public func answer(requester: UInt64, untyped: String) -> Bool {
        control.answer(requester: requester, with: .typed(untypable: Array(untyped)))
    }

    public func answerStopped(requester: UInt64, typed: Int) {
        _ = control.answer(requester: requester, with: .stoppedTyping(typed: typed))
    }

    /// Answers `tapboard clipboard` (the history is X11's only for now: what is kept in disk mode, or nothing) and `tapboard keys`.
    public func reply(requester: UInt64, _ message: ControlMessage) {
        control.reply(requester: requester, message)
    }
    public func announceAccessibilityBus(_ address: String) {}

    public func takeNotes() -> [String] {
        defer {
            notes = []
            fonts.notes = []
        }
        return notes + fonts.notes
    }

    /// For each emoji (one grapheme, maybe a sequence), whether the installed
    /// emoji font draws it as one picture, in order (as `X11Keyboard.drawableEmoji`).
    public func drawableEmoji(_ emoji: [String]) -> [Bool] {
        fonts.drawableEmoji(emoji, pixelSize: firstFont.pixelSize)
    }

    public func shutdown() {
        preview.hide()
        callout.hide()
        keyboard?.releaseAll(time: time)
        window.unmap()
        connection.roundtrip()
    }
}
