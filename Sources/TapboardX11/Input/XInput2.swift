import CX11

/// XInput 2 for `TouchInput`: whether the server has a touchscreen, selecting
/// its events, and reading the device event a GenericEvent carries.
extension XDisplay {
    /// XInput's major opcode when the server has XInput 2.2 and a direct-touch
    /// device (a touchscreen, not a touchpad); nil otherwise.
    func touchOpcode() -> Int32? {
        var op: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(pointer, "XInputExtension", &op, &event, &error) != 0 else { return nil }
        var major: Int32 = 2, minor: Int32 = 2
        guard XIQueryVersion(pointer, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 2) else { return nil }
        return hasDirectTouch() ? op : nil
    }

    /// Whether a device of the server is a touchscreen.
    private func hasDirectTouch() -> Bool {
        var count: Int32 = 0
        guard let devices = XIQueryDevice(pointer, XIAllDevices, &count) else { return false }
        defer { XIFreeDeviceInfo(devices) }
        for d in 0 ..< Int(count) {
            let device = devices[d]
            for c in 0 ..< Int(device.num_classes) {
                guard let any = device.classes[c], any.pointee.type == XITouchClass else { continue }
                let touch = UnsafeRawPointer(any).assumingMemoryBound(to: XITouchClassInfo.self).pointee
                if touch.mode == XIDirectTouch { return true }
            }
        }
        return false
    }

    /// Asks for these XInput2 events (`XI_TouchBegin`...) of every master device on a window.
    func selectXI2(on window: Window, _ events: [Int32]) {
        var bits = [UInt8](repeating: 0, count: Int((XI_LASTEVENT >> 3) + 1))
        for e in events { tb_xi_set_mask(&bits, e) }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            _ = XISelectEvents(pointer, window, &mask, 1)
        }
    }

    /// Reads the device event a GenericEvent carries and hands it, with its
    /// XInput2 type, to `body`; its data is freed after. Nil when there is none.
    func withDeviceEvent<T>(_ event: inout XEvent, _ body: (Int32, XIDeviceEvent) -> T) -> T? {
        guard XGetEventData(pointer, &event.xcookie) != 0 else { return nil }
        defer { XFreeEventData(pointer, &event.xcookie) }
        guard let data = event.xcookie.data else { return nil }
        return body(event.xcookie.evtype, data.assumingMemoryBound(to: XIDeviceEvent.self).pointee)
    }
}

/// XInput 2 for `SwitchInput`: finding a device by name, and grabbing a key or
/// button of it (or of every master device) on the root window.
extension XDisplay {
    /// XInput's major opcode when the server has XInput 2.0 or later; nil otherwise.
    func xinput2Opcode() -> Int32? {
        var op: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(pointer, "XInputExtension", &op, &event, &error) != 0 else { return nil }
        // The version touch asks for: a client that asks for a lower one after a higher is refused.
        var major: Int32 = 2, minor: Int32 = 2
        guard XIQueryVersion(pointer, &major, &minor) == Success, major >= 2 else { return nil }
        return op
    }

    /// The ids and names of the server's input devices that are not master devices.
    func slaveDevices() -> [(id: Int32, name: String)] {
        var count: Int32 = 0
        guard let devices = XIQueryDevice(pointer, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(devices) }
        return (0 ..< Int(count)).compactMap { d in
            let device = devices[d]
            guard device.use == XISlavePointer || device.use == XISlaveKeyboard || device.use == XIFloatingSlave else { return nil }
            return (device.deviceid, device.name.map { String(cString: $0) } ?? "")
        }
    }

    /// The keycode that types a keysym named so on the keymap; nil when the
    /// name is no keysym (`unknown`) or no key types it.
    func switchKeycode(_ name: String) -> (keycode: Int32?, unknown: Bool) {
        let keysym = XStringToKeysym(name)
        guard keysym != UInt(NoSymbol) else { return (nil, true) }
        let keycode = XKeysymToKeycode(pointer, keysym)
        return (keycode == 0 ? nil : Int32(keycode), false)
    }

    /// Grabs a key (`keycode`) or a button of `device` on the root window,
    /// whatever the modifiers: its presses and releases then come to the
    /// keyboard alone. False when the server would not (another client grabs it).
    func grabSwitch(keycode: Int32? = nil, button: Int32? = nil, device: Int32) -> Bool {
        var bits = [UInt8](repeating: 0, count: Int((XI_LASTEVENT >> 3) + 1))
        for e in keycode != nil ? [XI_KeyPress, XI_KeyRelease] : [XI_ButtonPress, XI_ButtonRelease] { tb_xi_set_mask(&bits, e) }
        var modifiers = XIGrabModifiers(modifiers: Int32(bitPattern: XIAnyModifier), status: 0)
        let failed = bits.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var mask = XIEventMask(deviceid: device, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            if let keycode {
                return XIGrabKeycode(pointer, device, keycode, root, XIGrabModeAsync, XIGrabModeAsync, 0, &mask, 1, &modifiers)
            }
            return XIGrabButton(pointer, device, button ?? 0, root, 0, XIGrabModeAsync, XIGrabModeAsync, 0, &mask, 1, &modifiers)
        }
        return failed == 0
    }

