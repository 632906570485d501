import CX11
import Foundation
import TapboardCore
import TapboardTestKit
import TapboardX11
import Testing

/// The colour emoji font the tests need.
enum ColourEmojiFont {
    /// Whether fontconfig lists a colour font.
    static let installed: Bool = {
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return false }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddBool(pattern, "color", 1)
        guard let objects = FcObjectSetCreate() else { return false }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, "family")
        guard let fonts = FcFontList(nil, pattern, objects) else { return false }
        defer { FcFontSetDestroy(fonts) }
        return fonts.pointee.nfont > 0
    }()
}

/// Keys labelled with emoji, drawn by the real keyboard under Xvfb: in colour
/// from the emoji font, each sequence (skin tone, ZWJ, flag, keycap) as one
/// picture; the preview and the callout alike. And which emoji the installed
/// font draws whole. Skipped where no colour emoji font is installed
/// (Debian: fonts-noto-color-emoji).
@Suite("Emoji labels", .serialized, .enabled(if: ColourEmojiFont.installed,
                                              "no colour emoji font is installed (apt install fonts-noto-color-emoji)"))
struct EmojiLabelTests {
    /// The emoji keys: a single picture, then sequences of each kind, then the callout's key.
    static let layout = """
        name: emoji
        pages:
          - name: emoji
            rows:
              - [{char: 👍}, {char: 👍🏽}, {char: 👨‍👩‍👧}, {char: 🇩🇪}, {char: 1️⃣}, {char: 🏳️‍🌈}]
              - [{char: 😀, callouts: "👍🏽 👍🏿"}, a, b, backspace]
        """

    let desktop: Desktop
    let scratch: ScratchDirectory

    init() throws {
        desktop = try Desktop()
        scratch = try ScratchDirectory()
    }

    private func launch() throws -> Keyboard {
        let file = scratch.path("emoji.yaml")
        try Self.layout.write(toFile: file, atomically: false, encoding: .utf8)
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
            guard let now, now == last, Ink(now, in: thumb).pixels > 0 else { return false }
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
        let thumb = Ink(shot, in: try key("👍"))
        // One emoji's size: the thumb's ink is about one em tall.
        let em = thumb.height
        #expect(em >= 8, "the thumb is \(thumb.width)x\(thumb.height)")
        #expect(thumb.count(Ink.yellow) > 20, "👍 is not yellow: \(thumb)")

        let tone = Ink(shot, in: try key("👍🏽"))
        #expect(tone.count(Ink.brown) > 20, "👍🏽 is not brown: \(tone)")
        #expect(tone.count(Ink.yellow) < tone.count(Ink.brown) / 4, "👍🏽 shows a yellow thumb: \(tone)")
        let flag = Ink(shot, in: try key("🇩🇪"))
        #expect(flag.count(Ink.red) > 10 && flag.count(Ink.yellow) > 10, "🇩🇪 has no red and gold: \(flag)")
        let keycap = Ink(shot, in: try key("1️⃣"))
        #expect(keycap.count(Ink.blue) > 20, "1️⃣ is not a blue keycap: \(keycap)")
        let rainbow = Ink(shot, in: try key("🏳️‍🌈"))
        #expect(rainbow.count(Ink.red) > 5 && rainbow.count(Ink.blue) > 5, "🏳️‍🌈 is not a rainbow: \(rainbow)")
        // Noto's family is grey figures on a tile: drawn, but not in colour.
        let family = Ink(shot, in: try key("👨‍👩‍👧"))
        #expect(family.pixels > em * em / 4, "👨‍👩‍👧 is not drawn: \(family)")

        // Drawn in pieces, each would be two or three emoji wide.
        for (label, ink) in [("👍🏽", tone), ("👨‍👩‍👧", family), ("🇩🇪", flag), ("1️⃣", keycap), ("🏳️‍🌈", rainbow)] {
            #expect(ink.width > em / 2 && ink.width <= em * 3 / 2, "\(label) is \(ink.width) pixels wide, one emoji is about \(em)")
        }
        try? shot.writePNG(to: scratch.path("keys.png"))
        #expect(keyboard.isRunning, "\(keyboard.standardError)")
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
        var balloon: Ink?
        #expect(desktop.waitUntil {
            balloon = (try? Screenshot.capture(displayName: desktop.xvfb.displayName, window: preview.window,
                                               width: preview.placement.width, height: preview.placement.height)).map { Ink($0) }
            return (balloon?.count(Ink.brown) ?? 0) > 20
        }, "the preview shows no brown thumb: \(String(describing: balloon))")
        desktop.tapper.move(to: away)
        desktop.tapper.release()

        // The callout: 😀 held until its alternates 👍🏽 👍🏿 show.
        watcher = try WindowWatcher(displayName: desktop.xvfb.displayName)
        desktop.tapper.move(to: try keyboard.centre(of: "😀", on: "emoji"))
        desktop.tapper.press()
        let callout = try watcher.waitForWindow(WindowIdentity(classes: ["tapboard-callout"]), child: keyboard.child, timeout: .seconds(5))
        watcher.close()
        var cells: Ink?
        #expect(desktop.waitUntil {
            cells = (try? Screenshot.capture(displayName: desktop.xvfb.displayName, window: callout.window,
                                             width: callout.placement.width, height: callout.placement.height)).map { Ink($0) }
            return (cells?.count(Ink.brown) ?? 0) > 20
        }, "the callout shows no brown thumb: \(String(describing: cells))")
        desktop.tapper.move(to: away)
        desktop.tapper.release()
        #expect(keyboard.isRunning, "\(keyboard.standardError)")
    }
}

