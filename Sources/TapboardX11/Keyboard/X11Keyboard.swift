import CX11
import TapboardCore

/// The X side of a keyboard's session: its windows, what draws into them and
/// what types, and what it keeps of the focus. It translates X events into
/// the session's inputs (`X11Keyboard+Events.swift`) and carries out the
/// session's commands with X calls (`X11Keyboard+Commands.swift`); the loop
/// that owns the session polls `fileDescriptor` and hands both over.
public final class X11Keyboard: KeyboardTransport {
    let display: XDisplay
    let window: KeyboardWindow
    let control: ControlWindow
    /// The window reserving the docked keyboard's strip, in dock mode.
    let dock: DockWindow?
    /// The host's side of things when embedded in another program's window (`--xid`).
    let embedding: Embedding?
    let events: EventPublisher
    let resources: RenderResources
    let surface: KeyboardSurface
    let injector: Injector
    /// Gives the focus to the application the pointer was in, when no window manager does.
    let pointerFocus: PointerFocus
    /// The letters' font, the first opened.
    let firstFont: (family: String, pixelSize: Int)
    /// Whether windows taking the focus are told to the session (`KeyboardSession.followsFocus`).
    var followsFocus: Bool
    /// Touchscreen contacts through XInput2, when the server has a touchscreen.
    var touch: TouchInput?
    /// Keys of the user's keyboards and presses anywhere, with `--auto-show` (`HardwareKeys`).
    var hardwareKeys: HardwareKeyboardWatch?
    /// Whether to watch for them while following the focus.
    let mayWatchHardwareKeys: Bool
    /// Switch scanning's switches, grabbed (`--scan`); nil without it.
    let switches: SwitchInput?
    /// Whether the pointer's motion with no button held is followed (`--dwell`).
    let hovers: Bool
    /// The session asked to hold the pointer (`WindowChange.followPointer`), and whether the server let it.
    var pointerHold = (wanted: false, held: false)
    /// RandR's first event number; nil without RandR.
    var randrEventBase: Int32?
    /// XKB's event number; nil without XKB.
    var xkbEventBase: Int32?
    /// The window that had the focus before anything gave it to the keyboard.
    var lastFocus: Window = 0
    /// The window the window manager last said was active (`_NET_ACTIVE_WINDOW`), not the keyboard's.
    var lastActive: Window = 0
    /// What had the focus as the keyboard began (`begin()`).
    private var focusedAtStart: Window = 0
    /// Another keyboard took the display over (`--replace`).
    public internal(set) var replaced = false
    /// The accessibility bus address the keyboard put on the root, to take away at exit.
    var announcedBus: String?
    /// The windows of `tapboard type` clients waiting for their answer: one destroyed (the client killed) stops its typing.
    var typeRequesters: Set<Window> = []
    /// Lines to say (the program's log), until taken.
    var notes: [String] = []
    /// Whether the clipboard is followed for its history (not with `--clipboard-history=off`).
    private let followsClipboard: Bool
    /// Follows the clipboard once the first frame is out; nil before, when off, or without XFixes.
    var clipboard: ClipboardWatcher?
    /// XFixes' first event number, once the clipboard is followed.
    var xfixesEventBase: Int32?
    /// The icon in an XEmbed tray, when the loop asks for one (`SystemTrayHosting`).
    let trayIcon: TrayIcon
    /// What the keyboard hears of the root: other windows mapped or restacked
    /// (to stay above), and the active window (to give focus back to).
    static let rootEvents = SubstructureNotifyMask | PropertyChangeMask

