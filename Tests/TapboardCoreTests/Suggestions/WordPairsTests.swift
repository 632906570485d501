import Testing
@testable import TapboardCore

/// Reading shipped word pairs in place and looking up the followers of a word.
struct WordPairsTests {
    private static let text = """
        # pairs from a test
        ,\tand 110\tbut 150
        .\tthe 75\tI 190
        i\tam 130\thave 144\tdon't 147
        of\tthe 70\ta 97\tor 149
        zoo\tkeeper 20

        """

    @Test("Followers of a folded previous word, likeliest first, at most as many as asked; none for an unknown word")
    func followers() throws {
        let pairs = try WordPairs(text: Self.text)
        #expect(pairs.count == 5)
        #expect(pairs.followers(of: "of").map(\.word) == ["the", "a", "or"])
        #expect(pairs.followers(of: "of").map(\.cost) == [70, 97, 149])
        #expect(pairs.followers(of: "i", limit: 2).map(\.word) == ["am", "have"])
        #expect(pairs.followers(of: "i").last?.word == "don't")
        #expect(pairs.followers(of: ".").map(\.word) == ["the", "I"])
        #expect(pairs.followers(of: "zoo").map(\.word) == ["keeper"])
        // Neither a beginning of a key nor a longer word is that key.
        #expect(pairs.followers(of: "o").isEmpty && pairs.followers(of: "offer").isEmpty && pairs.followers(of: "zzz").isEmpty)
        #expect(pairs.followers(of: "").isEmpty)
    }

    @Test("A cost is −100·log10 of the probability: 0 is certain, 100 one in ten")
    func probability() {
        #expect(abs(WordPairs.Follower(word: "x", cost: 0).probability - 1) < 1e-9)
        #expect(abs(WordPairs.Follower(word: "x", cost: 100).probability - 0.1) < 1e-9)
        #expect(abs(WordPairs.Follower(word: "x", cost: 70).probability - 0.19952623) < 1e-6)
    }

    @Test("Every key of a larger file is found by the binary search")
    func everyKey() throws {
        let keys = (0 ..< 300).map { "w\(String($0, radix: 7))" }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let pairs = try WordPairs(text: keys.map { "\($0)\tnext\($0) 5" }.joined(separator: "\n"))
        #expect(pairs.count == 300)
        for key in keys { #expect(pairs.followers(of: key).map(\.word) == ["next\(key)"]) }
    }

    @Test("A damaged file is an error naming its line and what was expected", arguments: [
        ("of\tthe 70\nan\ta 9\n", 2, "not sorted by its first column (each previous word once)"),
        ("of\tthe 70\nof\ta 9\n", 2, "not sorted by its first column (each previous word once)"),
        ("of\n", 1, "expected PREVIOUS<TAB>WORD COST[<TAB>WORD COST…]"),
        ("\tthe 70\n", 1, "expected PREVIOUS<TAB>WORD COST[<TAB>WORD COST…]"),
        ("of the\ta 9\n", 1, "expected PREVIOUS<TAB>WORD COST[<TAB>WORD COST…]"),
        ("a\tb 1\nof\tthe\n", 2, "follower 1: expected WORD COST (a whole number up to 9999)"),
        ("of\tthe 70\ta x\n", 1, "follower 2: expected WORD COST (a whole number up to 9999)"),
        ("of\tthe 70\t\n", 1, "follower 2: expected WORD COST (a whole number up to 9999)"),
        ("of\tthe 12345\n", 1, "follower 1: expected WORD COST (a whole number up to 9999)"),
        ("of\t 7\n", 1, "follower 1: expected WORD COST (a whole number up to 9999)"),
        ("# a comment\n# another\n", 2, "expected PREVIOUS<TAB>WORD COST[<TAB>WORD COST…]"),
    ])
    func damaged(text: String, line: Int, reason: String) {
        #expect(throws: LineError(line: line, reason: reason)) { try WordPairs(text: text) }
    }

    @Test("Empty lines and a first comment line are allowed; an empty file has no pairs")
    func empty() throws {
        #expect(try WordPairs(text: "").count == 0)
        #expect(try WordPairs(text: "# nothing\n\nof\tthe 70\n\n").followers(of: "of").map(\.word) == ["the"])
    }
}
