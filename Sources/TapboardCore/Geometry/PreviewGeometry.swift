/// Where the preview balloon of a pressed key goes: a head above the key, a stem
/// down over it, kept on the screen. Pure, so the backend and the tests place it alike.
public struct PreviewGeometry: Hashable, Sendable {
    /// The whole balloon, in screen pixels.
    public var frame: Rect
    /// The key, in screen pixels.
    public var key: Rect
    /// The head's height (the stem is the key's height below it).
    public var headHeight: Int

    /// Places the balloon over a key (screen pixels) on a screen of this size, for a theme scale.
    public init(key: Rect, screen: Size, scale: Double) {
        let pad = max(Int(Double(key.width) * 0.22), Int(6 * scale))
        headHeight = Int(Double(key.height) * 1.15)
        let width = key.width + 2 * pad, height = headHeight + key.height
        let x = min(max(key.x - pad, 0), max(screen.width - width, 0))
        let y = max(key.y - headHeight, 0)
        frame = Rect(x: x, y: y, width: width, height: height)
        self.key = key
    }

    /// Where the stem starts across the balloon.
    public var stemX: Int { key.x - frame.x }
    /// Where the stem's key part starts down the balloon (the head may be cut by the screen's top).
    public var stemTop: Int { key.y - frame.y }
}
