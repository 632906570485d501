import TapboardCore
import Testing

/// The keys that compose text with an input method, for `tapboard type`.
struct SpellingTests {
    @Test("A Hangul syllable's jamo in 2-set order: compound vowels and finals as two keys, doubled consonants as one")
    func hangul() {
        #expect(Spelling.jamo(ofSyllable: "값") == ["ㄱ", "ㅏ", "ㅂ", "ㅅ"])
        #expect(Spelling.jamo(ofSyllable: "왜") == ["ㅇ", "ㅗ", "ㅐ"])
        #expect(Spelling.jamo(ofSyllable: "의") == ["ㅇ", "ㅡ", "ㅣ"])
        #expect(Spelling.jamo(ofSyllable: "까") == ["ㄲ", "ㅏ"])
        #expect(Spelling.jamo(ofSyllable: "닭") == ["ㄷ", "ㅏ", "ㄹ", "ㄱ"])
        #expect(Spelling.jamo(ofSyllable: "a") == nil)
        let method = InputMethodKind.hangul(keyboard: "2")
        #expect(Spelling.unit(["한", "국"], method: method) == .composed(keys: ["ㅎ", "ㅏ", "ㄴ"], covers: 1))
        #expect(Spelling.unit(["ㅋ"], method: method) == .loneJamo("ㅋ"))
        #expect(Spelling.unit(["ㅘ"], method: method) == nil, "a compound jamo on its own would compose with what is before")
        #expect(Spelling.unit(["한"], method: .hangul(keyboard: "3f")) == nil, "3-set keys are not planned")
        #expect(Spelling.unit(["x"], method: method) == nil)
    }

    @Test("Hiragana as romaji that reads back as the same kana", arguments: [
        ("きょうはいいてんきですね", "kyouhaiitennkidesune"), ("がっこう", "gakkou"), ("ちょっと", "tyotto"), ("ほんや", "hon" + "nya"),
        ("らーめん", "raーmenn"), ("きって", "kitte"), ("ぁっ", "laltu"), ("しんぶん", "sinnbunn"), ("ふぁいる", "fairu"),
    ])
    func kana(_ kana: String, _ romaji: String) {
        #expect(Spelling.unit(Array(kana + "。")[...], method: .anthy) == .composed(keys: romaji.map(String.init), covers: kana.count))
        #expect(KanaReading(romaji: romaji).kana == kana)
    }

    @Test("Katakana and kanji are not spelled: they are typed as any other character")
    func notKana() {
        #expect(Spelling.unit(["カ"], method: .anthy) == nil)
        #expect(Spelling.unit(["日", "本"], method: .anthy) == nil)
        #expect(Spelling.unit(["か"], method: .rime(schema: "luna_pinyin")) == nil)
    }
}
