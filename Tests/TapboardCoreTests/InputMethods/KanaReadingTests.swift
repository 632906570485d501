import TapboardCore
import Testing

/// Romaji read as kana, letter by letter, as a Japanese keyboard reads its taps.
struct KanaReadingTests {
    @Test("Spellings read as kana: Hepburn and kunrei, the y-rows, small kana, ー",
          arguments: [
              ("nihongo", "にほんご"), ("kyouhaiitenkidesune", "きょうはいいてんきですね"), ("shinbunshi", "しんぶんし"),
              ("sinbunsi", "しんぶんし"), ("tsukue", "つくえ"), ("tukue", "つくえ"), ("chiizu", "ちいず"), ("tyotto", "ちょっと"),
              ("fairu", "ふぁいる"), ("ra-menn", "らーめん"), ("xtu", "っ"), ("ltsu", "っ"), ("jyuusu", "じゅうす"),
              ("juusu", "じゅうす"), ("wo", "を"), ("dhi", "でぃ"), ("matcha", "まっちゃ"), ("vu", "ゔ"), ("kya", "きゃ"),
          ])
    func spellings(romaji: String, kana: String) {
        let reading = KanaReading(romaji: romaji)
        #expect(reading.kana == kana && reading.pending == "", "\(romaji): \(reading.shown)")
    }

    @Test("ん: nn, n' before a vowel, and n before another consonant; a last n waits and is read as ん")
    func n() {
        #expect(KanaReading(romaji: "konnnichiha").kana == "こんにちは")
        #expect(KanaReading(romaji: "konnichiha").kana == "こんいちは", "nn is ん, as in Anthy's and most keyboards' tables")
        #expect(KanaReading(romaji: "kan'i").kana == "かんい")
        #expect(KanaReading(romaji: "kanji").kana == "かんじ")
        let last = KanaReading(romaji: "nihon")
        #expect(last.kana == "にほ" && last.pending == "n" && last.shown == "にほn")
        #expect(last.finished == "にほん" && last.asTyped == "にほん")
        #expect(KanaReading(romaji: "kany").shown == "かny", "ny waits for its vowel")
    }

    @Test("A doubled consonant is っ; letters no spelling starts with are kept as they are")
    func doubled() {
        #expect(KanaReading(romaji: "kitte").kana == "きって")
        #expect(KanaReading(romaji: "zasshi").kana == "ざっし")
        let odd = KanaReading(romaji: "qa")
        #expect(odd.kana == "qあ", "\(odd.shown)")
        let waiting = KanaReading(romaji: "kak")
        #expect(waiting.kana == "か" && waiting.pending == "k" && waiting.finished == "か" && waiting.asTyped == "かk")
    }

    @Test("Backspace takes back a waiting letter first, then a kana; the first characters can be taken")
    func backspaceAndDrop() {
        var reading = KanaReading(romaji: "kanky")
        reading.backspace()
        #expect(reading.shown == "かんk")
        reading.backspace()
        reading.backspace()
        #expect(reading.shown == "か")
        reading = KanaReading(romaji: "nihongon")
        reading.dropFirst(3)
        #expect(reading.shown == "ごn")
        reading.dropFirst(2)
        #expect(reading.isEmpty, "the last n counted as ん: \(reading.shown)")
        reading.type("ー")
        #expect(reading.kana == "ー")
        reading.type("A")
        #expect(reading.kana == "ーあ", "capitals read as their letter")
    }

    @Test("Katakana of hiragana; other characters as they are")
    func katakana() {
        #expect(KanaReading.katakana("らーめんを1") == "ラーメンヲ1")
    }
}
