/// Romaji typed on a Latin keyboard read as hiragana, as Japanese input
/// methods read it (Hepburn and kunrei spellings, `nn` or `n'` for ん, a
/// doubled consonant for っ, `x` or `l` before a vowel for a small kana, `-`
/// for ー). Letters that make no kana yet wait in `pending`.
public struct KanaReading: Hashable, Sendable {
    /// The kana read so far.
    public private(set) var kana: String = ""
    /// Letters typed after them that make no kana yet (`k`, `ky`, `n`).
    public private(set) var pending: String = ""

    public init() {}

    /// Reads `romaji` letter by letter.
    public init(romaji: String) {
        for letter in romaji { type(letter) }
    }

    /// What is shown: the kana, then the letters waiting.
    public var shown: String { kana + pending }

    /// The reading a converter is given: the kana, with a last `n` as ん.
    public var finished: String { pending == "n" ? kana + "ん" : kana }

    /// What return commits: the kana, then the letters waiting as typed (a last `n` as ん).
    public var asTyped: String { kana + Self.pendingAsTyped(pending) }

    /// Hiragana as katakana (others as they are).
    public static func katakana(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { (0x3041 ... 0x3096).contains($0.value) ? Unicode.Scalar($0.value + 0x60)! : $0 }))
    }

    /// Nothing read and nothing waiting.
    public var isEmpty: Bool { kana.isEmpty && pending.isEmpty }

    /// One more letter (or `-`, `'`, a kana a key typed).
    public mutating func type(_ letter: Character) {
        let letter = Character(letter.lowercased())
        guard letter.isASCII else {
            kana += Self.pendingAsTyped(pending) + String(letter == "-" ? "ー" : letter)
            pending = ""
            return
        }
        pending.append(letter)
        while !pending.isEmpty {
            if let read = Self.table[pending], !Self.prefixes.contains(pending) {
                kana += read
                pending = ""
                return
            }
            if Self.prefixes.contains(pending) { return }
            // No spelling starts so: ん before another consonant, っ before a doubled one (and `tch`), else the letter as it is.
            let first = pending.removeFirst()
            if first == "n" {
                kana += "ん"
            } else if first == pending.first && Self.consonants.contains(first) || first == "t" && pending.first == "c" {
                kana += "っ"
            } else {
                kana += String(first)
            }
        }
    }

    /// Takes back the last letter waiting, or else the last kana.
    public mutating func backspace() {
        if !pending.isEmpty {
            pending.removeLast()
        } else if !kana.isEmpty {
            kana.removeLast()
        }
    }

    /// The reading after its first `count` characters of `finished` are taken (converted and committed).
    public mutating func dropFirst(_ count: Int) {
        let kanaCount = kana.count
        kana = String(kana.dropFirst(count))
        if count > kanaCount, pending == "n" { pending = "" }
    }

    /// Letters left waiting when a kana key or the end cuts them off: a lone `n` is ん.
    private static func pendingAsTyped(_ pending: String) -> String { pending == "n" ? "ん" : pending }

    static let consonants = Set("bcdfghjklmpqrstvwxyz")

    /// Each spelling's kana.
    static let table: [String: String] = {
        var table: [String: String] = ["a": "あ", "i": "い", "u": "う", "e": "え", "o": "お", "-": "ー", "nn": "ん", "n'": "ん"]
        let rows: [(String, [String])] = [
            ("k", ["か", "き", "く", "け", "こ"]), ("s", ["さ", "し", "す", "せ", "そ"]), ("t", ["た", "ち", "つ", "て", "と"]),
            ("n", ["な", "に", "ぬ", "ね", "の"]), ("h", ["は", "ひ", "ふ", "へ", "ほ"]), ("m", ["ま", "み", "む", "め", "も"]),
            ("y", ["や", "い", "ゆ", "いぇ", "よ"]), ("r", ["ら", "り", "る", "れ", "ろ"]), ("w", ["わ", "うぃ", "う", "うぇ", "を"]),
            ("g", ["が", "ぎ", "ぐ", "げ", "ご"]), ("z", ["ざ", "じ", "ず", "ぜ", "ぞ"]), ("d", ["だ", "ぢ", "づ", "で", "ど"]),
            ("b", ["ば", "び", "ぶ", "べ", "ぼ"]), ("p", ["ぱ", "ぴ", "ぷ", "ぺ", "ぽ"]), ("j", ["じゃ", "じ", "じゅ", "じぇ", "じょ"]),
            ("f", ["ふぁ", "ふぃ", "ふ", "ふぇ", "ふぉ"]), ("v", ["ゔぁ", "ゔぃ", "ゔ", "ゔぇ", "ゔぉ"]), ("c", ["か", "し", "く", "せ", "こ"]),
            ("x", ["ぁ", "ぃ", "ぅ", "ぇ", "ぉ"]), ("l", ["ぁ", "ぃ", "ぅ", "ぇ", "ぉ"]),
            ("sh", ["しゃ", "し", "しゅ", "しぇ", "しょ"]), ("ch", ["ちゃ", "ち", "ちゅ", "ちぇ", "ちょ"]),
            ("ts", ["つぁ", "つぃ", "つ", "つぇ", "つぉ"]), ("th", ["てゃ", "てぃ", "てゅ", "てぇ", "てょ"]),
            ("dh", ["でゃ", "でぃ", "でゅ", "でぇ", "でょ"]), ("wh", ["うぁ", "うぃ", "う", "うぇ", "うぉ"]),
        ]
        for (consonant, kana) in rows {
            for (vowel, read) in zip(["a", "i", "u", "e", "o"], kana) { table[consonant + vowel] = read }
        }
        // The y-rows: きゃ きぃ きゅ きぇ きょ and their kin.
        let yRows: [String: String] = ["k": "き", "s": "し", "t": "ち", "c": "ち", "n": "に", "h": "ひ", "m": "み", "r": "り",
                                       "g": "ぎ", "z": "じ", "j": "じ", "d": "ぢ", "b": "び", "p": "ぴ", "f": "ふ", "v": "ゔ"]
        for (consonant, stem) in yRows {
            for (vowel, small) in zip(["a", "i", "u", "e", "o"], ["ゃ", "ぃ", "ゅ", "ぇ", "ょ"]) { table[consonant + "y" + vowel] = stem + small }
        }
        for small in ["x", "l"] {
            for (spelling, read) in ["ya": "ゃ", "yu": "ゅ", "yo": "ょ", "tu": "っ", "tsu": "っ", "wa": "ゎ", "ka": "ゕ", "ke": "ゖ"] {
                table[small + spelling] = read
            }
        }
        table["si"] = "し"
        table["ti"] = "ち"
        table["tu"] = "つ"
        table["hu"] = "ふ"
        table["zi"] = "じ"
        table["wi"] = "うぃ"
        table["we"] = "うぇ"
        return table
    }()

    /// Every spelling's proper beginnings: letters that wait for more.
    static let prefixes: Set<String> = Set(table.keys.flatMap { key in (1 ..< key.count).map { String(key.prefix($0)) } })
}
