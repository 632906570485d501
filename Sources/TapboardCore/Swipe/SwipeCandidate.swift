/// A word a gesture may have meant, with how likely.
public struct SwipeCandidate: Hashable, Sendable {
    /// The word as the lexicon (or the learned words) writes it.
    public var word: String
    /// Log-likelihood: the two channels and the priors summed (higher is likelier; only differences mean anything).
    public var score: Double
    /// Its share of the likelihood among the candidates returned (they sum to 1).
    public var probability: Double
}
