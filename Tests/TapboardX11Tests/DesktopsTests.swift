import CX11
import Foundation
import TapboardTestKit
import Testing

/// The keyboard under the window managers of the desktops people run, each
/// from Debian under Xvfb: XFCE's xfwm4, MATE's marco, KDE's kwin_x11, i3 and
/// awesome, with openbox and icewm (fluxbox when asked: see `WindowManagerTests.managers`).
/// Docked: a maximised window ends where the keyboard starts; `--overlay`
/// stays above a full-screen window; `--auto-show` shows and hides with the
/// focus, clicks on the application reaching it.
@Suite("The desktops' window managers", .serialized)
struct DesktopsTests {
    static let managers = WindowManagerTests.managers

    @Test("Docked across the bottom: a window maximised (tiled, under i3) ends where the keyboard starts", arguments: managers)
    func maximisedEndsAboveTheKeyboard(_ kind: WindowManager.Kind) throws {
        let desktop = try Desktop(manager: kind, focusTarget: false)
        let dock = WindowPlacement(width: 1280, height: 300, x: 0, y: 500)
        let keyboard = try desktop.launchKeyboard(geometry: dock, arguments: ["--no-auto-shift"])
        #expect(keyboard.actual == dock, "\(kind): the keyboard is at \(keyboard.actual)")
        let window = try OrdinaryWindow(displayName: desktop.xvfb.displayName, placement: WindowPlacement(width: 400, height: 200, x: 100, y: 100))
        // i3 tiles every window over the space its docks leave, and has no maximised state.
        if kind != .i3 { _ = window.maximize() }
        // The frame first, the window in it after.
        _ = Deadline.waitFor(.seconds(5)) { window.placement.height > 200 }
        let placed = window.placement
        #expect(placed.y + placed.height <= dock.y, "\(kind): the window's content reaches \(placed.y + placed.height), under the keyboard at \(dock.y)")
        #expect(placed.height >= dock.y - 60, "\(kind): the window was not maximised: \(placed)")
    }

    @Test("--overlay over a full-screen window: the keyboard stays above it, and keys tapped reach the window", arguments: managers)
    func overlayAboveFullScreen(_ kind: WindowManager.Kind) throws {
        let desktop = try Desktop(manager: kind, focusTarget: false)
        let keyboard = try desktop.launchKeyboard(arguments: ["--overlay", "--no-auto-shift"])
        let window = try OrdinaryWindow(displayName: desktop.xvfb.displayName, placement: WindowPlacement(width: 400, height: 200, x: 100, y: 100))
        let full = window.fullScreen((1280, 800))
        #expect(full.width == 1280 && full.height == 800, "\(kind): not full-screen: \(full)")
        window.raise()
        #expect(window.waitUntilBelow(keyboard.window), "\(kind): the full-screen window is above the keyboard")
        #expect(try XConnection.rootProperty("_TAPBOARD_FOCUS_GIVEN", on: desktop.xvfb.displayName) == nil, "\(kind): the keyboard gave the focus")
    }

    /// The window that reserves the strip is under the keyboard (awesome places
    /// it at the top at every map, until the keyboard puts it back).
    static func dockSettled(on desktop: Desktop) -> Bool {
        Deadline.waitFor(.seconds(5)) {
            (try? WindowWatcher.placements(named: "tapboard-dock", on: desktop.xvfb.displayName).first?.y).map { $0 >= 500 } ?? false
        }
    }

    /// Under awesome, the keyboard shown: awesome has moved the strip's window
    /// up into its work area (from which the window's own strut has just taken
    /// the strip) and the keyboard has put it back. In the milliseconds between,
    /// awesome's frame of that window lies over the application and takes a
    /// click meant for it (a test's click, not a hand's); elsewhere nothing to wait for.
    static func stripPutBack(_ strip: PlacementWatch?) -> Bool {
        guard let strip else { return true }
        defer { strip.reset() }
        return strip.waitUntilMovedAboveAndBack(500)
    }

    @Test("Docked: the window that reserves the strip is under the keyboard after each show (awesome placed it at the top, its frame taking clicks)",
          arguments: managers)
    func stripWindowStaysUnder(_ kind: WindowManager.Kind) throws {
        let desktop = try Desktop(manager: kind, focusTarget: false)
        let keyboard = try desktop.launchKeyboard(geometry: WindowPlacement(width: 1280, height: 300, x: 0, y: 500))
        let watch = try MapWatch(desktop.xvfb.displayName, window: keyboard.window)
        #expect(Self.dockSettled(on: desktop), "\(kind): at start")
        for round in 1 ... 2 {
            _ = try ChildProcess(try Keyboard.locateBinary(), ["hide", "--display", desktop.xvfb.displayName]).wait(until: Deadline(.seconds(10)))
            #expect(watch.waitUntil(mapped: false))
            _ = try ChildProcess(try Keyboard.locateBinary(), ["show", "--display", desktop.xvfb.displayName]).wait(until: Deadline(.seconds(10)))
            #expect(watch.waitUntil(mapped: true))
            #expect(Self.dockSettled(on: desktop), "\(kind): after show \(round): \((try? WindowWatcher.placements(named: "tapboard-dock", on: desktop.xvfb.displayName)) ?? [])")
        }
        #expect(keyboard.standardError == "")
    }

