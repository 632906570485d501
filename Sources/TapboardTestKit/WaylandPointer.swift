import CWayland
import Foundation

/// A pointer for tests on Wayland: a virtual pointer device
/// (`zwlr_virtual_pointer_v1`) on the compositor's seat, moved to absolute
/// points of the output and clicked, as XTest's pointer is on X. A headless
/// sway has no pointer otherwise, and its seat offers clients none.
public final class WaylandPointer {
    private var display: OpaquePointer?
    private var pointer: OpaquePointer?
    private let size: (width: UInt32, height: UInt32)
    /// Globals heard from the registry.
    private var seat: OpaquePointer?
    private var manager: OpaquePointer?
    private var registry: OpaquePointer?
    /// An event's time: the monotonic clock in milliseconds, as a real
    /// device's (a keyboard typing from the pointer's events passes them on).
    private var time: UInt32 { UInt32(truncatingIfNeeded: MonotonicClock.now / 1_000_000) }

    /// The left button's Linux input code (BTN_LEFT).
    private static let leftButton: UInt32 = 0x110

    /// Connects to the compositor of `sway` and makes the pointer on its seat.
    public init(_ sway: HeadlessSway) throws {
        size = (UInt32(sway.size.width), UInt32(sway.size.height))
        // An absolute path: this process's XDG_RUNTIME_DIR is not the compositor's.
        guard let display = wl_display_connect(sway.runtimeDirectory + "/" + sway.socketName) else {
            throw HarnessError.processFailed("cannot connect to the Wayland compositor at \(sway.runtimeDirectory)/\(sway.socketName)")
        }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, &Self.registryListener, Unmanaged.passUnretained(self).toOpaque())
        wl_display_roundtrip(display)
        guard let seat, let manager else {
            close()
            throw HarnessError.processFailed("the compositor offers no \(seat == nil ? "wl_seat" : "zwlr_virtual_pointer_manager_v1")")
        }
        pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, seat)
        wl_display_roundtrip(display)
    }

    deinit { close() }

    /// Lets go of the pointer and the connection.
    public func close() {
        if let pointer { zwlr_virtual_pointer_v1_destroy(pointer) }
        if let manager { zwlr_virtual_pointer_manager_v1_destroy(manager) }
        if let seat { wl_seat_destroy(seat) }
        if let registry { wl_registry_destroy(registry) }
        if let display { wl_display_disconnect(display) }
        (pointer, manager, seat, registry, display) = (nil, nil, nil, nil, nil)
    }

    /// Moves to a point of the output (pixels from its top left corner).
    public func move(to x: Int, _ y: Int) {
        guard let pointer else { return }
        zwlr_virtual_pointer_v1_motion_absolute(pointer, time, UInt32(max(0, x)), UInt32(max(0, y)), size.width, size.height)
        zwlr_virtual_pointer_v1_frame(pointer)
        flush()
    }

    /// Presses or releases the left button where the pointer is.
    public func button(down: Bool) {
        guard let pointer else { return }
        zwlr_virtual_pointer_v1_button(pointer, time, Self.leftButton, down ? 1 : 0)
        zwlr_virtual_pointer_v1_frame(pointer)
        flush()
    }

    /// A tap: move, press, release, each event out at once. The pointer comes
    /// from the next pixel: a surface entered hears where from `enter`, and
    /// some clients (wvkbd) read the position only from the motions after it.
    public func tap(_ x: Int, _ y: Int) {
        move(to: x > 0 ? x - 1 : x + 1, y)
        move(to: x, y)
        button(down: true)
        button(down: false)
    }

    /// Sends what is queued and waits until the compositor has handled it.
    public func flush() {
        guard let display else { return }
        wl_display_roundtrip(display)
    }

    nonisolated(unsafe) private static var registryListener = wl_registry_listener(
        global: { data, registry, name, interface, version in
            guard let data, let interface else { return }
            let me = Unmanaged<WaylandPointer>.fromOpaque(data).takeUnretainedValue()
            switch String(cString: interface) {
            case "wl_seat" where me.seat == nil:
                me.seat = OpaquePointer(wl_registry_bind(registry, name, tb_wl_seat_interface(), 1))
            case "zwlr_virtual_pointer_manager_v1":
                me.manager = OpaquePointer(wl_registry_bind(registry, name, tb_virtual_pointer_manager_interface(), 1))
            default:
                break
            }
        },
        global_remove: { _, _, _ in }
    )
}
