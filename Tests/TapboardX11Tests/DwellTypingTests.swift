import Foundation
import TapboardTestKit
import Testing

/// Dwell on the real keyboard under Xvfb: the pointer moved through XTest onto
/// each key and left there, no button ever pressed; what arrives must be exact.
@Suite("Dwell typing on X", .serialized)
struct DwellTypingTests {
    /// An xterm with the focus, a keyboard with dwell at 300 ms, and a listener for its keystrokes.
    private func dwellIntoXterm(manager: WindowManager.Kind?) throws -> (Desktop, XtermLine, Keyboard, ChildProcess) {
        let desktop = try Desktop(manager: manager, focusTarget: false)
        let xterm = try XtermLine(on: desktop.xvfb.displayName, geometry: "60x5+0+0", environment: ["LANG": "C.UTF-8"])
        desktop.tapper.tap(xterm.inside)
        let keyboard = try desktop.launchKeyboard(geometry: SwitchScanTests.geometry,
                                                  arguments: ["--no-auto-shift", "--no-suggestions", "--publish-keys", "--dwell", "300"])
        return (desktop, xterm, keyboard, try desktop.listen(["--keys"]))
    }

    /// The letters' frames, e's centre and é's in e's callout: it opens above the
    /// keyboard's window, in cells as wide as e from e rightwards, é the second.
    private func calloutPlaces(_ keyboard: Keyboard) throws -> (PageFrames, onE: ScreenPoint, onAcute: ScreenPoint) {
        let frames = try keyboard.frames(of: "letters")
        let e = try #require(frames.key("e"))
        #expect(e.y < e.height, "e is not in the top row")
        return (frames, keyboard.actual.screenPoint(x: e.x + e.width / 2, y: e.y + e.height / 2),
                keyboard.actual.screenPoint(x: e.x + e.width * 1.5, y: e.y - e.height / 2))
    }

