import CTapboardBus
import TapboardCore

/// KWin's tablet mode (a convertible folded into a tablet, or opened into a
/// laptop), followed on the keyboard's session bus connection: neither the X
/// server nor XInput passes the switch on, KWin publishes it.
public final class TabletMode {
    private var tablet: OpaquePointer?
    private let heard: (Bool?) -> Void

    /// Follows it on `control`'s connection; `changed` hears whether it is a
    /// tablet now (nil where KWin has no tablet mode, or no KWin runs), at
    /// first and at each change.
    public init(on control: DBusControl, changed: @escaping (Bool?) -> Void) throws(DBusError) {
        heard = changed
        guard let bus = control.connection else { throw DBusError(description: "tablet mode: not on the session bus", namesTaken: false) }
        var handlers = tb_tablet_handlers()
        handlers.context = Unmanaged.passUnretained(self).toOpaque()
        handlers.changed = { context, available, tablet in
            Unmanaged<TabletMode>.fromOpaque(context!).takeUnretainedValue().heard(available != 0 ? tablet != 0 : nil)
        }
        var error = [CChar](repeating: 0, count: 256)
        var opened: OpaquePointer?
        guard tb_tablet_open(&opened, bus, &handlers, &error, error.count) >= 0, let opened else {
            throw DBusError(description: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), namesTaken: false)
        }
        tablet = opened
    }

    deinit { close() }

    /// Stops following it (before the bus closes).
    public func close() {
        tb_tablet_close(tablet)
        tablet = nil
    }
}
