import CX11

/// A pointer driven through XTest on a connection of its own, plus queries of
/// the server's keyboard state.
public final class Tapper {
    private var display: OpaquePointer?
    private let screen: Int32

    /// Opens a connection to `displayName` and checks it has XTest.
    public init(displayName: String) throws {
        let d = try XConnection.open(displayName)
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(d, &event, &error, &major, &minor) != 0 else {
            XCloseDisplay(d)
            throw HarnessError.noXTest(displayName)
        }
        display = d
        screen = tb_default_screen(d)
    }

    deinit { close() }

    /// Closes the connection. Call before the server stops.
    public func close() {
        if let display { XCloseDisplay(display) }
        display = nil
    }

    /// Moves the pointer to a point.
    public func move(to point: ScreenPoint) {
        guard let display else { return }
        XTestFakeMotionEvent(display, screen, point.x, point.y, 0)
        XSync(display, 0)
    }

    /// Presses button 1 where the pointer is.
    public func press() {
        guard let display else { return }
        XTestFakeButtonEvent(display, 1, 1, 0)
        XSync(display, 0)
    }

    /// Releases button 1.
    public func release() {
        guard let display else { return }
        XTestFakeButtonEvent(display, 1, 0, 0)
        XSync(display, 0)
    }

    /// A tap: move to the point, press and release button 1, flush.
    public func tap(_ point: ScreenPoint) {
        guard let display else { return }
        XTestFakeMotionEvent(display, screen, point.x, point.y, 0)
        XTestFakeButtonEvent(display, 1, 1, 0)
        XTestFakeButtonEvent(display, 1, 0, 0)
        XFlush(display)
        XSync(display, 0)
    }

    /// A drag: press at `from`, move to `to` in `steps` motions, release there.
    public func drag(from: ScreenPoint, to: ScreenPoint, steps: Int = 8) {
        guard let display else { return }
        XTestFakeMotionEvent(display, screen, from.x, from.y, 0)
        XTestFakeButtonEvent(display, 1, 1, 0)
        for step in 1...max(1, steps) {
            let x = from.x + (to.x - from.x) * Int32(step) / Int32(max(1, steps))
            let y = from.y + (to.y - from.y) * Int32(step) / Int32(max(1, steps))
            XTestFakeMotionEvent(display, screen, x, y, 0)
        }
        XTestFakeButtonEvent(display, 1, 0, 0)
        XFlush(display)
        XSync(display, 0)
    }

    /// A slide: press at the first point, move through the others, release at the
    /// last; each point synced, so the keyboard reads each where it is.
    public func slide(through points: [ScreenPoint]) {
        guard let display, let first = points.first else { return }
        XTestFakeMotionEvent(display, screen, first.x, first.y, 0)
        XTestFakeButtonEvent(display, 1, 1, 0)
        XSync(display, 0)
        for point in points.dropFirst() {
            XTestFakeMotionEvent(display, screen, point.x, point.y, 0)
            XSync(display, 0)
        }
        XTestFakeButtonEvent(display, 1, 0, 0)
        XSync(display, 0)
    }

    /// Queues a press or release of button 1 where the pointer is, without
    /// flushing: `flush()` sends it, so a caller can time the flush.
    public func queueButton(down: Bool) {
        guard let display else { return }
        XTestFakeButtonEvent(display, 1, down ? 1 : 0, 0)
    }

    /// Queues a press and release of another button (2 to 5: middle, right, wheel), without flushing.
    public func otherButton(_ button: UInt32) {
        guard let display else { return }
        XTestFakeButtonEvent(display, button, 1, 0)
        XTestFakeButtonEvent(display, button, 0, 0)
    }

    /// Queues a pointer motion to a point, without flushing.
    public func queueMotion(to point: ScreenPoint) {
        guard let display else { return }
        XTestFakeMotionEvent(display, screen, point.x, point.y, 0)
    }

    /// Sends what is queued (XFlush), without waiting for the server.
    public func flush() {
        guard let display else { return }
        XFlush(display)
    }

    /// Sends what is queued and waits until the server has handled it (XSync).
    public func sync() {
        guard let display else { return }
        XSync(display, 0)
    }

    /// Presses or releases a keycode through XTest (for checking the harness itself).
    public func key(_ keycode: UInt32, down: Bool) {
        guard let display else { return }
        XTestFakeKeyEvent(display, keycode, down ? 1 : 0, 0)
        XSync(display, 0)
    }

    /// Presses and releases a keycode as the server's own keyboard device
    /// ("Xvfb keyboard", not XTest's): for the server, a key typed on a
    /// hardware keyboard. False when the server has no such device.
    @discardableResult
    public func hardwareKey(_ keycode: UInt32) -> Bool {
        guard let display, let device = inputDevices().first(where: { $0.name == "Xvfb keyboard" }) else { return false }
        var xvfbKeyboard = XDevice(device_id: XID(device.id), num_classes: 0, classes: nil)
        XTestFakeDeviceKeyEvent(display, &xvfbKeyboard, keycode, 1, nil, 0, 0)
        XTestFakeDeviceKeyEvent(display, &xvfbKeyboard, keycode, 0, nil, 0, 0)
        XSync(display, 0)
        return true
    }

