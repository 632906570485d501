import CX11

/// Watches one window being mapped and unmapped, on a connection of its own,
/// and when it last changed (`MonotonicClock.now` as the event was read).
public final class MapWatch {
    private let display: OpaquePointer
    /// The window watched (0 until `watch(_:)` names it, for a watch begun before it existed).
    public private(set) var window: Window
    /// Whether it is mapped, as last heard.
    public private(set) var mapped: Bool
    /// When the last MapNotify or UnmapNotify was read.
    public private(set) var changedAt: UInt64 = 0
    /// How many times it was unmapped since the watch began.
    public private(set) var unmaps = 0
    /// How many times it was mapped since the watch began.
    public private(set) var maps = 0

    /// Starts watching a window on a display.
    public init(_ displayName: String, window: Window) throws {
        display = try XConnection.open(displayName)
        self.window = window
        XSelectInput(display, window, StructureNotifyMask)
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, window, &attributes)
        mapped = attributes.map_state != IsUnmapped
    }

    /// Starts watching every top-level window's maps and unmaps, before the window
    /// to watch exists: `watch(_:)` names it once it is known, and what it did meanwhile counts.
    public init(topLevelsOn displayName: String) throws {
        display = try XConnection.open(displayName)
        window = 0
        mapped = false
        XSelectInput(display, tb_root_window(display, tb_default_screen(display)), SubstructureNotifyMask)
        XSync(display, 0)
    }

    /// Names the window a watch begun with `init(topLevelsOn:)` counts; call before reading events.
    public func watch(_ window: Window) {
        precondition(self.window == 0, "a watch names its window once")
        self.window = window
    }

    deinit { XCloseDisplay(display) }

    /// Waits (blocked on the connection, deadline `timeout`) until the window is mapped or not, as asked; whether it is.
    public func waitUntil(mapped wanted: Bool, timeout: Duration = .seconds(5)) -> Bool {
        XConnection.pump(display, until: Deadline(timeout), handle: handle, done: { self.mapped == wanted })
    }

    /// Reads the events that have come, without waiting.
    public func update() {
        _ = XConnection.pump(display, until: Deadline(.zero), handle: handle, done: { false })
    }

    private func handle(_ event: inout XEvent) {
        if event.type == MapNotify && event.xmap.window == window {
            mapped = true
            maps += 1
            changedAt = MonotonicClock.now
        }
        if event.type == UnmapNotify && event.xunmap.window == window {
            mapped = false
            unmaps += 1
            changedAt = MonotonicClock.now
        }
    }
}
