import Foundation
import TapboardTestKit
import Testing

/// The suggestion strip and swipe typing on Wayland: the same session, its
/// words read from the same files, its trail drawn on the layer surface.
@Suite("Tapboard on Wayland: the strip and swipe", .serialized)
struct WaylandStripTests {
    @Test("words drawn across the letters arrive with their trail shown; a word chosen in the strip completes what was tapped")
    func swipeAndStrip() throws {
        let desk = try SwayDesktop()
        let sway = desk.sway
        try desk.foot()
        let data = try ScratchDirectory()
        let keyboard = try desk.keyboard(["--no-dbus", "--publish-keys"], environment: ["XDG_DATA_HOME": data.path])
        let events = try desk.tapboard(["events", "--keys"])
        #expect(Deadline.waitFor(.seconds(5)) { events.standardOutput.contains("didShow") })
        // The trail's newest part has the accent colour, which only the return key has otherwise.
        let returnKey = try keyboard.frames(of: "letters").key("return")!
        func accentPixels() throws -> Int {
            let shot = try sway.screenshot(x: 0, y: keyboard.top, width: sway.size.width, height: keyboard.height)
            let at = (Int(returnKey.y + returnKey.height / 2)) * shot.width + Int(returnKey.x) + 4
            let accent = Array(shot.rgb[at * 3 ..< at * 3 + 3])
            var count = 0
            for y in 0 ..< shot.height {
                for x in 0 ..< shot.width {
                    let inReturn = Double(x) >= returnKey.x && Double(x) < returnKey.x + returnKey.width
                        && Double(y) >= returnKey.y && Double(y) < returnKey.y + returnKey.height
                    let i = (y * shot.width + x) * 3
                    if !inReturn, shot.rgb[i] == accent[0], shot.rgb[i + 1] == accent[1], shot.rgb[i + 2] == accent[2] { count += 1 }
                }
            }
            return count
        }
        #expect(try accentPixels() == 0)
        var trail = 0
        for word in ["hello", "world", "this"] {
            try keyboard.swipe(word) {
                if word == "this" {
                    // Long under AddressSanitizer: every trail frame paints the keys under it again.
                    _ = Deadline.waitFor(.seconds(20)) { trail = (try? accentPixels()) ?? 0; return trail >= 100 }
                }
            }
        }
        #expect(trail >= 100, "the trail over the keys while held")
        try keyboard.tap("letters", ".")
        #expect(Deadline.waitFor(.seconds(5)) { desk.received() == "Hello world this." },
                "foot received \(desk.received().debugDescription); \(keyboard.child.standardError)")
        #expect(Deadline.waitFor(.seconds(5)) { (try? accentPixels()) == 0 }, "the trail taken away")
        // The strip: "qu" offers a word; the one chosen is completed after what was tapped, a space after it.
        try keyboard.tap("letters", "space")
        try keyboard.tap("letters", "q")
        try keyboard.tap("letters", "u")
        var words: [String] = []
        #expect(Deadline.waitFor(.seconds(5)) {
            words = Desktop.lastWords(in: events.standardOutput) ?? []
            return words.contains { $0.lowercased().hasPrefix("qu") && $0.count > 2 }
        }, "the strip offered no word for 'qu': \(words)")
        let rank = try #require(words.firstIndex { $0.lowercased().hasPrefix("qu") && $0.count > 2 })
        try keyboard.tap("letters", "suggestion-\(rank + 1)")
        let expected = "Hello world this. " + words[rank] + " "
        #expect(Deadline.waitFor(.seconds(5)) { desk.received() == expected },
                "foot received \(desk.received().debugDescription), expected \(expected.debugDescription)")
        #expect(keyboard.terminate() == .exited(0))
        #expect(keyboard.child.standardError.isEmpty, "\(keyboard.child.standardError)")
    }
}
