import Foundation
import TapboardCore
import TapboardTestKit
import Testing

/// Tapboard itself on a headless sway: its keys tapped with a virtual pointer
/// type into foot exactly, whatever the characters, through the keymap the
/// keyboard writes for its virtual keyboard.
@Suite("Tapboard on Wayland types", .serialized)
struct WaylandTypingTests {
    /// foot running `cat` in raw mode into `received`, once it has the focus.
    static func target(in sway: HeadlessSway, scratch: ScratchDirectory) throws -> (ChildProcess, received: String) {
        let foot = try #require(executableOnPath("foot"), "foot is not installed (scripts/test installs it)")
        let ready = scratch.path("ready"), received = scratch.path("received")
        let child = try ChildProcess(foot, ["--app-id", "target", "--", "sh", "-c", "stty -icanon -echo; : > \(ready); exec cat > \(received)"],
                                     environment: sway.environment)
        #expect(Deadline.waitFor(.seconds(10)) { FileManager.default.fileExists(atPath: ready) && sway.window(appID: "target")?.focused == true },
                "foot did not start with the focus: \(child.standardError)")
        return (child, received)
    }

    static func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    /// Taps every character key of every page of a layout and checks foot received each key's character, in order.
    @Test("every character key of a layout, tapped, arrives in foot (US keymap on the seat)", arguments: ["en-US", "de", "ru", "el"])
    func everyCharacter(_ layout: String) throws {
        let sway = try HeadlessSway(width: 1280, height: 800)
        defer { sway.stop() }
        let scratch = try ScratchDirectory()
        let pointer = try WaylandPointer(sway)
        defer { pointer.close() }
        let (foot, received) = try Self.target(in: sway, scratch: scratch)
        defer { _ = foot.terminate() }
        let keyboard = try SwayKeyboard(sway: sway, pointer: pointer, above: "target",
                                        arguments: ["--layout", layout, "--no-auto-shift", "--no-suggestions", "--no-dbus"])
        let source = try #require(try LayoutSource.builtIn(named: layout))
        let pages = LayoutProvider().layout(for: source, width: sway.size.width).pages.map(\.name)
        var expected = ""
        var shown = pages[0]
        for page in pages {
            if page != shown {
                if try keyboard.frames(of: shown).key("page:" + page) == nil {
                    try keyboard.tap(shown, "page:" + pages[0])
                    shown = pages[0]
                }
                try keyboard.tap(shown, "page:" + page)
                shown = page
            }
            for key in try keyboard.frames(of: page).keys where key.action.hasPrefix("character:") {
                try keyboard.tap(page, key.id)
                expected += String(key.action.dropFirst("character:".count))
            }
        }
        #expect(Deadline.waitFor(.seconds(10)) { Self.text(received).unicodeScalars.count >= expected.unicodeScalars.count })
        #expect(Self.text(received) == expected, "layout \(layout)")
        #expect(keyboard.terminate() == .exited(0))
        #expect(keyboard.child.standardError.isEmpty, "\(keyboard.child.standardError)")

    }

    @Test("a long press on e and a slide one cell right types é (the callout works by position, not yet drawn)")
    func calloutByPosition() throws {
        let sway = try HeadlessSway(width: 1280, height: 800)
        defer { sway.stop() }
        let scratch = try ScratchDirectory()
        let pointer = try WaylandPointer(sway)
        defer { pointer.close() }
        let (foot, received) = try Self.target(in: sway, scratch: scratch)
        defer { _ = foot.terminate() }
        let keyboard = try SwayKeyboard(sway: sway, pointer: pointer, above: "target",
                                        arguments: ["--no-auto-shift", "--no-suggestions", "--no-dbus"])
        let e = try #require(try keyboard.frames(of: "letters").key("e"))
        let centre = try keyboard.centre(of: "e", on: "letters")
        pointer.move(to: centre.x - 1, centre.y)
        usleep(50_000)
        pointer.move(to: centre.x, centre.y)
        pointer.button(down: true)
        // A long press: held past the callout's delay (400 ms), as a hand holds it.
        usleep(700_000)
        pointer.move(to: centre.x + Int(e.width), centre.y)
        pointer.button(down: false)
        try keyboard.tap("letters", "x")
        #expect(Deadline.waitFor(.seconds(5)) { Self.text(received) == "éx" }, "foot received \(Self.text(received).debugDescription)")
        #expect(keyboard.terminate() == .exited(0))
    }
}
