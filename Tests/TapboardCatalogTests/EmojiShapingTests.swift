import Foundation
import TapboardCatalog
import TapboardCore
import Testing

/// Emoji sequences made into pictures by the font's own ligatures, checked
/// against HarfBuzz on the installed colour emoji font (Debian:
/// fonts-noto-color-emoji), every emoji the keyboard lists and every variant.
@Suite("Emoji sequences by the font's ligatures", .enabled(if: EmojiFont.path != nil && Shaper.load() == nil,
                                                           "no Noto Color Emoji or no HarfBuzz installed"))
struct EmojiShapingTests {
    static let font = EmojiFont.path
    static let emojiFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Emoji")

    @Test("Every sequence in the emoji list gives the glyph HarfBuzz gives, one picture each")
    func sameAsHarfBuzz() throws {
        let path = try #require(Self.font)
        let shaper = try #require(Shaper(file: path, index: 0))
        let gsub = try #require(FontFileTable.read("GSUB", path: path, face: 0))
        let ligatures = try #require(FontLigatures(gsub: gsub))
        let text = try String(contentsOf: Self.emojiFolder.appendingPathComponent("emoji.txt"), encoding: .utf8)
        let catalog = try EmojiCatalog(text: text)
        var sequences = 0, differ: [String] = []
        for emoji in catalog.everything where EmojiRuns.needsShaping(emoji) {
            sequences += 1
            let ours = EmojiRuns.glyphs(of: emoji, cmap: shaper.glyph, ligatures: ligatures)
            let theirs = shaper.shape(emoji).map(\.glyph)
            if ours != theirs || ours.count != 1 { differ.append("\(emoji): \(ours) against HarfBuzz's \(theirs)") }
        }
        #expect(sequences > 2_000, "the list has the skin tones, families and flags")
        #expect(differ.isEmpty, "\(differ.count) of \(sequences) differ:\n\(differ.prefix(20).joined(separator: "\n"))")
        // Runs of several, and text around: as HarfBuzz, each sequence its picture.
        for run in ["🇩🇪🇫🇷", "👍🏽👍🏿", "1️⃣2️⃣", "👨‍👩‍👧👍🏽🇺🇦"] {
            #expect(EmojiRuns.glyphs(of: run, cmap: shaper.glyph, ligatures: ligatures) == shaper.shape(run).map(\.glyph), "\(run)")
        }
    }

    @Test("Which emoji the font draws whole, read without HarfBuzz, as HarfBuzz says")
    func drawsWhole() throws {
        let path = try #require(Self.font)
        let shaper = try #require(Shaper(file: path, index: 0))
        let emoji = ["👍", "👍🏽", "🇩🇪", "🇦🇦", "1️⃣", "👨‍👩‍👧", "👨‍🦲‍👩", "❤️‍🔥"]
        let drawn = EmojiShaping().drawsWhole(emoji, file: (path, 0), cmap: shaper.glyph)
        #expect(drawn == [true, true, true, false, true, true, false, true], "🇦🇦 is no flag, 👨‍🦲‍👩 no family the font knows")
    }
}

/// The colour emoji font Debian installs, when it is.
private enum EmojiFont {
    static let path = ["/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"].first { FileManager.default.fileExists(atPath: $0) }
}
