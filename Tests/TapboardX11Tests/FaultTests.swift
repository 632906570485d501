import CX11
import Foundation
import TapboardTestKit
import Testing

/// What happens when things go wrong around the keyboard: the server dies,
/// signals come at awkward moments, the keyboard is killed, the keymap or the
/// window is changed by someone else. Nothing may be left held or remapped.
@Suite("Faults", .serialized)
struct FaultTests {
    /// Where a key's centre is on the screen, by page and id.
    private func centre(_ keyboard: Keyboard, _ id: String, _ page: String = "letters") throws -> ScreenPoint {
        try keyboard.centre(of: id, on: page)
    }

    /// Presses at `point` and waits for a window of the class to be mapped (the
    /// preview, the callout). The watcher listens before the press: the preview
    /// maps 3 ms after it, sooner than a new connection takes to start listening.
    private func press(at point: ScreenPoint, showing wmClass: String, _ desktop: Desktop, _ keyboard: Keyboard) throws {
        let watcher = try WindowWatcher(displayName: desktop.xvfb.displayName)
        defer { watcher.close() }
        desktop.tapper.move(to: point)
        desktop.tapper.press()
        _ = try watcher.waitForWindow(WindowIdentity(classes: [wmClass]), child: keyboard.child, timeout: .seconds(5))
    }

    @Test("The X server dies while a key is held: the keyboard exits within 1 s, status 1, with one line")
    func serverDies() throws {
        let xvfb = try Xvfb()
        let tapper = try Tapper(displayName: xvfb.displayName)
        let keyboard = try Keyboard(displayName: xvfb.displayName, geometry: Desktop.keyboardGeometry, tapper: tapper, observer: nil)
        let watcher = try WindowWatcher(displayName: xvfb.displayName)
        tapper.move(to: try keyboard.centre(of: "q", on: "letters"))
        tapper.press()
        _ = try watcher.waitForWindow(WindowIdentity(classes: ["tapboard-preview"]), child: keyboard.child, timeout: .seconds(5))
        watcher.close()
        // The test's own connections go first: Xlib would end this process too.
        tapper.close()
        let killed = ContinuousClock.now
        xvfb.stop()
        let status = keyboard.child.wait(until: Deadline(.seconds(1)))
        let took = ContinuousClock.now - killed
        #expect(status == .exited(1), "after \(took): \(keyboard.standardError)")
        #expect(took < .seconds(1))
        #expect(keyboard.standardError == "tapboard: lost the connection to the X server \(xvfb.displayName)\n")
    }

    /// The moments a signal may come at.
    enum Moment: String, CaseIterable, CustomTestStringConvertible {
        case keyHeld, backspaceRepeating, ctrlLatched, ctrlLocked, calloutOpen
        var testDescription: String { rawValue }
    }

    @Test("SIGTERM, SIGINT: with a key held, backspace repeating, Ctrl latched or locked, a callout open — every key released, the keymap restored, exit 0",
          arguments: [SIGTERM, SIGINT], Moment.allCases)
    func signalAt(_ signal: Int32, _ moment: Moment) throws {
        let desktop = try Desktop()
        let before = desktop.tapper.keyboardMapping()
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift", "--layouts", "en-US,desktop"])
        try reach(moment, desktop, keyboard)
        keyboard.child.send(signal)
        let status = keyboard.child.wait(until: Deadline(.seconds(5)))
        desktop.tapper.release()
        #expect(status == .exited(0), "\(keyboard.standardError)")
        desktop.target.drain()
        #expect(desktop.tapper.keysDown().isEmpty, "keycodes left down: \(desktop.tapper.keysDown())")
        let after = desktop.tapper.keyboardMapping()
        #expect(after == before, "keymap changed: \(after.differences(from: before))")
        #expect(keyboard.standardError == "")
    }

    @Test("SIGHUP (reload) at those moments: the keyboard goes on, nothing is left held, and a later SIGTERM exits cleanly", arguments: Moment.allCases)
    func reloadAt(_ moment: Moment) throws {
        let desktop = try Desktop()
        let before = desktop.tapper.keyboardMapping()
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift", "--layouts", "en-US,desktop"])
        try reach(moment, desktop, keyboard)
        keyboard.child.send(SIGHUP)
        desktop.tapper.release()
        desktop.target.drain()
        #expect(keyboard.isRunning)
        #expect(desktop.tapper.keysDown().isEmpty, "keycodes left down: \(desktop.tapper.keysDown())")
        expectCleanExit(keyboard, on: desktop, mappingBefore: before)
    }

