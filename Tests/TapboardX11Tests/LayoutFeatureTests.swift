import CX11
import Foundation
import TapboardTestKit
import Testing

/// Callouts, the globe key, compact/wide on resize and SIGHUP reload, through
/// the real binary under a private Xvfb, checked by what the target receives.
@Suite("Layouts at run time", .serialized)
struct LayoutFeatureTests {
    let desktop: Desktop

    init() throws { desktop = try Desktop() }

    /// Waits until the target holds `expected` exactly (what else arrived is shown).
    private func expectText(_ expected: String, _ keyboard: Keyboard, sourceLocation: SourceLocation = #_sourceLocation) {
        desktop.target.waitForText(length: expected.unicodeScalars.count)
        desktop.target.drain()
        #expect(desktop.target.text == expected, "\(desktop.target.pressLog)\nstderr: \(keyboard.standardError)",
                sourceLocation: sourceLocation)
    }

    @Test("Holding e opens its callout; sliding one cell right and lifting types é; lifting far above types nothing")
    func calloutTypesTheAlternateSlidTo() throws {
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift"])
        let e = try #require(try keyboard.frames(of: "letters").key("e"))
        let centre = try keyboard.centre(of: "e", on: "letters")
        for (dx, dy, typed) in [(e.width, 0.0, "é"), (0.0, -3 * e.height, "")] {
            let watcher = try WindowWatcher(displayName: desktop.xvfb.displayName)
            defer { watcher.close() }
            desktop.tapper.move(to: centre)
            desktop.tapper.press()
            _ = try watcher.waitForWindow(WindowIdentity(classes: ["tapboard-callout"]), child: keyboard.child, timeout: .seconds(5))
            desktop.tapper.move(to: ScreenPoint(x: centre.x + Int32(dx), y: centre.y + Int32(dy)))
            desktop.tapper.release()
            if !typed.isEmpty { desktop.target.waitForText(length: 1) }
        }
        try keyboard.tap("letters", "x")
        expectText("éx", keyboard)
        #expect(desktop.tapper.noKeyDown)
    }

    @Test("With --layouts en-US,ru the globe key switches to ru at once, and back")
    func globeSwitchesLayouts() throws {
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift", "--layouts", "en-US,ru"])
        try keyboard.tap("letters", "q")
        try keyboard.tap("letters", "layout:next")
        let ru = try PageFrames.dump(binary: keyboard.binary, size: keyboard.actual.size, page: "letters",
                                     arguments: ["--layouts", "ru,en-US"])
        for id in ["ф", "ы", "layout:next"] {
            let key = try #require(ru.key(id))
            desktop.tapper.tap(keyboard.actual.screenPoint(x: key.x + key.width / 2, y: key.y + key.height / 2))
        }
        try keyboard.tap("letters", "w")
        expectText("qфыw", keyboard)
    }

    @Test("Taps sent in one burst across a page switch and a layout switch hit the keys of the new page and layout")
    func burstAcrossSwitches() throws {
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift", "--layouts", "en-US,ru"])
        let ru = try PageFrames.dump(binary: keyboard.binary, size: keyboard.actual.size, page: "letters",
                                     arguments: ["--layouts", "ru,en-US"])
        func centre(_ key: PageFrames.Key) -> ScreenPoint {
            keyboard.actual.screenPoint(x: key.x + key.width / 2, y: key.y + key.height / 2)
        }
        let points = [try keyboard.centre(of: "page:symbols", on: "letters"), try keyboard.centre(of: "1", on: "symbols"),
                      try keyboard.centre(of: "page:letters", on: "symbols"), try keyboard.centre(of: "layout:next", on: "letters"),
                      centre(try #require(ru.key("ф"))), centre(try #require(ru.key("layout:next"))),
                      try keyboard.centre(of: "q", on: "letters")]
        // All queued, then sent at once: the keyboard reads them in one batch.
        for p in points {
            desktop.tapper.queueMotion(to: p)
            desktop.tapper.queueButton(down: true)
            desktop.tapper.queueButton(down: false)
        }
        desktop.tapper.flush()
        expectText("1фq", keyboard)
    }

    @Test("Resized past --wide-width, the keyboard shows the wide layout: its Tab key types a tab")
    func resizeSwitchesToWide() throws {
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift", "--wide-width", "1000"])
        #expect(try keyboard.frames(of: "letters").key("Tab") == nil)
        let watcher = try WindowWatcher(displayName: desktop.xvfb.displayName)
        defer { watcher.close() }
        let wide = WindowPlacement(width: 1200, height: 280, x: 40, y: 500)
        let placed = try #require(watcher.configure(keyboard.window, to: wide, timeout: .seconds(5)))
        let frames = try PageFrames.dump(binary: keyboard.binary, size: placed.size, page: "letters")
        for id in ["Tab", "a"] {
            let key = try #require(frames.key(id), "the wide layout has no \(id): \(frames.keys.map(\.id))")
            desktop.tapper.tap(placed.screenPoint(x: key.x + key.width / 2, y: key.y + key.height / 2))
        }
        expectText("\ta", keyboard)
    }

    @Test("SIGHUP reads the layout file again; a broken file is reported with its line and changes nothing")
    func sighupReloads() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tapboard-reload-\(getpid())-\(UInt32.random(in: 0 ... .max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("mine.yaml")
        try "name: mine\npages:\n  - name: p\n    rows: [a b c]\n".write(to: file, atomically: false, encoding: .utf8)
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift", "--layout", file.path])
        try keyboard.tap("p", "a")

        let before = try Screenshot.capture(displayName: desktop.xvfb.displayName, window: keyboard.window,
                                            width: keyboard.actual.width, height: keyboard.actual.height)
        try "name: mine\npages:\n  - name: p\n    rows: [x y z]\n".write(to: file, atomically: false, encoding: .utf8)
        keyboard.child.send(SIGHUP)
        #expect(desktop.waitUntil {
            let now = try? Screenshot.capture(displayName: desktop.xvfb.displayName, window: keyboard.window,
                                              width: keyboard.actual.width, height: keyboard.actual.height)
            return now != nil && now != before
        }, "the keyboard did not redraw after SIGHUP")
        let reloaded = try PageFrames.dump(binary: keyboard.binary, size: keyboard.actual.size, page: "p",
                                           arguments: ["--layout", file.path])
        let y = try #require(reloaded.key("y"))
        desktop.tapper.tap(keyboard.actual.screenPoint(x: y.x + y.width / 2, y: y.y + y.height / 2))

        try "name: mine\npages:\n  - name: p\n    rows: [[x y z]\n".write(to: file, atomically: false, encoding: .utf8)
        keyboard.child.send(SIGHUP)
        #expect(desktop.waitUntil { keyboard.standardError.contains("reload on SIGHUP") })
        #expect(keyboard.standardError.contains("\(file.path):5:1: YAML syntax error"), "\(keyboard.standardError)")
        #expect(keyboard.standardError.contains("keeping the layouts and theme in use"))
        desktop.tapper.tap(keyboard.actual.screenPoint(x: y.x + y.width / 2, y: y.y + y.height / 2))
        expectText("ayy", keyboard)
        #expect(keyboard.isRunning)
    }
}
