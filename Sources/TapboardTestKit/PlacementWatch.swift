import CX11

/// Follows where a window manager puts one of the keyboard's windows (found
/// by WM_CLASS at any depth: in its manager's frame), from its ConfigureNotify
/// events, real and the manager's synthetic ones, on a connection of its own.
public final class PlacementWatch {
    private let display: OpaquePointer
    private let window: Window
    private let root: Window
    /// The tops it was put at on the screen since the watch began or was last reset, in order.
    public private(set) var tops: [Int] = []

    /// Starts watching the window whose WM_CLASS instance is `name` (it must exist, mapped or not).
    public init(named name: String, on displayName: String) throws {
        let display = try XConnection.open(displayName)
        let root = tb_root_window(display, tb_default_screen(display))
        var found: Window = 0
        func visit(_ w: Window, depth: Int) {
            var rootReturn: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard found == 0, XQueryTree(display, w, &rootReturn, &parent, &children, &count) != 0 else { return }
            defer { if let children { XFree(children) } }
            for i in 0 ..< Int(count) {
                guard let child = children?[i] else { continue }
                if WindowWatcher.wmClass(of: child, on: display).first == name { found = child; return }
                if depth < 3 { visit(child, depth: depth + 1) }
            }
        }
        visit(root, depth: 0)
        guard found != 0 else {
            XCloseDisplay(display)
            throw HarnessError.processFailed("no window with WM_CLASS \(name)")
        }
        self.display = display
        self.root = root
        window = found
        XSelectInput(display, window, StructureNotifyMask)
        XSync(display, 0)
    }

    deinit { XCloseDisplay(display) }

    /// Forgets the tops seen so far.
    public func reset() {
        update()
        tops = []
    }

    /// Reads the events that have come, without waiting.
    public func update() {
        _ = XConnection.pump(display, until: Deadline(.zero), handle: handle, done: { false })
    }

    /// Waits (deadline `timeout`) until the window was put above `limit` and
    /// then back at or below it; whether it was.
    public func waitUntilMovedAboveAndBack(_ limit: Int, timeout: Duration = .seconds(5)) -> Bool {
        XConnection.pump(display, until: Deadline(timeout), handle: handle, done: {
            guard let above = self.tops.firstIndex(where: { $0 < limit }) else { return false }
            return self.tops[above...].last.map { $0 >= limit } ?? false
        })
    }

    private func handle(_ event: inout XEvent) {
        guard event.type == ConfigureNotify, event.xconfigure.window == window else { return }
        // A manager's own event gives the place on the screen; the server's, within the frame.
        if event.xconfigure.send_event != 0 {
            tops.append(Int(event.xconfigure.y))
        } else {
            var x: Int32 = 0, y: Int32 = 0
            var child: Window = 0
            XTranslateCoordinates(display, window, root, 0, 0, &x, &y, &child)
            tops.append(Int(y))
        }
    }
}