    /// Brings the keyboard to a moment, with a keycode borrowed first.
    private func reach(_ moment: Moment, _ desktop: Desktop, _ keyboard: Keyboard) throws {
        let tapper = desktop.tapper
        try typeBorrowed(desktop, keyboard)
        let count = desktop.target.presses.count
        switch moment {
        case .keyHeld:
            try press(at: try centre(keyboard, "q"), showing: "tapboard-preview", desktop, keyboard)
        case .backspaceRepeating:
            tapper.move(to: try centre(keyboard, "backspace"))
            tapper.press()
            #expect(desktop.target.waitForPress(after: count + 1, until: Deadline(.seconds(5))) != nil, "no repeat")
        case .ctrlLatched, .ctrlLocked:
            try keyboard.tap("letters", "layout:next")
            let desktopKeys = try PageFrames.dump(binary: keyboard.binary, size: keyboard.actual.size, page: "keys",
                                                  arguments: ["--layouts", "desktop,en-US"])
            func point(_ id: String) throws -> ScreenPoint {
                let key = try #require(desktopKeys.key(id))
                return keyboard.actual.screenPoint(x: key.x + key.width / 2, y: key.y + key.height / 2)
            }
            tapper.tap(try point("ctrl"))
            if moment == .ctrlLocked { tapper.tap(try point("ctrl")) }
            tapper.move(to: try point("x"))
            tapper.press()
        case .calloutOpen:
            try press(at: try centre(keyboard, "e"), showing: "tapboard-callout", desktop, keyboard)
        }
        tapper.sync()
    }

    /// Types è, the first cell of e's callout, as the first character: Xvfb's US
    /// keymap lacks it, so it goes through a borrowed keycode.
    private func typeBorrowed(_ desktop: Desktop, _ keyboard: Keyboard) throws {
        let point = try centre(keyboard, "e")
        try press(at: point, showing: "tapboard-callout", desktop, keyboard)
        // The first cell sits right above the key.
        desktop.tapper.move(to: ScreenPoint(x: point.x, y: point.y - 60))
        desktop.tapper.release()
        desktop.target.waitForText(length: 1)
        #expect(desktop.target.text == "è")
    }

    @Test("SIGKILL after typing through a borrowed keycode: the next start puts the keycode back, says so, and types")
    func leftoverAfterKill() throws {
        let desktop = try Desktop()
        let before = desktop.tapper.keyboardMapping()
        let first = try desktop.launchKeyboard(arguments: ["--no-auto-shift"])
        try typeBorrowed(desktop, first)
        first.child.send(SIGKILL)
        _ = first.child.wait(until: Deadline(.seconds(5)))
        #expect(desktop.tapper.keyboardMapping() != before, "the kill should leave è mapped")

        let second = try desktop.launchKeyboard(arguments: ["--no-auto-shift"])
        try second.tap("letters", "q")
        desktop.target.waitForText(length: 2)
        #expect(second.standardError == "tapboard: put back 1 keycode that a tapboard killed before its exit had borrowed\n")
        // Only the leftover went: the keymap is as before start while nothing is borrowed.
        #expect(desktop.tapper.keyboardMapping() == before)
        expectCleanExit(second, on: desktop, mappingBefore: before)
    }

    @Test("The server's keymap changes while running (setxkbmap de, us, ru): the next taps type the keys' characters")
    func keymapChanges() throws {
        let desktop = try Desktop()
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift"])
        var expected = ""
        for layout in ["de", "us", "ru", "us"] {
            try setxkbmap(layout, desktop)
            for id in ["y", "z", "q"] {
                try keyboard.tap("letters", id)
                expected += id
            }
            desktop.target.waitForText(length: expected.count)
            #expect(desktop.target.text == expected, "after setxkbmap \(layout): \(desktop.target.pressLog)")
        }
        #expect(keyboard.isRunning)
    }

    /// Runs `setxkbmap LAYOUT` on the test's server and lets the target see the change.
    private func setxkbmap(_ layout: String, _ desktop: Desktop) throws {
        guard let program = executableOnPath("setxkbmap") else {
            throw HarnessError.programMissing("setxkbmap", hint: "apt-get install x11-xkb-utils")
        }
        let child = try ChildProcess(program, ["-display", desktop.xvfb.displayName, layout])
        #expect(child.wait(until: Deadline(.seconds(10))) == .exited(0), "\(child.standardError)")
        desktop.target.drain()
    }

