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

/// Emoji in labels: the emoji font, its sequences made into pictures, and which
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

    /// An emoji run's glyphs in a font, kept: its sequences made into their
    /// pictures (`EmojiShaping`) when `shaped`, else character by character
    /// without the joiners and selectors.
    private func glyphs(of run: String, in font: OpenFont, shaped: Bool) -> [UInt32] {
        let key = ShapedRun(text: run, font: font.xft)
        if let known = shapedRuns[key] { return known }
        let cmap = { self.glyph($0, in: font) }
        let glyphs = shaped ? emojiShaping.glyphs(of: run, file: Self.file(of: font), cmap: cmap) : EmojiRuns.pictureScalars(run).map(cmap)
        notes += emojiShaping.takeNotes()
        if shapedRuns.count >= Self.shapedRunLimit { shapedRuns = [:] }
        shapedRuns[key] = glyphs
        return glyphs
    }

    /// For each emoji (a grapheme, maybe a sequence), whether the emoji font
    /// at `pixelSize` draws it as one picture (`EmojiShaping.drawsWhole`: its
    /// cmap and ligatures). All false without an emoji font.
    func drawableEmoji(_ emoji: [String], pixelSize: Int) -> [Bool] {
        guard let font = emojiFont(pixelSize: pixelSize) else { return emoji.map { _ in false } }
        defer { releasePages(of: font.xft) }
        return emojiShaping.drawsWhole(emoji, file: Self.file(of: font), cmap: { self.glyph($0, in: font) })
    }
}
