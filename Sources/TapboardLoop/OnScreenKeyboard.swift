import Glibc
import TapboardCore
import TapboardDBus

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

/// The buses a keyboard joins besides the display server, each a source in its loop.
public struct KeyboardBuses: Equatable, Sendable {
    /// Serve `sm.puri.OSK0` and `org.tapboard.Keyboard1` on the session bus,
    /// once the keyboard shows (connecting and taking the names took ~8 ms the window would wait for).
    public var dbus: Bool
    /// Follow the focus through the accessibility bus (`--auto-show`): the
    /// keyboard starts hidden and shows for text fields. Without an
    /// accessibility bus it says so and runs as a keyboard that does not follow the focus.
    public var accessibility: Bool
    /// An icon in the panel: a StatusNotifierItem with `dbus` where a panel
    /// shows them, else in the display server's own tray (X11's XEmbed tray).
    public var panelIcon: Bool

    /// Which buses to join; none by default.
    public init(dbus: Bool = false, accessibility: Bool = false, panelIcon: Bool = false) {
        self.dbus = dbus
        self.accessibility = accessibility
        self.panelIcon = panelIcon
    }
}

/// An on-screen keyboard in a window of the display server its backend
/// connects (`X11Backend`, `WaylandBackend`): presses on its keys are typed
/// into the application that has the focus.
///
/// It owns the keyboard's `KeyboardSession` and runs its one `poll()` loop on
/// the calling thread: the display server's connection, whose events the
/// backend's transport (`KeyboardTransport`) translates into the session's
/// inputs and which carries out the session's commands; the signals; the
/// D-Bus and accessibility buses when asked for; descriptors added with
/// `addSource`; and the session's next deadline. `run()` returns
/// when the keyboard is told to quit (a signal, the window closed), after
/// releasing every key and restoring every keycode it borrowed.
public final class OnScreenKeyboard {
    /// Hears about presses and contacts.
    public weak var delegate: KeyboardDelegate? {
        didSet { session.notifiesDelegate = delegate != nil }
    }

    /// Every decision: what is shown, where, what a contact does, when.
    var session: KeyboardSession
    /// The display side (X11 or Wayland): translates its events in, carries commands out.
    let transport: any KeyboardTransport
    /// What the display server is called in messages (`DisplayBackend.serverName`).
    let serverName: String
    let loop: EventLoop
    let reload: (@Sendable () throws -> ReloadedFiles)?
    /// Keeps a setting's change (`KeyboardConfiguration.changeSetting`).
    let changeSetting: (@Sendable (String, String?) throws -> Void)?
    /// The themes to choose from, and those listed once asked (the panel icon's menu).
    let themeNames: (@Sendable () -> [String])?
    /// What the settings page offers (`KeyboardConfiguration.settingsChoices`).
    let settingsChoices: (@Sendable () -> SettingsChoices)?
    var panelThemes: [String]?
    let buses: KeyboardBuses
    /// Whether the D-Bus names are taken from another keyboard (`--replace`).
    let replace: Bool
    /// The accessibility client (`KeyboardBuses.accessibility`) while connected.
    var accessibility: AccessibilityFocus?
    /// Where the focus is learned from (`DisplayBackend.focusSource`).
    let focusSource: FocusSource
    /// The D-Bus interfaces once served, and the observation that sends their signals.
    var dbus: (control: DBusControl, signals: EventObservation)?
    /// The icon in the panel, on the D-Bus connection.
    var panelIcon: PanelIcon?
    /// Whether the icon is in the display server's own tray instead (no panel's watcher took it).
    var inTray = false
    /// Keeps the icon's menu as the keyboard is.
    var panelIconFollows: EventObservation?
    /// KWin's tablet mode, followed on the D-Bus connection.
    var tabletMode: TabletMode?
    /// Set by the session's `.exit`: the loop ends.
    var exitStatus: Int32?
    /// `stop()` was called: the session is told at the next turn of the loop.
    var stopRequested = false
    /// Whom to answer for `type(_:delay:answer:)` calls, by requester id (above any control client's).
    var typeAnswers: [UInt64: (String) -> Void] = [:]
    private var nextTypeRequest: UInt64 = 1 << 63
    /// The deadline the last wait was for, while the session has not changed
    /// since (`perform` forgets it): not read again from the session, cold,
    /// before the events that woke the loop.
    var waitedFor: Duration??

