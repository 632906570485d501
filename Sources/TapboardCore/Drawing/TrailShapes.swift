/// A gesture's trail as polygons, drawn alike by every backend: a stroke
/// through the recent points whose oldest part fades, thinner and paler
/// toward the tail, in four steps (few solid fills for a theme to need).
public enum TrailShapes {
    /// The stroke's full width at a theme's scale.
    public static func width(scale: Double) -> Double { max(3, 7 * scale) }

    /// The pixels a trail through these points covers (nil for none).
    public static func box(_ points: [Point], scale: Double) -> Rect? {
        let margin = Int(width(scale: scale).rounded(.up)) + 2
        var box: Rect?
        for p in points {
            let r = Rect(x: p.x - margin, y: p.y - margin, width: 2 * margin, height: 2 * margin)
            box = box.map { $0.union(r) } ?? r
        }
        return box
    }

    /// The segments, oldest first, in the accent colour mixed with white.
    /// Opaque: the joints of see-through segments would show darker.
    public static func fills(_ points: [Point], scale: Double, accent: Color) -> [ShapeFill] {
        guard points.count >= 2 else { return [] }
        let width = width(scale: scale)
        let n = points.count - 1
        return (0 ..< n).map { i in
            let age = Double(n - 1 - i) / Double(max(n - 1, 1))
            let level = (((1 - age) * 3).rounded(.down) + 1) / 4
            let strength = 0.3 + 0.7 * level
            func mix(_ a: UInt8) -> UInt8 { UInt8(Double(a) * strength + 255 * (1 - strength)) }
            let a = points[i], b = points[i + 1]
            return ShapeFill(Shapes.thickLine(FPoint(x: Double(a.x), y: Double(a.y)), FPoint(x: Double(b.x), y: Double(b.y)),
                                              thickness: width * (0.4 + 0.6 * level)),
                             Color(red: mix(accent.red), green: mix(accent.green), blue: mix(accent.blue)))
        }
    }
}
