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