    /// Creates the (not yet shown) keyboard window at the session's frame, and
    /// the strip's in dock mode; grabs the switches of switch scanning, or says why it cannot.
    public init(_ connection: X11Connection, frame: Rect, configuration: KeyboardConfiguration) throws(X11Error) {
        display = connection.display
        hovers = configuration.dwell != nil
        // A device a killed keyboard left detached is attached before this one
        // detaches its own; with no switches, once the first frame is out.
        if configuration.scan != nil { Self.attachLeftoverDevice(display, notes: &notes) }
        switches = configuration.scan == nil ? nil
            : try SwitchInput(display: connection.display, switches: configuration.switches, deviceName: configuration.switchDevice,
                              detach: configuration.detachSwitchDevice)
        control = connection.control
        events = connection.events
        injector = connection.injector
        resources = connection.resources
        window = KeyboardWindow(display: display, frame: frame, userPlaced: configuration.geometry.x != nil,
                                managed: configuration.mode == .float, embedded: configuration.mode == .embedded)
        embedding = configuration.mode == .embedded
            ? Embedding(display: display, window: window.id, frame: frame,
                        preferred: configuration.geometry.width != nil ? frame.size : nil, mapped: !configuration.startHidden) : nil
        // Opened at the size the letters use, after the window maps (see `openFirstFont`).
        let letters = configuration.theme.style(.character)
        firstFont = (letters.fontFamily, Int((letters.fontSize * configuration.theme.scale(forHeight: frame.height)).rounded()))
        if !connection.matches.has(family: firstFont.family, pixelSize: firstFont.pixelSize) { RenderResources.beginFontSetup() }
        // Shown in the theme's colour until the keys are drawn.
        window.setBackground(resources.pixel(configuration.theme.background))
        if case .dock(let edge) = configuration.mode { dock = DockWindow(display: display, frame: frame, edge: edge) } else { dock = nil }
        surface = KeyboardSurface(display: display, window: window.id, resources: resources, theme: configuration.theme)
        followsFocus = configuration.autoShow
        mayWatchHardwareKeys = configuration.hidesForHardwareKeys && configuration.mode != .embedded
        followsClipboard = configuration.clipboardHistory != .off
        let trayIcon = TrayIcon(display: display, resources: resources, rootEvents: Self.rootEvents)
        self.trayIcon = trayIcon
        pointerFocus = PointerFocus(display: display) { [window, dock, surface, control] other in
            other == window.id || other == dock?.id || other == control.id || surface.owns(other) || trayIcon.owns(other)
        }
        // The host waits for the id to embed the window: told as soon as it exists.
        embedding?.announce()
    }

    /// The connection's descriptor, for the loop's `poll()`.
    public var fileDescriptor: Int32 { display.fileDescriptor }

    /// What the X side has to say since last asked (another keyboard took the
    /// display over, characters it could not type, no HarfBuzz for emoji), one line each.
    public func takeNotes() -> [String] {
        defer {
            notes = []
            resources.notes = []
        }
        return notes + resources.notes
    }

    /// The display's name as opened.
    public var displayName: String { display.name }

    /// Starts hearing the user's keyboards' keys (with auto-show), once.
    func watchHardwareKeys() {
        guard mayWatchHardwareKeys, hardwareKeys == nil else { return }
        hardwareKeys = HardwareKeyboardWatch(display: display, switchKeycodes: switches?.keycodes ?? [], switchDevice: switches?.namedDevice)
    }

    /// Asks for the events the keyboard follows (other windows, the screen,
    /// the keymap, touch) and notes what has the focus. Before the map, though
    /// each is a round trip: a window manager may give the keyboard the focus
    /// as it maps, and the focus to hand back is lost.
    public func begin() {
        display.selectInput(display.root, Self.rootEvents)
        // A new resolution, a rotation, a monitor added or taken away: placed again.
        randrEventBase = display.selectScreenChanges()
        xkbEventBase = injector.selectKeyboardEvents()
        touch = TouchInput(display: display, window: window, hovers: hovers)
        if followsFocus { watchHardwareKeys() }
        // Entering: the pointer another client held is free again (`holdPointerIfWanted`).
        if hovers, touch == nil { window.select(KeyboardWindow.eventMask | PointerMotionMask | LeaveWindowMask | EnterWindowMask) }
        noteFocus()
        noteActiveWindow()
        // Before the map too: the pointer may rest where the keyboard shows.
        focusedAtStart = pointerFocus.start() ?? lastActive
    }

