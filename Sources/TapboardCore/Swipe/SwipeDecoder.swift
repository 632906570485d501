/// SHARK2-style gesture typing (Kristensson and Zhai, 2004): every word is a
/// template, the polyline through its keys' centres; the gesture and the
/// templates whose first and last keys are near the gesture's ends and whose
/// length is near its length are resampled to the same number of points and
/// compared twice, by location (distance from the keys, in key sizes) and by
/// shape (both moved to their centroid and scaled to size 1). Each distance
/// becomes a Gaussian likelihood, and the word's frequency (and what the
/// user taught it, and the word before, when given) a prior.
///
/// Pure and single-threaded: the session owns one per layout with a lexicon,
/// calls `update(frames:)` when the keys move, `prepare()` when idle, and
/// `decode` at a gesture's release.
public struct SwipeDecoder: Sendable {
    /// The lexicon whose words it decodes to.
    public let lexicon: Lexicon
    /// The letter keys at the current size.
    public private(set) var keys: SwipeKeys
    /// How it weighs and prunes.
    public var parameters = SwipeParameters()
    private var index: SwipeWordIndex
    // Internal rather than private: the paths (SwipeDecoder+Paths.swift) are laid along them.
    /// Key centres in key sizes (x in key widths, y in key heights).
    var cx: [Double] = [], cy: [Double] = []
    /// Distances between key centres in key sizes, `k * count + j`.
    var between: [Double] = []

    /// A decoder for a page's frames (`Geometry.frames` of the letters page at the window's size).
    public init(lexicon: Lexicon, frames: [KeyFrame]) {
        self.lexicon = lexicon
        keys = SwipeKeys(frames: frames)
        index = SwipeWordIndex(keys: keys, lexicon: lexicon)
        placeKeys()
    }

    /// New frames (a resize, another page shape): the word index is kept when
    /// the letters are the same (compact and wide share one), only the key
    /// positions change.
    public mutating func update(frames: [KeyFrame]) {
        keys = SwipeKeys(frames: frames)
        if keys.letters != index.letters { index = SwipeWordIndex(keys: keys, lexicon: lexicon) }
        placeKeys()
    }

    private mutating func placeKeys() {
        cx = keys.keys.map { $0.x / keys.keyWidth }
        cy = keys.keys.map { $0.y / keys.keyHeight }
        let n = cx.count
        between = Array(repeating: 0, count: n * n)
        for a in 0 ..< n {
            for b in 0 ..< n {
                let dx = cx[a] - cx[b], dy = cy[a] - cy[b]
                between[a * n + b] = (dx * dx + dy * dy).squareRoot()
            }
        }
    }

    /// Builds the words of one more first letter ahead of time, a few
    /// milliseconds of work; returns false once every key's letter is built.
    /// Without it, the first decode near a letter builds that letter's words.
    public mutating func prepare() -> Bool { index.buildNext(lexicon: lexicon) }

    /// Builds the words of the letters whose keys are near where a gesture
    /// began: the ones its decode reads. Called once the contact is known to
    /// be a gesture, while the finger is still moving, so the first release of
    /// a session does not wait for them (up to 24 ms in `scripts/bench`).
    public mutating func prepare(startingAt point: GesturePoint) {
        // Held to the letter keys' area as `decode` holds its points.
        let a = keys.area
        let x = min(max(point.x, Double(a.x) - keys.keyWidth / 2), Double(a.maxX) + keys.keyWidth / 2)
        let y = min(max(point.y, Double(a.y) - keys.keyHeight / 2), Double(a.maxY) + keys.keyHeight / 2)
        for s in keys.keys(near: x, y, radius: parameters.startRadius) {
            if let letter = index.foldedFirst[s] { _ = index.chunk(letter, lexicon: lexicon) }
        }
    }

    /// Bytes held by the word index built so far.
    public var indexBytes: Int { index.bytes }

