/// A stretch of a label drawn with one font: the theme's, or an emoji font.
public struct LabelRun: Hashable, Sendable {
    /// Whether the run is emoji: drawn with a colour emoji font, each sequence shaped to one picture.
    public var isEmoji: Bool
    /// The run's text: whole graphemes.
    public var text: String

    /// Makes a run.
    public init(isEmoji: Bool, text: String) {
        self.isEmoji = isEmoji
        self.text = text
    }
}

/// Which parts of a label are emoji, decided by Unicode's emoji properties
/// grapheme by grapheme: the backends draw those with an emoji font and the
/// rest with the theme's, so `a👍🏽b` is a letter, one picture and a letter.
public enum EmojiRuns {
    /// U+200D ZERO WIDTH JOINER, which joins pictures into one (👨‍👩‍👧).
    public static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
    /// U+FE0F VARIATION SELECTOR-16: the character before it drawn as an emoji (☺️).
    public static let emojiSelector: Unicode.Scalar = "\u{FE0F}"
    /// U+FE0E VARIATION SELECTOR-15: the character before it drawn as text (☺︎).
    public static let textSelector: Unicode.Scalar = "\u{FE0E}"
    /// U+20E3 COMBINING ENCLOSING KEYCAP (1️⃣).
    public static let keycap: Unicode.Scalar = "\u{20E3}"

    /// False for a label that cannot hold an emoji, found without splitting it
    /// into graphemes (nearly every label): every scalar that makes an emoji,
    /// or makes a character one (VS16, the keycap), is U+2000 or above, whose
    /// UTF-8 starts with a byte of 0xE2 or more.
    public static func mayContainEmoji(_ label: String) -> Bool {
        label.utf8.contains { $0 >= 0xE2 }
    }

    /// The label in runs of emoji and of other text, in order; neighbouring
    /// graphemes of one kind share a run (`🇩🇪🇫🇷` is one run of two flags).
    public static func split(_ label: String) -> [LabelRun] {
        guard mayContainEmoji(label) else { return label.isEmpty ? [] : [LabelRun(isEmoji: false, text: label)] }
        var runs: [LabelRun] = []
        for c in label {
            let emoji = isEmoji(c)
            if let last = runs.last, last.isEmoji == emoji {
                runs[runs.count - 1].text.append(c)
            } else {
                runs.append(LabelRun(isEmoji: emoji, text: String(c)))
            }
        }
        return runs
    }

    /// Whether a grapheme is drawn as an emoji: its first scalar is one by
    /// default (👍, a regional indicator), or it is an emoji character
    /// (Emoji=Yes, text by default: ☺, digits, ©) followed by VS16, the keycap,
    /// a skin tone or a joiner. VS15 asks for text.
    public static func isEmoji(_ c: Character) -> Bool {
        let scalars = c.unicodeScalars
        guard let first = scalars.first, !scalars.contains(textSelector) else { return false }
        if first.properties.isEmojiPresentation { return true }
        guard first.properties.isEmoji else { return false }
        return scalars.dropFirst().contains {
            $0 == emojiSelector || $0 == keycap || $0 == zeroWidthJoiner || $0.properties.isEmojiModifier
        }
    }

    /// The scalars of an emoji that a font must have for it, drawn piece by
    /// piece: all but the joiners and variation selectors, which only shape
    /// the others.
    public static func pictureScalars(_ emoji: String) -> [Unicode.Scalar] {
        emoji.unicodeScalars.filter { !isShapingOnly($0) }
    }

    /// Whether a scalar only shapes the pictures around it and draws nothing itself: ZWJ, VS15, VS16.
    public static func isShapingOnly(_ s: Unicode.Scalar) -> Bool {
        s == zeroWidthJoiner || s == emojiSelector || s == textSelector
    }

    /// Whether an emoji is a sequence that a font draws as one picture only if
    /// it knows it (a ZWJ sequence, a flag, a keycap, a skin tone): more than
    /// one scalar that draws.
    public static func isSequence(_ emoji: String) -> Bool {
        pictureScalars(emoji).count > 1
    }

    /// Whether a run of emoji needs shaping to be drawn: it joins pictures (ZWJ),
    /// tones one (a skin-tone modifier), pairs regional indicators (a flag),
    /// makes a keycap or tags a subdivision flag. Single pictures, with VS16 or
    /// not, are their cmap glyphs: a page of them loads no shaper.
    public static func needsShaping(_ run: String) -> Bool {
        run.unicodeScalars.contains { s in
            s == zeroWidthJoiner || s == keycap || s.properties.isEmojiModifier
                || (0x1F1E6 ... 0x1F1FF).contains(s.value) || (0xE0020 ... 0xE007F).contains(s.value)
        }
    }
}

extension EmojiRuns {
    /// Whether a font draws an emoji as one picture. A single picture (with
    /// or without VS16) needs its glyph (`has`, the font's cmap); a sequence
    /// needs shaping (`shape`, the glyphs HarfBuzz gives) to give exactly one
    /// glyph the font has. Without a shaper a sequence counts when the font
    /// has each of its pictures, though it is then drawn piece by piece.
    public static func drawsWhole(_ emoji: String, has: (Unicode.Scalar) -> Bool, shape: ((String) -> [UInt32])?) -> Bool {
        let pictures = pictureScalars(emoji)
        guard let first = pictures.first else { return false }
        guard pictures.count > 1 else { return has(first) }
        guard let shape else { return pictures.allSatisfy(has) }
        let glyphs = shape(emoji)
        return glyphs.count == 1 && glyphs[0] != 0
    }
}
