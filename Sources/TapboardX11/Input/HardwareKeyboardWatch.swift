import CX11
import TapboardCore

/// Hears keys pressed on the user's keyboards (`HardwareKeys` hides the
/// keyboard for them) and presses of the pointer or a touch anywhere, from
/// the raw events of XInput 2, which name the device each came from. A key
/// from XTest's devices (the keyboard's own keystrokes, `xdotool`'s) is not
/// the user's; nor is a switch's of switch scanning.
final class HardwareKeyboardWatch {
    /// XInput's major opcode: its events come as GenericEvents carrying it.
    let opcode: Int32
    private let display: XDisplay
    /// The user's keyboard devices, kept as devices come and go.
    private var keyboards: Set<Int32>
    /// Switch scanning's keys, and its own device if it has one: never the user's typing.
    private let switchKeycodes: Set<Int32>, switchDevice: Int32?

    /// The XInput 2 event types it asks for.
    static let types: Set<Int32> = [XI_RawKeyPress, XI_RawButtonPress, XI_RawTouchBegin, XI_HierarchyChanged]

    /// Asks for the events; nil without XInput 2.2.
    init?(display: XDisplay, switchKeycodes: Set<Int32> = [], switchDevice: Int32? = nil) {
        guard let opcode = display.xinput2Opcode() else { return nil }
        self.opcode = opcode
        self.display = display
        self.switchKeycodes = switchKeycodes
        self.switchDevice = switchDevice
        display.selectRawPresses()
        keyboards = display.hardwareKeyboards()
    }

    /// What a raw event (or a hierarchy change) tells the session, if anything.
    func input(type: Int32, source: Int32, detail: Int32) -> SessionInput? {
        switch type {
        case XI_RawKeyPress:
            // A key held repeats with no raw event: one press, one input.
            guard keyboards.contains(source), source != switchDevice, !switchKeycodes.contains(detail) else { return nil }
            return .hardwareKeyPressed
        case XI_RawButtonPress:
            // The wheel's buttons (4 to 7) scroll: they choose no field.
            return (1 ... 3).contains(detail) ? .pointerPressed : nil
        case XI_RawTouchBegin:
            return .pointerPressed
        default:
            keyboards = display.hardwareKeyboards()
            return nil
        }
    }
}
