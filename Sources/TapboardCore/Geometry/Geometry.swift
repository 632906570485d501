/// A size in pixels.
public struct Size: Hashable, Sendable {
    /// Width and height in pixels.
    public var width, height: Int
    /// Makes a size.
    public init(width: Int, height: Int) { self.width = width; self.height = height }
}

/// A point in window pixels.
public struct Point: Hashable, Sendable {
    /// Coordinates in pixels from the window's top left corner.
    public var x, y: Int
    /// Makes a point.
    public init(x: Int, y: Int) { self.x = x; self.y = y }
}

/// A rectangle in window pixels.
public struct Rect: Hashable, Sendable {
    /// Top left corner and size in pixels.
    public var x, y, width, height: Int
    /// Makes a rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }

    /// The right edge (exclusive).
    public var maxX: Int { x + width }
    /// The bottom edge (exclusive).
    public var maxY: Int { y + height }
    /// The centre, rounded down.
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }

    /// Whether the point lies inside.
    public func contains(_ p: Point) -> Bool { p.x >= x && p.x < maxX && p.y >= y && p.y < maxY }

    /// Squared distance from the point to the nearest point of the rectangle; zero inside.
    public func squaredDistance(to p: Point) -> Int {
        let dx = p.x < x ? x - p.x : (p.x >= maxX ? p.x - maxX + 1 : 0)
        let dy = p.y < y ? y - p.y : (p.y >= maxY ? p.y - maxY + 1 : 0)
        return dx * dx + dy * dy
    }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The part both cover, nil when they do not meet.
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
}

/// The keys' rectangles and indices alone, in their frames' order: what a
/// contact's hit test reads. A frame holds its key (strings, callouts), so
/// walking the frames read many times the memory, all of it cold at a tap.
public struct HitTargets: Hashable, Sendable {
    /// Each key's rectangle.
    public private(set) var rects: [Rect]
    /// The key's index in the page, for each rectangle.
    public private(set) var indices: [Int]

    /// The targets of these frames.
    public init(_ frames: [KeyFrame]) {
        rects = frames.map(\.rect)
        indices = frames.map(\.index)
    }
}

/// Where one key of a page sits in the window.
public struct KeyFrame: Hashable, Sendable {
    /// The key's position in the page's reading order.
    public var index: Int
    /// The key's identifier, unique within the page (`q`, `shift`, `page:symbols`).
    public var id: String
    /// The key.
    public var key: Key
    /// Its rectangle in window pixels.
    public var rect: Rect

    /// Makes a frame.
    public init(index: Int, id: String, key: Key, rect: Rect) {
        self.index = index; self.id = id; self.key = key; self.rect = rect
    }
}

/// Places keys: a pure function of page, size and theme.
public enum Geometry {
    /// The frames of every key of the page in a window of this size, in reading order.
    ///
    /// Edges are rounded, not widths, so each row fills its width exactly
    /// and rounding leftovers spread over the gaps.
    public static func frames(for page: Page, in size: Size, theme: Theme) -> [KeyFrame] {
        let scale = theme.scale(forHeight: size.height)
        let p = theme.paddings
        var out: [KeyFrame] = []
        out.reserveCapacity(48)
        let ids = page.keyIdentifiers
        let area = (x0: p.leading * scale, x1: Double(size.width) - p.trailing * scale,
                    y0: p.top * scale, y1: Double(size.height) - p.bottom * scale)
        layoutRows(page.rows, x0: area.x0, x1: area.x1, y0: area.y0, y1: area.y1,
                   rowSpacing: p.rowSpacing * scale, keySpacing: p.keySpacing * scale, scale: scale) { key, rect in
            out.append(KeyFrame(index: out.count, id: ids[out.count], key: key, rect: rect))
        }
        return out
    }

    /// Splits `total` among widths: fixed and relative first, dynamic and unit
    /// widths share the rest in proportion to their units (a dynamic key is one).
    /// The result always adds up to `total`: when fixed and relative widths ask
    /// for more or (with nothing sharing) less than there is, all scale in proportion.
    public static func distribute(_ widths: [KeyWidth], total: Double, scale: Double) -> [Double] {
        var asked = 0.0, units = 0.0
        var sizes = widths.map { w -> Double in
            switch w {
            case .dynamic, .units: units += w.shareUnits ?? 0; return 0
            case .fixed(let v): asked += max(v, 0) * scale; return max(v, 0) * scale
            case .relative(let f): asked += max(f, 0) * total; return max(f, 0) * total
            }
        }
        // A factor or unit that overflows (widths like 1e-320 divide by almost 0) is
        // applied as a proportion instead, which stays finite: `Int(inf)` traps.
        if asked > 0, asked > total || units == 0 {
            let factor = total / asked
            sizes = sizes.map { factor.isFinite ? $0 * factor : $0 / asked * total }
        } else if units == 0 {
            // Nothing asks for any width: share equally rather than leave the row empty.
            sizes = sizes.map { _ in total / Double(max(sizes.count, 1)) }
        } else {
            let unit = (total - asked) / units
            for (i, w) in widths.enumerated() {
                if let u = w.shareUnits { sizes[i] = unit.isFinite ? u * unit : u / units * (total - asked) }
            }
        }
        return sizes
    }

