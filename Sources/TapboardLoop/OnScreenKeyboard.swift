import Glibc
import TapboardCore
import TapboardDBus
import TapboardX11

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

/// The buses a keyboard joins besides the X server, each a source in its loop.
public struct KeyboardBuses: Equatable, Sendable {
    /// Serve `sm.puri.OSK0` and `org.tapboard.Keyboard1` on the session bus,
    /// once the keyboard shows (connecting and taking the names took ~8 ms the window would wait for).
    public var dbus: Bool
    /// Follow the focus through the accessibility bus (`--auto-show`): the
    /// keyboard starts hidden and shows for text fields. Without an
    /// accessibility bus it says so and runs as a keyboard that does not follow the focus.
    public var accessibility: Bool

    /// Which buses to join; none by default.
    public init(dbus: Bool = false, accessibility: Bool = false) {
        self.dbus = dbus
        self.accessibility = accessibility
    }
}

/// An on-screen keyboard in an X window: presses on its keys are typed into
/// the application that has the focus.
///
/// It owns the keyboard's `KeyboardSession` and runs its one `poll()` loop on
/// the calling thread: the X connection, whose events `X11Keyboard` translates
/// into the session's inputs and which carries out the session's commands; the
/// signals; the D-Bus and accessibility buses when asked for; descriptors
/// added with `addSource`; and the session's next deadline. `run()` returns
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
    let x: any KeyboardTransport
    let loop: EventLoop
    let reload: (@Sendable () throws -> ReloadedFiles)?
    let buses: KeyboardBuses
    /// Whether the D-Bus names are taken from another keyboard (`--replace`).
    let replace: Bool
    /// The accessibility client (`KeyboardBuses.accessibility`) while connected.
    var accessibility: AccessibilityFocus?
    /// The D-Bus interfaces once served, and the observation that sends their signals.
    var dbus: (control: DBusControl, signals: EventObservation)?
    /// Set by the session's `.exit`: the loop ends.
    var exitStatus: Int32?
    /// `stop()` was called: the session is told at the next turn of the loop.
    var stopRequested = false
    /// Whom to answer for `type(_:delay:answer:)` calls, by requester id (above any X window's).
    var typeAnswers: [UInt64: (String) -> Void] = [:]
    private var nextTypeRequest: UInt64 = 1 << 63
    /// The deadline the last wait was for, while the session has not changed
    /// since (`perform` forgets it): not read again from the session, cold,
    /// before the events that woke the loop.
    var waitedFor: Duration??

    /// Opens the display and creates the (not yet shown) keyboard window.
    public convenience init(_ configuration: KeyboardConfiguration) throws {
        try self.init(configuration, buses: KeyboardBuses())
    }

    /// Where the strip's languages are read and what they learned is kept (the session asks: `Command.files`).
    let storage: (any SuggestionStorage)?
    /// Reads a language's files off the loop's thread; made at the first read, not at start.
    var reader: FileReader?
    /// Where the clipboard history is kept between runs (`--clipboard-history=disk`; the session asks: `Command.clipboardFile`).
    let clipboardStorage: (any ClipboardStorage)?

    /// Opens the display and creates the (not yet shown) keyboard window; joins
    /// the accessibility bus first when asked (the D-Bus session bus once it
    /// shows); the strip's files are read from and kept in `storage`, the
    /// clipboard history in `clipboardStorage` (read when first needed).
    public init(_ configuration: KeyboardConfiguration, buses: KeyboardBuses, storage: (any SuggestionStorage)? = nil,
                clipboardStorage: (any ClipboardStorage)? = nil) throws {
        self.storage = storage
        self.clipboardStorage = clipboardStorage
        var configuration = configuration
        let backend = Self.backend(configuration)
        // The accessibility client first: without one the keyboard starts as it would without it.
        // On Wayland the compositor's input method tells the focus instead (`WaylandKeyboard`).
        var accessibility: AccessibilityFocus?
        if buses.accessibility, backend == .x11 {
            do {
                accessibility = try AccessibilityFocus()
                configuration.autoShow = true
                configuration.startHidden = true
            } catch {
                logError("--auto-show: \(error); running as a keyboard that does not follow the focus")
            }
        }
        if backend == .wayland {
            // Only a binary that carries the Wayland backend gets here (`OnScreenKeyboard.wayland`).
            guard let wayland = Self.wayland else { throw WaylandMissing() }
            let make = try wayland.connect(&configuration, buses.accessibility)
            do {
                session = try KeyboardSession(configuration, screen: make.screen)
            } catch {
                throw X11Error.noSuchMonitor(error.name, error.names)
            }
            x = try make.transport(session.frame, configuration)
        } else {
            let connection: X11Connection
            do {
                connection = try X11Connection(configuration)
            } catch X11Error.noDisplay where Self.passedOver != nil {
                throw NoDisplay(wayland: Self.passedOver ?? "")
            }
            for note in connection.takeNotes() { logError(note) }
            do {
                session = try KeyboardSession(configuration, screen: connection.screen)
            } catch {
                throw X11Error.noSuchMonitor(error.name, error.names)
            }
            x = try X11Keyboard(connection, frame: session.frame, configuration: configuration)
        }
        // Until a delegate is set, the session builds no events for it.
        session.notifiesDelegate = false
        reload = configuration.reload
        self.buses = buses
        replace = configuration.replace
        loop = EventLoop(xConnection: x.fileDescriptor)
        if let accessibility {
            self.accessibility = accessibility
            x.announceAccessibilityBus(accessibility.busAddress)
            let fd = accessibility.fileDescriptor
            loop.add(fd) { [unowned self] in self.accessibilityReadable(fd) }
        }
    }

    /// The backend a configuration runs on: the one it names, else Wayland when
    /// `WAYLAND_DISPLAY` is set and its compositor offers the layer shell and
    /// the virtual keyboard, else X11 (also when an X display is named).
    public static func backend(_ configuration: KeyboardConfiguration) -> KeyboardBackend {
        backend(chosen: configuration.backend, displayName: configuration.displayName)
    }

    /// The backend for a `--backend` (nil: none given) and a `--display`, as `backend(_:)` says.
    public static func backend(chosen: KeyboardBackend?, displayName: String?) -> KeyboardBackend {
        if let chosen { return chosen }
        guard displayName == nil, getenv("WAYLAND_DISPLAY") != nil else { return .x11 }
        // This binary cannot look: the one that carries Wayland will, and runs on X11 if it must.
        guard let wayland = Self.wayland else { return .wayland }
        passedOver = wayland.unavailable()
        return passedOver == nil ? .wayland : .x11
    }

    /// Why the Wayland compositor named by `WAYLAND_DISPLAY` was passed over for X11, if it was:
    /// said with the X error when there is no X display either (a kiosk compositor without the layer shell).
    nonisolated(unsafe) static var passedOver: String?

    /// The Wayland backend, when this binary carries it (`tapboard-wayland` sets
    /// it as it starts); the X11 binary loads no Wayland library.
    nonisolated(unsafe) public static var wayland: Wayland?

    /// How a binary that carries the Wayland backend connects it.
    public struct Wayland {
        /// Why `WAYLAND_DISPLAY` names no compositor offering what the keyboard needs; nil when it does.
        public var unavailable: () -> String?
        /// Connects (`followFocus`: `--auto-show`, which it may turn on in the
        /// configuration): the screen to place the session on, and what makes
        /// the transport for the session's frame.
        public var connect: (inout KeyboardConfiguration, _ followFocus: Bool) throws -> Connected

        /// A connection made.
        public struct Connected {
            public var screen: ScreenInfo
            public var transport: (Rect, KeyboardConfiguration) throws -> any KeyboardTransport
            public init(screen: ScreenInfo, transport: @escaping (Rect, KeyboardConfiguration) throws -> any KeyboardTransport) {
                self.screen = screen
                self.transport = transport
            }
        }

        public init(unavailable: @escaping () -> String?, connect: @escaping (inout KeyboardConfiguration, Bool) throws -> Connected) {
            self.unavailable = unavailable
            self.connect = connect
        }
    }

    /// Neither backend can run: no X display, and a Wayland compositor without what the keyboard needs.
    public struct NoDisplay: Error, CustomStringConvertible {
        /// Why the Wayland compositor would not do.
        public var wayland: String
        public var description: String { "\(X11Error.noDisplay); and \(wayland)" }
    }

    /// The Wayland backend asked of a binary without it (the X11 `tapboard` runs `tapboard-wayland` first).
    struct WaylandMissing: Error, CustomStringConvertible {
        var description: String { "this binary has no Wayland backend: run tapboard-wayland (installed beside tapboard)" }
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
    public func announceAccessibilityBus(_ address: String) { x.announceAccessibilityBus(address) }

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
        let id = x.addObserver(names: names, handler)
        return EventObservation { [weak self] in self?.x.removeObserver(id) }
    }
}
