import CX11
import Foundation

/// A switch box beside the keyboard: a second master device added to the
/// server (XInput2), whose XTest keyboard ("NAME XTEST keyboard", a slave
/// device of its own) presses keys, as a switch interface plugged in would.
public final class SwitchBox {
    /// The master's name; its devices are "NAME pointer", "NAME keyboard" and their XTest slaves.
    public let name: String
    private var display: OpaquePointer?

    /// The slave device its keys come from, as `--switch-device` names it.
    public var keyboardDevice: String { "\(name) XTEST keyboard" }

    /// Adds the master device `name` on a display and keeps a connection whose
    /// XTest keys come through it (its client pointer is the new master).
    public init(displayName: String, name: String = "switchbox") throws {
        self.name = name
        let d = try XConnection.open(displayName)
        display = d
        name.withCString { cName in
            var add = XIAddMasterInfo(type: XIAddMaster, name: UnsafeMutablePointer(mutating: cName), send_core: 1, enable: 1)
            withUnsafeMutableBytes(of: &add) { raw in
                _ = XIChangeHierarchy(d, raw.baseAddress!.assumingMemoryBound(to: XIAnyHierarchyChangeInfo.self), 1)
            }
        }
        XSync(d, 0)
        guard let master = Self.devices(d).first(where: { $0.name == "\(name) pointer" }) else {
            throw HarnessError.processFailed("XInput2 did not add the master device '\(name)'")
        }
        _ = XISetClientPointer(d, 0, master.id)
        XSync(d, 0)
    }

    deinit { close() }

    /// Closes the connection. Call before the server stops.
    public func close() {
        if let display { XCloseDisplay(display) }
        display = nil
    }

    /// A key (by keysym) pressed and let go on the box, 40 ms apart, as a hand would.
    public func press(keysym: Int32, held: Duration = .milliseconds(40)) {
        guard let display else { return }
        let keycode = UInt32(XKeysymToKeycode(display, KeySym(keysym)))
        XTestFakeKeyEvent(display, keycode, 1, 0)
        XSync(display, 0)
        Thread.sleep(forTimeInterval: Double(held.components.attoseconds) / 1e18 + Double(held.components.seconds))
        XTestFakeKeyEvent(display, keycode, 0, 0)
        XSync(display, 0)
    }

    /// A server's input devices now (`Tapper.inputDevices`).
    static func devices(_ d: OpaquePointer) -> [InputDevice] {
        var count: Int32 = 0
        guard let info = XIQueryDevice(d, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(info) }
        return (0 ..< Int(count)).map { i in
            let device = info[i]
            return InputDevice(id: device.deviceid, name: device.name.map { String(cString: $0) } ?? "",
                          floating: device.use == XIFloatingSlave, master: device.attachment)
        }
    }
}

/// An input device of an X server: its id, its name, whether it floats, and
/// the device it is attached to (a master's: its pair).
public struct InputDevice: Sendable {
    public let id: Int32
    public let name: String
    public let floating: Bool
    public let master: Int32
}
