import CX11
import Glibc
import TapboardCore

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
    public static func open(name: String?) throws -> XDisplay { try XDisplay(name: name) }

    private init(name: String?) throws {
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

    /// The X resources the server holds (RESOURCE_MANAGER), if it holds any.
    var resources: String? { XResourceManagerString(pointer).map { String(cString: $0) } }

    /// The default screen's number, its size in pixels and in millimetres.
    var screenMetrics: [Int] {
        [Int(screen), Int(tb_display_width(pointer, screen)), Int(tb_display_height(pointer, screen)),
         Int(tb_display_width_mm(pointer, screen)), Int(tb_display_height_mm(pointer, screen))]
    }

    /// The name of an atom, if it is one.
    func name(of atom: Atom) -> String? {
        guard let name = XGetAtomName(pointer, atom) else { return nil }
        defer { XFree(name) }
        return String(cString: name)
    }

    // MARK: - Events

    /// Whether events wait: sends what is buffered, then reads the connection
    /// if nothing is queued yet (XPending).
    func hasEvents() -> Bool { XPending(pointer) > 0 }

    /// Whether events are queued: those read already, or (`reading`) after
    /// reading what the connection holds too.
    func eventsQueued(reading: Bool) -> Bool {
        XEventsQueued(pointer, reading ? QueuedAfterReading : QueuedAlready) > 0
    }

    /// The next event; waits for one when none is queued.
    func nextEvent() -> XEvent {
        var event = XEvent()
        XNextEvent(pointer, &event)
        return event
    }

    /// Keeps Xlib's copy of the keymap current after a MappingNotify.
    func refreshKeyboardMapping(_ event: inout XEvent) { XRefreshKeyboardMapping(&event.xmapping) }
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
    say("X error: \(message) (request \(e.request_code).\(e.minor_code), resource 0x\(String(e.resourceid, radix: 16)))")
    return 0
}

/// The connection is gone: there is nothing left to release in that server; say so and exit.
private func xIOErrorHandler(_ display: OpaquePointer?) -> Int32 {
    let name = display.flatMap { XDisplayString($0) }.map { String(cString: $0) } ?? ""
    say("lost the connection to the X server \(name)")
    exit(1)
}

/// Says an error Xlib reports on standard error, at once: it comes in the
/// middle of a request, the I/O error just before the process ends, and for
/// every connection (a control client's too), with no loop to hand it to.
private func say(_ message: String) {
    var bytes = Array(logLine(message).utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
