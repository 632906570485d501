import TapboardTestKit
import Testing

/// KWin's tablet mode followed on the session bus, with a fake KWin that a
/// test folds and opens, and a GTK application that takes the focus.
@Suite("Tablet mode", .serialized)
struct TabletModeKeyboardTests {
    @Test("A convertible opened into a laptop hides the auto-shown keyboard, and a field clicked leaves it hidden; folded into a tablet, it shows for the field focused")
    func laptopAndTablet() throws {
        let desktop = try Desktop(windowManager: true)
        let bus = try SessionBus()
        let kwin = try FakeKWin(on: bus, tablet: true)
        let keyboard = try AutoShowKeyboard(on: desktop, bus: bus, arguments: ["--settings", "none", "--no-panel-icon"], onSessionBus: true)
        let app = try ToolkitFields(on: desktop, size: (1000, 400), environment: bus.environment)
        let watch = try MapWatch(desktop.xvfb.displayName, window: keyboard.window)
        let said = { "the application has \(app.focused ?? "nothing"); keyboard: \(keyboard.process.standardError.suffix(400))" }
        #expect(watch.waitUntil(mapped: true, timeout: .seconds(10)), "not shown for the entry focused at start; \(said())")
        #expect(app.waitUntilPlaced(on: desktop))

        try kwin.setTablet(false)
        #expect(watch.waitUntil(mapped: false), "opened into a laptop, still shown; \(said())")
        desktop.tapper.tap(app.centre("button"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "button" }, "\(said())")
        desktop.tapper.tap(app.centre("entry"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "entry" }, "\(said())")
        let mapsBefore = watch.maps
        try kwin.setTablet(true)
        #expect(watch.waitUntil(mapped: true), "folded into a tablet with the entry focused, still hidden; \(said())")
        // Events come in order: a show for the entry clicked in laptop mode would have been counted before.
        #expect(watch.maps == mapsBefore + 1 && watch.unmaps == 1, "\(watch.maps - mapsBefore) shows since the laptop, \(watch.unmaps) hides")
        #expect(keyboard.process.standardError == "")
    }
}
