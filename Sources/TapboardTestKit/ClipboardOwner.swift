import CX11
import Foundation

/// A client that owns the clipboard (CLIPBOARD) with a text, as an application
/// does after Ctrl+C: it answers TARGETS and UTF8_STRING, and, for a text
/// marked secret, KeePassXC's `x-kde-passwordManagerHint` with `secret`. It
/// records what it was asked for, so a test can tell what a keyboard fetched.
/// Requests are answered only while a test calls `serve` or `answerPending`.
public final class ClipboardOwner {
    private let display: OpaquePointer
    private let window: Window
    /// The text owned.
    public private(set) var text = ""
    /// Whether it is marked secret (the hint offered and answered `secret`).
    public private(set) var secret = false
    /// Each request so far: the text owned then and the target asked for, by name.
    public private(set) var asked: [(text: String, target: String)] = []

    /// The hint KeePassXC offers with a password.
    public static let passwordManagerHint = "x-kde-passwordManagerHint"

    /// Connects to the display and makes the (unmapped) window that will own the clipboard.
    public init(displayName: String) throws {
        display = try XConnection.open(displayName)
        let root = tb_root_window(display, tb_default_screen(display))
        window = XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, 0, 0)
        XSync(display, 0)
    }

    deinit {
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    private func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }

    /// Takes the clipboard with a text (marked secret, or not); the server has it when this returns.
    public func own(_ text: String, secret: Bool = false) {
        self.text = text
        self.secret = secret
        XSetSelectionOwner(display, atom("CLIPBOARD"), window, Time(CurrentTime))
        XSync(display, 0)
    }

    /// The targets asked for while `text` was owned.
    public func targetsAsked(for text: String) -> [String] { asked.filter { $0.text == text }.map(\.target) }

    /// Answers requests until `done` holds or the deadline passes; whether it held.
    @discardableResult
    public func serve(until deadline: Deadline, done: () -> Bool) -> Bool {
        XConnection.pump(display, until: deadline, handle: { answer(&$0) }, done: done)
    }

    /// Answers every request the server has sent so far (a round trip first:
    /// whatever another client asked before this call is in by then).
    public func answerPending() {
        XSync(display, 0)
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            answer(&event)
        }
    }

    private func answer(_ event: inout XEvent) {
        guard event.type == SelectionRequest else { return }
        let request = event.xselectionrequest
        let target = XGetAtomName(display, request.target).map { name in
            defer { XFree(name) }
            return String(cString: name)
        } ?? "?"
        asked.append((text, target))
        // An obsolete client names no property: the target's name then.
        let property = request.property != 0 ? request.property : request.target
        var answered = true
        switch target {
        case "TARGETS":
            var targets = [atom("TARGETS"), atom("UTF8_STRING")] + (secret ? [atom(Self.passwordManagerHint)] : [])
            let count = Int32(targets.count)
            targets.withUnsafeMutableBytes {
                _ = XChangeProperty(display, request.requestor, property, XA_ATOM, 32, PropModeReplace,
                                    $0.baseAddress?.assumingMemoryBound(to: UInt8.self), count)
            }
        case "UTF8_STRING":
            var bytes = Array(text.utf8)
            XChangeProperty(display, request.requestor, property, atom("UTF8_STRING"), 8, PropModeReplace, &bytes, Int32(bytes.count))
        case Self.passwordManagerHint where secret:
            var bytes = Array("secret".utf8)
            XChangeProperty(display, request.requestor, property, atom("UTF8_STRING"), 8, PropModeReplace, &bytes, Int32(bytes.count))
        default:
            answered = false
        }
        var notify = XEvent()
        notify.xselection.type = SelectionNotify
        notify.xselection.requestor = request.requestor
        notify.xselection.selection = request.selection
        notify.xselection.target = request.target
        notify.xselection.property = answered ? property : 0
        notify.xselection.time = request.time
        XSendEvent(display, request.requestor, 0, NoEventMask, &notify)
        XSync(display, 0)
    }
}