    /// The keycode that has this keysym in the current mapping (0 if none).
    public func keycode(for keysym: Int32) -> UInt32 {
        guard let display else { return 0 }
        return UInt32(XKeysymToKeycode(display, KeySym(keysym)))
    }

    /// The keycodes the server reports down (XQueryKeymap); empty when no key is down.
    public func keysDown() -> [Int] {
        guard let display else { return [] }
        var keys = [CChar](repeating: 0, count: 32)
        XQueryKeymap(display, &keys)
        var down: [Int] = []
        for (byte, bits) in keys.enumerated() where bits != 0 {
            for bit in 0..<8 where UInt8(bitPattern: bits) & (1 << bit) != 0 { down.append(byte * 8 + bit) }
        }
        return down
    }

    /// Whether no key is down at all (XQueryKeymap all zero).
    public var noKeyDown: Bool { keysDown().isEmpty }

    /// The server's input devices now (XInput2).
    public func inputDevices() -> [InputDevice] {
        guard let display else { return [] }
        return SwitchBox.devices(display)
    }

    /// Where the pointer is on the screen.
    public func pointerPosition() -> ScreenPoint {
        guard let display else { return ScreenPoint(x: -1, y: -1) }
        var root: Window = 0, child: Window = 0
        var rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0
        var mask: UInt32 = 0
        XQueryPointer(display, tb_root_window(display, screen), &root, &child, &rx, &ry, &wx, &wy, &mask)
        return ScreenPoint(x: rx, y: ry)
    }

    /// Whether no client holds or freezes the pointer now: a window manager's
    /// click-to-focus grab freezes it until the manager lets the click through,
    /// and presses made meanwhile come out later, all where the last motion left it.
    public func pointerFree() -> Bool {
        guard let display else { return false }
        let result = XGrabPointer(display, tb_root_window(display, screen), 0, 0, GrabModeAsync, GrabModeAsync, 0, 0, UInt(CurrentTime))
        if result == GrabSuccess { XUngrabPointer(display, UInt(CurrentTime)) }
        XSync(display, 0)
        return result == GrabSuccess
    }

    /// Whether another client grabs the pointer now (a grab tried here is refused).
    /// The grab tried holds the pointer for a moment: a client grabbing it then
    /// is refused, as it would be by a window manager's grab.
    public func pointerGrabbedElsewhere() -> Bool {
        guard let display else { return false }
        let root = tb_root_window(display, screen)
        let result = XGrabPointer(display, root, 0, 0, GrabModeAsync, GrabModeAsync, 0, 0, UInt(CurrentTime))
        if result == GrabSuccess { XUngrabPointer(display, UInt(CurrentTime)) }
        XSync(display, 0)
        return result == AlreadyGrabbed
    }

    /// Moves the pointer to a point and takes it (an active grab on the root, as
    /// a window manager or a menu holds it for a moment): other clients' grabs
    /// fail until `letPointerGo`. Whether the grab was had.
    public func moveAndHoldPointer(to point: ScreenPoint) -> Bool {
        guard let display else { return false }
        XTestFakeMotionEvent(display, screen, point.x, point.y, 0)
        let result = XGrabPointer(display, tb_root_window(display, screen), 0, 0, GrabModeAsync, GrabModeAsync, 0, 0, UInt(CurrentTime))
        XSync(display, 0)
        return result == GrabSuccess
    }

    /// Lets go of the pointer `moveAndHoldPointer` took.
    public func letPointerGo() {
        guard let display else { return }
        XUngrabPointer(display, UInt(CurrentTime))
        XSync(display, 0)
    }

    /// The pointer buttons down (XQueryPointer's mask), 0 when none.
    public func buttonsDown() -> UInt32 {
        guard let display else { return 0 }
        var root: Window = 0, child: Window = 0
        var rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0
        var mask: UInt32 = 0
        XQueryPointer(display, tb_root_window(display, screen), &root, &child, &rx, &ry, &wx, &wy, &mask)
        return mask & UInt32(Button1Mask | Button2Mask | Button3Mask | Button4Mask | Button5Mask)
    }

    /// Sets the keysyms of one keycode (XChangeKeyboardMapping), as a keyboard does
    /// with a spare keycode; for checking the harness itself.
    public func setKeysyms(_ keysyms: [KeySym], for keycode: Int) {
        guard let display, !keysyms.isEmpty else { return }
        var syms = keysyms
        XChangeKeyboardMapping(display, Int32(keycode), Int32(syms.count), &syms, 1)
        XSync(display, 0)
    }

    /// A snapshot of the core keyboard mapping.
    public func keyboardMapping() -> KeyboardMapping {
        guard let display else { return KeyboardMapping(minKeycode: 0, perKeycode: 0, keysyms: []) }
        var minCode: Int32 = 0, maxCode: Int32 = 0, per: Int32 = 0
        XDisplayKeycodes(display, &minCode, &maxCode)
        let count = maxCode - minCode + 1
        guard let syms = XGetKeyboardMapping(display, KeyCode(minCode), count, &per) else {
            return KeyboardMapping(minKeycode: Int(minCode), perKeycode: 0, keysyms: [])
        }
        defer { XFree(syms) }
        let all = Array(UnsafeBufferPointer(start: syms, count: Int(count) * Int(per)))
        return KeyboardMapping(minKeycode: Int(minCode), perKeycode: Int(per), keysyms: all)
    }
}

