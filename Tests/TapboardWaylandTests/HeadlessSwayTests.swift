import Foundation
import TapboardTestKit
import Testing

/// The Wayland test harness itself: a headless sway run as an unprivileged
/// user, foot as a target that writes what it receives, a layer-shell
/// keyboard's exclusive zone, and the virtual pointer's device on the seat.
@Suite("Headless sway harness", .serialized)
struct HeadlessSwayTests {
    @Test("A virtual keyboard's text (wtype) arrives in foot exactly, accents, £ € and Cyrillic included")
    func virtualKeyboardTypesIntoFoot() throws {
        let wtype = try #require(executableOnPath("wtype"), "wtype is not installed")
        let desk = try SwayDesktop()
        let sway = desk.sway
        try desk.foot()
        let text = "héllo £€ Привет"
        // wtype uploads its keymap and types at once, and foot may read the first key
        // with the keymap before (wtype's own race, which the keyboard's typing must
        // not have): it waits before typing, there being nothing to watch from here.
        _ = try ChildProcess.run(wtype, ["-s", "200", text], environment: sway.environment)
        #expect(Deadline.waitFor(.seconds(5)) { desk.received() == text }, "foot received \(desk.received().debugDescription)")
    }

    @Test("wvkbd's exclusive zone lays foot out above it; the virtual pointer's taps on its keys type each once into foot")
    func layerShellZoneAndPointer() throws {
        let wvkbd = try #require(executableOnPath("wvkbd-mobintl"), "wvkbd is not installed")
        let desk = try SwayDesktop(width: 1280, height: 800)
        let (sway, pointer) = (desk.sway, desk.pointer)
        try desk.foot()
        #expect(try sway.message(["-t", "get_seats"]).contains("\"type\": \"pointer\""))
        let keyboard = try ChildProcess(wvkbd, ["-L", "240"], environment: sway.environment)
        defer { _ = keyboard.terminate() }
        #expect(Deadline.waitFor(.seconds(10)) { sway.window(appID: "target")?.rect.height == 560 },
                "wvkbd's layer surface did not reserve its zone; stderr: \(keyboard.standardError)")
        #expect(sway.window(appID: "target")?.focused == true, "the keyboard took the focus from foot")
        // wvkbd's mobile layout at 1280x240: six rows of 40 pixels; q, w, e on the third, after a half-key indent.
        for x in [122, 244, 366] { pointer.tap(x, 560 + 100) }
        #expect(Deadline.waitFor(.seconds(5)) { desk.received() == "qwe" }, "foot received \(desk.received().debugDescription)")
    }
}
