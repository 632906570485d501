/// A window geometry as X writes it (`WxH+X+Y`), any part optional.
public struct WindowGeometry: Hashable, Sendable {
    /// Requested width and height in pixels.
    public var width, height: Int?
    /// Requested offsets in pixels; negative-signed offsets count from the right or bottom edge.
    public var x, y: Int?
    /// Whether `x` counts from the right edge (`-X`) and `y` from the bottom (`-Y`).
    public var xFromRight = false, yFromBottom = false

    /// Makes an empty geometry (every part chosen by default).
    public init() {}

    /// The largest width, height or offset X allows: windows and pixmaps are at most
    /// this wide and high, and positions are 16-bit signed numbers.
    public static let maximum = 32767

    /// The error for a string that is not a geometry, or one X cannot make.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong with a geometry.
        public enum Reason: Hashable, Sendable {
            /// It is not of the form `WxH+X+Y`.
            case malformed
            /// The width or height is over `WindowGeometry.maximum`.
            case sizeTooLarge
            /// An offset is over `WindowGeometry.maximum`.
            case positionTooLarge
        }

        /// The text that did not parse.
        public var text: String
        /// What is wrong with it.
        public var reason: Reason = .malformed

        /// Says what is wrong and what was expected.
        public var description: String {
            switch reason {
            case .malformed:
                return "invalid geometry '\(printable(text))': expected WxH, WxH+X+Y or +X+Y (e.g. 1280x400+0+624)"
            case .sizeTooLarge:
                return "invalid geometry '\(printable(text))': width and height are at most \(WindowGeometry.maximum) pixels (the X protocol's limit)"
            case .positionTooLarge:
                return "invalid geometry '\(printable(text))': X and Y are at most \(WindowGeometry.maximum) pixels either way (the X protocol's limit)"
            }
        }
    }

    /// Parses `WxH`, `WxH+X+Y`, `+X+Y` or `WxH-X-Y`; a width or height over
    /// `maximum`, or an offset beyond it, is an error naming the limit.
    public init(parsing text: String) throws {
        var s = Substring(text)
        func number() -> Int? {
            let digits = s.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { return nil }
            s = s.dropFirst(digits.count)
            // Digits only: nil means it overflowed, which is over the limit too.
            return Int(digits) ?? Int.max
        }
        if let first = s.first, first.isNumber {
            guard let w = number(), s.first == "x" || s.first == "X" else { throw ParseError(text: text) }
            s = s.dropFirst()
            guard let h = number(), w > 0, h > 0 else { throw ParseError(text: text) }
            width = w; height = h
        }
        if let sign = s.first {
            guard sign == "+" || sign == "-" else { throw ParseError(text: text) }
            s = s.dropFirst()
            guard let xv = number(), let sign2 = s.first, sign2 == "+" || sign2 == "-" else { throw ParseError(text: text) }
            s = s.dropFirst()
            guard let yv = number(), s.isEmpty else { throw ParseError(text: text) }
            x = xv; y = yv
            xFromRight = sign == "-"; yFromBottom = sign2 == "-"
        }
        if width == nil && x == nil { throw ParseError(text: text) }
        if let width, let height, max(width, height) > Self.maximum { throw ParseError(text: text, reason: .sizeTooLarge) }
        if let x, let y, max(x, y) > Self.maximum { throw ParseError(text: text, reason: .positionTooLarge) }
    }

    /// The window's rectangle on a screen: full width of `monitor` (default the
    /// whole screen) at its bottom by default, with a height of a third of the
    /// width, at most 40% of the monitor's height and at most three inches at
    /// `dpi`, times `scale`. A position given is in screen coordinates.
    public func resolve(screen: Size, monitor: Rect? = nil, dpi: Double = 96, scale: Double = 1) -> Rect {
        let area = monitor ?? Rect(x: 0, y: 0, width: screen.width, height: screen.height)
        let w = width ?? area.width
        let inches = Int((3 * dpi).rounded())
        let natural = Double(min(w / 3, area.height * 2 / 5, inches)) * scale
        let h = height ?? max(1, min(Int(natural.rounded()), area.height))
        if x == nil && y == nil {
            return Rect(x: area.x, y: area.maxY - h, width: w, height: h)
        }
        var px = x ?? 0
        var py = y ?? (screen.height - h)
        if xFromRight { px = screen.width - w - px }
        if yFromBottom { py = screen.height - h - py }
        return Rect(x: px, y: py, width: w, height: h)
    }
}
