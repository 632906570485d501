/// How the decoder weighs and prunes; the defaults were tuned on
/// `scripts/bench-swipe` with a seed other than the one it reports.
public struct SwipeParameters: Hashable, Sendable {
    /// Points the gesture and each template are resampled to.
    public var points = 32
    /// Keys whose centre is this near the gesture's first point (in key sizes) may be the word's first.
    public var startRadius = 1.0
    /// Keys this near its last point, or near its path a little before (`overshoot`), may be the word's last.
    public var endRadius = 1.0
    /// How far back from the end (key sizes) the gesture's path is looked at for its last key.
    public var overshoot = 0.5
    /// A template's length may differ from the gesture's by this many key sizes...
    public var lengthSlack = 1.5
    /// ...plus this share of the longer of the two.
    public var lengthShare = 0.4
    /// Location channel: the standard deviation of the mean distance from the keys, in key sizes.
    public var locationSigma = 0.35
    /// Shape channel: the standard deviation of the mean distance between the shapes scaled to size 1.
    public var shapeSigma = 0.07
    /// How much the word's frequency weighs against the channels (1: as a probability would).
    public var frequencyWeight = 1.0
    /// A learned word's weight counts like this frequency per use (1e-5: a word typed once is
    /// as likely as one seen once per 100,000 words).
    public var learnedFrequency = 1e-5
    /// How many candidates are kept from the channels for the second look and the priors that need their words.
    public var shortlist = 48
    /// The second look's location channel: the standard deviation of the mean distance along the best alignment.
    public var warpedSigma = 0.11
    /// How far (a share of the points) the alignment may stray from the diagonal.
    public var warpBand = 0.25

    /// The defaults.
    public init() {}
}
