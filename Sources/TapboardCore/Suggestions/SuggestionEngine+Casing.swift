/// How a word offered is cased after what was typed and the shift state.
extension SuggestionEngine {
    /// A word cased for the keyboard: caps lock or capitals typed make it upper
    /// case; a capital typed first, or shift on before the first letter, capitalise it.
    public static func cased(_ word: String, typed prefix: String, shift: ShiftState) -> String {
        Casing(typed: prefix, shift: shift).apply(to: word)
    }

    /// How the words offered for one prefix are cased: decided once per prefix,
    /// not once per word (it looks at every letter typed).
    struct Casing {
        enum Mode { case asWritten, capitalised, upper }
        let mode: Mode

        init(typed prefix: String, shift: ShiftState) {
            let upper: Bool, firstUpper: Bool?
            // Bytes while ASCII, in one pass: Character's letter and case properties cost a table lookup each.
            var letters = 0, capitals = 0, ascii = true
            for b in prefix.utf8 {
                if b >= 0x80 { ascii = false; break }
                if b >= 65 && b <= 90 { letters += 1; capitals += 1 } else if b >= 97 && b <= 122 { letters += 1 }
            }
            if ascii {
                upper = letters >= 2 && capitals == letters
                firstUpper = prefix.utf8.first.map { $0 >= 65 && $0 <= 90 }
            } else {
                let letters = prefix.filter(\.isLetter)
                upper = letters.count >= 2 && letters.allSatisfy(\.isUppercase)
                firstUpper = prefix.first.map(\.isUppercase)
            }
            if shift == .locked || upper {
                mode = .upper
            } else if firstUpper ?? (shift == .once) {
                mode = .capitalised
            } else {
                mode = .asWritten
            }
        }

        func apply(to word: String) -> String {
            switch mode {
            case .asWritten: return word
            case .upper: return word.uppercased()
            case .capitalised:
                guard let first = word.first else { return word }
                return first.uppercased() + word.dropFirst()
            }
        }
    }
}
