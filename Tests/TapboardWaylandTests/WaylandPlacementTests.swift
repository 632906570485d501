import Foundation
import TapboardTestKit
import Testing

/// Where the keyboard goes on Wayland: the output `--monitor` names, drawn at
/// that output's scale; `--float` at the place `--geometry` gives; `--overlay`
/// above a full-screen window.
@Suite("Tapboard on Wayland is placed", .serialized)
struct WaylandPlacementTests {
    /// 2x2 blocks of a screenshot (aligned) whose four pixels are not all the
    /// same: none when a buffer of half the size is scaled up by the compositor.
    static func unevenBlocks(_ shot: Screenshot) -> Int {
        func pixel(_ x: Int, _ y: Int) -> ArraySlice<UInt8> { shot.rgb[(y * shot.width + x) * 3 ..< (y * shot.width + x) * 3 + 3] }
        var uneven = 0
        for y in stride(from: 0, to: shot.height - 1, by: 2) {
            for x in stride(from: 0, to: shot.width - 1, by: 2) {
                let a = pixel(x, y)
                if pixel(x + 1, y) != a || pixel(x, y + 1) != a || pixel(x + 1, y + 1) != a { uneven += 1 }
            }
        }
        return uneven
    }

    /// Waits until a keyboard started with `desk.tapboard` says it shows.
    static func waitUntilShown(_ keyboard: ChildProcess, on desk: SwayDesktop) throws {
        #expect(desk.waitForControlSocket(of: keyboard), "\(keyboard.standardError)")
        let events = try desk.tapboard(["events"])
        defer { _ = events.terminate() }
        #expect(Deadline.waitFor(.seconds(15)) { events.standardOutput.contains("\"didShow\"") || !keyboard.isRunning },
                "never shown: \(keyboard.standardError)")
    }

    /// The key `id`'s centre on the output, for the letters page of a keyboard of `size` whose top left is at `origin`.
    static func centre(of id: String, size: String, origin: (x: Int, y: Int)) throws -> (x: Int, y: Int) {
        let frames = try PageFrames.dump(binary: try Keyboard.locateBinary(), size: size, page: "letters")
        guard let key = frames.key(id) else { throw HarnessError.noSuchKey(page: "letters", id: id, known: frames.keys.map(\.id)) }
        return (origin.x + Int(key.x + key.width / 2), origin.y + Int(key.y + key.height / 2))
    }

    @Test("--monitor puts it on a second output of scale 2, drawn at twice the pixels; its keys type where tapped")
    func secondOutputAtItsScale() throws {
        let desk = try SwayDesktop()
        // A second output to the right, 640x400 surface pixels at scale 2.
        try desk.sway.message(["create_output"])
        try desk.sway.message(["output", "HEADLESS-2", "mode", "1280x800", "scale", "2", "position", "1280", "0"])
        desk.pointer.extent = (1280 + 640, 800)
        try desk.foot()
        let target = try #require(desk.sway.window(appID: "target"))
        #expect(target.rect.x < 1280, "foot opened on the second output")
        let region = (x: 1280, y: 200, width: 640, height: 200)
        let before = try desk.sway.screenshot(x: region.x, y: region.y, width: region.width, height: region.height)
        let keyboard = try desk.tapboard(["--backend", "wayland", "--monitor", "HEADLESS-2", "--geometry", "640x200",
                                          "--no-suggestions", "--no-dbus"])
        try Self.waitUntilShown(keyboard, on: desk)
        let shot = try desk.sway.screenshot(x: region.x, y: region.y, width: region.width, height: region.height)
        #expect(shot.width == 2 * region.width, "grim read the output at its scale")
        #expect(shot != before, "nothing drawn on the second output")
        // Drawn at the output's scale: edges and glyphs fall inside 2x2 blocks.
        #expect(Self.unevenBlocks(shot) > 500, "a buffer at scale 1, scaled up: \(Self.unevenBlocks(shot)) uneven blocks")
        #expect(desk.sway.window(appID: "target")?.rect.height == 800, "a zone was reserved on the first output")
        for id in ["q", "w"] {
            let p = try Self.centre(of: id, size: "640x200", origin: (region.x, region.y))
            desk.pointer.tap(p.x, p.y)
        }
        #expect(Deadline.waitFor(.seconds(5)) { desk.received() == "Qw" }, "foot received \(desk.received().debugDescription)")
        #expect(keyboard.terminate() == .exited(0))
        #expect(keyboard.standardError.isEmpty, "\(keyboard.standardError)")
    }

    @Test("When its output's scale changes to 2, it draws again at twice the pixels")
    func scaleChanges() throws {
        let desk = try SwayDesktop()
        try desk.foot()
        let keyboard = try desk.tapboard(["--backend", "wayland", "--geometry", "1280x200", "--no-suggestions", "--no-dbus"])
        try Self.waitUntilShown(keyboard, on: desk)
        try desk.sway.message(["output", "HEADLESS-1", "scale", "2"])
        // Now 640x400 surface pixels: the keyboard docked across its bottom.
        var uneven = 0
        #expect(Deadline.waitFor(.seconds(10)) {
            guard let shot = try? desk.sway.screenshot(x: 0, y: 200, width: 640, height: 200), shot.width == 1280 else { return false }
            uneven = Self.unevenBlocks(shot)
            return uneven > 500
        }, "still drawn at scale 1: \(uneven) uneven blocks")
        #expect(keyboard.terminate() == .exited(0))
        #expect(keyboard.standardError.isEmpty, "\(keyboard.standardError)")
    }

    @Test("--monitor naming no output is an error naming the outputs there are")
    func noSuchOutput() throws {
        let desk = try SwayDesktop()
        let keyboard = try desk.tapboard(["--backend", "wayland", "--monitor", "DP-9", "--no-dbus"])
        #expect(keyboard.wait(until: Deadline(.seconds(15))) == .exited(1), "as on X11")
        #expect(keyboard.standardError == "tapboard: no monitor named 'DP-9': the monitors are HEADLESS-1\n", "\(keyboard.standardError)")
    }

    @Test("--float --geometry puts it at that place, reserving nothing; its keys type there")
    func floatAtGeometry() throws {
        let desk = try SwayDesktop()
        try desk.foot()
        let place = (x: 100, y: 60, width: 500, height: 180)
        let before = try desk.sway.screenshot(x: place.x, y: place.y, width: place.width, height: place.height)
        let belowBefore = try desk.sway.screenshot(x: 0, y: 400, width: 1280, height: 400)
        let keyboard = try desk.tapboard(["--backend", "wayland", "--float", "--geometry", "500x180+100+60", "--no-suggestions", "--no-dbus"])
        try Self.waitUntilShown(keyboard, on: desk)
        #expect(try desk.sway.screenshot(x: place.x, y: place.y, width: place.width, height: place.height) != before, "not drawn at its place")
        // Below and beside it, foot as it was.
        #expect(try desk.sway.screenshot(x: 0, y: 400, width: 1280, height: 400) == belowBefore, "drawn outside its place")
        #expect(desk.sway.window(appID: "target")?.rect.height == 800, "a floating keyboard reserved a zone")
        let p = try Self.centre(of: "q", size: "500x180", origin: (place.x, place.y))
        desk.pointer.tap(p.x, p.y)
        #expect(Deadline.waitFor(.seconds(5)) { desk.received() == "Q" }, "foot received \(desk.received().debugDescription)")
        #expect(keyboard.terminate() == .exited(0))
    }

    @Test("--overlay shows above a full-screen window and types into it")
    func overlayAboveFullScreen() throws {
        let desk = try SwayDesktop()
        try desk.foot()
        try desk.sway.message(["[app_id=target]", "fullscreen", "enable"])
        let strip = (y: 800 - 200, height: 200)
        let before = try desk.sway.screenshot(x: 0, y: strip.y, width: 1280, height: strip.height)
        let keyboard = try desk.tapboard(["--backend", "wayland", "--overlay", "--geometry", "1280x200", "--no-suggestions", "--no-dbus"])
        try Self.waitUntilShown(keyboard, on: desk)
        #expect(try desk.sway.screenshot(x: 0, y: strip.y, width: 1280, height: strip.height) != before, "hidden under the full-screen window")
        let p = try Self.centre(of: "q", size: "1280x200", origin: (0, strip.y))
        desk.pointer.tap(p.x, p.y)
        #expect(Deadline.waitFor(.seconds(5)) { desk.received() == "Q" }, "foot received \(desk.received().debugDescription)")
        #expect(keyboard.terminate() == .exited(0))
    }
}
