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
    /// theme's font, its emoji runs as the emoji font's glyphs; characters the
    /// theme's font lacks (Chinese, Korean) in a fallback font. Nil for a label
    /// the theme's font draws alone, drawn as one string as before.
    func labelPieces(_ label: String, font: OpenFont) -> [LabelPiece]? {
        let mayNeedFallback = FallbackFonts.mayNeed(label)
        guard EmojiRuns.mayContainEmoji(label) || mayNeedFallback else { return nil }
        let runs = EmojiRuns.split(label)
        let fallback = mayNeedFallback && runs.contains { !$0.isEmoji && $0.text.unicodeScalars.contains { glyph($0, in: font) == 0 } }
        guard fallback || runs.contains(where: \.isEmoji) else { return nil }
        return runs.flatMap { run -> [LabelPiece] in
            guard run.isEmoji else { return fallback ? textPieces(run.text, font: font) : [.text(run.text, font)] }
            return [emojiPiece(run, font: font)]
        }
    }

    /// Text in pieces: characters the theme's font has in it, the others in
    /// the first fallback family that has them (in the theme's font when none does).
    private func textPieces(_ text: String, font: OpenFont) -> [LabelPiece] {
        var pieces: [(text: String, font: OpenFont)] = []
        for character in text {
            let scalar = character.unicodeScalars.first!
            let chosen = glyph(scalar, in: font) != 0 ? font : fallbackFont(for: scalar, pixelSize: font.pixelSize) ?? font
            if let last = pieces.last, last.font.xft == chosen.xft {
                pieces[pieces.count - 1].text.append(character)
            } else {
                pieces.append((String(character), chosen))
            }
        }
        return pieces.map { .text($0.text, $0.font) }
    }

    /// The first of `FallbackFonts.families` at this size that has the character.
    private func fallbackFont(for scalar: Unicode.Scalar, pixelSize: Int) -> OpenFont? {
        FallbackFonts.families.lazy.compactMap { family -> OpenFont? in
            guard let f = try? self.font(family: family, pixelSize: pixelSize), self.glyph(scalar, in: f) != 0 else { return nil }
            return f
        }.first
    }

    /// An emoji run in the emoji font: its pictures, or its glyphs without colour.
    private func emojiPiece(_ run: LabelRun, font: OpenFont) -> LabelPiece {
        guard let emojiFont = self.emojiFont(pixelSize: font.pixelSize) else { return .glyphs(glyphs(of: run.text, in: font, shaped: false), font) }
        let glyphs = glyphs(of: run.text, in: emojiFont, shaped: true)
        if Self.isColour(emojiFont) {
            let pictures = glyphs.compactMap { colourGlyph($0, in: emojiFont) }
            if pictures.count == glyphs.count { return .pictures(pictures) }
        }
        return .glyphs(glyphs, emojiFont)
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
