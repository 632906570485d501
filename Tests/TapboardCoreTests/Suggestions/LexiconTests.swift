import Testing
@testable import TapboardCore

/// Reading a lexicon and looking words up by their beginning, case and accents aside.
struct LexiconTests {
    private static let text = """
        # fold àa äa ée ëe öo üu
        a\ta\t736
        a\tà\t366
        and\tand\t700
        ant\tant\t390
        any\tany\t620
        cafe\tcafe\t409
        cafe\tcafé\t375
        hauser\thäuser\t457
        i'm\ti'm\t560
        zoo\tzoo\t400

        """

    @Test("Completions: the most frequent words beginning with what was typed, most frequent first, at most as many as asked")
    func completions() throws {
        let lexicon = try Lexicon(text: Self.text)
        #expect(lexicon.count == 10)
        #expect(lexicon.completions(of: "an", limit: 3).map(\.word) == ["and", "any", "ant"])
        #expect(lexicon.completions(of: "an", limit: 2).map(\.word) == ["and", "any"])
        #expect(lexicon.completions(of: "q", limit: 3).isEmpty)
        #expect(lexicon.completions(of: "zoo", limit: 3).map(\.word) == ["zoo"])
        #expect(lexicon.completions(of: "zoos", limit: 3).isEmpty)
    }

    @Test("A word is read from its bytes as written: short and long, multi-byte letters kept, bytes that are no UTF-8 repaired")
    func wordsFromBytes() {
        let bytes: [UInt8] = Array("zoo\tcafé\t".utf8) + [0x66, 0xC3, 0x28, 0x21] + Array("\tinternationalisation".utf8)
        let storage = ByteStorage(bytes)
        #expect(storage.buffer.string(0 ..< 3) == "zoo")
        #expect(storage.buffer.string(4 ..< 9) == "café")
        #expect(storage.buffer.string(4 ..< 4) == "")
        // 0xC3 begins a two-byte letter that `(` does not continue: replaced, as String(decoding:) does.
        #expect(storage.buffer.string(10 ..< 14) == "f\u{FFFD}(!")
        #expect(storage.buffer.string(15 ..< bytes.count) == "internationalisation")
    }

    @Test("Short beginnings come from the precomputed tops and agree with a scan")
    func shortPrefixes() throws {
        // 40 words beginning with b, frequencies 300 to 339, shuffled into sorted order by key.
        let words = (0 ..< 40).map { "b\(String(UnicodeScalar(UInt8(97 + $0 % 26))))\($0)" }.sorted()
        let text = words.enumerated().map { "\($1)\t\($1)\t\(300 + ($0 * 7) % 40)" }.joined(separator: "\n") + "\n"
        let lexicon = try Lexicon(text: text)
        let top = lexicon.completions(of: "b", limit: 5)
        #expect(top.map(\.zipf) == [339, 338, 337, 336, 335])
        // More than the tops keep: a scan, with the same first ones.
        let scanned = lexicon.completions(of: "b", limit: Lexicon.topsKept + 4)
        #expect(scanned.count == Lexicon.topsKept + 4)
        #expect(Array(scanned.prefix(5)) == top)
        let two = lexicon.completions(of: "ba", limit: 3)
        #expect(two.allSatisfy { $0.word.hasPrefix("ba") } && two.map(\.zipf) == two.map(\.zipf).sorted(by: >))
    }

    @Test("Case and accents do not matter: Café finds cafe and café, HÄU finds häuser, I' finds i'm")
    func folding() throws {
        let lexicon = try Lexicon(text: Self.text)
        #expect(lexicon.fold("Café") == "cafe")
        #expect(lexicon.completions(of: "Café", limit: 3).map(\.word) == ["cafe", "café"])
        #expect(lexicon.completions(of: "HÄU", limit: 3).map(\.word) == ["häuser"])
        #expect(lexicon.completions(of: "I'", limit: 3).map(\.word) == ["i'm"])
        #expect(lexicon.words(matching: "CAFE").map(\.word) == ["cafe", "café"])
    }

    @Test("Exact lookups: a word's frequency as written, not its folded neighbour's; a key that only begins another is no match")
    func exactWords() throws {
        let lexicon = try Lexicon(text: Self.text)
        #expect(lexicon.zipf(ofExactly: "café") == 375)
        #expect(lexicon.zipf(ofExactly: "cafe") == 409)
        #expect(lexicon.zipf(ofExactly: "Cafe") == nil)
        #expect(lexicon.zipf(ofExactly: "à") == 366)
        #expect(lexicon.zipf(ofExactly: "an") == nil)
        #expect(lexicon.zipf(ofExactly: "zo") == nil)
        #expect(lexicon.zipf(ofExactly: "zoo") == 400)
        #expect(lexicon.zipf(ofExactly: "zoom") == nil)
        #expect(lexicon.words(matching: "a").map(\.word) == ["a", "à"])
        #expect(lexicon.words(matching: "an").isEmpty)
        #expect(!lexicon.hasWord(beginningWith: "zooo") && lexicon.hasWord(beginningWith: "zo"))
    }

