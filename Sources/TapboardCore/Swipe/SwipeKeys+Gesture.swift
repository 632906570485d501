extension SwipeKeys {
    /// A contact that travelled this many key widths since its press is a gesture.
    public static let gestureDistance = 3.0
    /// A contact that entered this many letter keys other than the pressed one is a gesture.
    public static let gestureKeys = 2
    /// The share of a key's width and height at each edge that does not count as
    /// entering it: grazing a corner on the way to a neighbour is not passing through.
    public static let gestureKeyMargin = 0.2

    /// Whether the points of one contact since its press (the first point) make
    /// a gesture rather than a tap or a slide: the press is on a letter key, and
    /// the contact travelled `gestureDistance` key widths or entered
    /// `gestureKeys` other letter keys (their inner part, `gestureKeyMargin` in
    /// from each edge). A slide to a neighbouring key enters one and travels
    /// about one key width: not a gesture, so the key under the release is
    /// typed as before. Time is not looked at: a slow gesture is still one.
    public func isGesture(_ points: [GesturePoint]) -> Bool {
        guard let first = points.first, let start = key(at: first.x, first.y) else { return false }
        var travelled = 0.0
        var entered: [Int] = []
        var previous = first
        for p in points.dropFirst() {
            let dx = p.x - previous.x, dy = p.y - previous.y
            travelled += (dx * dx + dy * dy).squareRoot()
            previous = p
            if travelled >= Self.gestureDistance * keyWidth { return true }
            if let k = innerKey(at: p.x, p.y), k != start, !entered.contains(k) {
                entered.append(k)
                if entered.count >= Self.gestureKeys { return true }
            }
        }
        return false
    }

    /// The letter key whose inner part holds the point.
    private func innerKey(at x: Double, _ y: Double) -> Int? {
        keys.firstIndex { key in
            let r = key.rect
            let mx = Double(r.width) * Self.gestureKeyMargin, my = Double(r.height) * Self.gestureKeyMargin
            return x >= Double(r.x) + mx && x < Double(r.maxX) - mx && y >= Double(r.y) + my && y < Double(r.maxY) - my
        }
    }
}