    /// The words the gesture most likely meant, likeliest first, at most `limit`.
    ///
    /// - `learned`: the user's words whose folded form begins with a letter
    ///   (the letters of the keys near the gesture's start are asked), with
    ///   their weights (`LearnedWords.weight`); they become swipeable and add to
    ///   a lexicon word's likelihood.
    /// - `contextPrior`: a log-likelihood to add for a word given what came
    ///   before it (the previous word through the suggestion engine:
    ///   `NextWordPrior.bonus`), asked only for the shortlist; it is told the
    ///   word's frequency as this prior counts it (a probability per word, the
    ///   lexicon's and the learned weight's), so it can interpolate against it.
    /// Points may leave the keyboard: they are held to the letter keys' area.
    /// Fewer than two distinct points decode to nothing. Times are not looked
    /// at: people's speeds differ more than their paths do.
    public mutating func decode(_ gesture: [GesturePoint], limit: Int = 5,
                                learned: ((_ firstLetter: String) -> [(word: String, weight: Double)])? = nil,
                                contextPrior: ((_ word: String, _ frequency: Double) -> Double)? = nil) -> [SwipeCandidate] {
        guard limit > 0, !keys.keys.isEmpty, let path = prepared(gesture) else { return [] }
        let p = parameters
        let n = max(p.points, 2)
        let g = resampled(path, n)
        let length = path.length
        let starts = keys.keys(near: path.x[0] * keys.keyWidth, path.y[0] * keys.keyHeight, radius: p.startRadius)
        // The last key: near where the contact lifted, or near where it was a little before, as a
        // finger that overshoots its last key lifts beyond it.
        var ends = keys.keys(near: path.x[path.x.count - 1] * keys.keyWidth, path.y[path.y.count - 1] * keys.keyHeight, radius: p.endRadius)
        var back = 0.0
        var i = n - 1
        while i > 0, back < p.overshoot {
            back += Self.distance(g.x[i], g.y[i], g.x[i - 1], g.y[i - 1])
            i -= 1
            for k in keys.keys(near: g.x[i] * keys.keyWidth, g.y[i] * keys.keyHeight, radius: p.endRadius) where !ends.contains(k) { ends.append(k) }
        }
        guard !starts.isEmpty, !ends.isEmpty else { return [] }
        let gShape = Self.normalised(g)
        // A word's prior is its probability's log: zipf is log10 of uses per 10^9 words (stored ×100).
        let frequencyScale = p.frequencyWeight * 2.302585092994046 / 100
        let locationScale = 0.5 / (p.locationSigma * p.locationSigma)
        let shapeScale = 0.5 / (p.shapeSigma * p.shapeSigma)
        var shortlist = Shortlist(capacity: p.shortlist)
        var tx = [Double](repeating: 0, count: n), ty = [Double](repeating: 0, count: n)
        let keyCount = cx.count

        /// The channels' log-likelihood for a template, or nil when it cannot beat `floor`.
        func channels(_ templateKeys: UnsafeBufferPointer<UInt8>, prior: Double, floor: Double) -> (score: Double, shape: Double)? {
            // Length first: a sum over a few keys.
            var tLength = 0.0
            for j in 1 ..< templateKeys.count { tLength += between[Int(templateKeys[j - 1]) * keyCount + Int(templateKeys[j])] }
            if abs(tLength - length) > p.lengthSlack + p.lengthShare * max(tLength, length) { return nil }
            if prior <= floor { return nil }
            resample(templateKeys, length: tLength, into: &tx, &ty)
            // Location, given up once its mean distance alone rules the word out.
            let maxSum = Double(n) * ((prior - floor) / locationScale).squareRoot()
            var sum = 0.0
            for i in 0 ..< n {
                let dx = g.x[i] - tx[i], dy = g.y[i] - ty[i]
                sum += (dx * dx + dy * dy).squareRoot()
                if sum > maxSum { return nil }
            }
            let location = sum / Double(n)
            // Shape: the template moved to its centroid and scaled as `normalised` does, without copying it.
            var mx = 0.0, my = 0.0
            var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
            for i in 0 ..< n {
                mx += tx[i]; my += ty[i]
                minX = min(minX, tx[i]); maxX = max(maxX, tx[i]); minY = min(minY, ty[i]); maxY = max(maxY, ty[i])
            }
            mx /= Double(n); my /= Double(n)
            let size = max(maxX - minX, maxY - minY)
            let scale = size > 0 ? 1 / size : 1
            var shapeSum = 0.0
            for i in 0 ..< n {
                let dx = gShape.x[i] - (tx[i] - mx) * scale, dy = gShape.y[i] - (ty[i] - my) * scale
                shapeSum += (dx * dx + dy * dy).squareRoot()
            }
            let shape = shapeSum / Double(n)
            return (-locationScale * location * location - shapeScale * shape * shape, shape)
        }

        // The lexicon's words, bucket by bucket.
        var letters: [Unicode.Scalar] = []
        for s in starts { if let l = index.foldedFirst[s], !letters.contains(l) { letters.append(l) } }
        var chunks: [Unicode.Scalar: SwipeWordIndex.Chunk] = [:]
        for letter in letters { chunks[letter] = index.chunk(letter, lexicon: lexicon) }
        for s in starts {
            guard let letter = index.foldedFirst[s], let chunk = chunks[letter] else { continue }
            for e in ends {
                guard let range = chunk.buckets[UInt16(s) << 8 | UInt16(e)] else { continue }
                chunk.keys.withUnsafeBufferPointer { allKeys in
                    for w in Int(range.lowerBound) ..< Int(range.upperBound) {
                        let prior = Double(Int(chunk.zipf[w]) - 900) * frequencyScale
                        let from = Int(chunk.keyStart[w]), to = Int(chunk.keyStart[w + 1])
                        let templateKeys = UnsafeBufferPointer(rebasing: allKeys[from ..< to])
                        guard let c = channels(templateKeys, prior: prior, floor: shortlist.floor) else { continue }
                        shortlist.add(.init(score: c.score + prior, shape: c.shape, source: .lexicon(letter, Int32(w))))
                    }
                }
            }
        }

        // The user's words: few, their templates made here.
        var learnedWords: [(word: String, weight: Double)] = []
        if let learned {
            var seen: Set<String> = []
            for letter in letters {
                for item in learned(String(letter)) where seen.insert(item.word).inserted { learnedWords.append(item) }
            }
        }
        var learnedWeight: [String: Double] = [:]
        for item in learnedWords {
            learnedWeight[item.word, default: 0] += item.weight
        }
        for (w, item) in learnedWords.enumerated() {
            let templateKeys = index.keys(of: item.word, lexicon: lexicon)
            guard templateKeys.count >= 2, let first = templateKeys.first, let last = templateKeys.last,
                  starts.contains(Int(first)), ends.contains(Int(last)) else { continue }
            let prior = SeriesMath.ln(p.learnedFrequency * max(item.weight, 0)) * p.frequencyWeight
            guard let c = templateKeys.withUnsafeBufferPointer({ channels($0, prior: prior, floor: shortlist.floor) }) else { continue }
            shortlist.add(.init(score: c.score + prior, shape: c.shape, source: .learned(w)))
        }

        // The shortlist again, its location now along the best alignment of the two paths (dynamic time
        // warping): a finger that cuts a corner or overshoots is late or early along its path, not far from
        // the keys. Then words, a learned word's weight added to its frequency, and the context prior.
        let warpScale = 0.5 / (p.warpedSigma * p.warpedSigma)
        var warp = Warp(n, band: max(1, Int(Double(n) * p.warpBand)))
        var found: [(word: String, score: Double)] = []
        for item in shortlist.items {
            let word: String, templateKeys: [UInt8]
            var zipf: Int?
            switch item.source {
            case .lexicon(let letter, let w):
                guard let chunk = chunks[letter], let entry = SwipeWordIndex.word(Int(w), of: chunk, in: lexicon) else { continue }
                word = entry.word
                zipf = entry.zipf
                templateKeys = Array(chunk.keys[Int(chunk.keyStart[Int(w)]) ..< Int(chunk.keyStart[Int(w) + 1])])
            case .learned(let w):
                word = learnedWords[w].word
                // Also a lexicon word: its frequency counts too (the spelling is kept once below).
                zipf = lexicon.words(matching: word).first { $0.word == word }?.zipf
                templateKeys = index.keys(of: word, lexicon: lexicon)
            }
            var tLength = 0.0
            for j in 1 ..< templateKeys.count { tLength += between[Int(templateKeys[j - 1]) * keyCount + Int(templateKeys[j])] }
            templateKeys.withUnsafeBufferPointer { resample($0, length: tLength, into: &tx, &ty) }
            let warped = warp.distance(g.x, g.y, tx, ty)
            let frequency = (zipf.map { SeriesMath.power10(Double($0) / 100 - 9) } ?? 0) + p.learnedFrequency * (learnedWeight[word] ?? 0)
            let score = -warpScale * warped * warped - shapeScale * item.shape * item.shape + SeriesMath.ln(frequency) * p.frequencyWeight
            found.append((word, score + (contextPrior?(word, frequency) ?? 0)))
        }
        // One candidate per spelling: casing is the session's (shift), the likelier form is kept.
        found.sort { $0.score > $1.score }
        var out: [SwipeCandidate] = []
        var spellings: Set<String> = []
        for f in found where spellings.insert(f.word.lowercased()).inserted {
            out.append(SwipeCandidate(word: f.word, score: f.score, probability: 0))
            if out.count == limit { break }
        }
        if let best = out.first?.score {
            let total = out.reduce(0) { $0 + SeriesMath.exp($1.score - best) }
            for i in out.indices { out[i].probability = SeriesMath.exp(out[i].score - best) / total }
        }
        return out
    }
}

