/// What the previous word says of the next one, for the swipe decoder's
/// context prior: P(word | previous word) from the user's pairs and the
/// shipped pairs, interpolated with the word's own frequency (which the
/// decoder counts already) and given as the log-likelihood to add to it.
/// Made once a gesture; `bonus` is a dictionary lookup, cheap for each
/// candidate the decoder re-ranks.
public struct NextWordPrior: Hashable, Sendable {
    /// The previous word, folded as the lexicon folds.
    public let previous: String
    /// P(word | previous word) of each word seen after it, by the word as spelled (lexicon or learned).
    public let probabilities: [String: Double]

    /// λ, the share of P(word | previous word) in the interpolated probability, the
    /// rest the word's frequency: (1 − λ)·P(word) + λ·P(word | previous). Chosen with
    /// `scripts/bench-swipe --context` on GPL-3, GFDL-1.3 and Apache-2.0 from
    /// `/usr/share/common-licenses` (no test text): 0.3 to 0.6 were within 0.1 point
    /// of top-1 there, 0.1 and 0.9 below.
    public static let weight = 0.5
    /// How many of the user's uses of pairs after the previous word the shipped pairs count as:
    /// a pair typed once weighs a quarter of the shipped ones (1 and 16 were within 0.1
    /// point of top-1 on the same texts, learning them as they went).
    public static let shippedUses = 4.0

    /// A prior from the probabilities of words after `previous` (folded).
    public init(previous: String, probabilities: [String: Double]) {
        self.previous = previous
        self.probabilities = probabilities
    }

    /// The user's followers of `previous` (folded) and the shipped ones, blended as counts:
    /// (uses of the pair + `shippedUses`·P_shipped) / (uses after `previous` + `shippedUses`).
    /// Nil when neither has a word after it.
    public init?(previous: String, learned: LearnedWords, shipped: WordPairs?) {
        let followers = learned.followers(of: previous)
        var uses: [String: Double] = [:]
        var total = 0.0
        for (word, use) in followers {
            let weight = learned.weight(use)
            uses[word, default: 0] += weight
            total += weight
        }
        let denominator = total + Self.shippedUses
        var probabilities: [String: Double] = [:]
        probabilities.reserveCapacity(uses.count + 40)
        for (word, weight) in uses { probabilities[word] = weight / denominator }
        shipped?.forEachFollower(of: previous) { follower in
            probabilities[follower.word, default: 0] += Self.shippedUses * follower.probability / denominator
            return true
        }
        guard !probabilities.isEmpty else { return nil }
        self.init(previous: previous, probabilities: probabilities)
    }

    /// The log-likelihood to add to a word whose frequency prior the decoder gave as
    /// `frequency` (a probability per word): ln(((1 − λ)·frequency + λ·P(word | previous)) /
    /// ((1 − λ)·frequency)). A word never seen after the previous one gets 0: it keeps its
    /// frequency (backs off to it), while the words seen after it are lifted. `weight` is λ
    /// (another only to tune it).
    public func bonus(_ word: String, frequency: Double, weight: Double = Self.weight) -> Double {
        guard let p = probabilities[word], p > 0, weight > 0 else { return 0 }
        // A word with no frequency at all (a learned word whose uses have decayed away) as a very rare one.
        let unigram = (1 - min(weight, 0.999)) * max(frequency, 1e-12)
        return SeriesMath.ln(1 + weight * p / unigram)
    }
}
