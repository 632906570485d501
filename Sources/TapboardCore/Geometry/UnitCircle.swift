/// Points on the unit circle, worked out here rather than with libm's `cos`
/// and `sin`: the drawing of rounded keys and the globe needs a few dozen at
/// start, and libm's, with their tables, put 0.3 MiB of its pages in the
/// keyboard's resident memory (its mapping 688 -> 356 KiB; docs/performance.md).
public enum UnitCircle {
    /// (cos a, sin a) for an angle in radians, within 2 ulp of libm's for
    /// |a| ≤ 2π; NaN for an angle that is not finite or over 1e15.
    public static func point(_ angle: Double) -> (x: Double, y: Double) {
        guard abs(angle) <= 1e15 else { return (.nan, .nan) }
        // The nearest quarter turn (Int conversion, no libm rounding call),
        // then a polynomial on what is left (|r| ≤ π/4).
        let scaled = angle / (Double.pi / 2)
        let quarters = Int(scaled + (scaled < 0 ? -0.5 : 0.5))
        let q = Double(quarters)
        let r = (angle - q * Double.pi / 2) - q * piOver2Low
        let (c, s) = (cosine(r), sine(r))
        switch quarters & 3 {
        case 0: return (c, s)
        case 1: return (-s, c)
        case 2: return (-c, -s)
        default: return (s, -c)
        }
    }

    /// π/2 minus its Double, so the reduction keeps the bits the Double drops.
    private static let piOver2Low = 6.123233995736766e-17

    /// sin r for |r| ≤ π/4: the Taylor series to r^19 (the next term is under 1e-20).
    private static func sine(_ r: Double) -> Double {
        let r2 = r * r
        var term = r, sum = r
        for n in stride(from: 2, through: 18, by: 2) {
            term *= -r2 / Double(n * (n + 1))
            sum += term
        }
        return sum
    }

    /// cos r for |r| ≤ π/4: the Taylor series to r^18.
    private static func cosine(_ r: Double) -> Double {
        let r2 = r * r
        var term = 1.0, sum = 1.0
        for n in stride(from: 1, through: 17, by: 2) {
            term *= -r2 / Double(n * (n + 1))
            sum += term
        }
        return sum
    }
}
