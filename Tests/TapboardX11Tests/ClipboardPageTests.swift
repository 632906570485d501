import Foundation
import TapboardCore
import TapboardTestKit
import Testing

/// The clipboard page with the real binary under openbox: texts copied with
/// xclip show newest first, a long press deletes one, a tap types one into
/// xterm exactly, and nothing of them reaches `tapboard events`.
@Suite("The clipboard page", .serialized)
struct ClipboardPageTests {
    static let geometry = WindowPlacement(width: 1280, height: 290, x: 0, y: 505)

    @Test("Three texts copied: the newest deleted from its callout, the next tapped arrives in xterm exactly, unpublished")
    func tapTypesAnEntry() throws {
        let desktop = try Desktop(manager: .openbox, focusTarget: false)
        let scratch = try ScratchDirectory()
        let xterm = try XtermLine(on: desktop.xvfb.displayName, geometry: "80x10+0+0", environment: ["LANG": "C.UTF-8"])
        desktop.tapper.tap(xterm.inside)
        let keyboard = try desktop.launchKeyboard(geometry: Self.geometry, arguments: ["--no-auto-shift", "--publish-keys"])
        let events = try desktop.listen(["--keys"])
        defer { _ = events.terminate() }
        func list() -> [String] {
            let child = try? ChildProcess(try Keyboard.locateBinary(), ["clipboard", "list", "--display", desktop.xvfb.displayName])
            _ = child?.wait(until: Deadline(.seconds(10)))
            return child?.standardOutput.split(separator: "\n").map(String.init) ?? []
        }
        #expect(desktop.waitUntil(timeout: .seconds(10)) { list().isEmpty })
        let texts = ["first: plain", "second — naïve café {x} 100% $HOME", "third, to delete"]
        for text in texts {
            let file = scratch.path("copied-\(UUID().uuidString)")
            try text.write(toFile: file, atomically: false, encoding: .utf8)
            let xclip = try ChildProcess(URL(fileURLWithPath: "/usr/bin/xclip"), ["-selection", "clipboard", "-display", desktop.xvfb.displayName, file])
            #expect(xclip.wait(until: Deadline(.seconds(10))) == .exited(0), "xclip: \(xclip.standardError)")
            #expect(desktop.waitUntil(timeout: .seconds(10)) { list().first == "-\t" + text })
        }
        #expect(list() == texts.reversed().map { "-\t" + $0 })

        func frames(_ page: String) throws -> PageFrames {
            try PageFrames.dump(binary: keyboard.binary, size: keyboard.actual.size, page: page)
        }
        func centre(_ key: PageFrames.Key) -> ScreenPoint {
            keyboard.actual.screenPoint(x: key.x + key.width / 2, y: key.y + key.height / 2)
        }
        func tap(_ page: String, _ id: String) throws {
            desktop.tapper.tap(centre(try #require(try frames(page).key(id), "no \(id) on \(page)")))
        }
        try tap("letters", "page:emoji")
        try tap("emoji", "page:clipboard")
        // The newest, held: its callout's second cell deletes it.
        let newest = try #require(try frames("clipboard").key("clipboard-entry-1"))
        let watcher = try WindowWatcher(displayName: desktop.xvfb.displayName)
        defer { watcher.close() }
        desktop.tapper.move(to: centre(newest))
        desktop.tapper.press()
        _ = try watcher.waitForWindow(WindowIdentity(classes: ["tapboard-callout"]), child: keyboard.child, timeout: .seconds(5))
        let onScreen = Rect(x: keyboard.actual.x + Int(newest.x), y: keyboard.actual.y + Int(newest.y), width: Int(newest.width), height: Int(newest.height))
        let delete = CalloutGeometry(count: 2, key: onScreen, screen: Size(width: 1280, height: 800), padding: 4).cells[1]
        desktop.tapper.move(to: ScreenPoint(x: Int32(delete.x + delete.width / 2), y: Int32(delete.y + delete.height / 2)))
        desktop.tapper.release()
        #expect(desktop.waitUntil(timeout: .seconds(10)) { list() == ["-\t" + texts[1], "-\t" + texts[0]] }, "\(list())")
        // The newest now: the second text, typed as keystrokes.
        try tap("clipboard", "clipboard-entry-1")
        try tap("clipboard", "page:letters")
        try tap("letters", "return")
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line != nil })
        #expect(xterm.line == texts[1] + "\n")
        #expect(desktop.tapper.noKeyDown)
        // The listener heard the Return typed after it, and no other key: nothing of the texts.
        #expect(desktop.waitForOutput(of: events) { $0.contains("Return") }, "\(events.standardOutput)")
        let keys = events.standardOutput.split(separator: "\n").filter { $0.contains("\"event\":\"key\"") }
        #expect(keys.count == 1 && keys[0].contains("Return"), "\(keys)")
        for text in texts { #expect(!events.standardOutput.contains(text.prefix(6)), "\(events.standardOutput)") }
    }
}
