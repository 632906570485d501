import Foundation
import TapboardTestKit
import Testing

/// The icon in the panel: a StatusNotifierItem registered with a panel's
/// watcher on a private session bus, driven with `busctl` as a panel would.
@Suite("The panel icon", .serialized)
struct PanelIconTests {
    /// The menu's items as GetLayout gives them: id, label, toggle state, by walking the JSON.
    static func menu(_ bus: SessionBus, _ service: String) throws -> [(id: Int, label: String, on: Bool?)] {
        let answer = try bus.busctl(["--json=short", "--", "call", service, "/MenuBar", "com.canonical.dbusmenu", "GetLayout", "iias", "0", "-1", "0"])
        guard answer.status == .exited(0) else { throw HarnessError.processFailed("GetLayout: \(answer.error)") }
        guard let json = try JSONSerialization.jsonObject(with: Data(answer.output.utf8)) as? [String: Any],
              let data = json["data"] as? [Any], data.count == 2 else { return [] }
        var out: [(Int, String, Bool?)] = []
        func walk(_ node: Any) {
            guard let n = node as? [Any], n.count == 3, let id = n[0] as? Int, let props = n[1] as? [String: Any], let children = n[2] as? [Any] else { return }
            let label = (props["label"] as? [String: Any])?["data"] as? String ?? ((props["type"] as? [String: Any])?["data"] as? String ?? "")
            let state = ((props["toggle-state"] as? [String: Any])?["data"] as? Int).map { $0 == 1 }
            if id != 0 { out.append((id, label, state)) }
            for child in children { walk((child as? [String: Any])?["data"] ?? child) }
        }
        walk(data[1])
        return out
    }

    @Test("Registered with the watcher; Activate hides and shows the keyboard; the menu says Show or Hide, switches the layout by its radio items, and Quit quits")
    func iconAndMenu() throws {
        let desktop = try Desktop()
        let bus = try SessionBus()
        let watcher = try StatusNotifierWatcher(on: bus)
        let keyboard = try desktop.launchKeyboard(arguments: ["--layouts", "en-US,de"], environment: bus.environment)
        let service = "org.kde.StatusNotifierItem-\(keyboard.child.pid)-1"
        #expect(desktop.waitUntil(timeout: .seconds(10)) { watcher.items == [service + "/StatusNotifierItem"] }, "\(watcher.process.standardOutput)")
        let all = try bus.busctl(["get-property", service, "/StatusNotifierItem", "org.kde.StatusNotifierItem", "Id", "Status", "IconName", "Menu", "ItemIsMenu"])
        #expect(all.output == "s \"tapboard\"\ns \"Active\"\ns \"input-keyboard\"\no \"/MenuBar\"\nb false\n", "\(all)")
        let pixmaps = try bus.busctl(["--json=short", "get-property", service, "/StatusNotifierItem", "org.kde.StatusNotifierItem", "IconPixmap"])
        let sizes = ((try JSONSerialization.jsonObject(with: Data(pixmaps.output.utf8)) as? [String: Any])?["data"] as? [[Any]])?
            .compactMap { p -> Int? in
                guard let w = p[0] as? Int, let bytes = p[2] as? [Int], bytes.count == w * w * 4, bytes.contains(where: { $0 != 0 }) else { return nil }
                return w
            }
        #expect(sizes == [16, 22, 24, 32, 48], "\(pixmaps.output.prefix(300))")
        let labels = try Self.menu(bus, service).map(\.label)
        #expect(Array(labels.prefix(5)) == ["Hide keyboard", "Layout", "en-US", "de", "Theme"] && labels.contains("dark")
                && Array(labels.suffix(2)) == ["separator", "Quit"], "\(labels)")

        let watch = try MapWatch(desktop.xvfb.displayName, window: keyboard.window)
        let activate = ["call", service, "/StatusNotifierItem", "org.kde.StatusNotifierItem", "Activate", "ii", "10", "20"]
        #expect(try bus.busctl(activate).status == .exited(0))
        #expect(watch.waitUntil(mapped: false), "Activate did not hide the keyboard")
        #expect(desktop.waitUntil { (try? Self.menu(bus, service).first?.label) == "Show keyboard" })
        #expect(try bus.busctl(activate).status == .exited(0))
        #expect(watch.waitUntil(mapped: true), "Activate did not show the keyboard")