    @Test("The pointer alone types a pangram into xterm and a GTK 3 entry, exactly", arguments: [WindowManager.Kind?.some(.openbox), nil])
    func pangram(manager: WindowManager.Kind?) throws {
        let (desktop, xterm, keyboard, events) = try dwellIntoXterm(manager: manager)
        defer { _ = events.terminate() }
        let frames = try keyboard.frames(of: "letters")
        var failures = desktop.typeByDwell(SwitchScanTests.pangram + "\n", keyboard: keyboard, frames: frames, events: events)
        #expect(failures.isEmpty, "\(failures)")
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line != nil }, "stderr: \(keyboard.standardError)")
        #expect(xterm.line == SwitchScanTests.pangram + "\n", "stderr: \(keyboard.standardError)")

        let app = try ToolkitFields(.gtk3, on: desktop, size: (600, 400), environment: ["NO_AT_BRIDGE": "1", "DBUS_SESSION_BUS_ADDRESS": "disabled:"])
        #expect(app.waitUntilPlaced(on: desktop), "the application is not shown where it says")
        desktop.tapper.tap(app.centre("entry"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "entry" })
        failures = desktop.typeByDwell(SwitchScanTests.pangram, keyboard: keyboard, frames: frames, events: events)
        #expect(failures.isEmpty, "\(failures)")
        #expect(desktop.waitForOutput(of: app.process, timeout: .seconds(10)) { _ in app.text("entry") == SwitchScanTests.pangram },
                "\(app.text("entry")); stderr: \(keyboard.standardError)")
        #expect(desktop.tapper.noKeyDown)
    }

    @Test("An alternate in the callout above the keyboard, reached by the pointer alone, replaces its key; the keyboard holds the pointer only while a key is held", arguments: [WindowManager.Kind?.some(.openbox), nil])
    func callout(manager: WindowManager.Kind?) throws {
        let (desktop, xterm, keyboard, events) = try dwellIntoXterm(manager: manager)
        defer { _ = events.terminate() }
        let (frames, onE, onAcute) = try calloutPlaces(keyboard)
        func keystrokes() -> Int { Desktop.eventLines("key", in: events.standardOutput) }
        func rest(on point: ScreenPoint, typing count: Int) {
            let before = keystrokes()
            desktop.tapper.move(to: point)
            #expect(desktop.waitForOutput(of: events) { Desktop.eventLines("key", in: $0) >= before + count }, "nothing typed at \(point)")
        }
        func calloutShows() -> Bool {
            (try? WindowWatcher.topLevelWindows(named: "tapboard-callout", on: desktop.xvfb.displayName).contains(where: \.mapped)) ?? false
        }
        rest(on: onE, typing: 1)
        // Resting on e again holds it: its callout opens, and the keyboard holds
        // the pointer so that the callout, above its window, can be reached.
        #expect(desktop.waitUntil { desktop.tapper.pointerGrabbedElsewhere() }, "the pointer was not held; stderr: \(keyboard.standardError)")
        #expect(desktop.waitUntil(calloutShows), "no callout")
        // BackSpace, then é.
        rest(on: onAcute, typing: 2)
        #expect(desktop.waitUntil { !desktop.tapper.pointerGrabbedElsewhere() }, "the pointer stayed held after the alternate")
        let onReturn = try #require(frames.key("return"))
        rest(on: keyboard.actual.screenPoint(x: onReturn.x + onReturn.width / 2, y: onReturn.y + onReturn.height / 2), typing: 1)
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line != nil }, "stderr: \(keyboard.standardError)")
        #expect(xterm.line == "é\n", "stderr: \(keyboard.standardError)")

        // Held again, then the pointer leaves the keyboard and its callout: let go, nothing typed.
        rest(on: onE, typing: 1)
        #expect(desktop.waitUntil { desktop.tapper.pointerGrabbedElsewhere() })
        #expect(desktop.waitUntil(calloutShows), "no callout the second time")
        let typed = keystrokes()
        desktop.tapper.move(to: ScreenPoint(x: 100, y: 200))
        #expect(desktop.waitUntil { !desktop.tapper.pointerGrabbedElsewhere() && !calloutShows() }, "the pointer stayed held, or the callout open, after it left")
        #expect(keystrokes() == typed)
        #expect(desktop.tapper.noKeyDown)
        #expect(keyboard.isRunning)
    }

    @Test("A pointer another client holds as the callout opens is taken once it is let go, and the alternate is reached", arguments: [WindowManager.Kind?.some(.openbox), nil])
    func calloutAfterAnotherGrab(manager: WindowManager.Kind?) throws {
        let (desktop, xterm, keyboard, events) = try dwellIntoXterm(manager: manager)
        defer { _ = events.terminate() }
        let (frames, onE, onAcute) = try calloutPlaces(keyboard)
        func keystrokes() -> Int { Desktop.eventLines("key", in: events.standardOutput) }
        func calloutShows() -> Bool {
            (try? WindowWatcher.topLevelWindows(named: "tapboard-callout", on: desktop.xvfb.displayName).contains(where: \.mapped)) ?? false
        }
        // The pointer rests on e while this client holds it: the keyboard sees
        // it arrive (the motion comes before the grab), types e, then opens the
        // callout and asks for the pointer, which is refused.
        #expect(desktop.tapper.moveAndHoldPointer(to: onE), "the pointer could not be held")
        #expect(desktop.waitForOutput(of: events) { Desktop.eventLines("key", in: $0) >= 1 }, "e was not typed")
        #expect(desktop.waitUntil(calloutShows), "no callout; stderr: \(keyboard.standardError)")
        desktop.tapper.letPointerGo()
        // Let go, the pointer is the keyboard's: the callout above it can be reached.
        #expect(desktop.waitUntil { desktop.tapper.pointerGrabbedElsewhere() }, "the keyboard did not take the pointer once it was free")
        let before = keystrokes()
        desktop.tapper.move(to: onAcute)
        #expect(desktop.waitForOutput(of: events) { Desktop.eventLines("key", in: $0) >= before + 2 }, "é was not typed")
        #expect(desktop.waitUntil { !desktop.tapper.pointerGrabbedElsewhere() }, "the pointer stayed held after the alternate")
        let onReturn = try #require(frames.key("return"))
        desktop.tapper.move(to: keyboard.actual.screenPoint(x: onReturn.x + onReturn.width / 2, y: onReturn.y + onReturn.height / 2))
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line != nil }, "stderr: \(keyboard.standardError)")
        #expect(xterm.line == "é\n", "stderr: \(keyboard.standardError)")
        #expect(desktop.tapper.noKeyDown)
    }
}
