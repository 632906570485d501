import Foundation

/// A panel's `org.kde.StatusNotifierWatcher` on a test's session bus, as a
/// short Gio program (Debian has no watcher on its own): it takes items
/// registered by name or by path, drops them when their name leaves the bus,
/// and says each on a line.
public final class StatusNotifierWatcher {
    /// Its process (its output: `owns`, `registered NAME/PATH`, `unregistered NAME/PATH`).
    public let process: ChildProcess

    /// Starts it on `bus` and waits (deadline 10 s) until it owns the watcher's name.
    public init(on bus: SessionBus) throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("tapboard-sni-watcher-\(UUID().uuidString).py")
        try Self.script.write(to: script, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        var env = ProcessInfo.processInfo.environment
        env.merge(bus.environment) { $1 }
        process = try ChildProcess(URL(fileURLWithPath: "/usr/bin/python3"), [script.path], environment: env)
        let process = self.process
        let started = Deadline.waitFor(.seconds(10)) { process.standardOutput.contains("owns\n") || !process.isRunning }
        guard started, process.isRunning else {
            throw HarnessError.processFailed("the status notifier watcher did not start: \(process.standardError)")
        }
    }

    deinit { _ = process.terminate() }

    /// The items registered now, as `service/path`.
    public var items: [String] {
        var now: [String] = []
        for line in process.standardOutput.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard words.count == 2 else { continue }
            if words[0] == "registered" { now.append(String(words[1])) } else if words[0] == "unregistered" { now.removeAll { $0 == words[1] } }
        }
        return now
    }

    private static let script = """
        import sys
        from gi.repository import Gio, GLib

        XML = '''<node><interface name="org.kde.StatusNotifierWatcher">
          <method name="RegisterStatusNotifierItem"><arg name="service" type="s" direction="in"/></method>
          <method name="RegisterStatusNotifierHost"><arg name="service" type="s" direction="in"/></method>
          <property name="RegisteredStatusNotifierItems" type="as" access="read"/>
          <property name="IsStatusNotifierHostRegistered" type="b" access="read"/>
          <property name="ProtocolVersion" type="i" access="read"/>
          <signal name="StatusNotifierItemRegistered"><arg type="s"/></signal>
          <signal name="StatusNotifierItemUnregistered"><arg type="s"/></signal>
        </interface></node>'''
        IFACE, PATH = "org.kde.StatusNotifierWatcher", "/StatusNotifierWatcher"
        items = []
        conn = Gio.bus_get_sync(Gio.BusType.SESSION, None)

        def say(*a):
            print(*a, flush=True)

        def on_call(c, sender, path, iface, method, params, inv):
            if method == "RegisterStatusNotifierItem":
                arg = params.unpack()[0]
                # A path is the caller's object; a name, its /StatusNotifierItem (Plasma's rule).
                key = (sender + arg) if arg.startswith("/") else (arg + "/StatusNotifierItem")
                if key not in items:
                    items.append(key)
                    say("registered", key)
                    conn.emit_signal(None, PATH, IFACE, "StatusNotifierItemRegistered", GLib.Variant("(s)", (key,)))
            inv.return_value(None)

        def on_get(c, sender, path, iface, prop):
            return {"RegisteredStatusNotifierItems": GLib.Variant("as", items),
                    "IsStatusNotifierHostRegistered": GLib.Variant("b", True),
                    "ProtocolVersion": GLib.Variant("i", 0)}[prop]

        def on_owner_changed(c, sender, path, iface, signal, params):
            name, old, new = params.unpack()
            if new:
                return
            for key in [k for k in items if k.startswith(name + "/")]:
                items.remove(key)
                say("unregistered", key)

        conn.register_object(PATH, Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0], on_call, on_get, None)
        conn.signal_subscribe("org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged", "/org/freedesktop/DBus",
                              None, Gio.DBusSignalFlags.NONE, on_owner_changed)
        loop = GLib.MainLoop()
        Gio.bus_own_name_on_connection(conn, IFACE, Gio.BusNameOwnerFlags.NONE, lambda *a: say("owns"), lambda *a: loop.quit())
        GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, 15, loop.quit)
        loop.run()
        """
}
