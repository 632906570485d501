import Testing
@testable import TapboardCore

/// The exp, ln and powers TapboardCore works out by their series agree with the
/// exact values over the ranges the suggestions and the gesture decoder use.
struct SeriesMathTests {
    @Test("Powers without Foundation agree with exact values to 1e-12 relative, over the ranges the engine uses",
          arguments: [(10.0, -9.0, 1e-9), (10.0, 0.5, 3.1622776601683795), (10.0, -0.01, 0.9772372209558107),
                      (0.5, 3.0, 0.125), (0.5, 0.001, 0.9993070929904525), (0.5, 40.0, 9.094947017729282e-13),
                      (0.01, 1.5, 0.001), (0.01, 0.0, 1.0), (2.0, -1074.0, Double.leastNonzeroMagnitude), (7.3, 1.0, 7.3)])
    func power(base: Double, exponent: Double, expected: Double) {
        let got = SeriesMath.power(base, exponent)
        #expect(abs(got - expected) <= 1e-12 * expected || got == expected, "\(base)^\(exponent) = \(got)")
    }

    @Test("A power of a base of 0 or less is 0")
    func powerOfNothing() {
        #expect(SeriesMath.power(0, 2) == 0)
        #expect(SeriesMath.power(-2, 2) == 0)
    }

    @Test("Powers of ten agree with exact values to 1e-12 relative",
          arguments: [(-9.0, 1e-9), (0.0, 1.0), (2.0, 100.0), (-0.01, 0.9772372209558107), (3.5, 3162.2776601683795)])
    func power10(x: Double, expected: Double) {
        let got = SeriesMath.power10(x)
        #expect(abs(got - expected) <= 1e-12 * expected, "10^\(x) = \(got)")
    }

    @Test("ln agrees with exact values to 1e-12 (relative above 1)",
          arguments: [(1.0, 0.0), (2.0, 0.6931471805599453), (10.0, 2.302585092994046), (0.5, -0.6931471805599453),
                      (7.3, 1.9878743481543455), (1e-12, -27.631021115928547), (1.000001, 9.999994999180668e-07),
                      (1e300, 690.7755278982137)])
    func ln(x: Double, expected: Double) {
        let got = SeriesMath.ln(x)
        #expect(abs(got - expected) <= 1e-12 * max(1, abs(expected)), "ln \(x) = \(got)")
    }

    @Test("ln of zero or less is the floor -1e9, never infinite or NaN", arguments: [0.0, -0.0, -1.0, -.infinity, .nan])
    func lnFloor(x: Double) {
        #expect(SeriesMath.ln(x) == -1e9)
    }

    @Test("exp agrees with exact values to 1e-12 relative",
          arguments: [(0.0, 1.0), (1.0, 2.718281828459045), (-1.0, 0.36787944117144233),
                      (700.0, 1.0142320547350045e304), (-700.0, 9.85967654375977e-305), (709.0, 8.218407461554972e307)])
    func exp(x: Double, expected: Double) {
        let got = SeriesMath.exp(x)
        #expect(abs(got - expected) <= 1e-12 * expected, "e^\(x) = \(got)")
    }

    @Test("exp beyond what a Double holds is infinity or 0")
    func expOutOfRange() {
        #expect(SeriesMath.exp(710) == .infinity)
        #expect(SeriesMath.exp(-746) == 0)
    }

    @Test("ln undoes exp")
    func lnOfExp() {
        for x in stride(from: -50.0, through: 50.0, by: 0.37) {
            #expect(abs(SeriesMath.ln(SeriesMath.exp(x)) - x) <= 1e-12 * max(1, abs(x)), "ln e^\(x)")
        }
    }
}
