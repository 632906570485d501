/// What a backend draws, in buffer pixels: on an output of integer scale k a
/// surface's buffer has k pixels for each of its own, so every place and
/// size (and the theme's scale, which sizes fonts, corners and borders) is
/// multiplied by k. The session works in surface pixels throughout.
extension Rect {
    /// This rectangle with its place and size multiplied by `k`.
    public func scaled(by k: Int) -> Rect { Rect(x: x * k, y: y * k, width: width * k, height: height * k) }
}

extension KeyAppearance {
    /// The key at `k` buffer pixels for each surface pixel.
    public func scaled(by k: Int) -> KeyAppearance {
        var scaled = self
        scaled.frame.rect = frame.rect.scaled(by: k)
        return scaled
    }
}

extension PreviewDrawing {
    /// The balloon at `k` buffer pixels for each surface pixel.
    public func scaled(by k: Int) -> PreviewDrawing {
        var scaled = self
        scaled.geometry.frame = geometry.frame.scaled(by: k)
        scaled.geometry.key = geometry.key.scaled(by: k)
        scaled.geometry.headHeight = geometry.headHeight * k
        scaled.scale = scale * Double(k)
        return scaled
    }
}

extension CalloutDrawing {
    /// The alternates at `k` buffer pixels for each surface pixel.
    public func scaled(by k: Int) -> CalloutDrawing {
        var scaled = self
        scaled.geometry.frame = geometry.frame.scaled(by: k)
        scaled.geometry.cells = geometry.cells.map { $0.scaled(by: k) }
        scaled.geometry.key = geometry.key.scaled(by: k)
        scaled.scale = scale * Double(k)
        return scaled
    }
}
