/// One filled polygon of a drawing, in its colour.
public struct ShapeFill: Hashable, Sendable {
    /// The polygon's corners.
    public var points: [FPoint]
    /// Its colour.
    public var color: Color

    /// Makes a fill.
    public init(_ points: [FPoint], _ color: Color) { self.points = points; self.color = color }
}

/// Key icons as polygons scaled to the key, so they stay crisp at any size,
/// and every backend draws them alike.
public enum IconShapes {
    /// The polygons of an icon centred in a key, in drawing order; `background`
    /// fills the inside of outlines.
    public static func fills(_ icon: KeyIcon, in rect: Rect, color: Color, background: Color) -> [ShapeFill] {
        let size = Double(min(rect.width, rect.height)) * 0.42
        let aspect: Double
        switch icon {
        case .shift: aspect = 0.9
        case .backspace: aspect = 1.35
        case .return: aspect = 1.2
        case .hide: aspect = 1.3
        case .globe, .smiley, .search: aspect = 1.0
        case .clipboard: aspect = 0.8
        }
        let w = size * aspect, h = size
        let ox = Double(rect.x) + (Double(rect.width) - w) / 2
        let oy = Double(rect.y) + (Double(rect.height) - h) / 2
        // Unit coordinates (0...1 across the icon's box) to pixels.
        func p(_ ux: Double, _ uy: Double) -> FPoint { FPoint(x: ox + ux * w, y: oy + uy * h) }
        let stroke = max(1.2, size * 0.09)
        var out: [ShapeFill] = []
        func fill(_ points: [FPoint], _ c: Color) { out.append(ShapeFill(points, c)) }
        func line(_ a: FPoint, _ b: FPoint) { out.append(ShapeFill(Shapes.thickLine(a, b, thickness: stroke), color)) }
        /// An ellipse centred in the box, as a polygon.
        func ellipse(_ rx: Double, _ ry: Double) -> [FPoint] {
            (0 ..< 48).map { i in
                let point = UnitCircle.point(Double(i) / 48 * 2 * Double.pi)
                return p(0.5 + rx * point.x, 0.5 + ry * point.y)
            }
        }

        switch icon {
        case .shift(let state):
            let bottom = state == .locked ? 0.74 : 0.95
            let arrow = [p(0.5, 0.0), p(1.0, bottom * 0.52), p(0.73, bottom * 0.52), p(0.73, bottom),
                         p(0.27, bottom), p(0.27, bottom * 0.52), p(0.0, bottom * 0.52)]
            fill(arrow, color)
            if state == .off {
                fill(Shapes.inset(arrow, by: stroke), background)
            }
            if state == .locked {
                fill([p(0.27, 0.86), p(0.73, 0.86), p(0.73, 1.0), p(0.27, 1.0)], color)
            }
        case .backspace:
            let tag = [p(0.0, 0.5), p(0.32, 0.08), p(1.0, 0.08), p(1.0, 0.92), p(0.32, 0.92)]
            fill(tag, color)
            fill(Shapes.inset(tag, by: stroke), background)
            let c = p(0.64, 0.5), arm = h * 0.18
            line(FPoint(x: c.x - arm, y: c.y - arm), FPoint(x: c.x + arm, y: c.y + arm))
            line(FPoint(x: c.x - arm, y: c.y + arm), FPoint(x: c.x + arm, y: c.y - arm))
        case .return:
            let corner = p(0.92, 0.68)
            line(p(0.92, 0.08), corner)
            line(corner, p(0.2, 0.68))
            fill([p(0.0, 0.68), p(0.3, 0.4), p(0.3, 0.96)], color)
        case .hide:
            let body = Shapes.roundedRect(x: ox, y: oy, width: w, height: h * 0.58, radius: h * 0.08)
            fill(body, color)
            fill(Shapes.inset(body, by: stroke * 0.8), background)
            for row in 0 ..< 2 {
                for col in 0 ..< 4 {
                    let cx = 0.2 + Double(col) * 0.2, cy = 0.2 + Double(row) * 0.2
                    fill([p(cx - 0.05, cy - 0.04), p(cx + 0.05, cy - 0.04), p(cx + 0.05, cy + 0.04), p(cx - 0.05, cy + 0.04)], color)
                }
            }
            line(p(0.36, 0.74), p(0.5, 0.92))
            line(p(0.5, 0.92), p(0.64, 0.74))
        case .globe:
            // A circle with its equator and one meridian, as an ellipse outline.
            let outer = ellipse(0.5, 0.5)
            fill(outer, color)
            fill(Shapes.inset(outer, by: stroke), background)
            let meridian = ellipse(0.22, 0.5)
            fill(meridian, color)
            fill(Shapes.inset(meridian, by: stroke), background)
            line(p(0.0, 0.5), p(1.0, 0.5))
            line(p(0.5, 0.0), p(0.5, 1.0))
        case .smiley:
            // A face's outline, two eyes and a smile (drawn as shapes: no emoji font needed).
            let face = ellipse(0.5, 0.5)
            fill(face, color)
            fill(Shapes.inset(face, by: stroke), background)
            for eye in [0.35, 0.65] {
                fill((0 ..< 12).map { i in
                    let point = UnitCircle.point(Double(i) / 12 * 2 * Double.pi)
                    return p(eye + 0.07 * point.x, 0.38 + 0.09 * point.y)
                }, color)
            }
            let smile = (0 ... 8).map { i in
                let point = UnitCircle.point(Double.pi * (0.15 + 0.7 * Double(i) / 8))
                return p(0.5 + 0.27 * point.x, 0.52 + 0.22 * point.y)
            }
            for (a, b) in zip(smile, smile.dropFirst()) { line(a, b) }
        case .clipboard:
            // A board, its clip at the top, and lines of text.
            let board = Shapes.roundedRect(x: ox, y: oy + h * 0.08, width: w, height: h * 0.92, radius: h * 0.08)
            fill(board, color)
            fill(Shapes.inset(board, by: stroke), background)
            fill([p(0.3, 0.0), p(0.7, 0.0), p(0.7, 0.2), p(0.3, 0.2)], color)
            for y in [0.42, 0.6, 0.78] { line(p(0.25, y), p(0.75, y)) }
        case .search:
            // A lens and its handle.
            let lens = (0 ..< 48).map { i in
                let point = UnitCircle.point(Double(i) / 48 * 2 * Double.pi)
                return p(0.42 + 0.34 * point.x, 0.42 + 0.34 * point.y)
            }
            fill(lens, color)
            fill(Shapes.inset(lens, by: stroke), background)
            out.append(ShapeFill(Shapes.thickLine(p(0.66, 0.66), p(0.96, 0.96), thickness: stroke * 1.6), color))
        }
        return out
    }
}
