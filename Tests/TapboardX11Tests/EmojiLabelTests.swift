import Foundation
import TapboardCore
import TapboardTestKit
import TapboardX11
import Testing

/// Keys labelled with emoji, drawn by the real keyboard under Xvfb: in colour
/// from the emoji font, each sequence (skin tone, ZWJ, flag, keycap) as one
/// picture; the preview and the callout alike. And which emoji the installed
/// font draws whole. Skipped where no colour emoji font is installed
/// (Debian: fonts-noto-color-emoji).
@Suite("Emoji labels", .serialized, .enabled(if: EmojiKeys.colourFontInstalled,
                                              "no colour emoji font is installed (apt install fonts-noto-color-emoji)"))
struct EmojiLabelTests {
    let desktop: Desktop
    let scratch: ScratchDirectory

    init() throws {
        desktop = try Desktop()
        scratch = try ScratchDirectory()
    }

    private func launch() throws -> Keyboard {
        let file = scratch.path("emoji.yaml")
        try EmojiKeys.layout.write(toFile: file, atomically: false, encoding: .utf8)
        return try desktop.launchKeyboard(arguments: ["--no-auto-shift", "--layout", file])
    }

    /// The keyboard's window once its keys are drawn: two captures alike, the 👍 key inked.
    private func drawn(_ keyboard: Keyboard, thumb: PageFrames.Key) throws -> Screenshot {
        var last: Screenshot?
        var drawn: Screenshot?
        #expect(desktop.waitUntil(timeout: .seconds(10)) {
            let now = try? Screenshot.capture(displayName: desktop.xvfb.displayName, window: keyboard.window,
                                              width: keyboard.actual.width, height: keyboard.actual.height)
            defer { last = now }
            guard let now, now == last, LabelInk(now, in: thumb).pixels > 0 else { return false }
            drawn = now
            return true
        }, "the keys were not drawn; stderr: \(keyboard.standardError)")
        return try #require(drawn)
    }

    @Test("Each emoji key shows its picture in colour, a sequence as one picture no wider than a single emoji")
    func keysInColourAndWhole() throws {
        let keyboard = try launch()
        let frames = try keyboard.frames(of: "emoji")
        func key(_ label: String) throws -> PageFrames.Key { try #require(frames.key(label), "no key \(label): \(frames.keys.map(\.id))") }
        let shot = try drawn(keyboard, thumb: try key("👍"))
        let problems = EmojiKeys.problems(shot, frames: frames)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        // Sequences by the font's own ligatures: HarfBuzz, GLib and what they bring stay out.
        let maps = keyboard.child.mappedFiles
        #expect(maps.contains("NotoColorEmoji") && !maps.contains("libharfbuzz"), "\(maps)")
        #expect(keyboard.isRunning, "\(keyboard.standardError)")
    }

    @Test("A keyboard without emoji keys loads no HarfBuzz and opens no emoji font")
    func nothingWithoutEmoji() throws {
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift"])
        try keyboard.tap("letters", "q")
        desktop.target.waitForText(length: 1)
        let maps = keyboard.child.mappedFiles
        #expect(maps.contains("libXft"), "the maps were not read")
        #expect(!maps.contains("libharfbuzz") && !maps.contains("NotoColorEmoji"), "\(maps)")
    }

    @Test("The preview balloon and the callout show emoji in colour too")
    func previewAndCallout() throws {
        let keyboard = try launch()
        let frames = try keyboard.frames(of: "emoji")
        _ = try drawn(keyboard, thumb: try #require(frames.key("👍")))
        let away = keyboard.actual.screenPoint(x: 10, y: -200)

        // The preview: held on 👍🏽, then lifted far above (nothing typed).
        var watcher = try WindowWatcher(displayName: desktop.xvfb.displayName)
        desktop.tapper.move(to: try keyboard.centre(of: "👍🏽", on: "emoji"))
        desktop.tapper.press()
        let preview = try watcher.waitForWindow(WindowIdentity(classes: ["tapboard-preview"]), child: keyboard.child, timeout: .seconds(5))
        watcher.close()
        var balloon: LabelInk?
        #expect(desktop.waitUntil {
            balloon = (try? Screenshot.capture(displayName: desktop.xvfb.displayName, window: preview.window,
                                               width: preview.placement.width, height: preview.placement.height)).map { LabelInk($0) }
            return (balloon?.count(LabelInk.brown) ?? 0) > 20
        }, "the preview shows no brown thumb: \(String(describing: balloon))")
        desktop.tapper.move(to: away)
        desktop.tapper.release()

        // The callout: 😀 held until its alternates 👍🏽 👍🏿 show.
        watcher = try WindowWatcher(displayName: desktop.xvfb.displayName)
        desktop.tapper.move(to: try keyboard.centre(of: "😀", on: "emoji"))
        desktop.tapper.press()
        let callout = try watcher.waitForWindow(WindowIdentity(classes: ["tapboard-callout"]), child: keyboard.child, timeout: .seconds(5))
        watcher.close()
        var cells: LabelInk?
        #expect(desktop.waitUntil {
            cells = (try? Screenshot.capture(displayName: desktop.xvfb.displayName, window: callout.window,
                                             width: callout.placement.width, height: callout.placement.height)).map { LabelInk($0) }
            return (cells?.count(LabelInk.brown) ?? 0) > 20
        }, "the callout shows no brown thumb: \(String(describing: cells))")
        desktop.tapper.move(to: away)
        desktop.tapper.release()
        #expect(keyboard.isRunning, "\(keyboard.standardError)")
    }
}

/// Which emoji the installed font draws whole (`OffscreenKeyboard.drawableEmoji`,
/// as `X11Keyboard.drawableEmoji`), and how long asking for all of them takes.
@Suite("Emoji the fonts draw", .enabled(if: EmojiKeys.colourFontInstalled,
                                        "no colour emoji font is installed (apt install fonts-noto-color-emoji)"))
struct EmojiFontCoverageTests {
    @Test("Every emoji of Emoji/emoji.txt is drawn whole by the installed font; a sequence it lacks and a character it lacks are not")
    func coverage() throws {
        try InProcessX.exclusive {
            let xvfb = try Xvfb()
            defer { xvfb.stop() }
            let keyboard = try OffscreenKeyboard(displayName: xvfb.displayName, size: Size(width: 400, height: 200))
            let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Emoji/emoji.txt")
            var emoji: [String] = []
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n").dropFirst() {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count >= 2 else { continue }
                emoji.append(String(fields[1]))
                if fields.count > 2 { emoji += fields[2].split(separator: " ").map(String.init) }
            }
            #expect(emoji.count > 3000)
            let clock = ContinuousClock()
            var drawable: [Bool] = []
            let first = clock.measure { drawable = keyboard.drawableEmoji(emoji) }
            let again = clock.measure { _ = keyboard.drawableEmoji(emoji) }
            print("drawableEmoji: \(emoji.count) emoji, \(drawable.filter { $0 }.count) drawable; first \(first) (emoji font opened), again \(again)")
            let missing = zip(emoji, drawable).filter { !$0.1 }.map(\.0)
            #expect(missing.isEmpty, "not drawn whole: \(missing.prefix(20))")
            // A private-use character the font lacks, and a sequence it has every picture of
            // but no ligature for (two thumbs joined): neither is drawn whole.
            #expect(keyboard.drawableEmoji(["👍🏽\u{200D}👍", "\u{F0000}", "👍", "\u{F0000}\u{200D}👍", "👍🏽"]) == [false, false, true, false, true])
        }
    }
}
