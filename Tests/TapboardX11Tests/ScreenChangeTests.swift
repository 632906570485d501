import Foundation
import TapboardTestKit
import Testing

/// The keyboard follows the screen: a new resolution, a portrait screen, a
/// monitor plugged in or taken away. Under Xorg's dummy driver, whose RandR
/// modes can change (Xvfb's cannot).
@Suite("Following screen changes", .serialized)
struct ScreenChangeTests {
    /// A session on a resizable screen, with or without openbox, and its RandR.
    private func session(windowManager: Bool = false) throws -> (Desktop, RandR) {
        let desktop = try Desktop(windowManager: windowManager, resizableScreen: true)
        return (desktop, try RandR(displayName: desktop.xvfb.displayName))
    }

    /// Waits for the didChangeFrame line of a move, then checks the window is there.
    private func expectMove(_ desktop: Desktop, _ keyboard: Keyboard, _ events: ChildProcess, from: WindowPlacement, to: WindowPlacement,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let did = WindowPlacement.eventLine("didChangeFrame", from: from, to: to)
        let heard = desktop.waitForOutput(of: events) { $0.contains(did) }
        #expect(heard, "events: \(events.standardOutput)", sourceLocation: sourceLocation)
        try keyboard.refreshPlacement()
        #expect(keyboard.actual == to, sourceLocation: sourceLocation)
    }

    @Test("A new resolution, a portrait screen, a wide one: placed and sized again, laid out compact or wide, announced once, and typing")
    func newResolutions() throws {
        let (desktop, randr) = try session()
        // 1024x768 at 96 dpi: full width, 3 inches high, at the bottom; wide (≥ 1000 px).
        let keyboard = try desktop.launchKeyboard(geometry: nil, arguments: ["--no-auto-shift"])
        let start = WindowPlacement(width: 1024, height: 288, x: 0, y: 480)
        #expect(keyboard.actual == start)
        let events = try desktop.listen()
        try keyboard.tap("letters", "1")

        let small = WindowPlacement(width: 800, height: 240, x: 0, y: 360)  // 40% of the height
        try randr.set("DUMMY0", width: 800, height: 600)
        try expectMove(desktop, keyboard, events, from: start, to: small)
        try keyboard.tap("letters", "q")  // compact: no number row

        let portrait = WindowPlacement(width: 768, height: 256, x: 0, y: 768)  // a third of the width
        try randr.set("DUMMY0", width: 768, height: 1024)
        try expectMove(desktop, keyboard, events, from: small, to: portrait)
        try keyboard.tap("letters", "w")

        let wide = WindowPlacement(width: 1920, height: 288, x: 0, y: 792)
        try randr.set("DUMMY0", width: 1920, height: 1080)
        try expectMove(desktop, keyboard, events, from: portrait, to: wide)
        try keyboard.tap("letters", "2")  // the number row is back

        desktop.target.waitForText(length: 4)
        #expect(desktop.target.text == "1qw2", "\(desktop.target.pressLog)")
        // Each change announced once, will before did.
        let lines = events.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines == [WindowPlacement.eventLine("didShow", from: start, to: start)]
            + [(start, small), (small, portrait), (portrait, wide)].flatMap { from, to in
                ["willChangeFrame", "didChangeFrame"].map { WindowPlacement.eventLine($0, from: from, to: to) }
            })
        #expect(keyboard.standardError == "")
    }

    @Test("--monitor: on the monitor named; when it is unplugged, on the primary one (with a line); back when it returns")
    func monitorComesAndGoes() throws {
        let (desktop, randr) = try session()
        try randr.set("DUMMY1", width: 1280, height: 720, rightOf: "DUMMY0")
        let keyboard = try desktop.launchKeyboard(geometry: nil, arguments: ["--monitor", "DUMMY1", "--no-auto-shift"])
        let onSecond = WindowPlacement(width: 1280, height: 288, x: 1024, y: 432)
        #expect(keyboard.actual == onSecond)
        let events = try desktop.listen()
        try keyboard.tap("letters", "q")

        let onPrimary = WindowPlacement(width: 1024, height: 288, x: 0, y: 480)
        try randr.turnOff("DUMMY1")
        try expectMove(desktop, keyboard, events, from: onSecond, to: onPrimary)
        #expect(keyboard.standardError.hasPrefix("tapboard: no monitor named 'DUMMY1': the monitors are DUMMY0; placing the keyboard on the primary monitor\n"),
                "\(keyboard.standardError)")
        try keyboard.tap("letters", "w")

        try randr.set("DUMMY1", width: 1280, height: 720, rightOf: "DUMMY0")
        try expectMove(desktop, keyboard, events, from: onPrimary, to: onSecond)
        try keyboard.tap("letters", "e")
        desktop.target.waitForText(length: 3)
        #expect(desktop.target.text == "qwe", "\(desktop.target.pressLog)")
    }

    @Test("Docked under openbox: the reserved strip follows a new resolution (the work area ends where the keyboard starts)")
    func dockStripFollows() throws {
        let (desktop, randr) = try session(windowManager: true)
        let keyboard = try desktop.launchKeyboard(geometry: nil)
        let events = try desktop.listen()
        #expect(try desktop.workArea(becoming: [0, 0, 1024, 480]) == [0, 0, 1024, 480])
        try randr.set("DUMMY0", width: 800, height: 600)
        try expectMove(desktop, keyboard, events, from: WindowPlacement(width: 1024, height: 288, x: 0, y: 480),
                       to: WindowPlacement(width: 800, height: 240, x: 0, y: 360))
        #expect(try desktop.workArea(becoming: [0, 0, 800, 360]) == [0, 0, 800, 360])
    }
}
