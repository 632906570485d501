import CX11
import TapboardCore

/// The switches of switch scanning (`--switch`): each key or button grabbed on
/// the root window through XInput 2, from every device or from the one named
/// (`--switch-device`), so its presses come to the keyboard and to no
/// application; a key's repeats while held are not presses.
final class SwitchInput {
    /// XInput's major opcode: its events come as GenericEvents carrying it.
    let opcode: Int32
    private let display: XDisplay
    /// The device grabbed on: the one named, or every master device.
    private let device: Int32
    /// The role of each key grabbed, by keycode, and of each button.
    private var keys: [Int32: SwitchRole] = [:], buttons: [Int32: SwitchRole] = [:]
    /// The keycodes grabbed as switches.
    var keycodes: Set<Int32> { Set(keys.keys) }
    /// The one device switches are taken from, if one was named.
    var namedDevice: Int32? { device == XIAllMasterDevices ? nil : device }
    /// The switches held now, so a press is said once and a release only after a press.
    private var held: Set<Int32> = []
    /// Presses of other keys that a held key switch's grab took (with the
    /// modifier state each had), to be typed again once no key switch is held.
    private var caught: [(keycode: Int32, state: UInt32)] = []

    /// Grabs every switch; throws when one cannot be: a keysym that is none
    /// or that no key types, a device that is not there or cannot be detached,
    /// a key or button another client grabs. With `detach`, the device named is
    /// taken off its master first (and put back if a grab fails).
    init(display: XDisplay, switches: [SwitchBinding], deviceName: String?, detach: Bool = false) throws(X11Error) {
        guard let opcode = display.xinput2Opcode() else { throw .missingExtension("XInputExtension 2.0") }
        self.opcode = opcode
        self.display = display
        if let deviceName {
            let devices = display.slaveDevices()
            guard let found = devices.first(where: { $0.name == deviceName }) else {
                throw .badSwitch("--switch-device '\(printable(deviceName))': no such input device; the devices are "
                    + printable(devices.map(\.name).joined(separator: ", ")))
            }
            device = found.id
        } else {
            device = XIAllMasterDevices
        }
        if detach, let deviceName { try detachDevice(named: deviceName) }
        do {
            try grab(switches)
        } catch {
            release(replaced: false)
            throw error
        }
    }

    /// Grabs each switch on `device`.
    private func grab(_ switches: [SwitchBinding]) throws(X11Error) {
        for binding in switches {
            switch binding.trigger {
            case .key(let keysym):
                let (keycode, unknown) = display.switchKeycode(keysym.name)
                guard let keycode else {
                    throw .badSwitch(unknown ? "--switch '\(printable(keysym.name))': no such keysym; expected an X keysym name like F12, space or KP_Enter"
                        : "--switch '\(printable(keysym.name))': no key types it on this keymap")
                }
                guard display.grabSwitch(keycode: keycode, device: device) else {
                    throw .badSwitch("--switch '\(printable(keysym.name))': another program grabs that key")
                }
                keys[keycode] = binding.role
            case .button(let n):
                guard display.grabSwitch(button: Int32(n), device: device) else {
                    throw .badSwitch("--switch 'button\(n)': another program grabs that button")
                }
                buttons[Int32(n)] = binding.role
            }
        }
    }

    /// The root window property naming the device detached and its master (two
    /// ids), kept while detached: a keyboard killed before its exit (SIGKILL, a
    /// crash) leaves it for the next start to attach the device again.
    static let detachedProperty = "_TAPBOARD_DETACHED_DEVICE"

    /// The device detached from its master (`--detach-switch-device`), and that master.
    private var detached: (device: Int32, master: Int32)?

    /// Takes `device` off its master, recorded first; one that floats already is left as it is.
    private func detachDevice(named name: String) throws(X11Error) {
        guard let master = display.attachment(of: device).master else { return }
        display.setProperty(Self.detachedProperty, of: display.root, cardinals: [UInt(device), UInt(master)])
        display.detach(device: device)
        guard display.attachment(of: device).master == nil else {
            display.deleteProperty(Self.detachedProperty, of: display.root)
            throw .badSwitch("--detach-switch-device: the X server would not detach '\(printable(name))' (XTest's own devices stay attached)")
        }
        detached = (device, master)
    }

    /// Attaches the device a keyboard killed before its exit left detached, if
    /// it still floats; whether it did. Called at every start, once no other
    /// keyboard runs on the display.
    static func attachLeftover(display: XDisplay) -> Bool {
        guard let record = display.property(detachedProperty, of: display.root, type: XA_CARDINAL, maxLength: 2) else { return false }
        display.deleteProperty(detachedProperty, of: display.root)
        guard record.format == 32, record.items.count == 2, display.xinput2Opcode() != nil else { return false }
        let device = Int32(truncatingIfNeeded: record.items[0]), master = Int32(truncatingIfNeeded: record.items[1])
        let now = display.attachment(of: device)
        guard now.found, now.master == nil else { return false }
        display.attach(device: device, to: master)
        return display.attachment(of: device).master != nil
    }

    /// Lets every switch go (at exit; the server would at the disconnection
    /// too) and attaches the device detached again, unless another keyboard
    /// took over (`replaced`): that one has seen to the device already.
    func release(replaced: Bool) {
        for keycode in keys.keys { display.ungrabSwitch(keycode: keycode, device: device) }
        for button in buttons.keys { display.ungrabSwitch(button: button, device: device) }
        keys = [:]
        buttons = [:]
        guard let detached, !replaced else { return }
        display.attach(device: detached.device, to: detached.master)
        display.deleteProperty(Self.detachedProperty, of: display.root)
        self.detached = nil
    }

    /// The server's event times on the keyboard's clock.
    private var eventClock = EventClock()

    /// The switch an XInput2 device event of this type is, if it is one of the
    /// grabbed, with when it was pressed (`clock`, read then, is when it arrived).
    func input(type: Int32, _ e: XIDeviceEvent, clock: () -> Duration) -> SessionInput? {
        guard e.event == display.root else { return nil }
        let role: SwitchRole?
        switch type {
        case XI_KeyPress, XI_KeyRelease:
            guard e.flags & XIKeyRepeat == 0 else { return nil }
            role = keys[e.detail]
            // While a key switch is held its grab takes every key of that keyboard,
            // the keyboard's own keystrokes included (a switch bouncing just after
            // a select). Their releases the server drops again once let go.
            if role == nil, type == XI_KeyPress, held.contains(where: { $0 > 0 }) {
                caught.append((e.detail, UInt32(bitPattern: e.mods.effective) | UInt32(bitPattern: e.group.effective) << 13))
            }
        case XI_ButtonPress, XI_ButtonRelease:
            role = buttons[e.detail]
        default:
            return nil
        }
        guard let role else { return nil }
        // Keys and buttons share no number space here: a button's is set apart.
        let id = type == XI_KeyPress || type == XI_KeyRelease ? e.detail : -e.detail
        let down = type == XI_KeyPress || type == XI_ButtonPress
        guard down ? held.insert(id).inserted : held.remove(id) != nil else { return nil }
        // Every switch event's time is a sample of the clocks' offset.
        let happened = eventClock.time(of: e.time, arrivedAt: clock())
        return .switchChanged(role, down: down, pressedAt: down ? happened : nil)
    }

    /// The key presses caught while a key switch was held, once none is: to be typed again.
    func takeCaught() -> [(keycode: Int32, state: UInt32)] {
        guard !caught.isEmpty, !held.contains(where: { $0 > 0 }) else { return [] }
        defer { caught = [] }
        return caught
    }
}
