import Foundation
import TapboardCore
import TapboardTestKit
import Testing

/// Tapboard itself on a headless sway: its keys tapped with a virtual pointer
/// type into foot exactly, whatever the characters, through the keymap the
/// keyboard writes for its virtual keyboard.
@Suite("Tapboard on Wayland types", .serialized)
struct WaylandTypingTests {
    @Test("every character key of a layout, tapped, arrives in foot (US keymap on the seat)", arguments: ["en-US", "de", "ru", "el"])
    func everyCharacter(_ layout: String) throws {
        let desk = try SwayDesktop()
        try desk.foot()
        let keyboard = try desk.keyboard(["--layout", layout, "--no-auto-shift", "--no-suggestions", "--no-dbus"])
        let source = try #require(try LayoutSource.builtIn(named: layout))
        let expected = try keyboard.tapEveryCharacter(pages: LayoutProvider().layout(for: source, width: desk.sway.size.width).pages.map(\.name))
        #expect(Deadline.waitFor(.seconds(10)) { desk.received().unicodeScalars.count >= expected.unicodeScalars.count })
        #expect(desk.received() == expected, "layout \(layout); stderr: \(keyboard.child.standardError); foot: \(String(describing: desk.sway.window(appID: "target")))")
        #expect(keyboard.terminate() == .exited(0))
        #expect(keyboard.child.standardError.isEmpty, "\(keyboard.child.standardError)")
    }

    @Test("a long press on e and a slide one cell right types é")
    func calloutByPosition() throws {
        let desk = try SwayDesktop()
        try desk.foot()
        let keyboard = try desk.keyboard(["--no-auto-shift", "--no-suggestions", "--no-dbus"])
        let e = try #require(try keyboard.frames(of: "letters").key("e"))
        let centre = try keyboard.centre(of: "e", on: "letters")
        desk.pointer.move(to: centre.x - 1, centre.y)
        usleep(50_000)
        desk.pointer.move(to: centre.x, centre.y)
        desk.pointer.button(down: true)
        // A long press: held past the callout's delay (400 ms), as a hand holds it.
        usleep(700_000)
        desk.pointer.move(to: centre.x + Int(e.width), centre.y)
        desk.pointer.button(down: false)
        try keyboard.tap("letters", "x")
        #expect(Deadline.waitFor(.seconds(5)) { desk.received() == "éx" }, "foot received \(desk.received().debugDescription)")
        #expect(keyboard.terminate() == .exited(0))
    }

    @Test("the emoji page: a smiley and a flag tapped on their screens, and a skin tone and a family through tapboard type, arrive in foot")
    func emoji() throws {
        let desk = try SwayDesktop()
        try desk.foot()
        let keyboard = try desk.keyboard(["--no-auto-shift", "--no-suggestions", "--no-dbus"])
        try keyboard.tap("letters", "page:emoji")
        // The smileys' first screen shows first (dump-layout's default screen).
        try keyboard.tap("emoji", "text:😀")
        try keyboard.tap("emoji", "emoji-group-10")
        let flags = try PageFrames.dump(binary: keyboard.binary, size: "\(desk.sway.size.width)x\(keyboard.height)", page: "emoji",
                                        arguments: ["--emoji-group", "10"])
        let flag = try #require(flags.key("text:🏁"))
        desk.pointer.tap(Int(flag.x + flag.width / 2), keyboard.top + Int(flag.y + flag.height / 2))
        try keyboard.tap("emoji", "page:letters")
        try keyboard.tap("letters", "x")
        #expect(Deadline.waitFor(.seconds(10)) { desk.received() == "😀🏁x" }, "foot received \(desk.received().debugDescription); \(keyboard.child.standardError)")
        let (status, stderr) = try desk.type("👍🏽👨‍👩‍👧")
        #expect(status == .exited(0), "\(stderr)")
        #expect(Deadline.waitFor(.seconds(10)) { desk.received() == "😀🏁x👍🏽👨‍👩‍👧" }, "foot received \(desk.received().debugDescription)")
        #expect(keyboard.terminate() == .exited(0))
    }

    @Test("ctrl, a; alt, x; ctrl, alt, d; then b: foot reads ^A, ESC x, ESC ^D and a plain b (the chords' modifiers sent and cleared)")
    func chords() throws {
        let desk = try SwayDesktop()
        try desk.foot()
        let keyboard = try desk.keyboard(["--layout", "desktop", "--no-auto-shift", "--no-suggestions", "--no-dbus"])
        for (page, id) in [("keys", "ctrl"), ("keys", "a"), ("keys", "alt"), ("keys", "x"), ("keys", "ctrl"), ("keys", "alt"), ("keys", "d"), ("keys", "b")] {
            try keyboard.tap(page, id)
        }
        #expect(Deadline.waitFor(.seconds(5)) { desk.received() == "\u{1}\u{1b}x\u{1b}\u{4}b" }, "foot received \(desk.received().debugDescription)")
        #expect(keyboard.terminate() == .exited(0))
    }
}
