import CWayland
import TapboardCore

/// What the seat's pointer and touchscreen say, in surface pixels (rounded
/// down), about the surface named.
enum SeatEvent {
    case pointerEntered(SurfaceID, at: Point)
    /// The surface left; nil when it was already destroyed.
    case pointerLeft(SurfaceID?)
    case pointerMoved(to: Point)
    /// A button (evdev code: `BTN_LEFT` is 0x110) pressed or released.
    case pointerButton(UInt32, pressed: Bool)
    /// A touch point down; the surface nil when it was already destroyed.
    case touchDown(SurfaceID?, id: Int32, at: Point)
    case touchUp(id: Int32)
    case touchMoved(id: Int32, to: Point)
    /// The compositor took every touch point (a gesture of its own).
    case touchCancelled
}

/// The seat's pointer and touch devices (`wl_pointer`, `wl_touch`), bound
/// while the seat has them and released when it loses them or this goes:
/// the seat edge. What they say goes to `heard`.
final class SeatDevices {
    private let connection: WaylandConnection
    private var pointer: OpaquePointer?
    private var touch: OpaquePointer?
    /// Told each event of the pointer and the touchscreen.
    var heard: (SeatEvent) -> Void = { _ in }

    init(connection: WaylandConnection) {
        self.connection = connection
        connection.capabilitiesChanged = { [unowned self] in self.capabilities($0) }
        capabilities(connection.seatCapabilities)
    }

    deinit {
        connection.capabilitiesChanged = nil
        if let pointer { wl_pointer_release(pointer) }
        if let touch { wl_touch_release(touch) }
    }

    /// Binds the pointer and touch the seat has now, and lets go of those it lost.
    private func capabilities(_ caps: UInt32) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        let hasPointer = caps & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let hasTouch = caps & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
        if hasPointer, pointer == nil {
            pointer = wl_seat_get_pointer(connection.seat)
            wl_pointer_add_listener(pointer, &Self.pointerListener, me)
        } else if !hasPointer, let p = pointer {
            wl_pointer_release(p)
            pointer = nil
        }
        if hasTouch, touch == nil {
            touch = wl_seat_get_touch(connection.seat)
            wl_touch_add_listener(touch, &Self.touchListener, me)
        } else if !hasTouch, let t = touch {
            wl_touch_release(t)
            touch = nil
        }
    }

    private static func point(_ x: wl_fixed_t, _ y: wl_fixed_t) -> Point {
        Point(x: Int(wl_fixed_to_double(x).rounded(.down)), y: Int(wl_fixed_to_double(y).rounded(.down)))
    }

    private static func tell(_ data: UnsafeMutableRawPointer?, _ event: SeatEvent) {
        guard let data else { return }
        Unmanaged<SeatDevices>.fromOpaque(data).takeUnretainedValue().heard(event)
    }

    nonisolated(unsafe) private static var pointerListener = wl_pointer_listener(
        enter: { data, _, _, surface, x, y in
            guard let surface else { return }
            tell(data, .pointerEntered(SurfaceID(surface), at: point(x, y)))
        },
        leave: { data, _, _, surface in tell(data, .pointerLeft(surface.map(SurfaceID.init))) },
        motion: { data, _, _, x, y in tell(data, .pointerMoved(to: point(x, y))) },
        button: { data, _, _, _, button, state in
            tell(data, .pointerButton(button, pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue))
        },
        axis: { _, _, _, _, _ in },
        frame: { _, _ in },
        axis_source: { _, _, _ in },
        axis_stop: { _, _, _, _ in },
        axis_discrete: { _, _, _, _ in },
        axis_value120: { _, _, _, _ in }
    )

    nonisolated(unsafe) private static var touchListener = wl_touch_listener(
        down: { data, _, _, _, surface, id, x, y in tell(data, .touchDown(surface.map(SurfaceID.init), id: id, at: point(x, y))) },
        up: { data, _, _, _, id in tell(data, .touchUp(id: id)) },
        motion: { data, _, _, id, x, y in tell(data, .touchMoved(id: id, to: point(x, y))) },
        frame: { _, _ in },
        cancel: { data, _ in tell(data, .touchCancelled) },
        shape: { _, _, _, _, _ in },
        orientation: { _, _, _, _ in }
    )
}