/// Which emoji the installed font draws whole (`OffscreenKeyboard.drawableEmoji`,
/// as `X11Keyboard.drawableEmoji`), and how long asking for all of them takes.
@Suite("Emoji the fonts draw", .enabled(if: ColourEmojiFont.installed,
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
            print("drawableEmoji: \(emoji.count) emoji, \(drawable.filter { $0 }.count) drawable; first \(first) (emoji font and HarfBuzz opened), again \(again)")
            let missing = zip(emoji, drawable).filter { !$0.1 }.map(\.0)
            #expect(missing.isEmpty, "not drawn whole: \(missing.prefix(20))")
            // Two thumbs joined (no such emoji: two glyphs), and a private-use character.
            #expect(keyboard.drawableEmoji(["👍🏽\u{200D}👍", "\u{F0000}", "👍"]) == [false, false, true])
        }
    }
}

/// A label's ink in a screenshot: the pixels unlike the key's background inside
/// a key, or a whole window against its commonest colour.
struct Ink: CustomStringConvertible {
    /// Every inked pixel's red, green and blue.
    var colours: [(UInt8, UInt8, UInt8)] = []
    var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min

    /// The ink inside a key, 4 pixels in from its edges (its border and rounded corners), against the colour at its left edge's middle.
    init(_ shot: Screenshot, in key: PageFrames.Key) {
        let x0 = Int(key.x) + 4, x1 = Int(key.x + key.width) - 4, y0 = Int(key.y) + 4, y1 = Int(key.y + key.height) - 4
        self.init(shot, x: x0 ..< x1, y: y0 ..< y1, background: shot.pixel(x0, (y0 + y1) / 2))
    }

    /// The ink of a whole window against its most common colour.
    init(_ shot: Screenshot) {
        var counts: [UInt32: Int] = [:]
        for i in stride(from: 0, to: shot.rgb.count, by: 3) {
            counts[UInt32(shot.rgb[i]) << 16 | UInt32(shot.rgb[i + 1]) << 8 | UInt32(shot.rgb[i + 2]), default: 0] += 1
        }
        let common = counts.max { $0.value < $1.value }?.key ?? 0
        self.init(shot, x: 0 ..< shot.width, y: 0 ..< shot.height,
                  background: (UInt8(common >> 16), UInt8(common >> 8 & 0xff), UInt8(common & 0xff)))
    }

    private init(_ shot: Screenshot, x xs: Range<Int>, y ys: Range<Int>, background bg: (UInt8, UInt8, UInt8)) {
        for y in ys where y >= 0 && y < shot.height {
            for x in xs where x >= 0 && x < shot.width {
                let p = shot.pixel(x, y)
                let d = max(abs(Int(p.0) - Int(bg.0)), abs(Int(p.1) - Int(bg.1)), abs(Int(p.2) - Int(bg.2)))
                guard d > 40 else { continue }
                colours.append(p)
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
    }

    /// How many pixels are inked.
    var pixels: Int { colours.count }
    /// The ink's width and height.
    var width: Int { colours.isEmpty ? 0 : maxX - minX + 1 }
    var height: Int { colours.isEmpty ? 0 : maxY - minY + 1 }

    /// How many inked pixels are of a colour.
    func count(_ test: ((UInt8, UInt8, UInt8)) -> Bool) -> Int { colours.filter(test).count }

    /// The thumbs' and the flag's gold.
    static func yellow(_ c: (UInt8, UInt8, UInt8)) -> Bool { c.0 >= 200 && c.1 >= 140 && c.2 < 100 }
    /// A medium or dark skin tone: red over green over blue, not bright.
    static func brown(_ c: (UInt8, UInt8, UInt8)) -> Bool {
        c.0 > c.1 && c.1 > c.2 && Int(c.0) - Int(c.2) >= 40 && c.0 < 215 && c.2 >= 20
    }
    static func red(_ c: (UInt8, UInt8, UInt8)) -> Bool { c.0 >= 170 && c.1 < 90 && c.2 < 90 }
    static func blue(_ c: (UInt8, UInt8, UInt8)) -> Bool { c.2 >= 120 && Int(c.2) > Int(c.0) + 40 }

    var description: String {
        "\(pixels) pixels in \(width)x\(height), yellow \(count(Ink.yellow)), brown \(count(Ink.brown)), red \(count(Ink.red)), blue \(count(Ink.blue))"
    }
}

extension Screenshot {
    /// The red, green and blue of a pixel.
    func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let i = (y * width + x) * 3
        return (rgb[i], rgb[i + 1], rgb[i + 2])
    }
}
