import Testing
@testable import TapboardCore

/// The panel icon's menu: what it offers, what a choice asks of the session,
/// and the list the keyboard draws itself for an XEmbed tray.
struct PanelMenuTests {
    private let menu = PanelMenu(shown: true, layouts: ["en-US", "de"], layoutShown: "de", themes: ["default", "dark"], themeShown: "default")

    @Test("Show or hide first, the layouts and themes as radio items under their names, the one in use on; a separator, Quit")
    func items() {
        #expect(menu.items.map { $0.label ?? "—" } == ["Hide keyboard", "Layout", "en-US", "de", "Theme", "default", "dark", "—", "Quit"])
        #expect(menu.items.filter(\.on).map(\.label) == ["de", "default"])
        #expect(PanelMenu(shown: false, layouts: ["en-US"], layoutShown: "en-US").items.map { $0.label ?? "—" } == ["Show keyboard", "—", "Quit"])
    }

    @Test("Each choice is an input the session takes: the toggle and quit as control commands, a layout shown, a theme kept as a setting")
    func choices() throws {
        let byLabel = Dictionary(uniqueKeysWithValues: menu.items.compactMap { item in item.label.map { ($0, item.id) } })
        func input(_ label: String) -> SessionInput? { menu.action(of: byLabel[label]!)?.sessionInput }
        #expect(input("Hide keyboard") == .control(.command(.toggle)))
        #expect(input("en-US") == .control(.layout("en-US")))
        #expect(input("dark") == .control(.changeSetting("theme", "dark")))
        #expect(input("Quit") == .control(.command(.quit)))
        #expect(input("Layout") == nil)
    }

    @Test("The session keeps a setting the menu changes by asking the loop, as the settings page does")
    func settingAsked() throws {
        var d = try SessionDriver(KeyboardConfiguration())
        d.send(.control(.changeSetting("theme", "dark")), at: .seconds(1))
        #expect(d.settingsRequests == [.change("theme", "dark")])
    }

    @Test("The drawn list: a row a finger's height each, a separator a quarter, the submenus' names headings with their items further in, marks on what is on; as wide as the widest text needs")
    func list() {
        let list = PanelMenuList(menu, rowHeight: 40) { $0.count * 10 }
        #expect(list.rows.map(\.kind) == [.item(1), .heading, .item(100), .item(101), .heading, .item(1000), .item(1001), .separator, .item(4)])
        #expect(list.rows.map(\.mark) == ["", "", "", "•", "", "•", "", "", ""])
        #expect(list.rows.map(\.indented) == [false, false, true, true, false, true, true, false, false])
        #expect(list.rows.map(\.frame.y) == [0, 40, 80, 120, 160, 200, 240, 280, 290])
        #expect(list.size == Size(width: 40 + 130 + 20, height: 330))
        // "Hide keyboard": 13 characters after a text start of 40; the indented "default" 60 + 70.
        #expect(list.rows.allSatisfy { $0.frame.width == 190 })
        #expect(list.item(at: Point(x: 5, y: 125)) == 101)
        #expect(list.item(at: Point(x: 5, y: 45)) == nil)
        #expect(list.item(at: Point(x: 5, y: 285)) == nil)
        #expect(list.item(at: Point(x: 5, y: 329)) == 4)
        #expect(list.item(at: Point(x: 190, y: 10)) == nil)
        #expect(PanelMenuList.sizes(dpi: 96) == (16, 40) && PanelMenuList.sizes(dpi: 192) == (32, 80))
    }

    @Test("Placed under an icon in the screen's top half, above one in the bottom half, kept on the screen")
    func placed() {
        let size = Size(width: 200, height: 300), screen = Size(width: 1000, height: 800)
        #expect(PanelMenuList.frame(size: size, icon: Rect(x: 970, y: 2, width: 24, height: 24), screen: screen) == Rect(x: 800, y: 26, width: 200, height: 300))
        #expect(PanelMenuList.frame(size: size, icon: Rect(x: 10, y: 776, width: 24, height: 24), screen: screen) == Rect(x: 10, y: 476, width: 200, height: 300))
        #expect(PanelMenuList.frame(size: Size(width: 200, height: 900), icon: Rect(x: 10, y: 2, width: 24, height: 24), screen: screen).y == 0)
    }

    @Test("The icon's picture fills the largest square in the middle of a tray's slot and leaves the rest as it was")
    func pictureCentred() {
        let canvas = PixelCanvas(width: 34, height: 22)
        PanelIconPicture.draw(on: canvas, in: Rect(x: 0, y: 0, width: 34, height: 22))
        func column(_ x: Int) -> [UInt32] { (0 ..< 22).map { canvas.pixels[$0 * 34 + x] } }
        #expect(column(5).allSatisfy { $0 == 0 } && column(28).allSatisfy { $0 == 0 })
        #expect(column(6).contains { $0 != 0 } && column(27).contains { $0 != 0 })
        #expect(PanelIconPicture.argb(size: 22).count == 22 * 22 * 4)
    }
}

/// Auto-show turned on and off while running, from the panel icon's menu or the settings page.
struct AutoShowSwitchTests {
    @Test("The menu's checkmark: on when the keyboard follows the focus; chosen, the other way, kept as a setting")
    func item() {
        let off = PanelMenu(shown: true, layouts: ["en-US"], layoutShown: "en-US", autoShow: false)
        let item = off.items.first { $0.label == "Show automatically" }
        #expect(item?.toggle == .checkmark && item?.on == false)
        #expect(off.action(of: item!.id)?.sessionInput == .control(.changeSetting("auto-show", "true")))
        #expect(!PanelMenu(shown: true, layouts: ["en-US"], layoutShown: "en-US").items.contains { $0.label == "Show automatically" })
    }

    private static func changes(_ d: SessionDriver) -> [WindowChange] {
        d.commands.compactMap { if case .window(let change) = $0 { change } else { nil } }
    }

    @Test("Turned on: kept, the transport and loop told to follow the focus, and fields show and hide the keyboard; turned off: told to stop, and a hardware key no longer hides it")
    func live() throws {
        var c = KeyboardConfiguration(options: InteractionOptions(autoShift: false))
        c.hidesForHardwareKeys = true
        c.mode = .overlay
        var d = try SessionDriver(c)
        #expect(d.mapped && !d.session.followsFocus)
        d.send(.control(.changeSetting("auto-show", "true")), at: .seconds(1))
        #expect(d.settingsRequests == [.change("auto-show", "true")])
        #expect(Self.changes(d).contains(.followFocus(true)) && d.session.followsFocus)
        #expect(d.mapped, "hidden before the focus moved")
        d.send(.focusChanged(nil), at: .seconds(2))
        d.run(until: .seconds(3))
        #expect(!d.mapped, "not hidden with no field focused")
        d.send(.focusChanged(FocusedField(id: ":1.5/entry", kind: .text, extents: nil)), at: .seconds(4))
        #expect(d.mapped)
        d.send(.hardwareKeyPressed, at: .seconds(5))
        #expect(!d.mapped, "a hardware key did not hide it")
        d.send(.control(.command(.show)), at: .seconds(6))
        d.send(.control(.changeSetting("auto-show", "false")), at: .seconds(7))
        #expect(Self.changes(d).last == .followFocus(false) && !d.session.followsFocus)
        d.send(.hardwareKeyPressed, at: .seconds(8))
        d.send(.focusChanged(nil), at: .seconds(9))
        d.run(until: .seconds(10))
        #expect(d.mapped)
    }
}