    /// Lets a key or button grabbed by `grabSwitch` go.
    func ungrabSwitch(keycode: Int32? = nil, button: Int32? = nil, device: Int32) {
        var modifiers = XIGrabModifiers(modifiers: Int32(bitPattern: XIAnyModifier), status: 0)
        if let keycode {
            _ = XIUngrabKeycode(pointer, device, keycode, root, 1, &modifiers)
        } else if let button {
            _ = XIUngrabButton(pointer, device, button, root, 1, &modifiers)
        }
    }
}

/// XInput 2 for `SwitchInput`'s detached device: a slave device taken off its
/// master (it then floats: its events reach only clients that ask for that
/// device) and put back.
extension XDisplay {
    /// The master a slave device is attached to (nil when it floats), or nil
    /// for `found` when there is no such slave device.
    func attachment(of device: Int32) -> (found: Bool, master: Int32?) {
        var count: Int32 = 0
        guard let info = XIQueryDevice(pointer, device, &count), count == 1 else { return (false, nil) }
        defer { XIFreeDeviceInfo(info) }
        switch info[0].use {
        case XISlavePointer, XISlaveKeyboard: return (true, info[0].attachment)
        case XIFloatingSlave: return (true, nil)
        default: return (false, nil)
        }
    }

    /// Detaches a slave device from its master, quietly (the server refuses
    /// for some, XTest's own devices); the caller looks whether it floats after.
    func detach(device: Int32) {
        var change = XIDetachSlaveInfo(type: XIDetachSlave, deviceid: device)
        quietly {
            withUnsafeMutableBytes(of: &change) { raw in
                _ = XIChangeHierarchy(pointer, raw.baseAddress!.assumingMemoryBound(to: XIAnyHierarchyChangeInfo.self), 1)
            }
        }
        // Outside `quietly`: the error read while waiting is then known as expected.
        XSync(pointer, 0)
    }

    /// Attaches a floating device to a master again, quietly (either may have gone).
    func attach(device: Int32, to master: Int32) {
        var change = XIAttachSlaveInfo(type: XIAttachSlave, deviceid: device, new_master: master)
        quietly {
            withUnsafeMutableBytes(of: &change) { raw in
                _ = XIChangeHierarchy(pointer, raw.baseAddress!.assumingMemoryBound(to: XIAnyHierarchyChangeInfo.self), 1)
            }
        }
        // Outside `quietly`: the error read while waiting is then known as expected.
        XSync(pointer, 0)
    }
}

/// XInput 2 for `HardwareKeyboardWatch`: raw presses of every master device
/// (keys, buttons, touches), which name the device they came from, and the
/// devices that are the user's keyboards.
extension XDisplay {
    /// Asks for raw key, button and touch presses of every master device on
    /// the root window (the only window raw events go to), and for devices
    /// added or taken away (which only a mask for every device may ask).
    func selectRawPresses() {
        var master = [UInt8](repeating: 0, count: Int((XI_LASTEVENT >> 3) + 1))
        for e in [XI_RawKeyPress, XI_RawButtonPress, XI_RawTouchBegin] { tb_xi_set_mask(&master, e) }
        var every = [UInt8](repeating: 0, count: master.count)
        tb_xi_set_mask(&every, XI_HierarchyChanged)
        master.withUnsafeMutableBufferPointer { masterBits in
            every.withUnsafeMutableBufferPointer { everyBits in
                var masks = [XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(masterBits.count), mask: masterBits.baseAddress),
                             XIEventMask(deviceid: XIAllDevices, mask_len: Int32(everyBits.count), mask: everyBits.baseAddress)]
                _ = XISelectEvents(pointer, root, &masks, 2)
            }
        }
    }

    /// The ids of the keyboards that are devices of the user's: slave
    /// keyboards without the "XTEST Device" property, which the server gives
    /// XTest's own devices (and no client can take away).
    func hardwareKeyboards() -> Set<Int32> {
        // None when no device has it yet: then none is XTest's.
        let xtest = XInternAtom(pointer, "XTEST Device", 1)
        var count: Int32 = 0
        guard let devices = XIQueryDevice(pointer, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(devices) }
        var out: Set<Int32> = []
        for d in 0 ..< Int(count) where devices[d].use == XISlaveKeyboard {
            let id = devices[d].deviceid
            var n: Int32 = 0
            let properties = XIListProperties(pointer, id, &n)
            defer { if let properties { XFree(properties) } }
            let isXTest = xtest != 0 && (0 ..< Int(n)).contains { properties?[$0] == xtest }
            if !isXTest { out.insert(id) }
        }
        return out
    }

    /// The raw event a GenericEvent carries: its XInput2 type, the device it
    /// came from and its detail (keycode, button, touch); the data is freed
    /// after. A hierarchy change gives its type only. Nil when there is none.
    func rawEvent(_ event: inout XEvent) -> (type: Int32, source: Int32, detail: Int32)? {
        guard XGetEventData(pointer, &event.xcookie) != 0 else { return nil }
        defer { XFreeEventData(pointer, &event.xcookie) }
        guard let data = event.xcookie.data else { return nil }
        let type = event.xcookie.evtype
        guard type != XI_HierarchyChanged else { return (type, 0, 0) }
        let raw = data.assumingMemoryBound(to: XIRawEvent.self).pointee
        return (type, raw.sourceid, raw.detail)
    }
}
