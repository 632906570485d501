extension X11Keyboard {
    /// For each emoji (one grapheme, maybe a sequence: 👍🏽, 👨‍👩‍👧, 🇩🇪, 1️⃣),
    /// whether the installed emoji font draws it as one picture, in order: its
    /// cmap for a single picture, HarfBuzz's shaping (one glyph, not .notdef)
    /// for a sequence. All false when no emoji font is installed; without
    /// HarfBuzz a sequence counts when the font has each of its pictures
    /// (drawn piece by piece then). Opens the emoji font at the letters' size
    /// and HarfBuzz if not yet open: ~10 ms for the 3,655 of Emoji/emoji.txt
    /// the first time, ~7.5 ms after (release build, `scripts/micro-bench`).
    public func drawableEmoji(_ emoji: [String]) -> [Bool] {
        resources.drawableEmoji(emoji, pixelSize: firstFont.pixelSize)
    }
}
