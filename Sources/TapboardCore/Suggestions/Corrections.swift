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

    /// Words of at most this many letters are also looked for under their first letter's neighbours.
    public static let shortWord = 4

    /// The most costly correction offered for a word of this many letters.
    public static func maxCost(forLength n: Int) -> Double { n <= 2 ? 0.5 : n <= 5 ? 1 : 2 }

    /// The words of `lexicon` whose beginning is within the allowed cost of
    /// `typed` (folded), with that cost, the least costly and most frequent first.
    ///
    /// The lexicon is sorted, so words sharing a beginning come together and
    /// share the rows of the distance table computed for it; a beginning
    /// already too far skips every word that has it. One flat table, letters
    /// decoded into a reused buffer: a keystroke allocates next to nothing.
    public func corrections(of typed: String, in lexicon: Lexicon, limit: Int) -> [(entry: Lexicon.Entry, cost: Double)] {
        let target = Array(lexicon.fold(typed).unicodeScalars).map(\.value)
        guard let first = target.first, limit > 0 else { return [] }
        let maxCost = Self.maxCost(forLength: target.count)
        let n = target.count, width = n + 1
        let maxDepth = n + Int(maxCost)
        // Each letter more or fewer costs a whole edit, so a cell further than this from the
        // diagonal costs more than `maxCost`: only the band is worked out, its neighbours infinite.
        let band = Int(maxCost)
        // Each letter typed and its neighbours, for the substitution cost.
        let near: [[UInt32]] = target.map { t in neighbours.neighbours[Unicode.Scalar(t)!].map { $0.map(\.value) } ?? [] }
        // table[j * width + i]: the cost of turning target[0..<i] into the word's first j letters.
        var table = [Double](repeating: 0, count: (maxDepth + 1) * width)
        for i in 0 ... n { table[i] = Double(i) }
        var word = [UInt32](repeating: 0, count: maxDepth + 1)
        var previous = [UInt32](repeating: 0, count: maxDepth + 1)
        var previousCount = 0
        // The best found, nearest then most frequent first, at most `limit`.
        var best: [(cost: Double, zipf: Int, entry: Lexicon.Entry)] = []
        func consider(_ cost: Double, _ zipf: Int, _ entry: () -> Lexicon.Entry) {
            if best.count == limit, let last = best.last, (cost, -zipf) >= (last.cost, -last.zipf) { return }
            let e = entry()
            guard !best.contains(where: { $0.entry.word == e.word }) else { return }
            let at = best.firstIndex { (cost, -zipf) < ($0.cost, -$0.zipf) } ?? best.count
            best.insert((cost, zipf, e), at: at)
            if best.count > limit { best.removeLast() }
        }
        // The first letter may itself be the slip: its neighbours' words are looked at too, while
        // the word is short (a longer word's other letters say enough, and each start letter costs a pass).
        let starts = n <= Self.shortWord ? neighbours.around(Unicode.Scalar(first)!) : [Unicode.Scalar(first)!]
        // Where each of a word's first letters ends in its key's bytes.
        var ends = [Int](repeating: 0, count: maxDepth + 1)
        for start in starts {
            previousCount = 0
            let range = lexicon.lines(beginningWith: String(Character(start)))
            var line = range.lowerBound
            while line < range.upperBound {
                let key = lexicon.key(line)
                // The word's first letters (no more than the table is deep), decoded from UTF-8.
                var count = 0
                var index = key.startIndex
                while index < key.endIndex, count < maxDepth {
                    let b0 = UInt32(key[index])
                    var scalar = b0, extra = 0
                    if b0 >= 0xF0 { scalar = b0 & 0x07; extra = 3 } else if b0 >= 0xE0 { scalar = b0 & 0x0F; extra = 2 } else if b0 >= 0xC0 { scalar = b0 & 0x1F; extra = 1 }
                    index += 1
                    while extra > 0, index < key.endIndex { scalar = scalar << 6 | UInt32(key[index] & 0x3F); index += 1; extra -= 1 }
                    word[count] = scalar
                    count += 1
                    ends[count] = index - key.startIndex
                }
                var common = 0
                while common < min(count, previousCount), word[common] == previous[common] { common += 1 }
                for j in 0 ..< count { previous[j] = word[j] }
                previousCount = count
                var bestHere = Double.infinity
                for j in 0 ... common { bestHere = min(bestHere, table[j * width + n]) }
                var j = common
                var tooFar = false
                while j < count {
                    let letter = word[j]
                    j += 1
                    let row = j * width, up = (j - 1) * width
                    let low = max(1, j - band), high = min(n, j + band)
                    table[row] = Double(j)
                    if low > 1 { table[row + low - 1] = .infinity }
                    var rowMin = table[row]
                    for i in low ... high {
                        let t = target[i - 1]
                        let substitution = t == letter ? 0 : near[i - 1].contains(letter) ? Self.neighbourCost : Self.editCost
                        var cost = min(table[up + i - 1] + substitution, table[up + i] + Self.editCost, table[row + i - 1] + Self.editCost)
                        // Two letters swapped.
                        if i > 1, j > 1, t == word[j - 2], target[i - 2] == letter, t != letter {
                            cost = min(cost, table[(j - 2) * width + i - 2] + Self.editCost)
                        }
                        table[row + i] = cost
                        rowMin = min(rowMin, cost)
                    }
                    if high < n {
                        table[row + high + 1] = .infinity
                        table[row + n] = .infinity
                    }
                    bestHere = min(bestHere, table[row + n])
                    if rowMin > maxCost {
                        tooFar = true
                        break
                    }
                }
                guard tooFar else {
                    if bestHere <= maxCost { consider(bestHere, lexicon.zipf(line)) { lexicon.entry(line) } }
                    line += 1
                    continue
                }
                // Longer beginnings only cost more: every word sharing these
                // letters is as near as this one. They are skipped with one
                // binary search, or, when near enough, only the most frequent
                // of them are looked at (the rows up to here stay for the next word).
                previousCount = j
                let end = lexicon.prefixEnd(key.prefix(ends[j]), from: line)
                if bestHere <= maxCost {
                    for near in lexicon.top(line ..< end, limit: limit) {
                        consider(bestHere, lexicon.zipf(Int(near))) { lexicon.entry(Int(near)) }
                    }
                }
                line = end
            }
        }
        return best.map { ($0.entry, $0.cost) }
    }
}