    @Test("Auto-show, docked: a GTK 3 entry shows it, a button hides it, the entry again shows it, Shift+Tab to the password field with the pointer resting over the keyboard shows it",
          arguments: managers)
    func autoShow(_ kind: WindowManager.Kind) throws {
        let desktop = try Desktop(manager: kind, focusTarget: false)
        let bus = try SessionBus()
        let keyboard = try AutoShowKeyboard(on: desktop, bus: bus, arguments: [])
        let strip = kind == .awesome ? try PlacementWatch(named: "tapboard-dock", on: desktop.xvfb.displayName) : nil
        let app = try ToolkitFields(on: desktop, size: (1000, 450), environment: bus.environment)
        let watch = try MapWatch(desktop.xvfb.displayName, window: keyboard.window)
        let said = { "\(kind): the application has \(app.focused ?? "nothing"); keyboard: \(keyboard.process.standardError.suffix(400))" }
        // The window that reserves the strip, which awesome moves over the application at every map
        // until the keyboard puts it back: clicks wait for it to be under the keyboard.
        #expect(watch.waitUntil(mapped: true), "shown for the entry focused at start; \(said())")
        #expect(Self.stripPutBack(strip), "the strip's window was not moved and put back: \(strip?.tops ?? []); \(said())")
        #expect(Self.dockSettled(on: desktop), "the strip's window is not under the keyboard; \(said())")
        #expect(app.waitUntilPlaced(on: desktop), "the application is not where it says; \(said())")
        let shownAtStart = watch.maps
        // The pointer comes into the window before it presses, as a hand moves a mouse: awesome
        // lost a press that came with the pointer's entry into the window (a touch's way).
        desktop.tapper.move(to: app.centre("button"))
        desktop.tapper.sync()
        desktop.tapper.tap(app.centre("button"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "button" }, "the click on the button at \(app.centre("button")); \(said())")
        #expect(watch.waitUntil(mapped: false), "hidden for the button; \(said())")
        desktop.tapper.tap(app.centre("entry"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "entry" }, "the click on the entry; \(said())")
        #expect(watch.waitUntil(mapped: true), "shown for the entry; \(said())")
        #expect(Self.stripPutBack(strip), "the strip's window was not moved and put back: \(strip?.tops ?? []); \(said())")
        #expect(Self.dockSettled(on: desktop), "the strip's window is not under the keyboard; \(said())")
        desktop.tapper.tap(app.centre("button"))
        #expect(watch.waitUntil(mapped: false), "hidden for the button again; \(said())")
        // Where the keyboard shows, over the bottom of the screen.
        desktop.tapper.move(to: ScreenPoint(x: 640, y: 700))
        _ = try ChildProcess(URL(fileURLWithPath: "/usr/bin/xdotool"), ["key", "shift+Tab"], environment: ["DISPLAY": desktop.xvfb.displayName])
            .wait(until: Deadline(.seconds(5)))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "password" }, "Shift+Tab from the button; \(said())")
        #expect(watch.waitUntil(mapped: true), "shown for the password field; \(said())")
        #expect(watch.maps - shownAtStart == 2 && watch.unmaps == 2, "\(kind): \(watch.maps - shownAtStart) shows after the first, \(watch.unmaps) hides")
        #expect(try XConnection.rootProperty("_TAPBOARD_FOCUS_GIVEN", on: desktop.xvfb.displayName) == nil, "\(kind): the keyboard gave the focus")
    }

    @Test("A Qt 5 line edit clicked gets the keys tapped", arguments: managers)
    func typesIntoQt(_ kind: WindowManager.Kind) throws {
        let desktop = try Desktop(manager: kind, focusTarget: false)
        let app = try ToolkitFields(.qt5, on: desktop, size: (1000, 450), environment: ["NO_AT_BRIDGE": "1", "DBUS_SESSION_BUS_ADDRESS": "disabled:"])
        let keyboard = try desktop.launchKeyboard()
        desktop.tapper.tap(app.centre("entry"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "entry" }, "\(kind): the line edit did not take the focus")
        try keyboard.tap("hello".map { ("letters", String($0)) })
        #expect(desktop.waitForOutput(of: app.process) { _ in app.text("entry") == "Hello" }, "\(kind): \(app.text("entry").debugDescription)")
        #expect(desktop.tapper.noKeyDown)
        #expect(keyboard.standardError == "")
    }

    @Test("The panel icon in the manager's own tray (icewm's taskbar, awesome's wibar, fluxbox's toolbar): docked, and a click on it hides and shows the keyboard",
          arguments: managers.filter { [.icewm, .awesome, .fluxbox].contains($0) })
    func trayIcon(_ kind: WindowManager.Kind) throws {
        let desktop = try Desktop(manager: kind, focusTarget: false)
        let keyboard = try desktop.launchKeyboard(arguments: ["--settings", "none"])
        let icon = try #require(TrayIconTests.docked(desktop), "\(kind): not docked: \(String(describing: SystemTray.icon(on: desktop.xvfb.displayName)))")
        TrayIconTests.clickHidesAndShows(icon, try MapWatch(desktop.xvfb.displayName, window: keyboard.window), on: desktop)
        #expect(keyboard.standardError == "")
    }
}
