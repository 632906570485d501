import CX11
import Glibc
import TapboardCore

/// The keyboard inside another program's window (`--xid`), as greeters and
/// lock screens embed it: the XEmbed protocol's client side. The host (a
/// GtkSocket, a Qt window container) reads the window's id from standard
/// output, reparents the window into its own, sizes it and maps it; the
/// keyboard says through `_XEMBED_INFO` whether it wants to show, follows the
/// size it is given, and quits when the host goes.
final class Embedding {
    private let display: XDisplay
    private let window: Window
    /// The window holding the keyboard, once embedded.
    private(set) var embedder: Window?
    /// The window's frame on the screen, as last known: the host may move with
    /// the keyboard inside it, which the keyboard is not told.
    private var frame: Rect

    /// XEmbed's message type: its messages are about the focus, which the
    /// keyboard never takes (being embedded, it hears of by ReparentNotify).
    static let messageType = "_XEMBED"
    static let atoms = [messageType, "_XEMBED_INFO"]

    /// The size asked of a host that gives none, when `--geometry` names none:
    /// small enough for any greeter's panel (a GtkSocket cannot be made smaller
    /// than it), a keyboard still; hosts give the size they have.
    static let preferredSize = Size(width: 480, height: 200)

    /// Says what the window is: shown or not at first, and the size it would
    /// like (`preferred`, else `preferredSize`).
    init(display: XDisplay, window: Window, frame: Rect, preferred: Size?, mapped: Bool) {
        self.display = display
        self.window = window
        self.frame = frame
        display.setClass(of: window, name: "tapboard", className: "tapboard")
        display.setEmbedInfo(of: window, mapped: mapped, size: preferred ?? Self.preferredSize)
    }

    /// Tells the host the window's id, in decimal on a line of standard output,
    /// once the server has the window (the host reparents it at once).
    func announce() {
        display.sync()
        let line = decimalText(Int(window)) + "\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count - 1) }
    }

    /// Shown or hidden: the flag the host follows, and, once embedded, the
    /// window itself (a host that does not read the flag, such as a Qt window
    /// container, still sees it go). Before it is embedded the window is a
    /// top-level one and is never mapped, or it would show on its own.
    func setMapped(_ mapped: Bool) {
        display.setEmbedInfo(of: window, mapped: mapped)
        if embedder != nil {
            if mapped { display.map(window) } else { display.unmap(window) }
        }
        display.flush()
    }

    /// The window was reparented: into a host, or back to the root when the
    /// host died with it in its save-set (GtkSocket's case): the host is gone.
    func reparented(_ event: XReparentEvent) -> SessionInput? {
        guard event.window == window else { return nil }
        if event.parent == display.root { return embedder == nil ? nil : .embedderGone }
        embedder = event.parent
        return nil
    }

    /// Whether a ClientMessage is XEmbed's (then nothing else reads it).
    func isMessage(_ event: XClientMessageEvent) -> Bool {
        event.window == window && event.message_type == display.atom(Self.messageType)
    }

    /// The window's place on the screen, as a ConfigureNotify told it.
    func configured(_ frame: Rect) { self.frame = frame }

    /// A contact began at `point` in the window, `root` on the screen: when the
    /// two say the window is elsewhere than last known (its host moved), the
    /// session hears where, before the contact, so callouts open over the key.
    func contactBegan(at point: Point, root: Point) -> SessionInput? {
        let origin = Point(x: root.x - point.x, y: root.y - point.y)
        guard origin != frame.origin else { return nil }
        frame.x = origin.x
        frame.y = origin.y
        return .windowConfigured(frame)
    }
}
