/// Pixels in memory, drawn by the CPU: what a Wayland keyboard draws into its
/// shared-memory buffers (an X keyboard has the server's XRender instead).
/// Each pixel is one 32-bit word, 0xAARRGGBB with the colour premultiplied by
/// its alpha (`WL_SHM_FORMAT_ARGB8888`; opaque throughout for XRGB8888), rows
/// `width` apart. Polygons are anti-aliased by coverage: four sub-rows a pixel
/// row, each crossed exactly, as XRender's rasteriser samples them.
public final class PixelCanvas: ShapePainter {
    /// Its size in pixels.
    public let width, height: Int
    /// The first pixel of the top row.
    public let pixels: UnsafeMutablePointer<UInt32>
    private let owned: Bool
    /// One pixel row's coverage, kept between polygons.
    private var coverage: [Float] = []

    /// A canvas of its own memory, filled with 0 (black).
    public init(width: Int, height: Int) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        pixels = .allocate(capacity: self.width * self.height)
        pixels.initialize(repeating: 0, count: self.width * self.height)
        owned = true
    }

    /// A canvas over memory someone else owns (a shared-memory buffer) of at least `width * height` pixels.
    public init(borrowing pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
        self.pixels = pixels
        self.width = width
        self.height = height
        owned = false
    }

    deinit { if owned { pixels.deallocate() } }

    /// The pixel at (x, y) as a colour (tests and screenshots).
    public func color(x: Int, y: Int) -> Color {
        let p = pixels[y * width + x]
        return Color(red: UInt8(p >> 16 & 0xff), green: UInt8(p >> 8 & 0xff), blue: UInt8(p & 0xff))
    }

    static func word(_ c: Color) -> UInt32 {
        0xff00_0000 | UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue)
    }

    /// The part of `rect` inside the canvas, nil when none.
    private func clipped(_ rect: Rect) -> Rect? {
        rect.intersection(Rect(x: 0, y: 0, width: width, height: height)).flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
    }

    public func fill(_ rect: Rect, _ color: Color) {
        guard let r = clipped(rect) else { return }
        if color.alpha < 255 {
            for y in r.y ..< r.maxY {
                for x in r.x ..< r.maxX { blend(y * width + x, color, alpha: Int(color.alpha)) }
            }
            return
        }
        let word = Self.word(color)
        for y in r.y ..< r.maxY { (pixels + y * width + r.x).update(repeating: word, count: r.width) }
    }

    /// Makes every pixel transparent (a popup's corners show what is under it).
    public func clear() { pixels.update(repeating: 0, count: width * height) }

    /// Puts `color` over one pixel by `alpha` (0...255, times the colour's own
    /// alpha), premultiplied: an opaque pixel stays opaque, a transparent one
    /// takes the colour's coverage as its alpha.
    @inline(__always)
    private func blend(_ index: Int, _ color: Color, alpha: Int) {
        let a = alpha * Int(color.alpha) / 255
        guard a > 0 else { return }
        if a >= 255 {
            pixels[index] = Self.word(color)
            return
        }
        let p = pixels[index]
        func mix(_ dst: UInt32, _ src: UInt8) -> UInt32 {
            UInt32((Int(dst) * (255 - a) + Int(src) * a + 127) / 255)
        }
        pixels[index] = mix(p >> 24, 255) << 24 | mix(p >> 16 & 0xff, color.red) << 16 | mix(p >> 8 & 0xff, color.green) << 8
            | mix(p & 0xff, color.blue)
    }

    /// Sub-rows a pixel row is sampled at.
    private static let subRows = 4

    public func fill(_ points: [FPoint], _ color: Color) {
        fill(points, color, rows: 0 ..< height)
    }

    /// Fills the polygon's part within some pixel rows.
    private func fill(_ points: [FPoint], _ color: Color, rows: Range<Int>) {
        guard points.count >= 3 else { return }
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        let x0 = max(0, Int(minX.rounded(.down))), x1 = min(width, Int(maxX.rounded(.up)))
        let y0 = max(rows.lowerBound, Int(minY.rounded(.down))), y1 = min(rows.upperBound, Int(maxY.rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        let span = x1 - x0
        // Worked on as a local buffer: a stored array touched per pixel pays for exclusivity checks.
        var kept = coverage
        coverage = []
        defer { coverage = kept }
        if kept.count < span + 1 { kept = [Float](repeating: 0, count: span + 1) }
        kept.withUnsafeMutableBufferPointer { coverage in
            var crossings: [(x: Double, winding: Int)] = []
            crossings.reserveCapacity(points.count)
            let share = 1 / Float(Self.subRows)
            for y in y0 ..< y1 {
                var touched = false
                for s in 0 ..< Self.subRows {
                    let sy = Double(y) + (Double(s) + 0.5) / Double(Self.subRows)
                    crossings.removeAll(keepingCapacity: true)
                    var j = points.count - 1
                    for i in 0 ..< points.count {
                        let p = points[j], q = points[i]
                        j = i
                        guard p.y != q.y, sy >= min(p.y, q.y), sy < max(p.y, q.y) else { continue }
                        crossings.append((p.x + (sy - p.y) * (q.x - p.x) / (q.y - p.y), q.y > p.y ? 1 : -1))
                    }
                    guard crossings.count >= 2 else { continue }
                    crossings.sort { $0.x < $1.x }
                    // Non-zero winding: covered between crossings while the sum is not 0.
                    var winding = 0
                    for k in 0 ..< crossings.count - 1 {
                        winding += crossings[k].winding
                        guard winding != 0 else { continue }
                        let a = max(crossings[k].x, Double(x0)), b = min(crossings[k + 1].x, Double(x1))
                        guard a < b else { continue }
                        touched = true
                        Self.addSpan(a - Double(x0), b - Double(x0), share, to: coverage)
                    }
                }
                guard touched else { continue }
                let row = y * width + x0
                for i in 0 ..< span where coverage[i] > 0 {
                    blend(row + i, color, alpha: Self.alpha(coverage[i]))
                    coverage[i] = 0
                }
            }
        }
    }

    /// A coverage as an 8-bit alpha, rounded to the nearest.
    @inline(__always)
    private static func alpha(_ coverage: Float) -> Int { Int(min(coverage, 1) * 255 + 0.5) }

    /// Adds `share` times the part of each pixel between a and b (columns from the polygon's left).
    @inline(__always)
    private static func addSpan(_ a: Double, _ b: Double, _ share: Float, to coverage: UnsafeMutableBufferPointer<Float>) {
        let first = Int(a), last = Int(b.rounded(.up)) - 1
        if first == last {
            coverage[first] += Float(b - a) * share
            return
        }
        coverage[first] += Float(Double(first + 1) - a) * share
        if last > first + 1 { for i in first + 1 ..< last { coverage[i] += share } }
        coverage[last] += Float(b - Double(last)) * share
    }

    public func fillRounded(x: Double, y: Double, width: Double, height: Double, radius: Double, _ color: Color) {
        guard width > 0, height > 0 else { return }
        let r = max(0, min(radius, width / 2, height / 2))
        let aligned = x == x.rounded() && y == y.rounded() && width == width.rounded() && height == height.rounded()
        if r < 1, aligned, color.alpha == 255 {
            fill(Rect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)), color)
            return
        }
        // Rows whose every sub-row lies between the corners have straight sides:
        // one coverage for all of them. Only the corners' rows are polygons.
        let shape = Shapes.roundedRect(x: x, y: y, width: width, height: height, radius: radius)
        let straightTop = Int((y + r).rounded(.up)), straightBottom = Int((y + height - r).rounded(.down))
        guard straightTop < straightBottom else {
            fill(shape, color)
            return
        }
        fill(shape, color, rows: 0 ..< straightTop)
        fillStraightRows(from: x, to: x + width, rows: max(0, straightTop) ..< min(self.height, straightBottom), color)
        fill(shape, color, rows: straightBottom ..< self.height)
    }

    /// Fills the columns between a and b of whole rows, the edge pixels by the share of them covered.
    private func fillStraightRows(from a: Double, to b: Double, rows: Range<Int>, _ color: Color) {
        let left = max(a, 0), right = min(b, Double(width))
        guard left < right, !rows.isEmpty else { return }
        let first = Int(left), last = Int(right.rounded(.up)) - 1
        // The edge columns' alphas; the columns between them are covered whole.
        let firstAlpha = first == last ? Self.alpha(Float(right - left)) : Self.alpha(Float(Double(first + 1) - left))
        let lastAlpha = first == last ? 0 : Self.alpha(Float(right - Double(last)))
        let inner = first + 1 < last ? first + 1 ..< last : first + 1 ..< first + 1
        for y in rows {
            let row = y * width
            blend(row + first, color, alpha: firstAlpha)
            if !inner.isEmpty {
                if color.alpha == 255 {
                    (pixels + row + inner.lowerBound).update(repeating: Self.word(color), count: inner.count)
                } else {
                    for i in inner { blend(row + i, color, alpha: 255) }
                }
            }
            if last > first { blend(row + last, color, alpha: lastAlpha) }
        }
    }

    /// Mixes `color` in through an 8-bit coverage mask (a glyph) whose top left goes at (x, y).
    public func blend(mask: UnsafePointer<UInt8>, width maskWidth: Int, height maskHeight: Int, pitch: Int,
                      at x: Int, _ y: Int, _ color: Color) {
        for row in max(0, -y) ..< maskHeight {
            let py = y + row
            guard py < height else { break }
            for col in max(0, -x) ..< maskWidth {
                let px = x + col
                guard px < width else { break }
                let a = Int(mask[row * pitch + col])
                if a > 0 { blend(py * width + px, color, alpha: a) }
            }
        }
    }

    /// Puts premultiplied BGRA pixels (a colour glyph) over the canvas with their top left at (x, y).
    public func composite(bgra: UnsafePointer<UInt8>, width imageWidth: Int, height imageHeight: Int, pitch: Int, at x: Int, _ y: Int) {
        for row in max(0, -y) ..< imageHeight {
            let py = y + row
            guard py < height else { break }
            for col in max(0, -x) ..< imageWidth {
                let px = x + col
                guard px < width else { break }
                let s = bgra + row * pitch + col * 4
                let a = Int(s[3])
                guard a > 0 else { continue }
                let i = py * width + px, p = pixels[i]
                func over(_ dst: UInt32, _ src: UInt8) -> UInt32 { UInt32(min(255, Int(src) + (Int(dst) * (255 - a) + 127) / 255)) }
                pixels[i] = over(p >> 24, UInt8(a)) << 24 | over(p >> 16 & 0xff, s[2]) << 16 | over(p >> 8 & 0xff, s[1]) << 8
                    | over(p & 0xff, s[0])
            }
        }
    }

    /// Copies an area of `source` (its top left `area`'s origin) to `origin` here, clipped to both.
    public func copy(_ area: Rect, from source: PixelCanvas, to origin: Point) {
        var a = area, o = origin
        // Clip against the source.
        if a.x < 0 { o.x -= a.x; a.width += a.x; a.x = 0 }
        if a.y < 0 { o.y -= a.y; a.height += a.y; a.y = 0 }
        a.width = min(a.width, source.width - a.x)
        a.height = min(a.height, source.height - a.y)
        // Clip against this canvas.
        if o.x < 0 { a.x -= o.x; a.width += o.x; o.x = 0 }
        if o.y < 0 { a.y -= o.y; a.height += o.y; o.y = 0 }
        a.width = min(a.width, width - o.x)
        a.height = min(a.height, height - o.y)
        guard a.width > 0, a.height > 0 else { return }
        for row in 0 ..< a.height {
            (pixels + (o.y + row) * width + o.x).update(from: source.pixels + (a.y + row) * source.width + a.x, count: a.width)
        }
    }
}
