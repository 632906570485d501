import Testing
@testable import TapboardCore

/// The corrector's search (shared rows, whole beginnings skipped by a binary
/// search) against the plain definition: every word of the start letters, the
/// cheapest of its beginnings.
struct CorrectorTests {
    /// The cost of turning `target` into `word`'s nearest beginning (no deeper than the corrector looks).
    private static func nearestBeginning(_ target: [Character], _ word: [Character], neighbours: KeyNeighbours) -> Double {
        let n = target.count
        let depth = min(word.count, n + Int(Corrector.maxCost(forLength: n)))
        var d = [[Double]](repeating: [Double](repeating: 0, count: n + 1), count: depth + 1)
        for i in 0 ... n { d[0][i] = Double(i) }
        var best = d[0][n]
        for j in stride(from: 1, through: depth, by: 1) {
            d[j][0] = Double(j)
            for i in 1 ... n {
                let t = target[i - 1], w = word[j - 1]
                let substitution = t == w ? 0 : neighbours.areNeighbours(t.unicodeScalars.first!, w.unicodeScalars.first!)
                    ? Corrector.neighbourCost : Corrector.editCost
                var cost = min(d[j - 1][i - 1] + substitution, d[j - 1][i] + 1, d[j][i - 1] + 1)
                if i > 1, j > 1, t == word[j - 2], target[i - 2] == w, t != w { cost = min(cost, d[j - 2][i - 2] + 1) }
                d[j][i] = cost
            }
            best = min(best, d[j][n])
        }
        return best
    }

    @Test("Corrections agree with the plain definition over a random lexicon: costs, order, and ties in file order")
    func agreesWithDefinition() throws {
        var seed: UInt64 = 99
        func next() -> UInt64 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return seed >> 33 }
        let alphabet = Array("abcdefgh")
        var words = Set<String>()
        while words.count < 3000 {
            words.insert(String((0 ..< 1 + Int(next() % 8)).map { _ in alphabet[Int(next() % 8)] }))
        }
        let sorted = words.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        // Few distinct frequencies, so ties are common.
        let zipfs = Dictionary(uniqueKeysWithValues: sorted.map { ($0, 300 + Int(next() % 12)) })
        let lexicon = try Lexicon(text: sorted.map { "\($0)\t\(zipfs[$0]!)" }.joined(separator: "\n") + "\n")
        let neighbours = KeyNeighbours(frames: SuggestionEngineTests.frames(rows: ["abcd", "efgh"]), fold: { $0 })
        let corrector = Corrector(neighbours: neighbours)
        for _ in 0 ..< 60 {
            let typed = String((0 ..< 1 + Int(next() % 7)).map { _ in alphabet[Int(next() % 8)] })
            let target = Array(typed)
            let maxCost = Corrector.maxCost(forLength: target.count)
            let starts = target.count <= Corrector.shortWord ? neighbours.around(target[0].unicodeScalars.first!) : [target[0].unicodeScalars.first!]
            var expected: [(word: String, cost: Double, zipf: Int)] = []
            for start in starts {
                for word in sorted where word.unicodeScalars.first == start {
                    let cost = Self.nearestBeginning(target, Array(word), neighbours: neighbours)
                    if cost <= maxCost { expected.append((word, cost, zipfs[word]!)) }
                }
            }
            // Stable: equal cost and frequency stay in the order looked at.
            let ranked = expected.enumerated().sorted {
                ($0.element.cost, -$0.element.zipf, $0.offset) < ($1.element.cost, -$1.element.zipf, $1.offset)
            }.map(\.element)
            for limit in [1, 8, 30] {
                let found = corrector.corrections(of: typed, in: lexicon, limit: limit)
                #expect(found.map(\.entry.word) == ranked.prefix(limit).map(\.word), "\(typed) \(limit)")
                #expect(found.map(\.cost) == ranked.prefix(limit).map(\.cost), "\(typed) \(limit)")
            }
        }
    }
}
