import CX11
import Foundation

/// An ordinary application window of the test's own, on a connection of its
/// own, for checking what stays above what: placed where asked (USPosition, so
/// a window manager keeps it there), with the root's stacking order read
/// through XQueryTree (children bottom to top).
public final class OrdinaryWindow {
    /// The window's id (the client window, inside any window manager frame).
    public let window: Window
    private var display: OpaquePointer?
    private let root: Window

    /// Creates and maps a window at `placement` and waits (deadline, no sleeping)
    /// until it is viewable, inside a frame if a window manager gives it one.
    public init(displayName: String, placement: WindowPlacement, timeout: Duration = .seconds(10)) throws {
        let d = try XConnection.open(displayName)
        display = d
        let screen = tb_default_screen(d)
        root = tb_root_window(d, screen)
        window = XCreateSimpleWindow(d, root, Int32(placement.x), Int32(placement.y),
                                     UInt32(placement.width), UInt32(placement.height), 0,
                                     tb_black_pixel(d, screen), tb_white_pixel(d, screen))
        XStoreName(d, window, "Tapboard test window")
        if let size = XAllocSizeHints() {
            size.pointee.flags = USPosition | USSize
            size.pointee.x = Int32(placement.x); size.pointee.y = Int32(placement.y)
            size.pointee.width = Int32(placement.width); size.pointee.height = Int32(placement.height)
            XSetWMNormalHints(d, window, size)
            XFree(size)
        }
        // Stacking changes of every top-level window wake `waitUntilBelow`.
        XSelectInput(d, root, SubstructureNotifyMask)
        XSelectInput(d, window, StructureNotifyMask)
        XMapWindow(d, window)
        var mapped = false
        let window = window
        let ok = XConnection.pump(d, until: Deadline(timeout), handle: { event in
            if event.type == MapNotify && event.xmap.window == window { mapped = true }
        }, done: { mapped })
        guard ok else {
            close()
            throw HarnessError.timedOut("the test's ordinary window was not mapped within \(timeout)")
        }
    }

    deinit { close() }

    /// Closes the connection (the window goes with it). Call before the server stops.
    public func close() {
        if let display { XCloseDisplay(display) }
        display = nil
    }

    /// The root's children, bottom to top (XQueryTree).
    public func stackingOrder() -> [Window] {
        guard let display else { return [] }
        return Self.children(of: root, on: display)
    }

    /// The child of the root that holds this window: its window manager's frame, or the window itself.
    public func topLevel() -> Window { topLevel(of: window) }

    /// The child of the root that holds `other`: its window manager's frame, or the window itself.
    public func topLevel(of other: Window) -> Window {
        guard let display else { return other }
        return XConnection.topLevel(of: other, on: display, root: root)
    }

    /// Whether `other`'s top level is above this window's top level in the root's stacking order now.
    public func isBelow(_ other: Window) -> Bool {
        let order = stackingOrder()
        guard let mine = order.firstIndex(of: topLevel()), let theirs = order.firstIndex(of: topLevel(of: other)) else {
            return false
        }
        return mine < theirs
    }

    /// Where the window's top level (frame included) is on the screen.
    public var outerPlacement: WindowPlacement {
        guard let display else { return WindowPlacement(width: 0, height: 0, x: 0, y: 0) }
        return WindowWatcher.placement(of: topLevel(), on: display, root: root)
    }

    /// Where the window itself (without its frame) is on the screen.
    public var placement: WindowPlacement {
        guard let display else { return WindowPlacement(width: 0, height: 0, x: 0, y: 0) }
        return WindowWatcher.placement(of: window, on: display, root: root)
    }

    /// Asks the window manager to maximise the window (EWMH `_NET_WM_STATE`
    /// client message) and waits (deadline) until its outer height changes from
    /// `before`; returns its outer placement then.
    public func maximize(timeout: Duration = .seconds(5)) -> WindowPlacement {
        let before = outerPlacement
        addState("_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ", until: Deadline(timeout)) { self.outerPlacement.height != before.height }
        return outerPlacement
    }

