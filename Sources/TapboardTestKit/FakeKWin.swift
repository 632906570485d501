import Foundation

/// KWin's tablet mode on a test's session bus, as a short Gio program: it owns
/// `org.kde.KWin` and serves `org.kde.KWin.TabletModeManager` at `/org/kde/KWin`
/// (`tabletModeAvailable`, `tabletMode`), as KWin does on a convertible; a
/// test folds or opens it with `setTablet`, which emits PropertiesChanged.
public final class FakeKWin {
    /// Its process (its output: `owns`, then `tablet true|false` at each change).
    public let process: ChildProcess
    private let bus: SessionBus

    /// Starts it on `bus`, a tablet or not, and waits (deadline 10 s) until it owns KWin's name.
    public init(on bus: SessionBus, tablet: Bool) throws {
        self.bus = bus
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("tapboard-fake-kwin-\(UUID().uuidString).py")
        try Self.script.write(to: script, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        var env = ProcessInfo.processInfo.environment
        env.merge(bus.environment) { $1 }
        process = try ChildProcess(URL(fileURLWithPath: "/usr/bin/python3"), [script.path, tablet ? "1" : "0"], environment: env)
        let process = self.process
        guard Deadline.waitFor(.seconds(10), until: { process.standardOutput.contains("owns\n") || !process.isRunning }), process.isRunning else {
            throw HarnessError.processFailed("the fake KWin did not start: \(process.standardError)")
        }
    }

    deinit { _ = process.terminate() }

    /// Folds the convertible into a tablet (true) or opens it into a laptop (false).
    public func setTablet(_ tablet: Bool) throws {
        let answer = try bus.busctl(["call", "org.kde.KWin", "/org/kde/KWin", "org.tapboard.TestTablet", "Set", "b", tablet ? "true" : "false"])
        guard answer.status == .exited(0) else { throw HarnessError.processFailed("the fake KWin's Set: \(answer.error)") }
    }

    private static let script = """
        import sys
        from gi.repository import Gio, GLib

        XML = '''<node><interface name="org.kde.KWin.TabletModeManager">
          <property name="tabletModeAvailable" type="b" access="read"/>
          <property name="tabletMode" type="b" access="read"/>
        </interface><interface name="org.tapboard.TestTablet">
          <method name="Set"><arg name="tablet" type="b" direction="in"/></method>
        </interface></node>'''
        IFACE, PATH = "org.kde.KWin.TabletModeManager", "/org/kde/KWin"
        state = {"tablet": sys.argv[1] == "1"}
        conn = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        node = Gio.DBusNodeInfo.new_for_xml(XML)

        def on_get(c, sender, path, iface, prop):
            return GLib.Variant("b", True if prop == "tabletModeAvailable" else state["tablet"])

        def on_call(c, sender, path, iface, method, params, inv):
            state["tablet"] = params.unpack()[0]
            conn.emit_signal(None, PATH, "org.freedesktop.DBus.Properties", "PropertiesChanged",
                             GLib.Variant("(sa{sv}as)", (IFACE, {"tabletMode": GLib.Variant("b", state["tablet"])}, [])))
            print("tablet", "true" if state["tablet"] else "false", flush=True)
            inv.return_value(None)

        conn.register_object(PATH, node.interfaces[0], None, on_get, None)
        conn.register_object(PATH, node.interfaces[1], on_call, None, None)
        loop = GLib.MainLoop()
        Gio.bus_own_name_on_connection(conn, "org.kde.KWin", Gio.BusNameOwnerFlags.NONE, lambda *a: print("owns", flush=True), lambda *a: loop.quit())
        GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, 15, loop.quit)
        loop.run()
        """
}
