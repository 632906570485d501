import Foundation
import TapboardTestKit
import Testing

/// Swipe typing through the real keyboard: the pointer held down across a
/// word's letters (XTest), as a mouse or a finger would draw it.
@Suite("Swipe typing", .serialized)
struct SwipeTests {
    @Test("Words drawn across the letters arrive in the target, spaces between, none before punctuation; no key stays down")
    func words() throws {
        let desktop = try Desktop()
        let data = try ScratchDirectory()
        let keyboard = try desktop.launchKeyboard(environment: ["XDG_DATA_HOME": data.path])
        #expect(keyboard.suggestions)
        for word in ["hello", "world", "this", "is", "great"] {
            let points = try word.map { try keyboard.centre(of: String($0), on: "letters") }
            desktop.tapper.move(to: points[0])
            desktop.tapper.press()
            // Eight motion events between key centres: X delivers a drawn line as a run of motions.
            for (a, b) in zip(points, points.dropFirst()) {
                for i in 1 ... 8 {
                    desktop.tapper.move(to: ScreenPoint(x: a.x + (b.x - a.x) * Int32(i) / 8, y: a.y + (b.y - a.y) * Int32(i) / 8))
                }
            }
            desktop.tapper.release()
        }
        try keyboard.tap("letters", ".")
        let expected = "Hello world this is great."
        desktop.target.waitForText(length: expected.count)
        desktop.target.drain()
        #expect(desktop.target.text == expected, "stderr \(keyboard.standardError)")
        #expect(desktop.tapper.noKeyDown)
        #expect(keyboard.standardError.isEmpty, "\(keyboard.standardError)")
    }
}
