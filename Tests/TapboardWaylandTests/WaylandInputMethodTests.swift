import Foundation
import TapboardTestKit
import Testing

/// Korean and Japanese on Wayland: the same part composes, the strip draws
/// what is composed in a CJK face, and what is committed arrives in foot.
@Suite("Tapboard on Wayland: input methods", .serialized)
struct WaylandInputMethodTests {
    @Test("Hangul tapped composes 한국어 into foot; the strip draws each syllable (a CJK face, not the label font's empty box)")
    func hangul() throws {
        let desk = try SwayDesktop()
        let sway = desk.sway
        try desk.foot()
        let keyboard = try desk.keyboard(["--no-dbus", "--layouts", "ko"])
        let slot = try #require(try keyboard.frames(of: "letters").key("suggestion-1"))
        func ink() throws -> LabelInk {
            LabelInk(try sway.screenshot(x: 0, y: keyboard.top, width: sway.size.width, height: keyboard.height), in: slot)
        }
        for jamo in ["ㅎ", "ㅏ", "ㄴ"] { try keyboard.tap("letters", jamo) }
        var syllable = try ink()
        #expect(Deadline.waitFor(.seconds(5)) { syllable = (try? ink()) ?? syllable; return syllable.pixels > 20 }, "한 drawn: \(syllable)")
        try keyboard.tap("letters", "ㄱ")
        var jamo = syllable
        #expect(Deadline.waitFor(.seconds(5)) { jamo = (try? ink()) ?? jamo; return jamo.pixels > 0 && jamo.pixels != syllable.pixels },
                "ㄱ drawn unlike 한 (two empty boxes would be alike): \(syllable) then \(jamo)")
        for key in ["ㅜ", "ㄱ", "ㅇ", "ㅓ", "space"] { try keyboard.tap("letters", key) }
        #expect(Deadline.waitFor(.seconds(5)) { desk.received() == "한국어 " },
                "foot received \(desk.received().debugDescription); \(keyboard.child.standardError)")
    }

    @Test("Romaji tapped shows kana; space types the first candidate into foot, return the kana")
    func romaji() throws {
        let desk = try SwayDesktop()
        try desk.foot()
        let data = try ScratchDirectory()
        let keyboard = try desk.keyboard(["--no-dbus", "--layouts", "ja"], environment: ["XDG_DATA_HOME": data.path])
        for letter in "nihongo" { try keyboard.tap("letters", String(letter)) }
        try keyboard.tap("letters", "space")
        for key in ["s", "u", "s", "i", "return"] { try keyboard.tap("letters", key) }
        #expect(Deadline.waitFor(.seconds(5)) { desk.received() == "日本語すし" },
                "foot received \(desk.received().debugDescription); \(keyboard.child.standardError)")
    }
}
