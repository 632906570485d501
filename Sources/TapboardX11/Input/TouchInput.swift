import CX11
import TapboardCore

/// A touchscreen's contacts through XInput 2.2: each finger a touch sequence
/// with its own id (TouchBegin, TouchUpdate, TouchEnd), so several can be down
/// at once. Selected only when the server has a direct-touch device.
///
/// With touch selected, the mouse is read through XInput2 too (ButtonPress,
/// ButtonRelease, Motion), and pointer events the server emulates from a touch
/// (flagged `XIPointerEmulated`) are dropped: the touch itself was already
/// heard, and one finger must not type twice.
final class TouchInput {
    /// XInput's major opcode: its events come as GenericEvents carrying it.
    let opcode: Int32
    private var translator = TouchTranslator()

    /// The core events the keyboard window keeps when the mouse goes through XInput2.
    static let coreEventMask = KeyboardWindow.eventMask & ~(ButtonPressMask | ButtonReleaseMask | Button1MotionMask)

    /// Selects touch and pointer events on the window if the server has XInput 2.2
    /// and a direct-touch device; nil otherwise (the core pointer events stay).
    /// `hovers`: motion with no button held is followed too (`--dwell`).
    init?(display: XDisplay, window: KeyboardWindow, hovers: Bool) {
        guard let opcode = display.touchOpcode() else { return nil }
        self.opcode = opcode
        translator.hovers = hovers
        display.selectXI2(on: window.id, [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_ButtonPress, XI_ButtonRelease, XI_Motion])
        window.select(Self.coreEventMask | (hovers ? LeaveWindowMask | EnterWindowMask : 0))
    }

    /// The contact an XInput2 device event of this type carries, if it is one.
    func contact(type: Int32, _ device: XIDeviceEvent) -> SessionInput? {
        translator.contact(type: type, device)
    }
}

/// XInput2 device events to contacts: a touch by its id (from 1), the mouse's
/// button 1 as the pointer; emulated pointer events and other buttons are none.
struct TouchTranslator {
    /// Whether button 1 is down (the mouse's contact), so motion without it is ignored.
    private(set) var pointerDown = false
    /// Whether motion without button 1 is the pointer resting or moving over the keys (`--dwell`).
    var hovers = false

    /// The contact of an XInput2 device event of this type (`XI_TouchBegin`...), if it is one.
    mutating func contact(type: Int32, _ e: XIDeviceEvent) -> SessionInput? {
        let point = Point(x: Int(e.event_x.rounded(.down)), y: Int(e.event_y.rounded(.down)))
        switch type {
        case XI_TouchBegin: return .contact(.began, id: Int(e.detail) + 1, point: point)
        case XI_TouchUpdate: return .contact(.moved, id: Int(e.detail) + 1, point: point)
        case XI_TouchEnd: return .contact(.ended, id: Int(e.detail) + 1, point: point)
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            guard e.flags & Int32(XIPointerEmulated) == 0 else { return nil }
            if type == XI_Motion { return pointerDown ? .contact(.moved, id: .pointer, point: point) : hovers ? .pointerHovered(point) : nil }
            guard e.detail == 1 else { return nil }
            pointerDown = type == XI_ButtonPress
            return .contact(pointerDown ? .began : .ended, id: .pointer, point: point)
        default: return nil
        }
    }
}
