import Testing
@testable import TapboardCore

/// Where the keyboard goes: the geometry asked for within a monitor, kept where it can be seen.
struct PlacementTests {
    private let screen = ScreenInfo(size: Size(width: 1024, height: 768),
                                    monitors: [Monitor(name: "screen", frame: Rect(x: 0, y: 0, width: 1024, height: 768), primary: true)])

    @Test("By default full width at the bottom of the primary monitor, nothing to say")
    func defaultPlace() throws {
        let placed = try Placement().frame(on: screen)
        #expect(placed.frame == Rect(x: 0, y: 768 - 288, width: 1024, height: 288))
        #expect(placed.notes.isEmpty)
    }

    @Test("Larger than the screen: cut to the screen, with a line saying so")
    func tooLarge() throws {
        let placed = try Placement(geometry: try WindowGeometry(parsing: "30000x20000+0+0")).frame(on: screen)
        #expect(placed.frame == Rect(x: 0, y: 0, width: 1024, height: 768))
        #expect(placed.notes == ["geometry 30000x20000+0+0 is larger than the screen (1024x768); the keyboard is 1024x768"])
    }

    @Test("Off every monitor: at the default place instead, its size kept, with a line saying so")
    func offScreen() throws {
        let placed = try Placement(geometry: try WindowGeometry(parsing: "1280x200+5000+5000")).frame(on: screen)
        #expect(placed.frame == Rect(x: 0, y: 568, width: 1024, height: 200))
        #expect(placed.notes == ["geometry 1280x200+5000+5000 is larger than the screen (1024x768); the keyboard is 1024x200",
                                 "geometry 1280x200+5000+5000 is off every monitor (the screen is 1024x768); placing the keyboard at 0,568 instead"])
    }

    @Test("Partly on a monitor is left where it was asked to be")
    func partlyVisible() throws {
        let placed = try Placement(geometry: try WindowGeometry(parsing: "400x200+900+700")).frame(on: screen)
        #expect(placed.frame == Rect(x: 900, y: 700, width: 400, height: 200))
        #expect(placed.notes.isEmpty)
    }

    @Test("A monitor that is not there: an error naming the ones there are")
    func noSuchMonitor() {
        #expect(throws: NoSuchMonitor(name: "HDMI-9", names: ["screen"])) {
            try Placement(monitor: "HDMI-9").frame(on: screen)
        }
        #expect("\(NoSuchMonitor(name: "HDMI-9", names: ["screen"]))" == "no monitor named 'HDMI-9': the monitors are screen")
    }

    @Test("The preview balloon stays on the screen at the edges")
    func previewOnScreen() {
        let g = PreviewGeometry(key: Rect(x: 0, y: 10, width: 40, height: 50), screen: Size(width: 300, height: 400), scale: 1)
        #expect(g.frame.x == 0 && g.frame.y == 0)
        #expect(g.stemX == 0 && g.stemTop == 10)
        let right = PreviewGeometry(key: Rect(x: 270, y: 300, width: 30, height: 40), screen: Size(width: 300, height: 400), scale: 1)
        #expect(right.frame.maxX == 300)
    }
}