    /// Asks the window manager to make the window full-screen and waits
    /// (deadline) until it covers the screen; returns its placement then.
    public func fullScreen(_ screen: (width: Int, height: Int), timeout: Duration = .seconds(5)) -> WindowPlacement {
        addState("_NET_WM_STATE_FULLSCREEN", until: Deadline(timeout)) {
            let p = self.placement
            return p.x == 0 && p.y == 0 && p.width == screen.width && p.height == screen.height
        }
        return placement
    }

    /// Sends an EWMH `_NET_WM_STATE` add for one or two states, then waits until `done` or the deadline.
    private func addState(_ first: String, _ second: String? = nil, until deadline: Deadline, done: @escaping () -> Bool) {
        guard let display else { return }
        // Add, the states, from an application.
        askRoot("_NET_WM_STATE", [1, Int(bitPattern: UInt(XInternAtom(display, first, 0))),
                                  second.map { Int(bitPattern: UInt(XInternAtom(display, $0, 0))) } ?? 0, 1])
        _ = XConnection.pump(display, until: deadline, handle: { _ in }, done: done)
    }

    /// Asks to be on every desktop (EWMH `_NET_WM_DESKTOP` 0xFFFFFFFF, a
    /// negative number as Xlib hands it to every client listening on the root), as trayer does.
    public func showOnAllDesktops() {
        askRoot("_NET_WM_DESKTOP", [Int(Int32(bitPattern: 0xFFFF_FFFF)), 1])
    }

    /// Sends the window manager (every client listening on the root) a request about the window.
    private func askRoot(_ type: String, _ values: [Int]) {
        guard let display else { return }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = XInternAtom(display, type, 0)
        event.xclient.format = 32
        withUnsafeMutableBytes(of: &event.xclient.data.l) { raw in
            for (i, v) in values.prefix(5).enumerated() { raw.storeBytes(of: v, toByteOffset: i * MemoryLayout<Int>.stride, as: Int.self) }
        }
        XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        XSync(display, 0)
    }

    /// Asks for the window to be raised to the top (XRaiseWindow; a window manager
    /// gets it as a ConfigureRequest); waits for nothing.
    public func raise() {
        guard let display else { return }
        XRaiseWindow(display, window)
        XFlush(display)
    }

    /// Handles stacking changes (SubstructureNotify on the root), blocked in
    /// `poll()`, until `other` is above this window or the deadline passes;
    /// returns whether it is.
    @discardableResult
    public func waitUntilBelow(_ other: Window, timeout: Duration = .seconds(5)) -> Bool {
        guard let display else { return false }
        XSync(display, 0)
        return XConnection.pump(display, until: Deadline(timeout), handle: { _ in }, done: { isBelow(other) })
    }

    /// `WxH+X+Y` of every child of the root, bottom to top, marking `marks`; for failure messages.
    public func describeStacking(marking marks: [Window: String]) -> String {
        guard let display else { return "(closed)" }
        return stackingOrder().map { child in
            var attributes = XWindowAttributes()
            let viewable = XGetWindowAttributes(display, child, &attributes) != 0 && attributes.map_state == IsViewable
            let place = WindowWatcher.placement(of: child, on: display, root: root)
            let mark = marks[child].map { " <- \($0)" } ?? ""
            return "0x\(String(child, radix: 16)) \(place)\(viewable ? "" : " (unmapped)")\(mark)"
        }.joined(separator: "\n")
    }

    private static func children(of window: Window, on display: OpaquePointer) -> [Window] {
        var rootReturn: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, window, &rootReturn, &parent, &children, &count) != 0 else { return [] }
        defer { if let children { XFree(children) } }
        guard let children else { return [] }
        return Array(UnsafeBufferPointer(start: children, count: Int(count)))
    }
}
