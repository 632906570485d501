/// The display side of an on-screen keyboard, whichever it is (X11, Wayland):
/// it translates what its server says into the session's inputs and carries
/// out the session's commands there. The keyboard's loop polls
/// `fileDescriptor`, hands events to the session and commands back, the same
/// way for every transport. Four narrow protocols, each a concern of its own.
public typealias KeyboardTransport = TransportConnection & KeyboardWindowing & KeystrokeOutput & ControlOutput

/// The connection to the display server: its events in, what it has to say, leaving it clean.
public protocol TransportConnection: AnyObject {
    /// The connection's descriptor, for the loop's `poll()`.
    var fileDescriptor: Int32 { get }
    /// The display's name as opened, for messages.
    var displayName: String { get }
    /// Asks for the events the keyboard follows, before the window shows.
    func begin()
    /// What has the focus as the keyboard begins, as the session's inputs.
    func focusAtStart() -> [SessionInput]
    /// Whether events are waiting to be read (everything asked is sent first when none are).
    func hasEvents() -> Bool
    /// The events waiting, as the session's inputs; `clock` reads the time.
    func readEvents(clock: () -> Duration) -> [SessionInput]
    /// What the transport has to say since last asked, one line each.
    func takeNotes() -> [String]
    /// Leaves nothing behind: no key held, nothing borrowed, no window shown.
    func shutdown()
}

/// The keyboard's window and what is drawn in it.
public protocol KeyboardWindowing: AnyObject {
    /// Opens the letters' font: the one failure left once the window shows.
    func openFirstFont() throws
    /// The first frame is out.
    func firstFrameOut()
    /// Carries out one drawing command.
    func draw(_ drawing: Drawing)
    /// Shows, hides, moves or raises the window, or reserves its strip.
    func apply(_ change: WindowChange)
    /// For each of these emoji, in order, whether the installed fonts draw it whole.
    func drawableEmoji(_ emoji: [String]) -> [Bool]
    /// Says where the accessibility bus is, where the display has a place for it.
    func announceAccessibilityBus(_ address: String)
}

/// Keystrokes out into the focused application.
public protocol KeystrokeOutput: AnyObject {
    /// Types a tap's letter ahead of its batch, when it can at once; whether it did.
    func typeAhead(_ keystroke: Keystroke) -> Bool
    /// Types keystrokes (`Command.type`); the session's answer once they are out.
    func type(_ keystrokes: [Keystroke], waitingForKeycodes: Bool, clock: () -> Duration) -> SessionInput
    /// Keystrokes that will follow (`Command.foresee`).
    func foresee(_ keystrokes: [Keystroke])
    /// When the transport next has something of its own to do with no event
    /// (an answer it waits for is overdue); nil when nothing.
    var nextDeadline: Duration? { get }
    /// Time passed: what of the transport's own is due by now is done (its lines said through `takeNotes`).
    func deadlinePassed(now: Duration)
}

/// What the keyboard tells its listeners and control clients.
public protocol ControlOutput: AnyObject {
    /// Tells listeners and the library's observers.
    func publish(_ event: PublishedEvent)
    /// Starts calling `handler` with the published events named (all when nil); returns its number.
    func addObserver(names: Set<String>?, _ handler: @escaping (PublishedEvent) -> Void) -> Int
    /// Stops an observer.
    func removeObserver(_ id: Int)
    /// Answers a `tapboard type` client; false when the requester is none of its clients.
    @discardableResult
    func answer(requester: UInt64, untyped: String) -> Bool
    /// Answers a `tapboard type` client whose typing was stopped.
    func answerStopped(requester: UInt64, typed: Int)
    /// Answers a client's request with a message (`Command.reply`); its client may have gone meanwhile, which is no error.
    func reply(requester: UInt64, _ message: ControlMessage)
}

/// A transport that can put the keyboard's icon in its server's own system
/// tray (X11's XEmbed tray), for panels that show no StatusNotifierItem.
/// What the icon and its menu ask for comes in as the session's inputs.
public protocol SystemTrayHosting: AnyObject {
    /// Puts the icon in the tray, now or whenever a tray comes, its menu this
    /// one drawn in `theme`; called again, the menu and theme change.
    func showTrayIcon(_ menu: PanelMenu, theme: Theme)
    /// Takes the icon out of the tray.
    func hideTrayIcon()
}

extension KeyboardWindowing {
    /// Every emoji taken as drawable, for transports that cannot tell.
    public func drawableEmoji(_ emoji: [String]) -> [Bool] { Array(repeating: true, count: emoji.count) }
}

extension KeystrokeOutput {
    /// Nothing is prepared ahead (a transport whose keymap has every keysym it types).
    public func foresee(_ keystrokes: [Keystroke]) {}

    /// Nothing of its own to wait for (a transport that waits for no answer).
    public var nextDeadline: Duration? { nil }

    /// Nothing is ever due.
    public func deadlinePassed(now: Duration) {}
}
