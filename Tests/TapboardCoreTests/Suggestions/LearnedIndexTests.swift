import Testing
@testable import TapboardCore

/// Learned words found by their beginning through the sorted index agree with
/// a look at every word, also after the text is read back.
struct LearnedIndexTests {
    @Test("A beginning's words, and its weightiest by the weight at the clock, agree with every word looked at")
    func agreesWithEveryWord() throws {
        var learned = LearnedWords()
        var seed: UInt64 = 5
        func next() -> UInt64 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return seed >> 33 }
        let letters = Array("abcdé")
        var typed: [String] = []
        for _ in 0 ..< 3000 {
            // Words typed again now and then, so counts and recency differ.
            let word = !typed.isEmpty && next() % 3 == 0 ? typed[Int(next() % UInt64(typed.count))]
                : String((0 ..< 1 + Int(next() % 5)).map { _ in letters[Int(next() % 5)] })
            typed.append(word)
            let capitalised = next() % 7 == 0
            learned.learn(capitalised ? word.capitalized : word, folded: word, after: nil)
        }
        let reread = try LearnedWords(text: learned.text())
        for words in [learned, reread] {
            for probe in ["", "a", "ab", "é", "éa", "abcd", "dd", "e", "zz"] {
                let expected = words.words.filter { $0.value.folded.utf8.starts(with: probe.utf8) }
                #expect(Set(words.words(beginningWith: probe).map(\.word)) == Set(expected.keys), "\(probe)")
                let weights = expected.values.map { words.weight($0.use) }.sorted(by: >)
                for limit in [1, 5, 40] {
                    let top = words.words(beginningWith: probe, weightiest: limit)
                    #expect(top.count == min(limit, expected.count))
                    // Equal weights may come in either order: the weights are compared, and each word's own.
                    let got = top.map { words.weight($0.use) }
                    #expect(zip(got, weights).allSatisfy { abs($0 - $1) <= 1e-9 * $1 }, "\(probe) \(limit)")
                    #expect(top.allSatisfy { expected[$0.word]?.use == $0.use }, "\(probe) \(limit)")
                }
            }
        }
    }
}
