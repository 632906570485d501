/// Where a callout's alternates sit: a row of key-sized cells above the key,
/// kept on the screen. Pure, so the backend and the tests place it alike.
public struct CalloutGeometry: Hashable, Sendable {
    /// The whole callout, in screen pixels.
    public var frame: Rect
    /// One cell per alternate, left to right, in screen pixels.
    public var cells: [Rect]
    /// The key the callout belongs to, in screen pixels.
    public var key: Rect

    /// Places `count` cells over a key (in screen pixels) on a screen of this size.
    public init(count: Int, key: Rect, screen: Size, padding: Int) {
        let w = max(key.width, 1), h = max(key.height, 1)
        let width = count * w + 2 * padding, height = h + 2 * padding
        // Start over the key and grow right; pushed left, then right, to stay on the screen.
        let x = max(min(key.x - padding, screen.width - width), 0)
        let y = max(key.y - height - padding / 2, 0)
        frame = Rect(x: x, y: y, width: width, height: height)
        cells = (0 ..< count).map { Rect(x: x + padding + $0 * w, y: y + padding, width: w, height: h) }
        self.key = key
    }

    /// The alternate under a point (screen pixels): chosen by its column as long
    /// as the contact stays between half a cell above the callout and half a key
    /// below the key; nil elsewhere, so a release there types nothing.
    public func item(at p: Point) -> Int? {
        guard let first = cells.first, let last = cells.last else { return nil }
        let top = frame.y - first.height / 2, bottom = key.maxY + key.height / 2
        guard p.y >= top, p.y < bottom, p.x >= frame.x, p.x < frame.maxX else { return nil }
        if p.x < first.x { return 0 }
        if p.x >= last.maxX { return cells.count - 1 }
        return min((p.x - first.x) / first.width, cells.count - 1)
    }
}
