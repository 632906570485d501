import Foundation
import TapboardCore
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
        // The trail's newest part has the accent colour, which only the return key has otherwise.
        let key = try #require(try keyboard.frames(of: "letters").key("return"))
        let returnKey = Rect(x: Int(key.x), y: Int(key.y), width: Int(key.width), height: Int(key.height))
        func trailPixels() throws -> Int {
            let shot = try Screenshot.capture(displayName: desktop.xvfb.displayName, window: keyboard.window,
                                              width: keyboard.actual.width, height: keyboard.actual.height)
            let at: Int = (returnKey.y + returnKey.height / 2) * shot.width + returnKey.x + 4
            let accent = Array(shot.rgb[at * 3 ..< at * 3 + 3])
            var count = 0
            for y in 0 ..< shot.height {
                for x in 0 ..< shot.width where !returnKey.contains(Point(x: x, y: y)) {
                    let i = (y * shot.width + x) * 3
                    if shot.rgb[i] == accent[0], shot.rgb[i + 1] == accent[1], shot.rgb[i + 2] == accent[2] { count += 1 }
                }
            }
            return count
        }
        #expect(try trailPixels() == 0)
        var latencies: [Double] = []
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
            if word == "great" {
                // Held still at the end: the trail shows until the release.
                let end = Deadline(.seconds(5))
                var shown = 0
                while shown < 100, !end.hasPassed { shown = try trailPixels() }
                #expect(shown >= 100, "the trail over the keys")
            }
            let before = desktop.target.length
            let pressesBefore = desktop.target.presses.count
            let released = MonotonicClock.now
            desktop.tapper.release()
            // Release to the word's first character in the target (debug build: an upper bound).
            #expect(desktop.target.waitForText(length: before + 1))
            if let first = desktop.target.presses.dropFirst(pressesBefore).first {
                latencies.append(MonotonicClock.milliseconds(from: released, to: first.arrivedAt))
            }
        }
        print("swipe: release to the word's first character: \(latencies.map { ($0 * 100).rounded() / 100 }) ms")
        try keyboard.tap("letters", ".")
        let expected = "Hello world this is great."
        desktop.target.waitForText(length: expected.count)
        desktop.target.drain()
        #expect(desktop.target.text == expected, "stderr \(keyboard.standardError)")
        let end = Deadline(.seconds(5))
        var left = try trailPixels()
        while left > 0, !end.hasPassed { left = try trailPixels() }
        #expect(left == 0, "the trail taken away")
        #expect(desktop.tapper.noKeyDown)
        #expect(keyboard.standardError.isEmpty, "\(keyboard.standardError)")
    }
}
