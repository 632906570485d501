import CX11
import Foundation

/// The application the keyboard types into: a plain window of the test's own,
/// on its own connection, that holds the input focus and records every KeyPress.
public final class TargetWindow {
    /// One KeyPress as it arrived, for failure messages.
    public struct RecordedPress: CustomStringConvertible {
        /// The X keycode.
        public var keycode: UInt32
        /// The modifier state at the press.
        public var state: UInt32
        /// The keysym XLookupString found (shift respected).
        public var keysym: KeySym
        /// What it adds to the text ("" for modifiers and the like).
        public var text: String
        /// Whether it came from XSendEvent rather than the server's input devices (XTest).
        public var synthetic: Bool
        /// `MonotonicClock.now` when it was read from the connection.
        public var arrivedAt: UInt64

        public var description: String {
            let name = XKeysymToString(keysym).map { String(cString: $0) } ?? "0x\(String(keysym, radix: 16))"
            return "keycode \(keycode) state 0x\(String(state, radix: 16)) \(name) \(text.debugDescription)"
                + (synthetic ? " (XSendEvent)" : "")
        }
    }

    /// The window's id.
    public let window: Window
    private var display: OpaquePointer?
    /// Everything typed so far, one entry per KeyPress that has a character.
    public private(set) var text = ""
    /// Every KeyPress, in order.
    public private(set) var presses: [RecordedPress] = []
    /// Every FocusOut the window got, described (mode and detail).
    public private(set) var focusOuts: [String] = []
    /// How many MappingNotify events arrived (the keyboard remapped keycodes).
    public private(set) var mappingNotifies = 0
    private var mapped = false
    private var focused = false

    /// Creates, maps and (unless `takeFocus` is false) focuses the window at (x, y) with this size.
    public init(displayName: String, x: Int32 = 40, y: Int32 = 40, width: UInt32 = 500, height: UInt32 = 300,
         takeFocus: Bool = true, timeout: Duration = .seconds(10)) throws {
        let d = try XConnection.open(displayName)
        display = d
        let screen = tb_default_screen(d)
        window = XCreateSimpleWindow(d, tb_root_window(d, screen), x, y, width, height, 1,
                                     tb_black_pixel(d, screen), tb_white_pixel(d, screen))
        XStoreName(d, window, "Tapboard test target")
        var hint = XClassHint()
        "tapboard-test-target".withCString { name in
            "TapboardTestTarget".withCString { cls in
                hint.res_name = UnsafeMutablePointer(mutating: name)
                hint.res_class = UnsafeMutablePointer(mutating: cls)
                XSetClassHint(d, window, &hint)
            }
        }
        XSelectInput(d, window, KeyPressMask | KeyReleaseMask | FocusChangeMask | StructureNotifyMask)
        // No key is looked up before the first KeyPress, as in a bare Xlib
        // program: Xlib reads its XKB keymap then, and asks for change notices
        // only after the reply, so a keycode borrowed in between is never heard
        // of. The keyboard must type through that (see SpareKeycodes).
        XMapWindow(d, window)
        guard pump(until: Deadline(timeout), { self.mapped }) else {
            throw HarnessError.timedOut("the target window was not mapped")
        }
        guard !takeFocus || focus(timeout: timeout) else {
            throw HarnessError.timedOut("the target window did not get the focus")
        }
        focusOuts = []
    }

    /// Gives the window the input focus (XSetInputFocus) and waits for its FocusIn;
    /// returns whether it has the focus.
    @discardableResult
    public func focus(timeout: Duration = .seconds(5)) -> Bool {
        guard let display else { return false }
        XSetInputFocus(display, window, RevertToParent, Time(CurrentTime))
        XSync(display, 0)
        if hasFocus {
            focused = true
            return true
        }
        return pump(until: Deadline(timeout), { self.focused }) && hasFocus
    }

    /// The connection's file descriptor, readable when events arrive.
    public var fileDescriptor: Int32 {
        guard let display else { return -1 }
        return tb_connection_number(display)
    }

