import CX11
import TapboardCore

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
        let selection = Self.selection(screen: display.screen)
        if display.selectionOwner(selection) != 0 && !replace { throw X11Error.alreadyRunning(display.name) }
        id = display.createWindow(.inputOnly, overrideRedirect: true, eventMask: PropertyChangeMask)
        display.setClass(of: id, name: "tapboard-control", className: "Tapboard-control")
        display.setSelectionOwner(selection, id)
        guard display.selectionOwner(selection) == id else {
            display.destroy(id)
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
        display.destroy(id)
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
        /// `tapboard clipboard list|clear`: answer this window with the history's entries.
        case clipboard(ClipboardRequest, Window)
        /// `tapboard switch`: a switch went down or up.
        case switchChanged(SwitchRole, down: Bool)
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
        if name == display.atom(Self.clipboardRequest) {
            let requests = ClipboardRequest.allCases
            guard requests.indices.contains(event.data.l.2) else { return nil }
            return .clipboard(requests[event.data.l.2], Window(UInt(bitPattern: event.data.l.1)))
        }
        if name == display.atom(Self.switchRequest) {
            let roles = SwitchRole.allCases
            guard roles.indices.contains(event.data.l.1) else { return nil }
            return .switchChanged(roles[event.data.l.1], down: event.data.l.2 != 0)
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
    /// The request name of `tapboard clipboard` (its third number: `ClipboardRequest.allCases`' index),
    /// the answer's type, and the property the answer's entries are in (`ControlLine.encode(.clipboard)`).
    static let clipboardRequest = "_TAPBOARD_CLIPBOARD_REQUEST", clipboardAnswer = "_TAPBOARD_CLIPBOARD_ANSWER"
    static let clipboardEntries = "_TAPBOARD_CLIPBOARD_ENTRIES"
    /// The request name of `tapboard switch` (its second number: `SwitchRole.allCases`' index; its third: 1 down, 0 up).
    static let switchRequest = "_TAPBOARD_SWITCH"

    /// Answers a `tapboard clipboard` request: the entries in a property of the requester's window, then the answer message.
    static func answerClipboard(_ requester: Window, entries: [ClipboardEntry], display: XDisplay) {
        display.setProperty(clipboardEntries, of: requester, utf8: ControlLine.encode(.clipboard(entries)))
        display.send(display.clientMessage(clipboardAnswer, to: requester), to: requester)
    }

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
