import TapboardCore

/// Key icons drawn as shapes scaled to the key, so they stay crisp at any size.
enum Icons {
    /// Draws an icon centred in a key; `background` fills the inside of outlines.
    static func draw(_ icon: KeyIcon, in rect: Rect, painter: Painter, color: Color, background: Color) {
        let size = Double(min(rect.width, rect.height)) * 0.42
        let aspect: Double
        switch icon {
        case .shift: aspect = 0.9
        case .backspace: aspect = 1.35
        case .return: aspect = 1.2
        case .hide: aspect = 1.3
        case .globe: aspect = 1.0
        }
        let w = size * aspect, h = size
        let ox = Double(rect.x) + (Double(rect.width) - w) / 2
        let oy = Double(rect.y) + (Double(rect.height) - h) / 2
        // Unit coordinates (0...1 across the icon's box) to pixels.
        func p(_ ux: Double, _ uy: Double) -> FPoint { FPoint(x: ox + ux * w, y: oy + uy * h) }
        let stroke = max(1.2, size * 0.09)

        switch icon {
        case .shift(let state):
            let bottom = state == .locked ? 0.74 : 0.95
            let arrow = [p(0.5, 0.0), p(1.0, bottom * 0.52), p(0.73, bottom * 0.52), p(0.73, bottom),
                         p(0.27, bottom), p(0.27, bottom * 0.52), p(0.0, bottom * 0.52)]
            painter.fill(arrow, color)
            if state == .off {
                painter.fill(Shapes.inset(arrow, by: stroke), background)
            }
            if state == .locked {
                painter.fill([p(0.27, 0.86), p(0.73, 0.86), p(0.73, 1.0), p(0.27, 1.0)], color)
            }
        case .backspace:
            let tag = [p(0.0, 0.5), p(0.32, 0.08), p(1.0, 0.08), p(1.0, 0.92), p(0.32, 0.92)]
            painter.fill(tag, color)
            painter.fill(Shapes.inset(tag, by: stroke), background)
            let c = p(0.64, 0.5), arm = h * 0.18
            painter.line(FPoint(x: c.x - arm, y: c.y - arm), FPoint(x: c.x + arm, y: c.y + arm), thickness: stroke, color)
            painter.line(FPoint(x: c.x - arm, y: c.y + arm), FPoint(x: c.x + arm, y: c.y - arm), thickness: stroke, color)
        case .return:
            let corner = p(0.92, 0.68)
            painter.line(p(0.92, 0.08), corner, thickness: stroke, color)
            painter.line(corner, p(0.2, 0.68), thickness: stroke, color)
            painter.fill([p(0.0, 0.68), p(0.3, 0.4), p(0.3, 0.96)], color)
        case .hide:
            let body = Shapes.roundedRect(x: ox, y: oy, width: w, height: h * 0.58, radius: h * 0.08)
            painter.fill(body, color)
            painter.fill(Shapes.inset(body, by: stroke * 0.8), background)
            for row in 0 ..< 2 {
                for col in 0 ..< 4 {
                    let cx = 0.2 + Double(col) * 0.2, cy = 0.2 + Double(row) * 0.2
                    painter.fill([p(cx - 0.05, cy - 0.04), p(cx + 0.05, cy - 0.04), p(cx + 0.05, cy + 0.04), p(cx - 0.05, cy + 0.04)], color)
                }
            }
            painter.line(p(0.36, 0.74), p(0.5, 0.92), thickness: stroke, color)
            painter.line(p(0.5, 0.92), p(0.64, 0.74), thickness: stroke, color)
        case .globe:
            // A circle with its equator and one meridian, as an ellipse outline.
            func ellipse(_ rx: Double, _ ry: Double) -> [FPoint] {
                (0 ..< 48).map { i in
                    let point = UnitCircle.point(Double(i) / 48 * 2 * Double.pi)
                    return p(0.5 + rx * point.x, 0.5 + ry * point.y)
                }
            }
            let outer = ellipse(0.5, 0.5)
            painter.fill(outer, color)
            painter.fill(Shapes.inset(outer, by: stroke), background)
            let meridian = ellipse(0.22, 0.5)
            painter.fill(meridian, color)
            painter.fill(Shapes.inset(meridian, by: stroke), background)
            painter.line(p(0.0, 0.5), p(1.0, 0.5), thickness: stroke, color)
            painter.line(p(0.5, 0.0), p(0.5, 1.0), thickness: stroke, color)
        }
    }
}
