/// A point with fractional coordinates, for anti-aliased shapes.
public struct FPoint: Hashable, Sendable {
    public var x, y: Double
    /// Makes a point.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// Shapes as polygons, for every backend's painter.
public enum Shapes {
    /// A rounded rectangle as a polygon, with enough corner segments to look round at its size.
    public static func roundedRect(x: Double, y: Double, width: Double, height: Double, radius: Double) -> [FPoint] {
        let r = max(0, min(radius, width / 2, height / 2))
        if r < 0.5 {
            return [FPoint(x: x, y: y), FPoint(x: x + width, y: y), FPoint(x: x + width, y: y + height), FPoint(x: x, y: y + height)]
        }
        let arc = quarterArc(radius: r)
        var pts: [FPoint] = []
        pts.reserveCapacity(4 * arc.count)
        // Clockwise from the top right corner; each corner's arc is the unit arc turned by a quarter.
        let corners = [(x + width - r, y + r, 3), (x + width - r, y + height - r, 0),
                       (x + r, y + height - r, 1), (x + r, y + r, 2)]
        for (cx, cy, quarter) in corners {
            for (ux, uy) in arc {
                let (qx, qy): (Double, Double)
                switch quarter {
                case 0: (qx, qy) = (ux, uy)
                case 1: (qx, qy) = (-uy, ux)
                case 2: (qx, qy) = (-ux, -uy)
                default: (qx, qy) = (uy, -ux)
                }
                pts.append(FPoint(x: cx + r * qx, y: cy + r * qy))
            }
        }
        return pts
    }

    /// Unit vectors along a quarter circle from angle 0 to π/2, with enough
    /// segments to look round at this radius; computed once per segment count.
    public static func quarterArc(radius: Double) -> [(Double, Double)] {
        let segments = max(3, min(16, Int(radius / 1.5)))
        if let cached = arcCache.value[segments] { return cached }
        let arc = (0 ... segments).map { i -> (Double, Double) in
            let point = UnitCircle.point(Double(i) / Double(segments) * Double.pi / 2)
            return (point.x, point.y)
        }
        arcCache.value[segments] = arc
        return arc
    }

    /// Arcs by segment count; the drawing thread is the only user.
    private static let arcCache = ArcCache()

    private final class ArcCache: @unchecked Sendable {
        var value: [Int: [(Double, Double)]] = [:]
    }

    /// A straight stroke from a to b as a quadrilateral.
    public static func thickLine(_ a: FPoint, _ b: FPoint, thickness: Double) -> [FPoint] {
        let dx = b.x - a.x, dy = b.y - a.y
        let len = max((dx * dx + dy * dy).squareRoot(), 1e-9)
        let nx = -dy / len * thickness / 2, ny = dx / len * thickness / 2
        // Extend by half the thickness so joined strokes meet without a notch.
        let ex = dx / len * thickness / 2, ey = dy / len * thickness / 2
        return [FPoint(x: a.x + nx - ex, y: a.y + ny - ey), FPoint(x: b.x + nx + ex, y: b.y + ny + ey),
                FPoint(x: b.x - nx + ex, y: b.y - ny + ey), FPoint(x: a.x - nx - ex, y: a.y - ny - ey)]
    }

    /// The polygon moved inward by `distance` on every edge (mitred corners): the inside of an outline.
    public static func inset(_ points: [FPoint], by distance: Double) -> [FPoint] {
        let n = points.count
        guard n >= 3 else { return points }
        var area = 0.0
        for i in 0 ..< n {
            let p = points[i], q = points[(i + 1) % n]
            area += p.x * q.y - q.x * p.y
        }
        // In window coordinates (y down) a positive area runs clockwise; inward is to the right.
        let sign = area > 0 ? 1.0 : -1.0
        func offsetLine(_ p: FPoint, _ q: FPoint) -> (FPoint, FPoint) {
            let dx = q.x - p.x, dy = q.y - p.y
            let len = max((dx * dx + dy * dy).squareRoot(), 1e-9)
            let nx = -dy / len * distance * sign, ny = dx / len * distance * sign
            return (FPoint(x: p.x + nx, y: p.y + ny), FPoint(x: q.x + nx, y: q.y + ny))
        }
        var out: [FPoint] = []
        for i in 0 ..< n {
            let prev = offsetLine(points[(i + n - 1) % n], points[i])
            let next = offsetLine(points[i], points[(i + 1) % n])
            out.append(intersect(prev, next) ?? prev.1)
        }
        return out
    }

    private static func intersect(_ l1: (FPoint, FPoint), _ l2: (FPoint, FPoint)) -> FPoint? {
        let (p, p2) = l1, (q, q2) = l2
        let r = FPoint(x: p2.x - p.x, y: p2.y - p.y), s = FPoint(x: q2.x - q.x, y: q2.y - q.y)
        let denom = r.x * s.y - r.y * s.x
        guard abs(denom) > 1e-9 else { return nil }
        let t = ((q.x - p.x) * s.y - (q.y - p.y) * s.x) / denom
        return FPoint(x: p.x + t * r.x, y: p.y + t * r.y)
    }
}
