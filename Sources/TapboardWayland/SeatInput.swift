import TapboardCore

/// The seat's pointer and touchscreen on the keyboard's surface, as the
/// session's contacts: the pointer's left button is `ContactID.pointer`, each
/// touch point a contact of its own (as XInput2 touches are on X). While a
/// button or finger is down, the compositor keeps sending its motion to the
/// surface it went down on (an implicit grab), so a callout above the
/// keyboard follows the finger. With dwell, the pointer's motion with no
/// button held is followed too, over the keyboard's surface and its callout.
final class SeatInput {
    /// The seat's pointer and touchscreen.
    private let devices: SeatDevices
    /// Which surface is the keyboard's (events on others are not contacts).
    var surface: () -> SurfaceID? = { nil }
    /// Where another surface the pointer may rest on lies on the keyboard's
    /// surface (the callout, with dwell); nil for any other surface.
    var popupOrigin: (SurfaceID) -> Point? = { _ in nil }
    /// Motion with no button held is followed (`--dwell`).
    var hovers = false
    /// The keyboard's surface or popup the pointer is on.
    private var entered: SurfaceID?
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
        devices = SeatDevices(connection: connection)
        devices.heard = { [unowned self] in self.heard($0) }
    }

    /// Takes the contacts heard.
    func take() -> [SessionInput] {
        if left, entered == nil { inputs.append(.pointerHovered(nil)) }
        left = false
        defer { inputs.removeAll(keepingCapacity: true) }
        return inputs
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
    func surfaceGone(_ gone: SurfaceID) {
        if entered == gone { pointerLeft() }
    }

    private func pointerLeft() {
        entered = nil
        position = nil
        left = hovers
    }

    /// Where a surface lies on the keyboard's: nil when it is not the keyboard's.
    private func origin(of s: SurfaceID) -> Point? {
        s == surface() ? Point(x: 0, y: 0) : popupOrigin(s)
    }

    /// A point of the surface the pointer is on, on the keyboard's surface.
    private func onKeyboard(_ p: Point) -> Point? {
        guard let entered, let o = origin(of: entered) else { return nil }
        return Point(x: p.x + o.x, y: p.y + o.y)
    }

    /// A touch point's contact id: above the pointer's and `tapboard type`'s.
    private static func contact(_ id: Int32) -> ContactID { ContactID(id) + 1 }

    /// One event of the pointer or the touchscreen.
    private func heard(_ event: SeatEvent) {
        switch event {
        case let .pointerEntered(surface, at: p):
            guard let o = origin(of: surface) else { return }
            entered = surface
            left = false
            position = Point(x: p.x + o.x, y: p.y + o.y)
            if hovers, !buttonDown, let p = position { inputs.append(.pointerHovered(p)) }
        case .pointerLeft(let surface):
            // A surface already gone arrives as nil; any other not entered is not the pointer's.
            if let surface, surface != entered { return }
            // A leave with the button down is the grab broken (another client took the pointer).
            if buttonDown, let p = position { inputs.append(.contact(.cancelled, id: .pointer, point: p)) }
            buttonDown = false
            pointerLeft()
        case .pointerMoved(let onSurface):
            guard let p = onKeyboard(onSurface) else { return }
            position = p
            if buttonDown {
                inputs.append(.contact(.moved, id: .pointer, point: p))
            } else if hovers {
                inputs.append(.pointerHovered(p))
            }
        case let .pointerButton(button, pressed: down):
            // The left button only (BTN_LEFT), as on X.
            guard button == 0x110, let p = position else { return }
            guard down != buttonDown else { return }
            // A press on the callout is no contact: it opens only for a key already held.
            if down, entered != surface() { return }
            buttonDown = down
            inputs.append(.contact(down ? .began : .ended, id: .pointer, point: p))
        case let .touchDown(surface, id: id, at: p):
            guard surface != nil, surface == self.surface() else { return }
            touches[id] = p
            inputs.append(.contact(.began, id: Self.contact(id), point: p))
        case .touchUp(let id):
            guard let p = touches.removeValue(forKey: id) else { return }
            inputs.append(.contact(.ended, id: Self.contact(id), point: p))
        case let .touchMoved(id: id, to: p):
            guard touches[id] != nil else { return }
            touches[id] = p
            inputs.append(.contact(.moved, id: Self.contact(id), point: p))
        case .touchCancelled:
            for (id, p) in touches { inputs.append(.contact(.cancelled, id: Self.contact(id), point: p)) }
            touches = [:]
        }
    }
}
