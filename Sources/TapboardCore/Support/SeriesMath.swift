/// e^x, ln x and powers without Foundation (TapboardCore imports no C
/// library), by their series: exact enough for the likelihoods and weights of
/// the suggestions, the learned words and the gesture decoder, which all use these.
enum SeriesMath {
    static let ln2 = 0.6931471805599453
    /// ln 10 written out: the series gives one unit in the last place less, and
    /// the gesture decoder's word priors are worked out with this one.
    static let ln10 = 2.302585092994046

    /// `base` to a real power: e^(exponent · ln base); 0 for a base of 0 or less.
    static func power(_ base: Double, _ exponent: Double) -> Double {
        guard base > 0 else { return 0 }
        return exp(exponent * ln(base))
    }

    /// 10^x.
    static func power10(_ x: Double) -> Double { exp(x * ln10) }

    /// The natural logarithm: ln(m · 2^e) = e · ln 2 + ln m, with m in [1, 2)
    /// by the atanh series (y ≤ 1/3: eleven terms for 1e-12). Zero or less
    /// gives -1e9, a likelihood's floor that keeps sums and differences finite.
    static func ln(_ x: Double) -> Double {
        guard x > 0 else { return -1e9 }
        let m = x.significand, e = Double(x.exponent)
        let y = (m - 1) / (m + 1), y2 = y * y
        var term = y, sum = 0.0, n = 1.0
        while term > 1e-17 {
            sum += term / n
            term *= y2
            n += 2
        }
        return e * ln2 + 2 * sum
    }

    /// e^x: x = k · ln 2 + r with |r| ≤ ln 2 / 2, e^r by its Taylor series, times 2^k.
    static func exp(_ x: Double) -> Double {
        if x > 709 { return .infinity }
        if x < -745 { return 0 }
        let k = (x / ln2).rounded()
        let r = x - k * ln2
        var term = 1.0, sum = 1.0
        for i in 1 ... 14 {
            term *= r / Double(i)
            sum += term
        }
        return Double(sign: .plus, exponent: Int(k), significand: sum)
    }
}
