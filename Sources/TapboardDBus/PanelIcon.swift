import CTapboardBus
import Glibc
import TapboardCore

/// The keyboard's icon in the panel: a StatusNotifierItem with its menu, on the
/// keyboard's session bus connection. A click shows or hides the keyboard; the
/// menu does that too (some panels open it on a click), switches the layout and quits.
public final class PanelIcon {
    private var tray: OpaquePointer?
    private let act: (PanelMenu.Action) -> Void
    private let heard: (Bool) -> Void
    private var menu: PanelMenu?
    private var tooltip = ""

    /// Puts the icon on `control`'s connection and registers it with the panel's
    /// watcher; `act` carries out what the icon asks for, `registered` hears whether
    /// a watcher took it (now and whenever a panel comes or goes).
    public init(on control: DBusControl, act: @escaping (PanelMenu.Action) -> Void, registered: @escaping (Bool) -> Void) throws(DBusError) {
        self.act = act
        heard = registered
        guard let bus = control.connection else { throw DBusError(description: "the panel icon: not on the session bus", namesTaken: false) }
        var handlers = tb_tray_handlers()
        handlers.context = Unmanaged.passUnretained(self).toOpaque()
        handlers.activate = { context, _ in PanelIcon.from(context).act(.toggleKeyboard) }
        handlers.clicked = { context, id in
            let me = PanelIcon.from(context)
            if let action = me.menu?.action(of: id) { me.act(action) }
        }
        handlers.registered = { context, registered in PanelIcon.from(context).heard(registered != 0) }
        let sizes = PanelIconPicture.sizes.map(Int32.init)
        let pixels = PanelIconPicture.sizes.flatMap(PanelIconPicture.argb(size:))
        var error = [CChar](repeating: 0, count: 256)
        var opened: OpaquePointer?
        let r = tb_tray_open(&opened, bus, &handlers, pixels, sizes, sizes.count, &error, error.count)
        guard r >= 0, let opened else {
            throw DBusError(description: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), namesTaken: false)
        }
        tray = opened
    }

    deinit { close() }

    private static func from(_ context: UnsafeMutableRawPointer?) -> PanelIcon {
        Unmanaged<PanelIcon>.fromOpaque(context!).takeUnretainedValue()
    }

    /// Shows this menu and tooltip (hosts are told only of a change).
    public func update(_ new: PanelMenu, tooltip text: String) {
        guard let tray else { return }
        if new != menu {
            menu = new
            // Copied for the call, which copies them again.
            let labels = new.items.map { $0.label.flatMap { strdup($0) } }
            defer { labels.forEach { free($0) } }
            let items = zip(new.items, labels).map { item, label in
                tb_menu_item(id: item.id, parent: item.parent, label: label.map { UnsafePointer($0) }, toggle: item.toggle.rawValue,
                             state: item.on ? 1 : 0, enabled: item.enabled ? 1 : 0)
            }
            items.withUnsafeBufferPointer { tb_tray_set_menu(tray, $0.baseAddress, $0.count) }
        }
        if text != tooltip {
            tooltip = text
            tb_tray_set_tooltip(tray, text)
        }
    }

    /// Whether a watcher took the icon.
    public var registered: Bool { tray.map { tb_tray_registered($0) != 0 } ?? false }

    /// Takes the icon off the bus (before the bus closes).
    public func close() {
        tb_tray_close(tray)
        tray = nil
    }
}
