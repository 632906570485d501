import Foundation
import TapboardTestKit
import Testing

/// Emoji keys on Wayland, as on X (`EmojiLabelTests`): drawn in colour from the
/// emoji font's bitmaps scaled to the key, each sequence as one picture; the
/// preview and the callout too. Skipped where no colour emoji font is installed.
@Suite("Emoji labels on Wayland", .serialized, .enabled(if: EmojiKeys.colourFontInstalled,
                                                         "no colour emoji font is installed (apt install fonts-noto-color-emoji)"))
struct WaylandEmojiTests {
    @Test("Emoji keys in colour, sequences whole; the preview and the callout in colour")
    func emojiKeys() throws {
        let desk = try SwayDesktop()
        let file = desk.path("emoji.yaml")
        try EmojiKeys.layout.write(toFile: file, atomically: false, encoding: .utf8)
        // Floating below the top, so the preview and the callout show above it.
        let place = (x: 0, y: 300, width: 800, height: 200)
        let keyboard = try desk.tapboard(["--backend", "wayland", "--float", "--geometry", "800x200+0+300", "--layout", file,
                                          "--no-auto-shift", "--no-suggestions", "--no-dbus"])
        try WaylandPlacementTests.waitUntilShown(keyboard, on: desk)
        let frames = try PageFrames.dump(binary: try Keyboard.locateBinary(), size: "800x200", page: "emoji", arguments: ["--layout", file])
        var problems: [String] = []
        #expect(Deadline.waitFor(.seconds(10)) {
            guard let shot = try? desk.sway.screenshot(x: place.x, y: place.y, width: place.width, height: place.height) else { return false }
            problems = EmojiKeys.problems(shot, frames: frames)
            return problems.isEmpty
        }, "\(problems.joined(separator: "\n"))")
        // Sequences by the font's own ligatures, as on X: no HarfBuzz.
        let maps = keyboard.mappedFiles
        #expect(maps.contains("NotoColorEmoji") && !maps.contains("libharfbuzz"), "\(maps)")

        // Above the keyboard nothing is brown until a popup shows a brown thumb.
        func brownAbove() -> Int {
            (try? desk.sway.screenshot(x: 0, y: 0, width: place.width, height: place.y)).map { LabelInk($0).count(LabelInk.brown) } ?? 0
        }
        #expect(brownAbove() == 0)
        for (id, what) in [("👍🏽", "preview"), ("😀", "callout")] {
            let key = try #require(frames.key(id))
            let (x, y) = (place.x + Int(key.x + key.width / 2), place.y + Int(key.y + key.height / 2))
            // Onto the key and resting there first, as `WaylandPointer.tap` does (sway moves the focus a frame later).
            desk.pointer.move(to: x - 1, y)
            Thread.sleep(forTimeInterval: 0.05)
            desk.pointer.move(to: x, y)
            desk.pointer.button(down: true)
            #expect(Deadline.waitFor(.seconds(5)) { brownAbove() > 20 }, "the \(what) shows no brown thumb")
            // Lifted far above: nothing typed.
            desk.pointer.move(to: 700, 20)
            desk.pointer.button(down: false)
            #expect(Deadline.waitFor(.seconds(5)) { brownAbove() == 0 }, "the \(what) stayed")
        }
        #expect(keyboard.terminate() == .exited(0))
        #expect(keyboard.standardError.isEmpty, "\(keyboard.standardError)")
    }
}
