/// A point on the screen, in root window pixels.
public struct ScreenPoint: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Pixels from the left edge of the screen.
    public var x: Int32
    /// Pixels from the top edge of the screen.
    public var y: Int32

    /// A point at (x, y).
    public init(x: Int32, y: Int32) {
        self.x = x
        self.y = y
    }

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}

/// A window's size and place on the screen, all parts given (unlike
/// TapboardCore's `WindowGeometry`, which parses optional parts).
public struct WindowPlacement: Equatable, Sendable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Left edge, from the screen's left.
    public var x: Int
    /// Top edge, from the screen's top.
    public var y: Int

    /// A placement of this size at (x, y).
    public init(width: Int, height: Int, x: Int, y: Int) {
        self.width = width
        self.height = height
        self.x = x
        self.y = y
    }

    /// The `--geometry` form, `WxH+X+Y`.
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
    /// The `--size` form, `WxH`.
    public var size: String { "\(width)x\(height)" }

    /// The frame as `tapboard events` prints it.
    public var json: String { "{\"x\":\(x),\"y\":\(y),\"width\":\(width),\"height\":\(height)}" }

    /// A frame event's line as `tapboard events` prints it.
    public static func eventLine(_ name: String, from: WindowPlacement, to: WindowPlacement, milliseconds: Int = 0) -> String {
        "{\"event\":\"\(name)\",\"startFrame\":\(from.json),\"endFrame\":\(to.json),\"duration\":\(milliseconds)}"
    }

    /// The screen point at window pixel (x, y).
    public func screenPoint(x px: Double, y py: Double) -> ScreenPoint {
        ScreenPoint(x: Int32(x) + Int32(px.rounded(.down)), y: Int32(y) + Int32(py.rounded(.down)))
    }
}
