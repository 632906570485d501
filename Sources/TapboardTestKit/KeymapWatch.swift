import CX11

/// A client that hears every keymap change, on a connection of its own: it has
/// read its keymap and asked for change notices before the test goes on.
public final class KeymapWatch {
    private let display: OpaquePointer

    /// Connects to `displayName` and waits until the server will send it keymap changes.
    public init(displayName: String) throws {
        display = try XConnection.open(displayName)
        // Xlib reads its XKB keymap and asks for change notices at the first key lookup.
        _ = XKeysymToKeycode(display, KeySym(XK_space))
        XSync(display, 0)
    }

    deinit { XCloseDisplay(display) }

    /// Waits (blocked on the connection between keymap changes) until a keycode
    /// carries `keysym`, as the server says; returns it, nil when `timeout` passes.
    public func waitForKeycode(carrying keysym: KeySym, timeout: Duration = .seconds(5)) -> UInt32? {
        var found: UInt32?
        _ = XConnection.pump(display, until: Deadline(timeout), handle: { event in
            if event.type == MappingNotify { XRefreshKeyboardMapping(&event.xmapping) }
        }, done: {
            found = keycode(carrying: keysym)
            return found != nil
        })
        return found
    }

    /// The keycode carrying `keysym` in the server's mapping now (asked, not Xlib's copy).
    private func keycode(carrying keysym: KeySym) -> UInt32? {
        var lo: Int32 = 0, hi: Int32 = 0, per: Int32 = 0
        XDisplayKeycodes(display, &lo, &hi)
        guard let syms = XGetKeyboardMapping(display, KeyCode(lo), hi - lo + 1, &per) else { return nil }
        defer { XFree(syms) }
        let all = UnsafeBufferPointer(start: syms, count: Int(hi - lo + 1) * Int(per))
        return all.firstIndex(of: keysym).map { UInt32(Int(lo) + $0 / Int(per)) }
    }
}
