import CX11
import TapboardCore

/// A control client's connection to the keyboard running on a display
/// (`tapboard show`, `type`, `events`): finds it through the selection, hears
/// when it goes, sends it requests and reads what it says back. The waiting
/// (signals, time) is the caller's: `fileDescriptor` goes into its `poll()`.
public final class ControlClient: ControlChannel {
    private let display: XDisplay
    /// The running keyboard's control window.
    private let owner: Window
    /// A window of our own to be answered at (a typing request's text and
    /// answer, the events listened to); made when first needed.
    private var helper: Window?
    /// The strip's words until their last piece comes (`EventWire`).
    private var words: [UInt8] = []

    /// Connects to the display (`$DISPLAY` when nil) and finds the keyboard there.
    public init(displayName: String?) throws {
        display = try XDisplay.open(name: displayName)
        owner = display.selectionOwner(ControlWindow.selection(screen: display.screen))
        guard owner != 0 else { throw X11Error.notRunning(display.name) }
        // Its DestroyNotify comes when the keyboard has gone.
        display.selectInput(owner, StructureNotifyMask)
    }

    /// The helper window goes first: the keyboard stops typing for a requester whose window goes.
    deinit { if let helper { display.destroy(helper) } }

    /// The display's name as opened.
    public var displayName: String { display.name }

    /// The connection's descriptor, for `poll()`.
    public var fileDescriptor: Int32 { display.fileDescriptor }

    /// What the keyboard says.
    public typealias Message = ControlMessage

    /// Sends a request.
    public func send(_ request: ControlClientRequest) {
        switch request {
        case .command(let command): send(command)
        case .type(let text, let delay): requestTyping(text, delay: delay)
        case .stopTyping: requestStopTyping()
        case .subscribe(let keys): subscribe(keys: keys)
        case .clipboard(let asked):
            self.request(ControlWindow.clipboardRequest, window: helperWindow(), value: ClipboardRequest.allCases.firstIndex(of: asked) ?? 0)
        case .switchChanged(let role, let down):
            // No answer comes: the role's number goes where other requests name a window.
            self.request(ControlWindow.switchRequest, window: Window(SwitchRole.allCases.firstIndex(of: role) ?? 0), value: down ? 1 : 0)
        }
    }

    /// Sends a command (show, hide, toggle, quit).
    public func send(_ command: ControlCommand) {
        request("_TAPBOARD_" + command.rawValue.uppercased())
    }

    /// Asks the keyboard to tap the keys for `text`, `delay` apart; it says `.typed` when done.
    public func requestTyping(_ text: String, delay: Duration) {
        let requester = helperWindow()
        display.setProperty(ControlWindow.typeText, of: requester, utf8: text)
        let ms = delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000
        request(ControlWindow.typeRequest, window: requester, value: Int(ms))
    }

    /// Asks the keyboard to stop typing what `requestTyping` asked; it says `.stoppedTyping`.
    public func requestStopTyping() {
        request(ControlWindow.stopTypingRequest, window: helperWindow())
    }

    /// Asks for the keyboard's published events (typed text too when `keys` and the keyboard publishes it).
    public func subscribe(keys: Bool) {
        request(ControlWindow.subscribe, window: helperWindow(), value: keys ? 1 : 0)
    }

    /// The next message of those that have arrived (reading the connection
    /// once if none is queued); nil when there is none yet.
    public func pendingMessage() -> Message? {
        while display.hasEvents() {
            if let message = message(in: display.nextEvent()) { return message }
        }
        return nil
    }

    /// The next message, waiting for it.
    public func nextMessage() -> Message {
        while true {
            if let message = message(in: display.nextEvent()) { return message }
        }
    }

    private func message(in e: XEvent) -> Message? {
        if e.type == DestroyNotify && e.xdestroywindow.window == owner { return .gone }
        guard e.type == ClientMessage, let helper, e.xclient.window == helper else { return nil }
        if e.xclient.message_type == display.atom(ControlWindow.clipboardAnswer) {
            // The entries as one control line; taken off the window as read.
            let line = display.text(ControlWindow.clipboardEntries, of: helper) ?? ""
            display.deleteProperty(ControlWindow.clipboardEntries, of: helper)
            return ControlLine.message(line.dropLast()) ?? .clipboard([])
        }
        if e.xclient.message_type == display.atom(ControlWindow.typedAnswer) {
            if e.xclient.data.l.1 == 1 { return .stoppedTyping(typed: e.xclient.data.l.2) }
            return .typed(untypable: Array(display.text(ControlWindow.untypedText, of: helper) ?? ""))
        }
        return EventWire.decode(e.xclient, display: display, words: &words).map { .event($0) }
    }

    private func helperWindow() -> Window {
        if let helper { return helper }
        let made = display.createWindow(.inputOnly, overrideRedirect: true)
        helper = made
        return made
    }

    /// Sends a request (an atom name) with a window and a number, and waits until the server has it.
    private func request(_ name: String, window: Window = 0, value: Int = 0) {
        var event = display.clientMessage(ControlWindow.commandType, to: owner)
        event.xclient.data.l.0 = Int(bitPattern: UInt(display.atom(name)))
        event.xclient.data.l.1 = Int(bitPattern: UInt(window))
        event.xclient.data.l.2 = value
        display.send(event, to: owner)
        display.sync()
    }
}