    private static func layoutRows(_ rows: [Row], x0: Double, x1: Double, y0: Double, y1: Double,
                                   rowSpacing: Double, keySpacing: Double, scale: Double,
                                   emit: (Key, Rect) -> Void) {
        guard !rows.isEmpty else { return }
        let totalHeight = max(0, y1 - y0 - rowSpacing * Double(rows.count - 1))
        let weights = rows.map { max($0.heightWeight, 0) }
        let weightSum = weights.reduce(0, +)
        var y = y0
        for (r, row) in rows.enumerated() {
            let h = weightSum > 0 ? totalHeight * weights[r] / weightSum : 0
            // The last edge is the area's edge itself, not a sum that floating point may tip.
            let bottom = r == rows.count - 1 ? y1 : y + h
            layoutRow(row, x0: x0, x1: x1, y0: y, y1: bottom,
                      rowSpacing: rowSpacing, keySpacing: keySpacing, scale: scale, emit: emit)
            y += h + rowSpacing
        }
    }

    private static func layoutRow(_ row: Row, x0: Double, x1: Double, y0: Double, y1: Double,
                                  rowSpacing: Double, keySpacing requested: Double, scale: Double,
                                  emit: (Key, Rect) -> Void) {
        let n = row.items.count
        guard n > 0 else { return }
        // A narrow window with many keys: gaps never take more than half the row.
        let keySpacing = min(requested, n > 1 ? (x1 - x0) / Double(2 * (n - 1)) : requested)
        let itemWidths = row.items.map { item -> KeyWidth in
            switch item {
            case .key(let k): return k.width
            case .stack(_, let w): return w
            }
        }
        var inset: Double
        var widths: [Double]
        switch row.inset {
        case .units(let u):
            // One more share of the row, half at each end, so a row with an inset
            // in units lines up with rows of the same units.
            let available = max(0, x1 - x0 - keySpacing * Double(n - 1))
            widths = distribute(itemWidths + [.units(2 * u)], total: available, scale: scale)
            inset = min(widths.removeLast(), available) / 2
        case .fixed(let v):
            inset = min(max(v * scale, 0), (x1 - x0) / 2)
            widths = []
        case .relative(let f):
            inset = min(max(f * (x1 - x0), 0), (x1 - x0) / 2)
            widths = []
        case .dynamic:
            inset = 0
            widths = []
        }
        let x1 = x1 - inset
        var x = x0 + inset
        if widths.isEmpty {
            widths = distribute(itemWidths, total: max(0, x1 - x - keySpacing * Double(n - 1)), scale: scale)
        }
        for (i, item) in row.items.enumerated() {
            let right = i == n - 1 ? x1 : x + widths[i]
            switch item {
            case .key(let key):
                emit(key, rounded(x0: x, x1: right, y0: y0, y1: y1))
            case .stack(let rows, _):
                layoutRows(rows, x0: x, x1: right, y0: y0, y1: y1, rowSpacing: rowSpacing,
                           keySpacing: keySpacing, scale: scale, emit: emit)
            }
            x += widths[i] + keySpacing
        }
    }

    private static func rounded(x0: Double, x1: Double, y0: Double, y1: Double) -> Rect {
        let l = Int((x0).rounded()), r = Int((x1).rounded())
        let t = Int((y0).rounded()), b = Int((y1).rounded())
        return Rect(x: l, y: t, width: max(0, r - l), height: max(0, b - t))
    }

    /// The key under a point: the key containing it, or else the nearest key,
    /// so a press in a gap is never lost. Points outside `bounds` hit nothing.
    public static func hitTest(_ point: Point, in frames: [KeyFrame], bounds: Size) -> Int? {
        hitTest(point, in: HitTargets(frames), bounds: bounds)
    }

    /// The same over the keys' rectangles alone.
    public static func hitTest(_ point: Point, in targets: HitTargets, bounds: Size) -> Int? {
        guard point.x >= 0, point.y >= 0, point.x < bounds.width, point.y < bounds.height else { return nil }
        var best: Int?
        var bestDistance = Int.max
        for i in targets.rects.indices {
            let d = targets.rects[i].squaredDistance(to: point)
            if d == 0 { return targets.indices[i] }
            if d < bestDistance { bestDistance = d; best = targets.indices[i] }
        }
        return best
    }
}