    @Test("Lookups over many blocks agree with a plain search, also where hundreds of keys share their first 8 bytes")
    func blocks() throws {
        // Deterministic words: short ones, and a run of 300 sharing "internationa".
        var words = Set<String>()
        var seed: UInt64 = 12345
        func next() -> UInt64 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return seed >> 33 }
        while words.count < 2000 {
            let length = 1 + Int(next() % 7)
            words.insert(String((0 ..< length).map { _ in Character(Unicode.Scalar(UInt8(97 + next() % 6))) }))
        }
        for i in 0 ..< 300 { words.insert("internationa\(String(i, radix: 3))") }
        let sorted = words.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let zipfs = Dictionary(uniqueKeysWithValues: sorted.map { ($0, 100 + Int(next() % 600)) })
        let lexicon = try Lexicon(text: sorted.map { "\($0)\t\(zipfs[$0]!)" }.joined(separator: "\n") + "\n")
        for probe in ["", "a", "ab", "abc", "f", "ff", "g", "in", "internationa", "internationa1", "internationa21",
                      "internationa222", "internationb", "intern", "zz", "fffffff", "ffffffff"] + sorted.prefix(50) + sorted.suffix(50) {
            let expected = sorted.filter { $0.hasPrefix(probe) }
            #expect(lexicon.hasWord(beginningWith: probe) == !expected.isEmpty, "\(probe)")
            #expect(lexicon.zipf(ofExactly: probe) == zipfs[probe], "\(probe)")
            var seen: [String] = []
            lexicon.forEachWord(beginningWith: probe) { _, _, entry in seen.append(entry().word); return true }
            #expect(seen == expected, "\(probe)")
            // The most frequent, equal ones in file order, whether from the tops kept or a scan.
            let ranked = expected.enumerated().sorted { (zipfs[$0.element]!, -$0.offset) > (zipfs[$1.element]!, -$1.offset) }.map(\.element)
            for limit in [1, 5, Lexicon.topsKept, 40] {
                #expect(lexicon.completions(of: probe, limit: limit).map(\.word) == Array(ranked.prefix(limit)), "\(probe) \(limit)")
            }
        }
    }

    @Test("The tops of every beginning of up to two characters, worked out as the file is read, agree with a plain ranking, letters of two and three bytes too")
    func shortBeginnings() throws {
        let letters: [Character] = ["a", "b", "é", "ß", "ж"]
        var words = Set<String>()
        var seed: UInt64 = 987
        func next() -> UInt64 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return seed >> 33 }
        while words.count < 600 { words.insert(String((0 ... Int(next() % 4)).map { _ in letters[Int(next() % 5)] })) }
        let sorted = words.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        // Few distinct frequencies: many ties, which keep file order.
        let zipfs = Dictionary(uniqueKeysWithValues: sorted.map { ($0, 300 + Int(next() % 8)) })
        let lexicon = try Lexicon(text: sorted.map { "\($0)\t\(zipfs[$0]!)" }.joined(separator: "\n") + "\n")
        let probes = [""] + letters.map { String($0) } + letters.flatMap { a in letters.map { String([a, $0]) } } + ["c", "ac", "жc"]
        for probe in probes {
            let expected = sorted.filter { $0.hasPrefix(probe) }
            let ranked = expected.enumerated().sorted { (zipfs[$0.element]!, -$0.offset) > (zipfs[$1.element]!, -$1.offset) }.map(\.element)
            for limit in [1, 5, Lexicon.topsKept] {
                #expect(lexicon.completions(of: probe, limit: limit).map(\.word) == Array(ranked.prefix(limit)), "\(probe) \(limit)")
            }
        }
        #expect(try Lexicon(text: "").completions(of: "", limit: 3).isEmpty)
        #expect(try Lexicon(text: "# fold\n").completions(of: "a", limit: 3).isEmpty)
    }

    @Test("A file out of order, or a line without its three columns, is an error naming the line")
    func errors() {
        #expect(throws: LineError(line: 3, reason: "not sorted by its first column")) {
            try Lexicon(text: "# fold\nb\tb\t1\na\ta\t1\n")
        }
        #expect(throws: LineError(line: 2, reason: "expected WORD<TAB>ZIPF or FOLDED<TAB>WORD<TAB>ZIPF")) {
            try Lexicon(text: "a\ta\t1\nb b 1\n")
        }
        #expect(throws: LineError(line: 2, reason: "not sorted by its first column")) {
            try Lexicon(text: "b\tb\t1\na\ta\t1\n")
        }
        #expect((try? Lexicon(text: ""))?.count == 0)
    }
}
