import Testing
@testable import TapboardCore

@Suite("Labels split into emoji and text")
struct EmojiRunsTests {
    @Test("Each label's runs, exactly", arguments: [
        ("a👍🏽b", [LabelRun(isEmoji: false, text: "a"), LabelRun(isEmoji: true, text: "👍🏽"), LabelRun(isEmoji: false, text: "b")]),
        ("👨‍👩‍👧", [LabelRun(isEmoji: true, text: "👨‍👩‍👧")]),
        ("🇩🇪🇫🇷", [LabelRun(isEmoji: true, text: "🇩🇪🇫🇷")]),
        ("1️⃣", [LabelRun(isEmoji: true, text: "1️⃣")]),
        ("é", [LabelRun(isEmoji: false, text: "é")]),
        ("e\u{301}", [LabelRun(isEmoji: false, text: "e\u{301}")]),
        ("☺", [LabelRun(isEmoji: false, text: "☺")]),
        ("☺️", [LabelRun(isEmoji: true, text: "☺️")]),
        ("☺︎", [LabelRun(isEmoji: false, text: "☺︎")]),
        ("☝🏽", [LabelRun(isEmoji: true, text: "☝🏽")]),
        ("❤️‍🔥", [LabelRun(isEmoji: true, text: "❤️‍🔥")]),
        ("👍 ok👎", [LabelRun(isEmoji: true, text: "👍"), LabelRun(isEmoji: false, text: " ok"), LabelRun(isEmoji: true, text: "👎")]),
        ("€ 1", [LabelRun(isEmoji: false, text: "€ 1")]),
        ("#", [LabelRun(isEmoji: false, text: "#")]),
        ("", []),
    ])
    func runs(_ label: String, _ expected: [LabelRun]) {
        #expect(EmojiRuns.split(label) == expected)
    }

    @Test("Labels without a scalar from U+2000 up are never looked at grapheme by grapheme")
    func quickCheck() {
        for label in ["q", "Q", "space", "é", "ß", "÷", "123", "ñ"] { #expect(!EmojiRuns.mayContainEmoji(label), "\(label)") }
        for label in ["👍", "☺️", "€", "1️⃣"] { #expect(EmojiRuns.mayContainEmoji(label), "\(label)") }
    }

    @Test("Sequences are emoji of more than one drawn scalar; joiners and selectors draw nothing")
    func sequences() {
        for single in ["👍", "☺️", "☺", "😀"] { #expect(!EmojiRuns.isSequence(single), "\(single)") }
        for sequence in ["👍🏽", "🇩🇪", "1️⃣", "👨‍👩‍👧", "❤️‍🔥", "🏴󠁧󠁢󠁥󠁮󠁧󠁿"] { #expect(EmojiRuns.isSequence(sequence), "\(sequence)") }
        #expect(EmojiRuns.pictureScalars("👨‍👩‍👧") == ["\u{1F468}", "\u{1F469}", "\u{1F467}"])
        #expect(EmojiRuns.pictureScalars("1️⃣") == ["1", "\u{20E3}"])
    }
}

@Suite("Which emoji a font draws whole")
struct EmojiCoverageTests {
    /// A font with a few pictures, whose shaper joins 👍🏽 but not 👨‍👩‍👧 (three glyphs) and lacks 🇩🇪 (a notdef).
    private let pictures: Set<Unicode.Scalar> = ["\u{1F44D}", "\u{1F3FD}", "\u{1F468}", "\u{1F469}", "\u{1F467}", "\u{263A}"]
    private func has(_ s: Unicode.Scalar) -> Bool { pictures.contains(s) }
    private func shape(_ text: String) -> [UInt32] {
        switch text {
        case "👍🏽": return [7]
        case "👨‍👩‍👧": return [1, 2, 3]
        default: return EmojiRuns.pictureScalars(text).map { pictures.contains($0) ? 9 : 0 }
        }
    }

    @Test("Singles by the font's characters; sequences by shaping to one glyph the font has")
    func withShaper() {
        #expect(EmojiRuns.drawsWhole("👍", has: has, shape: shape))
        #expect(EmojiRuns.drawsWhole("☺️", has: has, shape: shape))
        #expect(!EmojiRuns.drawsWhole("😀", has: has, shape: shape))
        #expect(EmojiRuns.drawsWhole("👍🏽", has: has, shape: shape))
        #expect(!EmojiRuns.drawsWhole("👨‍👩‍👧", has: has, shape: shape), "three glyphs side by side")
        #expect(!EmojiRuns.drawsWhole("🇩🇪", has: has, shape: shape))
        #expect(!EmojiRuns.drawsWhole("\u{200D}", has: has, shape: shape), "nothing to draw")
    }

    @Test("Without a shaper, a sequence counts when the font has every picture in it")
    func withoutShaper() {
        #expect(EmojiRuns.drawsWhole("👍🏽", has: has, shape: nil))
        #expect(EmojiRuns.drawsWhole("👨‍👩‍👧", has: has, shape: nil))
        #expect(!EmojiRuns.drawsWhole("🇩🇪", has: has, shape: nil))
    }
}
