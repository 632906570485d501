import CX11
import Foundation

/// The application the keyboard types into: a plain window of the test's own,
/// on its own connection, that holds the input focus and records every KeyPress.
final class TargetWindow {
    /// One KeyPress as it arrived, for failure messages.
    struct RecordedPress: CustomStringConvertible {
        /// The X keycode.
        var keycode: UInt32
        /// The modifier state at the press.
        var state: UInt32
        /// The keysym XLookupString found (shift respected).
        var keysym: KeySym
        /// What it adds to the text ("" for modifiers and the like).
        var text: String

        var description: String {
            let name = XKeysymToString(keysym).map { String(cString: $0) } ?? "0x\(String(keysym, radix: 16))"
            return "keycode \(keycode) state 0x\(String(state, radix: 16)) \(name) \(text.debugDescription)"
        }
    }

    /// The window's id.
    let window: Window
    private var display: OpaquePointer?
    /// Everything typed so far, one entry per KeyPress that has a character.
    private(set) var text = ""
    /// Every KeyPress, in order.
    private(set) var presses: [RecordedPress] = []
    /// Every FocusOut the window got, described (mode and detail).
    private(set) var focusOuts: [String] = []
    /// How many MappingNotify events arrived (the keyboard remapped keycodes).
    private(set) var mappingNotifies = 0
    private var mapped = false
    private var focused = false

    /// Creates, maps and focuses the window at (x, y) with this size.
    init(displayName: String, x: Int32 = 40, y: Int32 = 40, width: UInt32 = 500, height: UInt32 = 300,
         timeout: Duration = .seconds(10)) throws {
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
        XMapWindow(d, window)
        guard pump(until: Deadline(timeout), { self.mapped }) else {
            throw HarnessError.timedOut("the target window was not mapped")
        }
        XSetInputFocus(d, window, RevertToParent, Time(CurrentTime))
        guard pump(until: Deadline(timeout), { self.focused }) else {
            throw HarnessError.timedOut("the target window did not get the focus")
        }
        focusOuts = []
    }

    deinit { close() }

    /// Closes the connection (the window goes with it). Call before the server stops.
    func close() {
        if let display { XCloseDisplay(display) }
        display = nil
    }

    /// Number of characters (Unicode scalars) typed so far.
    var length: Int { text.unicodeScalars.count }

    /// Handles events until the text has at least `count` characters or the deadline
    /// passes; returns whether it got there.
    @discardableResult
    func waitForText(length count: Int, timeout: Duration = .seconds(10)) -> Bool {
        pump(until: Deadline(timeout)) { self.length >= count }
    }

    /// Handles the events that are already there (after a round trip), without waiting.
    func drain() {
        guard let display else { return }
        XSync(display, 0)
        _ = pump(until: Deadline(.zero)) { true }
    }

    /// Whether the window has the input focus now (XGetInputFocus).
    var hasFocus: Bool {
        guard let display else { return false }
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(display, &focus, &revert)
        return focus == window
    }

    /// The KeyPress log, one per line, for failure messages.
    var pressLog: String { presses.map(\.description).joined(separator: "\n") }

    private func pump(until deadline: Deadline, _ done: () -> Bool) -> Bool {
        guard let display else { return false }
        return XConnection.pump(display, until: deadline, handle: { handle(&$0) }, done: done)
    }

    private func handle(_ event: inout XEvent) {
        switch event.type {
        case KeyPress:
            var keysym: KeySym = 0
            var buffer = [CChar](repeating: 0, count: 32)
            _ = XLookupString(&event.xkey, &buffer, Int32(buffer.count), &keysym, nil)
            let typed = Self.text(of: keysym)
            text += typed
            presses.append(RecordedPress(keycode: event.xkey.keycode, state: event.xkey.state, keysym: keysym, text: typed))
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
    static func text(of keysym: KeySym) -> String {
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
