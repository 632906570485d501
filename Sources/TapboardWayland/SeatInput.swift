import CWayland
import TapboardCore

/// The seat's pointer and touchscreen on the keyboard's surface, as the
/// session's contacts: the pointer's left button is `ContactID.pointer`, each
/// touch point a contact of its own (as XInput2 touches are on X). While a
/// button or finger is down, the compositor keeps sending its motion to the
/// surface it went down on (an implicit grab), so a callout above the
/// keyboard follows the finger. With dwell, the pointer's motion with no
/// button held is followed too, over the keyboard's surface and its callout.
final class SeatInput {
    private let connection: WaylandConnection
    private var pointer: OpaquePointer?
    private var touch: OpaquePointer?
    /// Which surface is the keyboard's (events on others are not contacts).
    var surface: () -> OpaquePointer? = { nil }
    /// Where another surface the pointer may rest on lies on the keyboard's
    /// surface (the callout, with dwell); nil for any other surface.
    var popupOrigin: (OpaquePointer) -> Point? = { _ in nil }
    /// Motion with no button held is followed (`--dwell`).
    var hovers = false
    /// The keyboard's surface or popup the pointer is on.
    private var entered: OpaquePointer?
    /// Where the pointer is, on the keyboard's surface, while it is on one of the keyboard's.
    private var position: Point?
    private var buttonDown = false
    /// The pointer left with nothing of the keyboard's entered since: told at `take`,
    /// as the compositor sends the leave and the enter between the keyboard's
    /// surface and its callout as two frames, and the held key must survive that.
    private var left = false
    /// Touch points down on the keyboard, by the compositor's id, with their last place.
    private var touches: [Int32: Point] = [:]
    /// The contacts heard since last taken.
    private(set) var inputs: [SessionInput] = []

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

    /// Takes the contacts heard.
    func take() -> [SessionInput] {
        if left, entered == nil { inputs.append(.pointerHovered(nil)) }
        left = false
        defer { inputs.removeAll(keepingCapacity: true) }
        return inputs
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

    /// Cancels every contact down (the surface went away under them).
    func cancelAll() {
        if buttonDown, let p = position { inputs.append(.contact(.cancelled, id: .pointer, point: p)) }
        buttonDown = false
        if entered != nil { pointerLeft() }
        for (id, p) in touches { inputs.append(.contact(.cancelled, id: Self.contact(id), point: p)) }
        touches = [:]
    }

    /// A popup of the keyboard's is going away: the pointer on it is on nothing of the keyboard's.
    func surfaceGone(_ gone: OpaquePointer) {
        if entered == gone { pointerLeft() }
    }

    private func pointerLeft() {
        entered = nil
        position = nil
        left = hovers
    }

    /// Where a surface lies on the keyboard's: nil when it is not the keyboard's.
    private func origin(of s: OpaquePointer) -> Point? {
        s == surface() ? Point(x: 0, y: 0) : popupOrigin(s)
    }

    /// A point of the surface the pointer is on, on the keyboard's surface.
    private func onKeyboard(_ x: wl_fixed_t, _ y: wl_fixed_t) -> Point? {
        guard let entered, let o = origin(of: entered) else { return nil }
        let p = Self.point(x, y)
        return Point(x: p.x + o.x, y: p.y + o.y)
    }

    /// A touch point's contact id: above the pointer's and `tapboard type`'s.
    private static func contact(_ id: Int32) -> ContactID { ContactID(id) + 1 }

    private static func point(_ x: wl_fixed_t, _ y: wl_fixed_t) -> Point {
        Point(x: Int(wl_fixed_to_double(x).rounded(.down)), y: Int(wl_fixed_to_double(y).rounded(.down)))
    }

    private static func me(_ data: UnsafeMutableRawPointer?) -> SeatInput { Unmanaged<SeatInput>.fromOpaque(data!).takeUnretainedValue() }

    nonisolated(unsafe) private static var pointerListener = wl_pointer_listener(
        enter: { data, _, _, surface, x, y in
            let me = me(data)
            guard let surface, me.origin(of: surface) != nil else { return }
            me.entered = surface
            me.left = false
            me.position = me.onKeyboard(x, y)
            if me.hovers, !me.buttonDown, let p = me.position { me.inputs.append(.pointerHovered(p)) }
        },
        leave: { data, _, _, surface in
            let me = me(data)
            // A surface already gone arrives as nil; any other not entered is not the pointer's.
            if let surface, surface != me.entered { return }
            // A leave with the button down is the grab broken (another client took the pointer).
            if me.buttonDown, let p = me.position { me.inputs.append(.contact(.cancelled, id: .pointer, point: p)) }
            me.buttonDown = false
            me.pointerLeft()
        },
        motion: { data, _, _, x, y in
            let me = me(data)
            guard let p = me.onKeyboard(x, y) else { return }
            me.position = p
            if me.buttonDown {
                me.inputs.append(.contact(.moved, id: .pointer, point: p))
            } else if me.hovers {
                me.inputs.append(.pointerHovered(p))
            }
        },
        button: { data, _, _, _, button, state in
            let me = me(data)
            // The left button only (BTN_LEFT), as on X.
            guard button == 0x110, let p = me.position else { return }
            let down = state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue
            guard down != me.buttonDown else { return }
            // A press on the callout is no contact: it opens only for a key already held.
            if down, me.entered != me.surface() { return }
            me.buttonDown = down
            me.inputs.append(.contact(down ? .began : .ended, id: .pointer, point: p))
        },
        axis: { _, _, _, _, _ in },
        frame: { _, _ in },
        axis_source: { _, _, _ in },
        axis_stop: { _, _, _, _ in },
        axis_discrete: { _, _, _, _ in },
        axis_value120: { _, _, _, _ in }
    )

    nonisolated(unsafe) private static var touchListener = wl_touch_listener(
        down: { data, _, _, _, surface, id, x, y in
            let me = me(data)
            guard surface != nil, surface == me.surface() else { return }
            let p = point(x, y)
            me.touches[id] = p
            me.inputs.append(.contact(.began, id: contact(id), point: p))
        },
        up: { data, _, _, _, id in
            let me = me(data)
            guard let p = me.touches.removeValue(forKey: id) else { return }
            me.inputs.append(.contact(.ended, id: contact(id), point: p))
        },
        motion: { data, _, _, id, x, y in
            let me = me(data)
            guard me.touches[id] != nil else { return }
            let p = point(x, y)
            me.touches[id] = p
            me.inputs.append(.contact(.moved, id: contact(id), point: p))
        },
        frame: { _, _ in },
        cancel: { data, _ in
            let me = me(data)
            for (id, p) in me.touches { me.inputs.append(.contact(.cancelled, id: contact(id), point: p)) }
            me.touches = [:]
        },
        shape: { _, _, _, _, _ in },
        orientation: { _, _, _, _ in }
    )
}
