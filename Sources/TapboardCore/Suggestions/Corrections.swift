/// Which letters sit next to which on the layout shown: a slip to a
/// neighbouring key is a likelier typo than any other letter.
public struct KeyNeighbours: Hashable, Sendable {
    /// Each letter's neighbours (folded, lower case).
    public private(set) var neighbours: [Unicode.Scalar: Set<Unicode.Scalar>] = [:]

    /// No neighbours: every substitution costs the same.
    public init() {}

    /// The neighbours on a page: letter keys whose centres are within 1.6 key
    /// widths across and 1.6 key heights down of each other (the keys around it).
    public init(frames: [KeyFrame], fold: (String) -> String) {
        var letters: [(scalar: Unicode.Scalar, x: Double, y: Double, w: Double, h: Double)] = []
        for frame in frames {
            guard case .character(let c) = frame.key.action, let scalar = fold(c).unicodeScalars.first,
                  fold(c).unicodeScalars.count == 1, Character(scalar).isLetter else { continue }
            let r = frame.rect
            letters.append((scalar, Double(r.x) + Double(r.width) / 2, Double(r.y) + Double(r.height) / 2,
                            Double(max(r.width, 1)), Double(max(r.height, 1))))
        }
        for a in letters {
            for b in letters where a.scalar != b.scalar {
                if abs(a.x - b.x) <= 1.6 * a.w, abs(a.y - b.y) <= 1.6 * a.h {
                    neighbours[a.scalar, default: []].insert(b.scalar)
                }
            }
        }
    }

    /// Whether two letters are neighbours.
    public func areNeighbours(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
        neighbours[a]?.contains(b) ?? false
    }

    /// The letter and its neighbours.
    public func around(_ a: Unicode.Scalar) -> [Unicode.Scalar] {
        [a] + (neighbours[a].map { $0.sorted { $0.value < $1.value } } ?? [])
    }
}

/// Words near what was typed, for when the letters typed begin no word:
/// an edit distance over the words' beginnings where a slip to a neighbouring
/// key costs half a mistake.
public struct Corrector: Sendable {
    /// A substitution by a neighbouring key.
    public static let neighbourCost = 0.5
    /// Any other substitution, a letter missed, added or two swapped.
    public static let editCost = 1.0

    /// The layout's neighbours.
    public var neighbours: KeyNeighbours

    /// Makes a corrector for a layout's neighbours.
    public init(neighbours: KeyNeighbours) { self.neighbours = neighbours }

    /// The most costly correction offered for a word of this many letters.
    public static func maxCost(forLength n: Int) -> Double { n <= 2 ? 0.5 : n <= 5 ? 1 : 2 }

    /// The words of `lexicon` whose beginning is within the allowed cost of
    /// `typed` (folded), with that cost, the least costly and most frequent first.
    ///
    /// The lexicon is sorted, so words sharing a beginning come together and
    /// share the rows of the distance table computed for it; a beginning
    /// already too far skips every word that has it.
    public func corrections(of typed: String, in lexicon: Lexicon, limit: Int) -> [(entry: Lexicon.Entry, cost: Double)] {
        let target = Array(lexicon.fold(typed).unicodeScalars)
        guard let first = target.first, limit > 0 else { return [] }
        let maxCost = Self.maxCost(forLength: target.count)
        let n = target.count
        var found: [(entry: Lexicon.Entry, cost: Double)] = []
        // rows[j]: the costs of turning target[0..<i] into the word's first j letters, for every i.
        var rows: [[Double]] = [Array((0 ... n).map(Double.init))]
        var previous: [Unicode.Scalar] = []
        // The first letter may itself be the slip: its neighbours' words are looked at too.
        for start in neighbours.around(first) {
            previous = []
            rows.removeSubrange(1...)
            // Words beginning with `prefix` go no nearer than `best`: each is taken or left without a table.
            var skipping: (prefix: [Unicode.Scalar], best: Double)?
            lexicon.forEachWord(beginningWith: String(Character(start))) { key, entry in
                let word = Array(String(decoding: key, as: UTF8.self).unicodeScalars)
                if let skip = skipping, word.starts(with: skip.prefix) {
                    if skip.best <= maxCost { found.append((entry(), skip.best)) }
                    return true
                }
                skipping = nil
                var common = 0
                while common < min(word.count, previous.count, rows.count - 1), word[common] == previous[common] { common += 1 }
                rows.removeSubrange((common + 1)...)
                previous = word
                var best = rows[common][n]
                let depth = min(word.count, n + Int(maxCost))
                var j = common
                while j < depth {
                    let row = nextRow(after: rows, letter: word[j], word: word, j: j + 1, target: target)
                    rows.append(row)
                    j += 1
                    best = min(best, row[n])
                    if row.min()! > maxCost {
                        // Longer beginnings only cost more: the words sharing these letters are as near as this one.
                        skipping = (Array(word[0 ..< j]), best)
                        break
                    }
                }
                if best <= maxCost {
                    found.append((entry(), best))
                }
                return true
            }
        }
        // Nearest first; among equals, the most frequent.
        found.sort { $0.cost != $1.cost ? $0.cost < $1.cost : $0.entry.zipf > $1.entry.zipf }
        var seen: Set<String> = []
        return Array(found.filter { seen.insert($0.entry.word).inserted }.prefix(limit))
    }

    /// The table's row for the word's first `j` letters.
    private func nextRow(after rows: [[Double]], letter: Unicode.Scalar, word: [Unicode.Scalar], j: Int, target: [Unicode.Scalar]) -> [Double] {
        let up = rows[j - 1]
        var row = [Double](repeating: 0, count: target.count + 1)
        row[0] = Double(j)
        for i in 1 ... target.count {
            let t = target[i - 1]
            let substitution = t == letter ? 0 : neighbours.areNeighbours(t, letter) ? Self.neighbourCost : Self.editCost
            var cost = min(up[i - 1] + substitution, up[i] + Self.editCost, row[i - 1] + Self.editCost)
            // Two letters swapped.
            if i > 1, j > 1, t == word[j - 2], target[i - 2] == letter, t != letter {
                cost = min(cost, rows[j - 2][i - 2] + Self.editCost)
            }
            row[i] = cost
        }
        return row
    }
}