        // The layout's radio item: de shown, and the radio says so.
        let de = try #require(try Self.menu(bus, service).first { $0.label == "de" })
        #expect(try bus.busctl(["call", service, "/MenuBar", "com.canonical.dbusmenu", "Event", "isvu", "\(de.id)", "clicked", "s", "", "0"]).status == .exited(0))
        #expect(desktop.waitUntil { (try? SettingsKeyboardTests.shownLayout(on: desktop)) == "de" })
        #expect(desktop.waitUntil { (try? Self.menu(bus, service).first { $0.label == "de" }?.on) == true })

        let quit = try #require(try Self.menu(bus, service).first { $0.label == "Quit" })
        try bus.busctl(["call", service, "/MenuBar", "com.canonical.dbusmenu", "Event", "isvu", "\(quit.id)", "clicked", "s", "", "0"])
        #expect(keyboard.child.wait(until: Deadline(.seconds(10))) == .exited(0))
        #expect(desktop.waitUntil { watcher.items.isEmpty }, "the watcher still lists the icon")
        #expect(keyboard.standardError == "")
    }

    @Test("A panel started after the keyboard gets the icon; --no-panel-icon puts none on the bus")
    func lateWatcherAndOff() throws {
        let desktop = try Desktop()
        let bus = try SessionBus()
        let keyboard = try desktop.launchKeyboard(environment: bus.environment)
        #expect(bus.waitForOwner(of: "org.kde.StatusNotifierItem-\(keyboard.child.pid)-1", pid: keyboard.child.pid))
        let watcher = try StatusNotifierWatcher(on: bus)
        #expect(desktop.waitUntil(timeout: .seconds(10)) { watcher.items == ["org.kde.StatusNotifierItem-\(keyboard.child.pid)-1/StatusNotifierItem"] },
                "\(watcher.process.standardOutput)")
        #expect(keyboard.standardError == "")
        let plain = try desktop.launchKeyboard(arguments: ["--no-panel-icon", "--replace"], environment: bus.environment)
        #expect(bus.waitForOwner(of: "org.tapboard.Keyboard", pid: plain.child.pid))
        let names = try bus.busctl(["list", "--acquired"]).output
        #expect(!names.contains("org.kde.StatusNotifierItem-\(plain.child.pid)-1"), "\(names)")
    }

    @Test("The menu's theme: kept in the settings file (comments and other settings as they were) and shown at once; a restarted keyboard has it")
    func themeKept() throws {
        let desktop = try Desktop()
        let bus = try SessionBus()
        let (config, file) = try ScratchDirectory.configuration(settings: "# mine\nlayouts: [en-US, de]\n")
        let environment = bus.environment.merging(["XDG_CONFIG_HOME": config.path]) { $1 }
        let keyboard = try desktop.launchKeyboard(environment: environment)
        let service = "org.kde.StatusNotifierItem-\(keyboard.child.pid)-1"
        #expect(bus.waitForOwner(of: service, pid: keyboard.child.pid))
        let menu = try Self.menu(bus, service)
        #expect(menu.filter { $0.on == true }.map(\.label) == ["en-US", "default"], "\(menu)")
        let dark = try #require(menu.first { $0.label == "dark" }, "\(menu)")
        let before = try Screenshot.capture(displayName: desktop.xvfb.displayName, window: keyboard.window,
                                            width: keyboard.actual.width, height: keyboard.actual.height)
        try bus.busctl(["call", service, "/MenuBar", "com.canonical.dbusmenu", "Event", "isvu", "\(dark.id)", "clicked", "s", "", "0"])
        #expect(desktop.waitUntil { (try? Self.menu(bus, service).first { $0.label == "dark" }?.on) == true })
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "# mine\nlayouts: [en-US, de]\ntheme: dark\n")
        #expect(desktop.waitUntil {
            (try? Screenshot.capture(displayName: desktop.xvfb.displayName, window: keyboard.window,
                                     width: keyboard.actual.width, height: keyboard.actual.height)) != before
        }, "the keyboard was not drawn again in the dark theme")
        #expect(keyboard.standardError == "")
        _ = keyboard.terminate()
        let again = try desktop.launchKeyboard(environment: environment)
        let next = "org.kde.StatusNotifierItem-\(again.child.pid)-1"
        #expect(bus.waitForOwner(of: next, pid: again.child.pid))
        #expect(try Self.menu(bus, next).filter { $0.on == true }.map(\.label) == ["en-US", "dark"])
    }
}
