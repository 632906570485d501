import CX11
import Glibc

/// An open connection to an X server; closes it when released.
public final class XDisplay {
    /// The Xlib display pointer.
    let pointer: OpaquePointer
    /// The default screen's number.
    let screen: Int32
    /// The root window of the default screen.
    let root: Window
    /// The display's name as opened.
    public let name: String
    private var atoms: [String: Atom] = [:]

    /// Opens the display named, or `$DISPLAY` when nil; the name is used exactly.
    public init(name: String?) throws {
        let chosen = name ?? getenv("DISPLAY").map { String(cString: $0) }
        guard let chosen, !chosen.isEmpty else { throw X11Error.noDisplay }
        guard let d = XOpenDisplay(chosen) else { throw X11Error.cannotOpenDisplay(chosen) }
        pointer = d
        self.name = chosen
        screen = tb_default_screen(d)
        root = tb_root_window(d, screen)
        XSetErrorHandler(xErrorHandler)
        XSetIOErrorHandler(xIOErrorHandler)
    }

    deinit { XCloseDisplay(pointer) }

    /// The file descriptor of the connection, for `poll()`.
    var fileDescriptor: Int32 { tb_connection_number(pointer) }

    /// The default screen's size in pixels.
    var screenSize: (width: Int, height: Int) {
        (Int(tb_display_width(pointer, screen)), Int(tb_display_height(pointer, screen)))
    }

    /// The atom with this name, interned once and cached.
    func atom(_ name: String) -> Atom {
        if let a = atoms[name] { return a }
        let a = XInternAtom(pointer, name, 0)
        atoms[name] = a
        return a
    }

    /// Interns the names not cached yet in one round trip: Xlib sends every
    /// request before it waits for the first reply, where `atom` waits for each.
    func internAtoms(_ names: [String]) {
        var missing: [String] = []
        for name in names where atoms[name] == nil && !missing.contains(name) { missing.append(name) }
        guard !missing.isEmpty else { return }
        var cNames: [UnsafeMutablePointer<CChar>?] = missing.map { strdup($0) }
        defer { cNames.forEach { free($0) } }
        var interned = [Atom](repeating: 0, count: missing.count)
        guard XInternAtoms(pointer, &cNames, Int32(missing.count), 0, &interned) != 0 else { return }
        for (name, atom) in zip(missing, interned) where atom != 0 { atoms[name] = atom }
    }

    /// What the keyboard's windows are said to be (EWMH), whose atoms a start
    /// asks for: with `internAtoms` at once, they cost one round trip, not 15.
    static let windowAtoms = [
        "UTF8_STRING", "WM_PROTOCOLS", "WM_DELETE_WINDOW", "_NET_WM_NAME", "_NET_WM_PID",
        "_NET_WM_WINDOW_TYPE", "_NET_WM_WINDOW_TYPE_UTILITY", "_NET_WM_WINDOW_TYPE_DOCK",
        "_NET_WM_STATE", "_NET_WM_STATE_ABOVE", "_NET_WM_STATE_STICKY", "_NET_WM_STATE_SKIP_TASKBAR",
        "_NET_WM_STATE_SKIP_PAGER", "_NET_WM_STRUT", "_NET_WM_STRUT_PARTIAL", "_NET_ACTIVE_WINDOW",
    ]

    /// A graphics context for copying between drawables; it asks for no
    /// GraphicsExpose/NoExpose events, which every copy would otherwise send back.
    func copyGC(for drawable: Drawable) -> GC {
        var values = XGCValues()
        values.graphics_exposures = 0
        return XCreateGC(pointer, drawable, UInt(GCGraphicsExposures), &values)!
    }

    /// Sends requests whose failure is expected and harmless (a window of
    /// another client's, which may go away at any moment): their errors are not reported.
    func quietly(_ body: () -> Void) {
        let first = XNextRequest(pointer)
        body()
        let last = XNextRequest(pointer)
        // Errors come in order: those of requests the server has answered past are read already.
        let answered = XLastKnownRequestProcessed(pointer)
        quietRequests.removeAll { $0.upperBound <= answered }
        if last > first { quietRequests.append(first ..< last) }
    }

    /// Sends buffered requests.
    func flush() { XFlush(pointer) }

    /// Sends buffered requests and waits until the server has handled them.
    func sync() { XSync(pointer, 0) }

    /// The resolution fonts are rendered for: the `Xft.dpi` resource, else 96.
    var dpi: Double {
        guard let value = XGetDefault(pointer, "Xft", "dpi"), let dpi = Double(String(cString: value)),
              dpi >= 48, dpi <= 480 else { return 96 }
        return dpi
    }
}

/// Windows another client destroyed under the keyboard: requests already on
/// their way to them fail, and saying so would only be noise. Touched on the
/// keyboard's thread only (Xlib calls the handler there).
nonisolated(unsafe) var destroyedWindows: Set<Window> = []

/// The serials of requests sent `quietly`, until the server has answered past them.
nonisolated(unsafe) private var quietRequests: [Range<UInt>] = []

/// The window a queued DestroyNotify is looked for, and whether one was seen.
nonisolated(unsafe) private var destroyedLookup: (window: Window, seen: Bool) = (0, false)

/// Whether a DestroyNotify for the window waits in the queue: Xlib calls the
/// error handler as it reads the error, before the events read with it are handled.
private func destructionQueued(_ display: OpaquePointer, _ window: Window) -> Bool {
    destroyedLookup = (window, false)
    var event = XEvent()
    // The predicate only looks; it takes nothing from the queue.
    _ = XCheckIfEvent(display, &event, { _, event, _ in
        if let e = event?.pointee, e.type == DestroyNotify, e.xdestroywindow.window == destroyedLookup.window {
            destroyedLookup.seen = true
        }
        return 0
    }, nil)
    return destroyedLookup.seen
}

/// Reports X protocol errors without exiting; a bad request must not kill the keyboard.
private func xErrorHandler(_ display: OpaquePointer?, _ event: UnsafeMutablePointer<XErrorEvent>?) -> Int32 {
    guard let display, let e = event?.pointee, !destroyedWindows.contains(e.resourceid),
          !quietRequests.contains(where: { $0.contains(e.serial) }) else { return 0 }
    if Int32(e.error_code) == BadWindow || Int32(e.error_code) == BadDrawable, destructionQueued(display, e.resourceid) {
        destroyedWindows.insert(e.resourceid)
        return 0
    }
    var text = [CChar](repeating: 0, count: 256)
    XGetErrorText(display, Int32(e.error_code), &text, Int32(text.count))
    let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    logError("X error: \(message) (request \(e.request_code).\(e.minor_code), resource 0x\(String(e.resourceid, radix: 16)))")
    return 0
}

/// The connection is gone: there is nothing left to release in that server; say so and exit.
private func xIOErrorHandler(_ display: OpaquePointer?) -> Int32 {
    let name = display.flatMap { XDisplayString($0) }.map { String(cString: $0) } ?? ""
    logError("lost the connection to the X server \(name)")
    exit(1)
}
