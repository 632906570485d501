/// The keys a person taps to compose text with an input method: a Hangul
/// syllable as its jamo on the 2-set keyboard, hiragana as romaji. Used to
/// plan `tapboard type` on a layout whose letters go to a converter.
public enum Spelling {
    /// What the start of a text is, to a converter.
    public enum Unit: Hashable, Sendable {
        /// A Hangul syllable or a run of kana: its keys compose it whole.
        case composed(keys: [String], covers: Int)
        /// A jamo on its own (`ㅋ`): one key, which may join what is composed before it.
        case loneJamo(String)
        /// Letters whose candidates include this text (pinyin): typed, then the candidate chosen.
        case chosen(keys: [String], candidate: String)
    }

    /// How the start of `text` is composed with `method`; nil when the method
    /// does not compose it (then it is typed as any other character).
    public static func unit(_ text: ArraySlice<Character>, method: InputMethodKind) -> Unit? {
        guard let first = text.first else { return nil }
        switch method {
        case .hangul(let keyboard) where keyboard == "2":
            if let jamo = jamo(ofSyllable: first) { return .composed(keys: jamo, covers: 1) }
            if let lone = first.unicodeScalars.first, first.unicodeScalars.count == 1, (0x3131 ... 0x3163).contains(lone.value),
               let keys = compounds[first] ?? (twoSetKeys.contains(first) ? [String(first)] : nil), keys.count == 1 {
                return .loneJamo(keys[0])
            }
            return nil
        case .anthy:
            let run = text.prefix { isHiragana($0) }
            guard !run.isEmpty, let letters = romaji(String(run)) else { return nil }
            return .composed(keys: letters.map(String.init), covers: run.count)
        default:
            return nil
        }
    }

    /// Whether a character is of the scripts input methods compose (Hangul,
    /// kana, Chinese characters): one not planned as keys is said to be typed without.
    public static func isComposedScript(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0xAC00 ... 0xD7A3).contains(v) || (0x3041 ... 0x30FF).contains(v) || (0x3400 ... 0x4DBF).contains(v) || (0x4E00 ... 0x9FFF).contains(v)
    }

    // MARK: - Hangul

    static let initials = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ")
    static let medials = Array("ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ")
    static let finals: [Character?] = [nil] + Array("ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ").map { $0 }

    /// The jamo that the 2-set keyboard types with two keys.
    static let compounds: [Character: [String]] = [
        "ㅘ": ["ㅗ", "ㅏ"], "ㅙ": ["ㅗ", "ㅐ"], "ㅚ": ["ㅗ", "ㅣ"], "ㅝ": ["ㅜ", "ㅓ"], "ㅞ": ["ㅜ", "ㅔ"], "ㅟ": ["ㅜ", "ㅣ"],
        "ㅢ": ["ㅡ", "ㅣ"], "ㄳ": ["ㄱ", "ㅅ"], "ㄵ": ["ㄴ", "ㅈ"], "ㄶ": ["ㄴ", "ㅎ"], "ㄺ": ["ㄹ", "ㄱ"], "ㄻ": ["ㄹ", "ㅁ"],
        "ㄼ": ["ㄹ", "ㅂ"], "ㄽ": ["ㄹ", "ㅅ"], "ㄾ": ["ㄹ", "ㅌ"], "ㄿ": ["ㄹ", "ㅍ"], "ㅀ": ["ㄹ", "ㅎ"], "ㅄ": ["ㅂ", "ㅅ"],
    ]

    /// The jamo the 2-set keyboard has a key for (the doubled ones shifted).
    static let twoSetKeys = Set("ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔㅁㄴㅇㄹㅎㅗㅓㅏㅣㅋㅌㅊㅍㅠㅜㅡㅃㅉㄸㄲㅆㅒㅖ")

    /// A precomposed syllable's jamo, in the order the 2-set keyboard types them (`값` → ㄱ ㅏ ㅂ ㅅ).
    public static func jamo(ofSyllable c: Character) -> [String]? {
        guard c.unicodeScalars.count == 1, let v = c.unicodeScalars.first?.value, (0xAC00 ... 0xD7A3).contains(v) else { return nil }
        let index = Int(v - 0xAC00)
        let parts: [Character?] = [initials[index / (21 * 28)], medials[index / 28 % 21], finals[index % 28]]
        return parts.compactMap { $0 }.flatMap { compounds[$0] ?? [String($0)] }
    }

    // MARK: - Kana

    /// Hiragana, and ー (which the romaji layout types too).
    static func isHiragana(_ c: Character) -> Bool {
        guard c.unicodeScalars.count == 1, let v = c.unicodeScalars.first?.value else { return false }
        return (0x3041 ... 0x3096).contains(v) || v == 0x30FC
    }

    /// Each kana (one, or two with a small one after) and the shortest romaji for it.
    static let romajiOfKana: [String: String] = {
        // Shortest first; the c-, x- and l- spellings only where there is no other.
        func rank(_ spelling: String) -> (Int, Int, String) { (spelling.count, "cxl".contains(spelling.first!) ? 1 : 0, spelling) }
        var best: [String: String] = [:]
        for (spelling, kana) in KanaReading.table where spelling.allSatisfy(\.isLetter) {
            if let known = best[kana], rank(known) < rank(spelling) { continue }
            best[kana] = spelling
        }
        best["ん"] = "nn"
        best["ー"] = "ー"
        return best
    }()

    /// Romaji that `KanaReading` reads as exactly this hiragana; nil when some kana has none.
    static func romaji(_ kana: String) -> String? {
        let characters = Array(kana)
        var out = ""
        var i = 0
        while i < characters.count {
            // A kana with a small one after it (きゃ) first, then one alone.
            if i + 1 < characters.count, let pair = romajiOfKana[String(characters[i ... i + 1])] {
                out += pair
                i += 2
                continue
            }
            if characters[i] == "っ", i + 1 < characters.count {
                // The next kana's consonant doubled (きって), where it has one.
                let rest = romaji(String(characters[(i + 1)...])) ?? ""
                if let consonant = rest.first, consonant != "n", KanaReading.consonants.contains(consonant) {
                    out += String(consonant)
                    i += 1
                    continue
                }
            }
            guard let one = romajiOfKana[String(characters[i])] else { return nil }
            out += one
            i += 1
        }
        let read = KanaReading(romaji: out)
        return read.kana == kana && read.pending.isEmpty ? out : nil
    }
}
