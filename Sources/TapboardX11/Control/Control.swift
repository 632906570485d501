import CX11
import TapboardCore
import Glibc

/// The running keyboard's end of control: a small unmapped window that owns the
/// display's `_TAPBOARD_S<screen>` selection (the way window managers own
/// `WM_S<screen>`), so other clients find it through the X server, and only
/// clients of that display can send it commands.
final class ControlWindow {
    private let display: XDisplay
    /// The window that owns the selection and receives commands.
    let id: Window

    /// The selection's name on a screen.
    static func selection(screen: Int32) -> String { "_TAPBOARD_S" + decimalText(Int(screen)) }
    /// The ClientMessage type of commands.
    static let commandType = "_TAPBOARD_COMMAND"

    /// Takes the selection; when another keyboard holds it, throws unless `replace`
    /// (then that keyboard gets SelectionClear and quits).
    init(display: XDisplay, replace: Bool) throws {
        self.display = display
        let d = display.pointer
        let selection = display.atom(Self.selection(screen: display.screen))
        let owner = XGetSelectionOwner(d, selection)
        if owner != 0 && !replace { throw X11Error.alreadyRunning(display.name) }
        id = display.createWindow(.inputOnly, overrideRedirect: true, eventMask: PropertyChangeMask)
        display.setClass(of: id, name: "tapboard-control", className: "Tapboard-control")
        XSetSelectionOwner(d, selection, id, Time(CurrentTime))
        guard XGetSelectionOwner(d, selection) == id else {
            XDestroyWindow(d, id)
            throw X11Error.alreadyRunning(display.name)
        }
    }

    private var released = false

    deinit { release() }

    /// Gives the display up (run() has returned): the window goes, and with it the
    /// selection, so `tapboard quit` sees the keyboard gone and another may start.
    func release() {
        guard !released else { return }
        released = true
        XDestroyWindow(display.pointer, id)
    }

    /// What a ClientMessage to this window asks.
    enum Request {
        /// A command.
        case command(ControlCommand)
        /// `tapboard events`: send events to this window (typed text too when `keys`).
        case subscribe(Window, keys: Bool)
        /// `tapboard type`: tap the keys for the text in this window's `_TAPBOARD_TEXT`, `delay` apart, then answer it.
        case type(Window, delay: Duration)
        /// `tapboard type` interrupted: stop typing for this requester window and answer it with how much was typed.
        case stopTyping(Window)
    }

    /// The request a ClientMessage to this window carries, if it is one.
    func request(in event: XClientMessageEvent) -> Request? {
        guard event.window == id, event.message_type == display.atom(Self.commandType), event.format == 32 else { return nil }
        let name = Atom(UInt(bitPattern: event.data.l.0))
        if name == display.atom(Self.subscribe) {
            return .subscribe(Window(UInt(bitPattern: event.data.l.1)), keys: event.data.l.2 != 0)
        }
        if name == display.atom(Self.typeRequest) {
            return .type(Window(UInt(bitPattern: event.data.l.1)), delay: .milliseconds(max(0, min(event.data.l.2, 10_000))))
        }
        if name == display.atom(Self.stopTypingRequest) {
            return .stopTyping(Window(UInt(bitPattern: event.data.l.1)))
        }
        return ControlCommand.allCases.first { display.atom("_TAPBOARD_" + $0.rawValue.uppercased()) == name }.map { .command($0) }
    }

    /// The request name of a subscription.
    static let subscribe = "_TAPBOARD_SUBSCRIBE"
    /// The request name of `tapboard type`, its text property, and the answer's type and property.
    static let typeRequest = "_TAPBOARD_TYPE", typeText = "_TAPBOARD_TEXT"
    static let typedAnswer = "_TAPBOARD_TYPED", untypedText = "_TAPBOARD_UNTYPED"
    /// The request name that stops a `tapboard type` request.
    static let stopTypingRequest = "_TAPBOARD_STOP_TYPING"

    /// Answers a `tapboard type` request: the characters that could not be typed, then the answer message.
    static func answer(_ requester: Window, untyped: String, display: XDisplay) {
        display.setProperty(untypedText, of: requester, utf8: untyped)
        display.send(display.clientMessage(typedAnswer, to: requester), to: requester)
    }

    /// Answers a `tapboard type` request stopped before its end: the answer
    /// message saying so (second word 1) and how many characters were typed (third).
    static func answerStopped(_ requester: Window, typed: Int, display: XDisplay) {
        var event = display.clientMessage(typedAnswer, to: requester)
        event.xclient.data.l.1 = 1
        event.xclient.data.l.2 = typed
        display.send(event, to: requester)
    }

    /// Whether a SelectionClear means another keyboard took this display over.
    func lostSelection(_ event: XSelectionClearEvent) -> Bool {
        event.window == id && event.selection == display.atom(Self.selection(screen: display.screen))
    }
}

/// A control client's connection to the keyboard running on a display: finds
/// it through the selection, hears when it goes, sends it requests.
private struct ControlClient {
    let display: XDisplay
    /// The running keyboard's control window.
    let owner: Window

    init(displayName: String?) throws {
        display = try XDisplay(name: displayName)
        owner = XGetSelectionOwner(display.pointer, display.atom(ControlWindow.selection(screen: display.screen)))
        guard owner != 0 else { throw X11Error.notRunning(display.name) }
        // Its DestroyNotify comes when the keyboard has gone.
        XSelectInput(display.pointer, owner, StructureNotifyMask)
    }

    /// A window of our own to be answered at (an answer, events, a text property).
    func helperWindow() -> Window {
        display.createWindow(.inputOnly, overrideRedirect: true)
    }