    /// Where the strip's languages are read and what they learned is kept (the session asks: `Command.files`).
    let storage: (any SuggestionStorage)?
    /// Reads a language's files off the loop's thread; made at the first read, not at start.
    var reader: FileReader?
    /// Where the clipboard history is kept between runs (`--clipboard-history=disk`; the session asks: `Command.clipboardFile`).
    let clipboardStorage: (any ClipboardStorage)?

    /// Connects `backend` (`X11Backend()` for X) and creates the (not yet
    /// shown) keyboard window; joins the accessibility bus first when asked
    /// and the backend learns the focus there (the D-Bus session bus once it
    /// shows); the strip's files are read from and kept in `storage`, the
    /// clipboard history in `clipboardStorage` (read when first needed).
    public init(_ configuration: KeyboardConfiguration, backend: any DisplayBackend, buses: KeyboardBuses = KeyboardBuses(),
                storage: (any SuggestionStorage)? = nil, clipboardStorage: (any ClipboardStorage)? = nil) throws {
        // From here a SIGTERM waits for the loop, which ends the keyboard cleanly; a start that fails unblocks it.
        var signalsBefore = EventLoop.blockHandledSignals()
        var started = false
        defer { if !started { sigprocmask(SIG_SETMASK, &signalsBefore, nil) } }
        self.storage = storage
        self.clipboardStorage = clipboardStorage
        var configuration = configuration
        // The accessibility client first: without one the keyboard starts as it would without it.
        // A display server that tells the focus itself (a Wayland compositor's input method) is asked as it connects.
        var accessibility: AccessibilityFocus?
        if buses.accessibility, backend.focusSource == .accessibilityBus {
            do {
                accessibility = try AccessibilityFocus()
                configuration.autoShow = true
                configuration.startHidden = true
            } catch {
                logError("--auto-show: \(error); running as a keyboard that does not follow the focus")
            }
        }
        let connection = try backend.connect(&configuration, followingFocus: buses.accessibility && backend.focusSource == .displayServer)
        for note in connection.notes { logError(note) }
        // `NoSuchMonitor` (`--monitor`), the same words on every display server.
        session = try KeyboardSession(configuration, screen: connection.screen)
        transport = try connection.makeTransport(session.frame, configuration)
        serverName = backend.serverName
        // Until a delegate is set, the session builds no events for it.
        session.notifiesDelegate = false
        reload = configuration.reload
        changeSetting = configuration.changeSetting
        themeNames = configuration.themeNames
        settingsChoices = configuration.settingsChoices
        self.buses = buses
        replace = configuration.replace
        loop = EventLoop(connection: transport.fileDescriptor)
        focusSource = backend.focusSource
        if let accessibility { join(accessibility) }
        started = true
    }

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

    /// Carries out a control request from within the process (the D-Bus methods):
    /// a command, typing (`answer` gets `.typed`) or a switch; a request that
    /// needs a transport's client (events, the clipboard, stopping a client's
    /// typing) is refused.
    public func handle(_ request: ControlClientRequest, answer: @escaping (ControlMessage) -> Void) {
        switch request {
        case .command(let command): perform(command)
        case .type(let text, let delay): type(text, delay: delay) { answer(.typed(untypable: Array($0))) }
        case .switchChanged, .layout: perform(session.handle(request.sessionInput(requester: 0), at: Clock.now()))
        case .keys: answer(.keys(session.keysShown()))
        case .stopTyping, .subscribe, .clipboard: answer(.refused("only a control client (tapboard) can ask for that"))
        }
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
    public func announceAccessibilityBus(_ address: String) { transport.announceAccessibilityBus(address) }

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
        let id = transport.addObserver(names: names, handler)
        return EventObservation { [weak self] in self?.transport.removeObserver(id) }
    }
}
