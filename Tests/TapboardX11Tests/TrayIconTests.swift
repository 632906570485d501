import TapboardCore
import TapboardTestKit
import Testing

/// The icon in an XEmbed system tray (trayer), where no panel's watcher takes
/// a StatusNotifierItem: docked, clicked and its menu used with the pointer,
/// as a user of such a panel would.
@Suite("The tray icon", .serialized)
struct TrayIconTests {
    /// Where a row of the open menu is on the screen, for the menu the keyboard shows.
    static func row(_ label: String, of menu: PanelMenu, in found: SystemTray.Found) throws -> ScreenPoint {
        let list = PanelMenuList(menu, rowHeight: PanelMenuList.sizes(dpi: 96).rowHeight) { _ in 0 }
        let row = try #require(list.rows.first { $0.label == label }, "no row \(label) in \(list.rows.map(\.label))")
        #expect(list.size.height == found.frame.height, "the menu is \(found.frame.height) tall, not \(list.size.height) as its rows")
        return ScreenPoint(x: Int32(found.frame.x + found.frame.width / 2), y: Int32(found.frame.y + row.frame.y + row.frame.height / 2))
    }

    /// A click on the icon hides the keyboard, another shows it.
    static func clickHidesAndShows(_ icon: SystemTray.Found, _ watch: MapWatch, on desktop: Desktop, _ sourceLocation: SourceLocation = #_sourceLocation) {
        desktop.tapper.tap(icon.middle)
        #expect(watch.waitUntil(mapped: false), "a click on the icon at \(icon.frame) did not hide the keyboard", sourceLocation: sourceLocation)
        desktop.tapper.tap(icon.middle)
        #expect(watch.waitUntil(mapped: true), "a click on the icon did not show the keyboard", sourceLocation: sourceLocation)
    }

    static func docked(_ desktop: Desktop) -> SystemTray.Found? {
        var icon: SystemTray.Found?
        _ = desktop.waitUntil(timeout: .seconds(10)) {
            icon = SystemTray.icon(on: desktop.xvfb.displayName)
            return icon.map { $0.inTray && $0.viewable && $0.frame.width >= 16 && $0.frame.height >= 16 } ?? false
        }
        return icon
    }

