import Foundation
import TapboardTestKit
import Testing

/// Korean and Japanese on Wayland: the same part composes, the strip draws
/// what is composed in a CJK face, and what is committed arrives in foot.
@Suite("Tapboard on Wayland: input methods", .serialized)
struct WaylandInputMethodTests {
    /// Foot on a headless sway, and the keyboard below it with these layouts (its converters' data in `data`).
    private static func started(_ layouts: String, data: ScratchDirectory) throws -> (SwayDesktop, SwayKeyboard) {
        let desk = try SwayDesktop()
        try desk.foot()
        return (desk, try desk.keyboard(["--no-dbus", "--layouts", layouts], environment: ["XDG_DATA_HOME": data.path]))
    }

    @Test("Hangul tapped composes 한국어 into foot; the strip draws each syllable (a CJK face, not the label font's empty box)")
    func hangul() throws {
        let data = try ScratchDirectory()
        let (desk, keyboard) = try Self.started("ko", data: data)
        let sway = desk.sway
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
        let data = try ScratchDirectory()
        let (desk, keyboard) = try Self.started("ja", data: data)
        for letter in "nihongo" { try keyboard.tap("letters", String(letter)) }
        try keyboard.tap("letters", "space")
        for key in ["s", "u", "s", "i", "return"] { try keyboard.tap("letters", key) }
        #expect(Deadline.waitFor(.seconds(5)) { desk.received() == "日本語すし" },
                "foot received \(desk.received().debugDescription); \(keyboard.child.standardError)")
    }

    /// The keys shown (`tapboard keys` through the socket): label and centre on the output.
    private static func shown(_ desk: SwayDesktop) throws -> [(label: String, x: Int, y: Int)] {
        let child = try desk.tapboard(["keys"])
        guard child.wait(until: Deadline(.seconds(10))) == .exited(0),
              let shown = try JSONSerialization.jsonObject(with: Data(child.standardOutput.utf8)) as? [String: Any],
              let frame = shown["frame"] as? [String: Int], let keys = shown["keys"] as? [[String: Any]] else { return [] }
        return keys.compactMap { key in
            guard let label = key["label"] as? String, let x = key["x"] as? Int, let y = key["y"] as? Int, let w = key["width"] as? Int,
                  let h = key["height"] as? Int else { return nil }
            return (label, frame["x"]! + x + w / 2, frame["y"]! + y + h / 2)
        }
    }

    @Test("Pinyin tapped and its candidate tapped arrive in foot; tapboard type of Korean, Chinese and kana too")
    func pinyinAndTyped() throws {
        let data = try ScratchDirectory()
        let (desk, keyboard) = try Self.started("zh-pinyin,ko,ja", data: data)
        for letter in "nihao" { try keyboard.tap("letters", String(letter)) }
        // Rime builds its schema for a new user at the first letter (seconds).
        var candidate: (label: String, x: Int, y: Int)?
        #expect(Deadline.waitFor(.seconds(60)) { candidate = (try? Self.shown(desk))?.first { $0.label == "你好" }; return candidate != nil })
        let chosen = try #require(candidate)
        desk.pointer.tap(chosen.x, chosen.y)
        #expect(Deadline.waitFor(.seconds(5)) { desk.received() == "你好" },
                "foot received \(desk.received().debugDescription); \(keyboard.child.standardError)")
        let (status, said) = try desk.type("，世界 한국어 ㅋㅋ にほんご", delay: 5)
        #expect(status == .exited(0), "\(said)")
        #expect(Deadline.waitFor(.seconds(10)) { desk.received() == "你好，世界 한국어 ㅋㅋ にほんご" },
                "foot received \(desk.received().debugDescription); \(keyboard.child.standardError)")
        #expect(keyboard.child.standardError == "")
    }
}