    /// What the window focused as the keyboard began tells the session: a
    /// terminal that has the focus already (a kiosk's, started first) shows the keyboard at once.
    public func focusAtStart() -> [SessionInput] {
        var inputs: [SessionInput] = []
        windowFocused(focusedAtStart, into: &inputs)
        return inputs
    }

    /// Opens the letters' font, waiting for fontconfig's set-up if it must: the
    /// one failure left after the window shows.
    public func openFirstFont() throws {
        _ = try resources.font(family: firstFont.family, pixelSize: firstFont.pixelSize)
    }

    /// The first frame is out: exposed parts are copied from the back buffer
    /// from now on (a fill first would flicker), and the fonts fontconfig
    /// matched during the start are kept for the next; later ones as they come.
    public func firstFrameOut() {
        window.setBackground(nil)
        display.flush()
        resources.matches?.save()
        resources.savesMatches = true
        // After the first frame: XFixes costs two round trips the window need not wait for.
        if followsClipboard { followClipboard() }
        if switches == nil { Self.attachLeftoverDevice(display, notes: &notes) }
    }

    /// Attaches the switch device a keyboard killed before its exit left detached, and says so.
    private static func attachLeftoverDevice(_ display: XDisplay, notes: inout [String]) {
        if SwitchInput.attachLeftover(display: display) {
            notes.append("attached the switch device again that a tapboard killed before its exit had detached")
        }
    }

    /// Starts following the clipboard (XFixes); without XFixes, says there is no history.
    private func followClipboard() {
        let ours: (Window) -> Bool = { [window, dock, surface, control] other in
            other == window.id || other == dock?.id || other == control.id || surface.owns(other)
        }
        clipboard = ClipboardWatcher(display: display, isOurs: ours)
        xfixesEventBase = clipboard?.eventBase
        if clipboard == nil { notes.append("the X server has no XFixes extension: no clipboard history") }
    }

    /// When a clipboard transfer is given up on, if one is under way, or keycodes
    /// for the keystrokes foreseen may be prepared.
    public var nextDeadline: Duration? {
        [clipboard?.nextDeadline, injector.nextPreparation, trayIcon.heldUntil].compactMap { $0 }.min()
    }

    /// Clipboard transfers past their deadline are given up on; keycodes for
    /// the keystrokes foreseen are prepared as far as they may be now.
    public func deadlinePassed(now: Duration) {
        if let clipboard { notes += clipboard.deadlinePassed(now: now) }
        trayIcon.deadlinePassed(now: now)
        if injector.nextPreparation.map({ $0 <= now }) ?? false {
            injector.prepareAhead(now: now)
            display.flush()
        }
    }

    /// Says where the accessibility bus is on the root window (`AT_SPI_BUS`), as
    /// at-spi-bus-launcher does when it knows the display, unless something says
    /// so already; taken away at exit.
    public func announceAccessibilityBus(_ address: String) {
        guard !address.isEmpty, display.property(Self.accessibilityBusProperty, of: display.root) == nil else { return }
        display.setProperty(Self.accessibilityBusProperty, of: display.root, string: address)
        display.flush()
        announcedBus = address
    }

    /// The root window property at-spi2-core's launcher names the accessibility bus with.
    static let accessibilityBusProperty = "AT_SPI_BUS"

    /// Leaves nothing behind in the server: no key held, no keycode borrowed,
    /// no focus given, no bus address it put there, no window shown.
    public func shutdown() {
        surface.hidePopups()
        trayIcon.hide()
        injector.releaseAll()
        injector.restoreSpares(replaced: replaced)
        pointerFocus.finish()
        switches?.release(replaced: replaced)
        if let announcedBus, display.text(Self.accessibilityBusProperty, of: display.root) == announcedBus {
            display.deleteProperty(Self.accessibilityBusProperty, of: display.root)
        }
        // A program that goes on after the keyboard's run has no keyboard left on the screen.
        window.unmap()
        dock?.unmap()
        control.release()
        display.sync()
    }
}
