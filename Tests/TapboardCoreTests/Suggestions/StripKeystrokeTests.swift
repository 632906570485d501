import Testing
@testable import TapboardCore

/// The shortcuts a strip keystroke takes by bytes agree with what they stand for.
struct StripKeystrokeTests {
    /// A suggestion as an edit, by characters: the definition the byte path must keep.
    private func byCharacters(_ word: String, _ typed: String) -> (delete: Int, insert: String) {
        word.hasPrefix(typed) ? (0, String(word.dropFirst(typed.count))) : (typed.count, word)
    }

    @Test("A suggestion's edit of the letters typed: the same by bytes as by characters, accents composed or not")
    func editByBytes() {
        let words = ["quick", "quickly", "Quick", "QUICK", "café", "cafe\u{301}", "cafe", "caf", "I'm", "im", "über", "u\u{308}ber",
                     "naïve", "e\u{301}te\u{301}", "été", "", "a", "日本語"]
        for word in words {
            for typed in ["", "q", "qu", "Qu", "quick", "caf", "cafe", "im", "I", "u", "e", "é", "日", "na", "quickly!"] {
                let s = Suggestion(word: word, replacing: typed, kind: .completion)
                let expected = byCharacters(word, typed)
                #expect(s.delete == expected.delete && s.insert == expected.insert, "\(word) after \(typed)")
            }
        }
    }

    @Test("Whether a key's text is one letter: by its byte for ASCII, as Character says otherwise")
    func oneLetter() {
        let texts = (UInt8(0x20) ... 0x7E).map { String(UnicodeScalar($0)) } + ["é", "e\u{301}", "ß", "日", "ab", "", "1", "ǅ", "\u{301}"]
        for text in texts {
            #expect(KeyboardSession.isOneLetter(text) == (text.count == 1 && text.first!.isLetter), "\(text)")
        }
    }

    @Test("A pair learned again is counted once; its use grows")
    func pairsCountedOnce() {
        var learned = LearnedWords()
        learned.learn("quick", folded: "quick", after: "the")
        learned.learn("quick", folded: "quick", after: "the")
        learned.learn("lazy", folded: "lazy", after: "the")
        #expect(learned.pairCount == 2)
        #expect(learned.followers(of: "the")["quick"] == LearnedWords.Use(count: 2, last: 2))
        #expect(learned.followers(of: "the")["lazy"] == LearnedWords.Use(count: 1, last: 3))
    }

    /// The previous word by characters: spaces stepped back over one character at a time.
    private func previousByCharacters(_ typed: TypedText) -> Substring? {
        let text = typed.text, current = typed.currentWord
        var i = current.startIndex
        var sawSpace = false
        while i > text.startIndex, text[text.index(before: i)] == " " {
            sawSpace = true
            i = text.index(before: i)
        }
        guard sawSpace || current.isEmpty, i > text.startIndex else { return nil }
        let word = typed.wordEndingByCharacters(at: i, allowTrailingJoiner: false)
        return word.isEmpty ? nil : word
    }

    @Test("The previous word, its spaces walked by byte: the same as by characters, accents around")
    func previousWord() {
        for text in ["the quick", "the quick ", "the  quick", "the, quick", "é quick", "the\u{301} quick", "quick", " quick", "", "a b c",
                     "don't stop", "the quick-", "über alles ", "a \u{301}", "caf\u{301}  e"] {
            var typed = TypedText()
            for c in text { typed.type(.text(String(c))) }
            #expect(typed.previousWord == previousByCharacters(typed), "\(text)")
        }
    }
}