    /// Forgets the text, presses and focus changes recorded so far (after handling what has arrived).
    public func clearLog() {
        drain()
        text = ""
        presses = []
        focusOuts = []
    }

    /// Blocks in `poll()` on the connection until a KeyPress beyond the first
    /// `count` recorded ones arrives, or the deadline passes; returns it.
    public func waitForPress(after count: Int, until deadline: Deadline) -> RecordedPress? {
        guard pump(until: deadline, { self.presses.count > count }) else { return nil }
        return presses[count]
    }

    /// Handles events as they arrive, blocked in `poll()` on the connection, until the deadline.
    public func handleEvents(until deadline: Deadline) {
        _ = pump(until: deadline) { false }
    }

    /// Handles the events already readable without a round trip or any wait.
    public func handlePending() {
        _ = pump(until: Deadline(.zero)) { true }
    }

    deinit { close() }

    /// Closes the connection (the window goes with it). Call before the server stops.
    public func close() {
        if let display { XCloseDisplay(display) }
        display = nil
    }

    /// Number of characters (Unicode scalars) typed so far.
    public var length: Int { text.unicodeScalars.count }

    /// Handles events until the text has at least `count` characters or the deadline
    /// passes; returns whether it got there.
    @discardableResult
    public func waitForText(length count: Int, timeout: Duration = .seconds(10)) -> Bool {
        pump(until: Deadline(timeout)) { self.length >= count }
    }

    /// Looks a key up for the first time, as a client does when it handles its
    /// first key event: Xlib reads its XKB keymap (a round trip) and queues its
    /// request for change notices without sending it. The next `drain` or wait sends it.
    public func readKeymapWithoutSending() {
        guard let display else { return }
        _ = XKeysymToKeycode(display, KeySym(XK_space))
    }

    /// Handles the events that are already there (after a round trip), without waiting further.
    public func drain() {
        guard let display else { return }
        XSync(display, 0)
        _ = pump(until: Deadline(.zero)) { true }
    }

    /// Whether the window has the input focus now (XGetInputFocus).
    public var hasFocus: Bool {
        guard let display else { return false }
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(display, &focus, &revert)
        return focus == window
    }

    /// The KeyPress log, one per line, for failure messages.
    public var pressLog: String { presses.map(\.description).joined(separator: "\n") }

    private func pump(until deadline: Deadline, _ done: () -> Bool) -> Bool {
        guard let display else { return false }
        return XConnection.pump(display, until: deadline, handle: { handle(&$0) }, done: done)
    }

    private func handle(_ event: inout XEvent) {
        let now = MonotonicClock.now
        switch event.type {
        case KeyPress:
            var keysym: KeySym = 0
            var buffer = [CChar](repeating: 0, count: 32)
            _ = XLookupString(&event.xkey, &buffer, Int32(buffer.count), &keysym, nil)
            let typed = Self.text(of: keysym)
            text += typed
            presses.append(RecordedPress(keycode: event.xkey.keycode, state: event.xkey.state, keysym: keysym, text: typed,
                                         synthetic: event.xkey.send_event != 0, arrivedAt: now))
        case MappingNotify:
            mappingNotifies += 1
            XRefreshKeyboardMapping(&event.xmapping)
        case MapNotify where event.xmap.window == window:
            mapped = true
        case FocusIn where event.xfocus.window == window:
            focused = true
        case FocusOut where event.xfocus.window == window:
            focusOuts.append("FocusOut mode \(event.xfocus.mode) detail \(event.xfocus.detail)")
            focused = false
        default:
            break
        }
    }

    /// The text a keysym types: BackSpace is "\u{8}", Return "\n", others through xkbcommon.
    public static func text(of keysym: KeySym) -> String {
        switch Int32(truncatingIfNeeded: keysym) {
        case XK_BackSpace: return "\u{8}"
        case XK_Return, XK_KP_Enter: return "\n"
        default:
            let code = xkb_keysym_to_utf32(xkb_keysym_t(truncatingIfNeeded: keysym))
            guard code != 0, let scalar = Unicode.Scalar(code) else { return "" }
            return String(scalar)
        }
    }
}