    /// Sends a request (an atom name) with a window and a number, and waits until the server has it.
    func request(_ name: String, window: Window = 0, value: Int = 0) {
        var event = display.clientMessage(ControlWindow.commandType, to: owner)
        event.xclient.data.l.0 = Int(bitPattern: UInt(display.atom(name)))
        event.xclient.data.l.1 = Int(bitPattern: UInt(window))
        event.xclient.data.l.2 = value
        display.send(event, to: owner)
        display.sync()
    }

    /// Whether an event says the keyboard has gone.
    func ownerGone(_ e: XEvent) -> Bool {
        e.type == DestroyNotify && e.xdestroywindow.window == owner
    }
}

/// How a `tapboard type` request ended.
public enum TypingOutcome: Equatable, Sendable {
    /// Every key was tapped; these characters have no key on the layout shown.
    case finished(untypable: [Character])
    /// A signal stopped it: `typed` characters of the text were typed (nil when
    /// the keyboard did not say in time), none will be after.
    case interrupted(signal: Int32, typed: Int?)
}

/// The sending end: `tapboard show` and the others, `tapboard type` and `tapboard events`.
public enum KeyboardControl {
    /// The signals that interrupt `type`.
    static let interruptingSignals: [Int32] = [SIGINT, SIGTERM]

    /// Asks the keyboard running on a display to tap the keys for `text`, `delay`
    /// apart, as a person would (pages, shift, callouts), and waits until it has.
    /// SIGINT or SIGTERM meanwhile stops it: the keyboard is told, and says how
    /// much was typed (a killed client's window goes, and the keyboard stops too).
    public static func type(_ text: String, delay: Duration, displayName: String?) throws -> TypingOutcome {
        // The signals come through a descriptor polled with the connection, not
        // their default action: the keyboard must hear of the interruption.
        var mask = sigset_t(), previous = sigset_t()
        sigemptyset(&mask)
        for s in interruptingSignals { sigaddset(&mask, s) }
        sigprocmask(SIG_BLOCK, &mask, &previous)
        let signals = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        defer {
            close(signals)
            sigprocmask(SIG_SETMASK, &previous, nil)
        }
        let client = try ControlClient(displayName: displayName)
        let display = client.display
        let requester = client.helperWindow()
        defer { XDestroyWindow(display.pointer, requester) }
        display.setProperty(ControlWindow.typeText, of: requester, utf8: text)
        let ms = delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000
        client.request(ControlWindow.typeRequest, window: requester, value: Int(ms))
        var interruptedBy: Int32?
        var end: Duration?
        while true {
            while XPending(display.pointer) > 0 {
                var e = XEvent()
                XNextEvent(display.pointer, &e)
                if client.ownerGone(e) { throw X11Error.notRunning(display.name) }
                guard e.type == ClientMessage, e.xclient.window == requester,
                      e.xclient.message_type == display.atom(ControlWindow.typedAnswer) else { continue }
                if e.xclient.data.l.1 == 1 {
                    return .interrupted(signal: interruptedBy ?? SIGINT, typed: e.xclient.data.l.2)
                }
                let untypable = Array(display.text(ControlWindow.untypedText, of: requester) ?? "")
                // Finished as the signal came: all was typed.
                return .finished(untypable: untypable)
            }
            if let end, Clock.now() >= end { return .interrupted(signal: interruptedBy ?? SIGINT, typed: nil) }
            var fds = [pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
            let timeout = end.map { Int32(($0 - Clock.now()).millisecondsRoundedUp) } ?? -1
            _ = poll(&fds, 2, max(timeout, 0))
            if fds[1].revents & Int16(POLLIN) != 0 {
                var info = signalfd_siginfo()
                guard read(signals, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size else { continue }
                // A second signal while the keyboard is asked: leave at once (the window's destruction stops it).
                if let first = interruptedBy { return .interrupted(signal: first, typed: nil) }
                interruptedBy = Int32(info.ssi_signo)
                client.request(ControlWindow.stopTypingRequest, window: requester)
                end = Clock.now() + .seconds(2)
            }
        }
    }

    /// Listens to the keyboard running on a display and calls `handler` with each
    /// event, until the keyboard goes away (then returns) or `handler` returns false.
    /// Typed text comes only when `keys` and the keyboard publishes it (`--publish-keys`).
    public static func listen(displayName: String?, keys: Bool, _ handler: (PublishedEvent) -> Bool) throws {
        let client = try ControlClient(displayName: displayName)
        let display = client.display
        let listener = client.helperWindow()
        defer { XDestroyWindow(display.pointer, listener) }
        client.request(ControlWindow.subscribe, window: listener, value: keys ? 1 : 0)
        var words: [UInt8] = []
        while true {
            var e = XEvent()
            XNextEvent(display.pointer, &e)
            if client.ownerGone(e) { return }
            if e.type == ClientMessage, e.xclient.window == listener, let published = EventWire.decode(e.xclient, display: display, words: &words) {
                if !handler(published) { return }
            }
        }
    }

    /// Sends a command to the keyboard running on a display (`$DISPLAY` when nil);
    /// for `quit`, waits until it has gone (at most `timeout`).
    public static func send(_ command: ControlCommand, displayName: String?, timeout: Duration = .seconds(5)) throws {
        let client = try ControlClient(displayName: displayName)
        let display = client.display
        client.request("_TAPBOARD_" + command.rawValue.uppercased())
        guard command == .quit else { return }
        let end = Clock.now() + timeout
        var pfd = pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while true {
            while XPending(display.pointer) > 0 {
                var e = XEvent()
                XNextEvent(display.pointer, &e)
                if client.ownerGone(e) { return }
            }
            let now = Clock.now()
            guard now < end else { throw X11Error.didNotQuit(display.name) }
            _ = poll(&pfd, 1, Int32((end - now).millisecondsRoundedUp))
        }
    }
}
