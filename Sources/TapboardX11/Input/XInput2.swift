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
