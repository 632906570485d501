import CX11
import Glibc
import TapboardCore

/// A point with fractional coordinates, for anti-aliased shapes.
struct FPoint {
    var x, y: Double
}

/// Draws anti-aliased shapes (XRender) and text (Xft) onto one drawable.
/// Owns the XftDraw; the drawable belongs to the caller.
final class Painter {
    private let display: XDisplay
    private let draw: OpaquePointer
    private let picture: Picture
    private let resources: RenderResources

    /// Prepares drawing onto a pixmap or window of the default visual.
    init(display: XDisplay, drawable: Drawable, resources: RenderResources) {
        self.display = display
        self.resources = resources
        let d = display.pointer
        draw = XftDrawCreate(d, drawable, tb_default_visual(d, display.screen), tb_default_colormap(d, display.screen))
        picture = XftDrawPicture(draw)
    }

    deinit { XftDrawDestroy(draw) }

    /// Fills a rectangle, replacing what was there.
    func fill(_ rect: Rect, _ color: Color) {
        var c = RenderResources.renderColor(color)
        XRenderFillRectangle(display.pointer, PictOpSrc, picture, &c, Int32(rect.x), Int32(rect.y),
                             UInt32(max(rect.width, 0)), UInt32(max(rect.height, 0)))
    }

    /// Fills a polygon, anti-aliased.
    func fill(_ points: [FPoint], _ color: Color) {
        guard points.count >= 3 else { return }
        var pts = points.map { XPointDouble(x: $0.x, y: $0.y) }
        XRenderCompositeDoublePoly(display.pointer, PictOpOver, resources.solid(color), picture,
                                   resources.maskFormat, 0, 0, 0, 0, &pts, Int32(pts.count), 0)
    }

    /// Fills a rounded rectangle, anti-aliased.
    func fillRounded(x: Double, y: Double, width: Double, height: Double, radius: Double, _ color: Color) {
        fill(Shapes.roundedRect(x: x, y: y, width: width, height: height, radius: radius), color)
    }

    /// Strokes a line of the given thickness, anti-aliased.
    func line(_ a: FPoint, _ b: FPoint, thickness: Double, _ color: Color) {
        fill(Shapes.thickLine(a, b, thickness: thickness), color)
    }

    /// Draws text centred in a rectangle.
    func text(_ string: String, in rect: Rect, font: OpaquePointer, _ color: Color) {
        guard !string.isEmpty else { return }
        let d = display.pointer
        let fontStruct = UnsafeMutablePointer<XftFont>(font)
        var bytes = Array(string.utf8)
        var info = XGlyphInfo()
        XftTextExtentsUtf8(d, fontStruct, &bytes, Int32(bytes.count), &info)
        let x = rect.x + (rect.width - Int(info.xOff)) / 2
        let ascent = Int(fontStruct.pointee.ascent), descent = Int(fontStruct.pointee.descent)
        let y = rect.y + (rect.height + ascent - descent) / 2
        var xftColor = resources.xftColor(color)
        XftDrawStringUtf8(draw, &xftColor, fontStruct, Int32(x), Int32(y), &bytes, Int32(bytes.count))
    }
}

/// Shapes as polygons.
enum Shapes {
    /// A rounded rectangle as a polygon, with enough corner segments to look round at its size.
    static func roundedRect(x: Double, y: Double, width: Double, height: Double, radius: Double) -> [FPoint] {
        let r = max(0, min(radius, width / 2, height / 2))
        if r < 0.5 {
            return [FPoint(x: x, y: y), FPoint(x: x + width, y: y), FPoint(x: x + width, y: y + height), FPoint(x: x, y: y + height)]
        }
        let segments = max(3, min(16, Int(r / 1.5)))
        var pts: [FPoint] = []
        pts.reserveCapacity(4 * (segments + 1))
        let corners = [(x + width - r, y + r, -Double.pi / 2), (x + width - r, y + height - r, 0.0),
                       (x + r, y + height - r, Double.pi / 2), (x + r, y + r, Double.pi)]
        for (cx, cy, start) in corners {
            for i in 0 ... segments {
                let a = start + Double(i) / Double(segments) * Double.pi / 2
                pts.append(FPoint(x: cx + r * cos(a), y: cy + r * sin(a)))
            }
        }
        return pts
    }

    /// A straight stroke from a to b as a quadrilateral.
    static func thickLine(_ a: FPoint, _ b: FPoint, thickness: Double) -> [FPoint] {
        let dx = b.x - a.x, dy = b.y - a.y
        let len = max((dx * dx + dy * dy).squareRoot(), 1e-9)
        let nx = -dy / len * thickness / 2, ny = dx / len * thickness / 2
        // Extend by half the thickness so joined strokes meet without a notch.
        let ex = dx / len * thickness / 2, ey = dy / len * thickness / 2
        return [FPoint(x: a.x + nx - ex, y: a.y + ny - ey), FPoint(x: b.x + nx + ex, y: b.y + ny + ey),
                FPoint(x: b.x - nx + ex, y: b.y - ny + ey), FPoint(x: a.x - nx - ex, y: a.y - ny - ey)]
    }

    /// The polygon moved inward by `distance` on every edge (mitred corners): the inside of an outline.
    static func inset(_ points: [FPoint], by distance: Double) -> [FPoint] {
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
