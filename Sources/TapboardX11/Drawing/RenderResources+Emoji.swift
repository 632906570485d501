import TapboardCatalog
import TapboardCore

/// A piece of a label as the painter draws it.
enum LabelPiece {
    /// Text drawn as a string in the theme's font.
    case text(String, OpenFont)
    /// Glyphs of a font by index, drawn by Xft: an emoji run, shaped, in a font without colour.
    case glyphs([UInt32], OpenFont)
    /// A colour font's glyphs as pictures of their own (`RenderResources.colourGlyph`): an emoji run, shaped.
    case pictures([ColourGlyph])
}

/// What an emoji run's glyphs are kept by: its text and the font it was shaped for.
struct ShapedRun: Hashable {
    var text: String
    var font: OpaquePointer
}

/// Emoji in labels: the emoji font, HarfBuzz shaping its sequences, and which
/// emoji it draws. Nothing here runs for a label without emoji, so a keyboard
/// without them opens no emoji font and loads no HarfBuzz.
extension RenderResources {
    /// Runs kept before the cache starts again (an emoji page shows ~40 keys, a callout a few more).
    private static let shapedRunLimit = 512

    /// The label in pieces when it holds emoji (`EmojiRuns`): its text in the
    /// theme's font, its emoji runs as the emoji font's glyphs. Nil for a
    /// label without emoji, drawn as one string as before.
    func labelPieces(_ label: String, font: OpenFont) -> [LabelPiece]? {
        guard EmojiRuns.mayContainEmoji(label) else { return nil }
        let runs = EmojiRuns.split(label)
        guard runs.contains(where: \.isEmoji) else { return nil }
        return runs.map { run in
            guard run.isEmoji else { return .text(run.text, font) }
            guard let emojiFont = self.emojiFont(pixelSize: font.pixelSize) else { return .glyphs(glyphs(of: run.text, in: font, shaped: false), font) }
            let glyphs = glyphs(of: run.text, in: emojiFont, shaped: true)
            if Self.isColour(emojiFont) {
                let pictures = glyphs.compactMap { colourGlyph($0, in: emojiFont) }
                if pictures.count == glyphs.count { return .pictures(pictures) }
            }
            return .glyphs(glyphs, emojiFont)
        }
    }

    /// An emoji run's glyphs in a font, kept: shaped by HarfBuzz when it and
    /// the font's file can be opened (`shaped`), else character by character
    /// without the joiners and selectors (a sequence then shows as its pieces:
    /// 👍🏽 as a thumb and a brown square).
    private func glyphs(of run: String, in font: OpenFont, shaped: Bool) -> [UInt32] {
        let key = ShapedRun(text: run, font: font.xft)
        if let known = shapedRuns[key] { return known }
        let glyphs: [UInt32]
        if shaped, EmojiRuns.needsShaping(run), let shaper = shaper(for: font) {
            glyphs = shaper.shape(run).map(\.glyph)
        } else {
            glyphs = EmojiRuns.pictureScalars(run).map { glyph($0, in: font) }
        }
        if shapedRuns.count >= Self.shapedRunLimit { shapedRuns = [:] }
        shapedRuns[key] = glyphs
        return glyphs
    }

    /// The shaper for a font's file, made the first time (HarfBuzz loaded then); nil when it cannot be.
    private func shaper(for font: OpenFont) -> Shaper? {
        guard let (path, index) = Self.file(of: font) else { return nil }
        let key = "\(index):\(path)"
        if let known = shapers[key] { return known }
        if let problem = Shaper.load(), !problem.isEmpty {
            notes.append("emoji sequences are drawn piece by piece: \(problem)")
        }
        let made = Shaper(file: path, index: index)
        shapers[key] = made
        return made
    }

    /// For each emoji (a grapheme, maybe a sequence), whether the emoji font
    /// at `pixelSize` has its pictures (`EmojiRuns.drawsWhole` by its cmap, as
    /// fontconfig's charset would say). Not by shaping every sequence: that
    /// loaded HarfBuzz and read most of the font's tables when the page first
    /// opened, about 2.5 MB more resident for a check a colour emoji font of
    /// the same Unicode version always passes. All false without an emoji font.
    func drawableEmoji(_ emoji: [String], pixelSize: Int) -> [Bool] {
        guard let font = emojiFont(pixelSize: pixelSize) else { return emoji.map { _ in false } }
        defer { releasePages(of: font.xft) }
        return emoji.map { EmojiRuns.drawsWhole($0, has: { self.glyph($0, in: font) != 0 }, shape: nil) }
    }
}