    @Test("No session bus: the icon docks in the tray; a click hides and shows the keyboard; the right button opens the menu, whose layout row switches the layout; a press held opens it too, and Quit quits")
    func clickAndMenu() throws {
        let desktop = try Desktop()
        let tray = try SystemTray(displayName: desktop.xvfb.displayName)
        let keyboard = try desktop.launchKeyboard(arguments: ["--settings", "none", "--layouts", "en-US,de"])
        let icon = try #require(Self.docked(desktop), "not docked: \(String(describing: SystemTray.icon(on: desktop.xvfb.displayName)))")

        let watch = try MapWatch(desktop.xvfb.displayName, window: keyboard.window)
        Self.clickHidesAndShows(icon, watch, on: desktop)

        desktop.tapper.move(to: icon.middle)
        desktop.tapper.otherButton(3)
        desktop.tapper.flush()
        var menu: SystemTray.Found?
        #expect(desktop.waitUntil { menu = SystemTray.menu(on: desktop.xvfb.displayName); return menu?.viewable == true }, "the right button opened no menu")
        let shown = PanelMenu(shown: true, layouts: ["en-US", "de"], layoutShown: "en-US", autoShow: false)
        desktop.tapper.tap(try Self.row("de", of: shown, in: try #require(menu)))
        #expect(desktop.waitUntil { (try? SettingsKeyboardTests.shownLayout(on: desktop)) == "de" })
        #expect(desktop.waitUntil { SystemTray.menu(on: desktop.xvfb.displayName)?.viewable != true }, "the menu stayed open")

        // A finger has one button: held on the icon, the menu opens; let go, it stays.
        desktop.tapper.move(to: icon.middle)
        desktop.tapper.press()
        #expect(desktop.waitUntil { menu = SystemTray.menu(on: desktop.xvfb.displayName); return menu?.viewable == true }, "a press held opened no menu")
        desktop.tapper.release()
        desktop.tapper.sync()
        #expect(SystemTray.menu(on: desktop.xvfb.displayName)?.viewable == true, "letting go over the icon closed the menu")
        watch.update()
        #expect(watch.mapped && watch.unmaps == 1, "the press held also hid the keyboard")
        let now = PanelMenu(shown: true, layouts: ["en-US", "de"], layoutShown: "de", autoShow: false)
        desktop.tapper.tap(try Self.row("Quit", of: now, in: try #require(menu)))
        #expect(keyboard.child.wait(until: Deadline(.seconds(10))) == .exited(0))
        #expect(desktop.waitUntil { SystemTray.icon(on: desktop.xvfb.displayName) == nil }, "the icon stayed in the tray")
        #expect(desktop.tapper.pointerFree(), "the menu left the pointer held")
        #expect(keyboard.standardError == "")
        tray.quit()
    }

    @Test("A session bus with no panel's watcher: the icon docks in the tray, again when the tray restarts, and leaves it when a watcher takes the StatusNotifierItem")
    func trayRestartsAndWatcher() throws {
        let desktop = try Desktop()
        let bus = try SessionBus()
        let tray = try SystemTray(displayName: desktop.xvfb.displayName)
        let keyboard = try desktop.launchKeyboard(arguments: ["--settings", "none"], environment: bus.environment)
        #expect(Self.docked(desktop) != nil, "not docked: \(String(describing: SystemTray.icon(on: desktop.xvfb.displayName)))")

        tray.quit()
        #expect(desktop.waitUntil { SystemTray.icon(on: desktop.xvfb.displayName).map { !$0.inTray && !$0.viewable } ?? false },
                "with the tray gone the icon is \(String(describing: SystemTray.icon(on: desktop.xvfb.displayName)))")
        let again = try SystemTray(displayName: desktop.xvfb.displayName)
        #expect(Self.docked(desktop) != nil, "not docked in the new tray")

        let watcher = try StatusNotifierWatcher(on: bus)
        #expect(desktop.waitUntil(timeout: .seconds(10)) { watcher.items == ["org.kde.StatusNotifierItem-\(keyboard.child.pid)-1/StatusNotifierItem"] })
        #expect(desktop.waitUntil { SystemTray.icon(on: desktop.xvfb.displayName) == nil }, "the icon stayed in the tray beside the panel's")
        #expect(keyboard.standardError == "")
        again.quit()
    }

    /// Whether the keyboard listens for focus changes on the accessibility bus (the registry lists its events).
    static func listensForFocus(_ bus: SessionBus) -> Bool {
        guard let a11y = try? bus.accessibilityAddress() else { return false }
        return (try? bus.busctl(["--address=\(a11y)", "call", "org.a11y.atspi.Registry", "/org/a11y/atspi/registry",
                                 "org.a11y.atspi.Registry", "GetRegisteredEvents"]).output.lowercased().contains("statechanged:focused")) ?? false
    }

    /// Opens the tray icon's menu with the right button and taps one of its rows.
    static func choose(_ label: String, of menu: PanelMenu, icon: SystemTray.Found, on desktop: Desktop) throws {
        desktop.tapper.move(to: icon.middle)
        desktop.tapper.otherButton(3)
        desktop.tapper.flush()
        var open: SystemTray.Found?
        #expect(desktop.waitUntil { open = SystemTray.menu(on: desktop.xvfb.displayName); return open?.viewable == true }, "the right button opened no menu")
        desktop.tapper.tap(try Self.row(label, of: menu, in: try #require(open)))
    }

    @Test("Auto-show turned on from the menu while running: the keyboard joins the accessibility bus, hides for a GTK button and shows for its entry; turned off, it leaves the bus")
    func autoShowFromTheMenu() throws {
        let desktop = try Desktop(windowManager: true)
        let bus = try SessionBus()
        let tray = try SystemTray(displayName: desktop.xvfb.displayName)
        let keyboard = try desktop.launchKeyboard(arguments: ["--settings", "none"], environment: bus.environment)
        let app = try ToolkitFields(on: desktop, size: (1000, 400), environment: bus.environment)
        let icon = try #require(Self.docked(desktop))
        #expect(!Self.listensForFocus(bus), "the keyboard follows the focus before it was asked to")
        let said = { "the application has \(app.focused ?? "nothing"); keyboard: \(keyboard.standardError.suffix(400))" }

        try Self.choose("Show automatically", of: PanelMenu(shown: true, layouts: ["en-US"], layoutShown: "en-US", autoShow: false), icon: icon, on: desktop)
        #expect(desktop.waitUntil(timeout: .seconds(10)) { Self.listensForFocus(bus) }, "not on the accessibility bus; \(said())")
        let watch = try MapWatch(desktop.xvfb.displayName, window: keyboard.window)
        desktop.tapper.tap(app.centre("button"))
        #expect(watch.waitUntil(mapped: false), "not hidden for the button; \(said())")
        desktop.tapper.tap(app.centre("entry"))
        #expect(watch.waitUntil(mapped: true), "not shown for the entry; \(said())")

        try Self.choose("Show automatically", of: PanelMenu(shown: true, layouts: ["en-US"], layoutShown: "en-US", autoShow: true), icon: icon, on: desktop)
        #expect(desktop.waitUntil(timeout: .seconds(10)) { !Self.listensForFocus(bus) }, "still on the accessibility bus; \(said())")
        #expect(keyboard.standardError == "")
        tray.quit()
    }
}
