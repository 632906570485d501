import CX11
import TapboardTestKit

/// What the kiosk table asks the server, on a connection of its own: which
/// top-level window is at a point, a window's title, the XKB modifier state.
final class KioskProbe {
    private var display: OpaquePointer?
    private let root: Window

    /// Opens a connection to `displayName`.
    init(displayName: String) throws {
        let d = try XConnection.open(displayName)
        display = d
        root = tb_root_window(d, tb_default_screen(d))
    }

    deinit { close() }

    /// Closes the connection. Call before the server stops.
    func close() {
        if let display { XCloseDisplay(display) }
        display = nil
    }

    /// The root's child (a top-level window, or a window manager's frame) shown at a point, nil over the bare root.
    func topLevel(at point: ScreenPoint) -> Window? {
        guard let display else { return nil }
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(display, root, root, point.x, point.y, &x, &y, &child)
        return child == 0 ? nil : child
    }

    /// The root's child that holds `window` (itself, or a window manager's frame around it).
    func topLevel(of window: Window) -> Window {
        guard let display else { return window }
        return XConnection.topLevel(of: window, on: display, root: root)
    }

    /// What a top-level window is, for a message: the WM_CLASS and title of it or,
    /// for a window manager's frame, of the client inside (the first named window, breadth first).
    func describe(_ window: Window) -> String {
        guard let display else { return "window \(window)" }
        var queue = [window]
        while !queue.isEmpty {
            let current = queue.removeFirst()
            let classes = WindowWatcher.wmClass(of: current, on: display)
            if !classes.isEmpty {
                let name = title(of: current) ?? ""
                return name.isEmpty ? "WM_CLASS \(classes.last ?? "")" : "\"\(name)\""
            }
            var rootReturn: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(display, current, &rootReturn, &parent, &children, &count) != 0 else { continue }
            if let children {
                queue += (0 ..< Int(count)).map { children[$0] }
                XFree(children)
            }
        }
        return "window \(window) (no WM_CLASS)"
    }

    /// A window's title: _NET_WM_NAME (UTF-8), else WM_NAME.
    func title(of window: Window) -> String? {
        guard let display else { return nil }
        var type: Atom = 0, format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let name = XInternAtom(display, "_NET_WM_NAME", 0), utf8 = XInternAtom(display, "UTF8_STRING", 0)
        if XGetWindowProperty(display, window, name, 0, 4096, 0, utf8, &type, &format, &count, &after, &data) == Success,
           let data {
            defer { XFree(data) }
            if type == utf8, format == 8 { return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self) }
        }
        return WindowWatcher.wmName(of: window, on: display)
    }

    /// Waits (blocked on the connection, deadline `timeout`) until a window's title passes `test`; the last title read.
    func waitForTitle(of window: Window, timeout: Duration, until test: (String) -> Bool) -> String? {
        guard let display else { return nil }
        XSelectInput(display, window, PropertyChangeMask)
        var title = self.title(of: window)
        _ = XConnection.pump(display, until: Deadline(timeout), handle: { event in
            if event.type == PropertyNotify, event.xproperty.window == window { title = self.title(of: window) }
        }, done: { title.map(test) ?? false })
        return title
    }

    /// The XKB modifiers held down (base: by keys the server sees down), latched and locked, as masks.
    func modifiers() -> (base: UInt8, latched: UInt8, locked: UInt8) {
        guard let display else { return (0, 0, 0) }
        var state = XkbStateRec()
        guard XkbGetState(display, UInt32(XkbUseCoreKbd), &state) == Success else { return (0, 0, 0) }
        return (state.base_mods, state.latched_mods, state.locked_mods)
    }

    /// A keycode's name: its first keysym (`Shift_L`), else the number.
    func keyName(_ keycode: Int) -> String {
        guard let display else { return "\(keycode)" }
        let keysym = XkbKeycodeToKeysym(display, KeyCode(keycode), 0, 0)
        guard keysym != 0, let name = XKeysymToString(keysym) else { return "keycode \(keycode)" }
        return String(cString: name)
    }

    /// The names of the modifiers in a mask (Shift, Lock, Control, Mod1...Mod5).
    static func modifierNames(_ mask: UInt8) -> [String] {
        ["Shift", "Lock", "Control", "Mod1", "Mod2", "Mod3", "Mod4", "Mod5"].enumerated()
            .filter { mask & (1 << $0.offset) != 0 }.map(\.element)
    }
}
