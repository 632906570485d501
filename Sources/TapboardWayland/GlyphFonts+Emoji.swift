import TapboardCatalog
import TapboardCore

/// What an emoji run's glyph indices are kept by: its text and the face it was shaped for.
struct ShapedRun: Hashable {
    var text: String
    var face: ObjectIdentifier
}

/// Emoji in labels on Wayland, as on X (`RenderResources+Emoji.swift`): emoji
/// runs drawn from fontconfig's emoji font, in colour, its bitmap strike
/// scaled to the label's size, each sequence made into its one picture
/// (`EmojiShaping`). A label without emoji is drawn as before and opens none of it.
extension GlyphFonts {
    /// Families asked for emoji, in turn (see `RenderResources.emojiFamilies`).
    private static let emojiFamilies = ["emoji", "Noto Color Emoji"]
    /// Runs kept before the cache starts again.
    private static let shapedRunLimit = 512

    /// The emoji face at a pixel size: the first of `emojiFamilies` fontconfig
    /// matches to a font with emoji (😀); nil when none has (the label's face draws them then).
    func emojiFace(pixelSize: Int) -> GlyphFace? {
        if let known = emojiFaces[pixelSize] { return known }
        let found = Self.emojiFamilies.lazy.compactMap { self.face(family: $0, pixelSize: pixelSize) }.first { $0.index(of: "\u{1F600}") != 0 }
        emojiFaces[pixelSize] = found
        return found
    }

    /// The first of `FallbackFonts.families` at this size that has the character.
    private func fallbackFace(for scalar: Unicode.Scalar, pixelSize: Int) -> GlyphFace? {
        FallbackFonts.families.lazy.compactMap { self.face(family: $0, pixelSize: pixelSize) }.first { $0.index(of: scalar) != 0 }
    }

    /// Draws a label centred in a rectangle in `face`, its emoji runs
    /// (`EmojiRuns`) in the emoji face and characters `face` lacks in a CJK
    /// face: across by the advances, down by the faces' ascent and descent
    /// when there is text, by the pictures' ink when there are only emoji. A
    /// label wider than the rectangle shows its end (a long composition's last
    /// letters), the glyphs that would start left of it left out.
    func draw(_ label: String, face: GlyphFace, in rect: Rect, color: Color, on canvas: PixelCanvas) {
        let runs = EmojiRuns.split(label)
        let mayNeedFallback = FallbackFonts.mayNeed(label)
        guard runs.contains(where: \.isEmoji) || mayNeedFallback || face.width(label) > rect.width else {
            face.draw(label, in: rect, color: color, on: canvas)
            return
        }
        var glyphs: [GlyphFace.Glyph] = []
        var ascent = 0, descent = 0, inkTop = 0, inkBottom = 0, hasText = false
        for run in runs {
            if run.isEmoji {
                let runFace = emojiFace(pixelSize: face.pixelSize) ?? face
                let drawn = indices(of: run.text, in: runFace, shaped: runFace !== face).compactMap { runFace.glyph(index: $0) }
                for g in drawn where g.height > 0 {
                    inkTop = max(inkTop, g.top)
                    inkBottom = max(inkBottom, g.height - g.top)
                }
                ascent = max(ascent, runFace.ascent)
                descent = max(descent, runFace.descent)
                glyphs += drawn
            } else {
                for scalar in run.text.unicodeScalars {
                    let scalarFace = !FallbackFonts.mayNeed(scalar) || face.index(of: scalar) != 0 ? face
                        : fallbackFace(for: scalar, pixelSize: face.pixelSize) ?? face
                    guard let g = scalarFace.glyph(scalar) else { continue }
                    ascent = max(ascent, scalarFace.ascent)
                    descent = max(descent, scalarFace.descent)
                    glyphs.append(g)
                }
                hasText = true
            }
        }
        let width = glyphs.reduce(0) { $0 + $1.advance }
        let margin = max(rect.height / 8, 2)
        var x = width > rect.width - 2 * margin ? rect.x + rect.width - margin - width : rect.x + (rect.width - width) / 2
        let baseline = hasText ? rect.y + (rect.height + ascent - descent) / 2 : rect.y + (rect.height - inkTop - inkBottom) / 2 + inkTop
        for g in glyphs {
            if x >= rect.x { GlyphFace.paint(g, at: x, baseline, color: color, on: canvas) }
            x += g.advance
        }
    }

    /// An emoji run's glyph indices in a face, kept: its sequences made into
    /// their pictures (`EmojiShaping`) when `shaped`, else character by
    /// character without joiners and selectors (a sequence shows as its pieces).
    private func indices(of run: String, in face: GlyphFace, shaped: Bool) -> [UInt32] {
        let key = ShapedRun(text: run, face: ObjectIdentifier(face))
        if let known = shapedRuns[key] { return known }
        let indices = shaped ? emojiShaping.glyphs(of: run, file: face.file, cmap: face.index(of:)) : EmojiRuns.pictureScalars(run).map(face.index(of:))
        notes += emojiShaping.takeNotes()
        if shapedRuns.count >= Self.shapedRunLimit { shapedRuns = [:] }
        shapedRuns[key] = indices
        return indices
    }

    /// Gives back the emoji fonts' file pages read for new glyphs: an emoji font is large and its pictures lie apart.
    func releaseEmojiPages() {
        for case let face? in emojiFaces.values { face.releaseFilePages() }
    }

    /// For each emoji, whether the emoji font draws it as one picture (`X11Keyboard.drawableEmoji`'s answer, on Wayland).
    func drawableEmoji(_ emoji: [String], pixelSize: Int) -> [Bool] {
        guard let face = emojiFace(pixelSize: pixelSize) else { return emoji.map { _ in false } }
        defer { MappedFilePages.release(face.fileBytes, count: face.fileSize) }
        return emojiShaping.drawsWhole(emoji, file: face.file, cmap: face.index(of:))
    }
}
