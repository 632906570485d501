import Glibc
import Testing
@testable import TapboardCore

/// The unit circle without libm agrees with libm where the drawing uses it.
struct UnitCircleTests {
    @Test func agreesWithLibmAroundTheCircle() {
        for i in -2000 ... 2000 {
            let angle = Double(i) / 1000 * 2 * Double.pi
            let (x, y) = UnitCircle.point(angle)
            #expect(abs(x - cos(angle)) <= 4e-16, "cos \(angle): \(x) against \(cos(angle))")
            #expect(abs(y - sin(angle)) <= 4e-16, "sin \(angle): \(y) against \(sin(angle))")
        }
    }

    @Test func quarterTurnsAreExact() {
        #expect(UnitCircle.point(0) == (1, 0))
        let q = UnitCircle.point(Double.pi / 2), h = UnitCircle.point(Double.pi), t = UnitCircle.point(-Double.pi / 2)
        #expect(abs(q.x) < 1e-16 && q.y == 1)
        #expect(h.x == -1 && abs(h.y) < 1e-15)
        #expect(abs(t.x) < 1e-16 && t.y == -1)
    }

    @Test func notFiniteGivesNotANumber() {
        #expect(UnitCircle.point(.nan).x.isNaN)
        #expect(UnitCircle.point(.infinity).y.isNaN)
    }
}