/// Dynamic time warping of two resampled paths, in a band around the diagonal,
/// its two rows kept between calls.
private struct Warp {
    var previous: [Double], current: [Double]
    var previousSteps: [Int], currentSteps: [Int]
    var band: Int

    init(_ n: Int, band: Int? = nil) {
        previous = Array(repeating: .infinity, count: n)
        current = previous
        previousSteps = Array(repeating: 0, count: n)
        currentSteps = previousSteps
        self.band = band ?? max(2, n / 4)
    }

    /// The mean distance between matched points along the cheapest alignment of `a` and `b` (same length).
    mutating func distance(_ ax: [Double], _ ay: [Double], _ bx: [Double], _ by: [Double]) -> Double {
        let n = ax.count
        for i in 0 ..< n {
            for j in 0 ..< n { current[j] = .infinity }
            let lo = max(0, i - band), hi = min(n - 1, i + band)
            for j in lo ... hi {
                let dx = ax[i] - bx[j], dy = ay[i] - by[j]
                let d = (dx * dx + dy * dy).squareRoot()
                if i == 0 && j == 0 { current[0] = d; currentSteps[0] = 1; continue }
                var best = Double.infinity, steps = 0
                if i > 0, previous[j] < best { best = previous[j]; steps = previousSteps[j] }
                if j > 0, current[j - 1] < best { best = current[j - 1]; steps = currentSteps[j - 1] }
                if i > 0, j > 0, previous[j - 1] <= best { best = previous[j - 1]; steps = previousSteps[j - 1] }
                current[j] = best + d
                currentSteps[j] = steps + 1
            }
            swap(&previous, &current)
            swap(&previousSteps, &currentSteps)
        }
        return previous[n - 1] / Double(max(previousSteps[n - 1], 1))
    }
}

/// The best candidates so far, best first, at most `capacity`.
private struct Shortlist {
    enum Source { case lexicon(Unicode.Scalar, Int32), learned(Int) }
    struct Item { var score: Double; var shape: Double; var source: Source }
    let capacity: Int
    var items: [Item] = []

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        items.reserveCapacity(self.capacity + 1)
    }

    /// What a new item must beat once the list is full.
    var floor: Double { items.count < capacity ? -.infinity : items[items.count - 1].score }

    mutating func add(_ item: Item) {
        guard item.score > floor else { return }
        let at = items.firstIndex { $0.score < item.score } ?? items.count
        items.insert(item, at: at)
        if items.count > capacity { items.removeLast() }
    }
}
