import CX11
import Foundation

/// Opening X connections for the harness.
///
/// Xlib's default error handler exits the process on any protocol error (a
/// window that vanished between an event and a query, say). The harness's
/// connections only report them on stderr.
public enum XConnection {
    /// Whether X protocol errors are written to stderr (the bench turns this off:
    /// windows of other programs come and go while it watches them).
    nonisolated(unsafe) public static var reportsErrors = true

    private static let installHandler: Void = {
        _ = XSetErrorHandler { _, event in
            if let event, XConnection.reportsErrors {
                let message = "X11 test harness: X error code \(event.pointee.error_code) "
                    + "request \(event.pointee.request_code).\(event.pointee.minor_code) "
                    + "resource 0x\(String(event.pointee.resourceid, radix: 16))\n"
                FileHandle.standardError.write(Data(message.utf8))
            }
            return 0
        }
    }()

    /// Opens a connection to `name` exactly (never `$DISPLAY`).
    public static func open(_ name: String) throws -> OpaquePointer {
        _ = installHandler
        guard let display = XOpenDisplay(name) else { throw HarnessError.cannotOpenDisplay(name) }
        return display
    }

    /// Handles queued and arriving events with `handle` until `done` is true or
    /// the deadline passes; blocks in `poll()` on the connection, never sleeps.
    /// `extraDescriptors` readable also wake it up (to check `done` again).
    public static func pump(_ display: OpaquePointer, until deadline: Deadline, extraDescriptors: [Int32] = [],
                     handle: (inout XEvent) -> Void, done: () -> Bool) -> Bool {
        let fd = tb_connection_number(display)
        while true {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                handle(&event)
            }
            if done() { return true }
            if deadline.hasPassed { return false }
            // A round trip in `done` (a query) may have read events into Xlib's
            // queue, where poll() cannot see them: handle them before blocking.
            if XEventsQueued(display, QueuedAlready) > 0 { continue }
            if deadline.waitReadable([fd] + extraDescriptors).isEmpty {
                while XPending(display) > 0 {
                    var event = XEvent()
                    XNextEvent(display, &event)
                    handle(&event)
                }
                return done()
            }
        }
    }

    /// The child of `root` that holds `window`: its window manager's frame, or the window itself.
    public static func topLevel(of window: Window, on display: OpaquePointer, root: Window) -> Window {
        var current = window
        while true {
            var rootReturn: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(display, current, &rootReturn, &parent, &children, &count) != 0 else { return current }
            if let children { XFree(children) }
            if parent == root || parent == 0 { return current }
            current = parent
        }
    }

    /// A property of the root window of `displayName`, its bytes as text (a
    /// 32-bit one's too, for telling it is there); nil when it is not set.
    public static func rootProperty(_ name: String, on displayName: String) throws -> String? {
        let d = try open(displayName)
        defer { XCloseDisplay(d) }
        var type: Atom = 0, format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(d, tb_root_window(d, tb_default_screen(d)), XInternAtom(d, name, 0), 0, 256, 0, Atom(AnyPropertyType),
                                 &type, &format, &count, &after, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        guard type != 0 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(count) * Int(format / 8)), as: UTF8.self)
    }
}
