/// What arrived compared with what was tapped, aligned by edit distance.
struct AlignmentCounts: Codable, Equatable {
    /// Expected keys that never arrived.
    var lost = 0
    /// Extra keys equal to an expected neighbour (the key typed twice).
    var doubled = 0
    /// Keys that arrived in place of another, or extra keys unlike their neighbours.
    var wrong = 0

    /// Aligns `typed` against `expected` (Levenshtein, unit costs) and counts
    /// deletions as lost, substitutions as wrong, and insertions as doubled when
    /// the inserted key equals the expected key before or after it, else wrong.
    init(expected: [Character], typed: [Character]) {
        let n = expected.count, m = typed.count
        // d[i][j]: distance between expected[..<i] and typed[..<j].
        var d = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in 0...n { d[i][0] = i }
        for j in 0...m { d[0][j] = j }
        if n > 0 && m > 0 {
            for i in 1...n {
                for j in 1...m {
                    let same = expected[i - 1] == typed[j - 1]
                    d[i][j] = min(d[i - 1][j - 1] + (same ? 0 : 1), d[i - 1][j] + 1, d[i][j - 1] + 1)
                }
            }
        }
        var i = n, j = m
        while i > 0 || j > 0 {
            if i > 0, j > 0, expected[i - 1] == typed[j - 1], d[i][j] == d[i - 1][j - 1] {
                i -= 1; j -= 1
            } else if i > 0, j > 0, d[i][j] == d[i - 1][j - 1] + 1 {
                wrong += 1; i -= 1; j -= 1
            } else if i > 0, d[i][j] == d[i - 1][j] + 1 {
                lost += 1; i -= 1
            } else {
                let extra = typed[j - 1]
                let before = i > 0 ? expected[i - 1] : nil
                let after = i < n ? expected[i] : nil
                if extra == before || extra == after { doubled += 1 } else { wrong += 1 }
                j -= 1
            }
        }
    }

    /// `lost/doubled/wrong`.
    var compact: String { "\(lost)/\(doubled)/\(wrong)" }
}
