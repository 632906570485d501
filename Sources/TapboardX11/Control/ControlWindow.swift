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
    /// (then that keyboard gets SelectionClear and quits). `claim` false (an
    /// embedded keyboard, `--xid`): the window only, no selection: the host
    /// controls the keyboard, and the user's own keyboard on the display (at a
    /// lock screen) goes on as it was.
    init(display: XDisplay, replace: Bool, claim: Bool = true) throws {
        self.display = display
        let selection = Self.selection(screen: display.screen)
        if claim, display.selectionOwner(selection) != 0 && !replace { throw X11Error.alreadyRunning(display.name) }
        id = display.createWindow(.inputOnly, overrideRedirect: true, eventMask: PropertyChangeMask)
        display.setClass(of: id, name: "tapboard-control", className: "Tapboard-control")
        guard claim else { return }
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

    /// The property of a client's window its requests wait in, `ControlLine`
    /// lines appended one after another (the keyboard takes and deletes them,
    /// which tells the client they are taken), and the one the keyboard's
    /// answers wait in, likewise (the client takes them as they come).
    static let requestProperty = "_TAPBOARD_REQUEST", answerProperty = "_TAPBOARD_ANSWER"

    /// The requests a ClientMessage to this window rings for: the requester
    /// window it names and the lines waiting there, each read or what is
    /// wrong with it; nil when the message is no control request.
    func requests(in event: XClientMessageEvent) -> (requester: Window, requests: [Result<ControlClientRequest, ControlLineError>])? {
        guard event.window == id, event.message_type == display.atom(Self.commandType), event.format == 32 else { return nil }
        let requester = Window(UInt(bitPattern: event.data.l.1))
        var bytes: [UInt8] = []
        // A client killed meanwhile has no window left: no request.
        display.quietly {
            bytes = display.takeProperty(display.atom(Self.requestProperty), of: requester, maxBytes: 1 << 26, delete: true)?.bytes ?? []
        }
        // Several rings may come for lines one read took: the later ones find none.
        let lines = ControlLine.lines(String(decoding: bytes, as: UTF8.self))
        return (requester, lines.map { line in Result { () throws(ControlLineError) in try ControlLine.decodeRequest(line) } })
    }

    /// Answers a requester window: the message's line at the end of its answer
    /// property (its window may have gone meanwhile, a killed client: no error).
    static func answer(_ requester: Window, _ message: ControlMessage, display: XDisplay) {
        display.quietly { display.appendProperty(answerProperty, of: requester, utf8: ControlLine.encode(message)) }
        display.flush()
    }

    /// Whether a SelectionClear means another keyboard took this display over.
    func lostSelection(_ event: XSelectionClearEvent) -> Bool {
        event.window == id && event.selection == display.atom(Self.selection(screen: display.screen))
    }
}