    @Test("Unmapped by another client: hidden, as by `tapboard hide`; `show` brings it back and it types")
    func unmappedByOthers() throws {
        let desktop = try Desktop()
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift"])
        let events = try desktop.listen()
        let other = try XConnection.open(desktop.xvfb.displayName)
        XUnmapWindow(other, keyboard.window)
        XSync(other, 0)
        XCloseDisplay(other)
        let frame = keyboard.actual
        let hid = desktop.waitForOutput(of: events) { $0.contains(WindowPlacement.eventLine("didHide", from: frame, to: frame)) }
        #expect(hid, "\(events.standardOutput)")
        let show = try ChildProcess(try Keyboard.locateBinary(), ["show", "--display", desktop.xvfb.displayName])
        #expect(show.wait(until: Deadline(.seconds(10))) == .exited(0))
        _ = desktop.waitForOutput(of: events) { $0.split(separator: "\n").count >= 5 }
        #expect(events.standardOutput.split(separator: "\n").map(String.init)
            == ["didShow", "willHide", "didHide", "willShow", "didShow"].map { WindowPlacement.eventLine($0, from: frame, to: frame) })
        try keyboard.tap("letters", "q")
        desktop.target.waitForText(length: 1)
        #expect(desktop.target.text == "q")
    }

    @Test("A request to the window manager with a negative number (a window put on every desktop, as trayer does) is heard and left: the keyboard goes on typing")
    func negativeRootMessage() throws {
        let desktop = try Desktop()
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift"])
        let window = try OrdinaryWindow(displayName: desktop.xvfb.displayName, placement: WindowPlacement(width: 200, height: 100, x: 10, y: 10))
        window.showOnAllDesktops()
        try keyboard.tap("letters", "q")
        desktop.target.waitForText(length: 1)
        #expect(desktop.target.text == "q")
        #expect(keyboard.child.isRunning, "\(keyboard.standardError)")
        #expect(keyboard.standardError == "")
    }

    @Test("Destroyed by another client: the keyboard exits 1 with one line, nothing held, the keymap restored")
    func destroyedByOthers() throws {
        let desktop = try Desktop()
        let before = desktop.tapper.keyboardMapping()
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift"])
        try typeBorrowed(desktop, keyboard)
        let other = try XConnection.open(desktop.xvfb.displayName)
        XDestroyWindow(other, keyboard.window)
        XSync(other, 0)
        XCloseDisplay(other)
        #expect(keyboard.child.wait(until: Deadline(.seconds(5))) == .exited(1))
        #expect(keyboard.standardError == "tapboard: the keyboard window was destroyed by another client; quitting\n")
        #expect(desktop.tapper.keysDown().isEmpty)
        #expect(desktop.tapper.keyboardMapping() == before)
    }

    @Test("Shift held by another client (XTest) while tapping: q types q, shift then w types W, and that client's Shift stays down")
    func othersShiftHeld() throws {
        let desktop = try Desktop()
        let before = desktop.tapper.keyboardMapping()
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift"])
        // One key typed first. When another client's Shift was the session's first
        // key event, the target read the next remapped keycode as NoSymbol in 3 of
        // 15 runs: its Xlib was still loading the keymap for that first key.
        try keyboard.tap("letters", "a")
        desktop.target.waitForText(length: 1)
        let shift = desktop.tapper.keycode(for: XK_Shift_L)
        desktop.tapper.key(shift, down: true)
        try keyboard.tap("letters", "q")
        try keyboard.tap("letters", "shift")
        try keyboard.tap("letters", "w")
        try keyboard.tap("letters", "e")
        desktop.target.waitForText(length: 4)
        #expect(desktop.target.text == "aqWe", "\(desktop.target.pressLog)")
        #expect(desktop.tapper.keysDown() == [Int(shift)], "the other client's Shift must stay down")
        desktop.tapper.key(shift, down: false)
        try keyboard.tap("letters", "r")
        desktop.target.waitForText(length: 5)
        #expect(desktop.target.text == "aqWer")
        expectCleanExit(keyboard, on: desktop, mappingBefore: before)
    }
}
