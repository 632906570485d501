/// What draws a key's shapes: X's XRender painter, the pixel canvas Wayland's
/// buffers are drawn with. The keys' bodies and icons are drawn through it, so
/// both backends draw them alike.
public protocol ShapePainter {
    /// Fills a rectangle, replacing what was there.
    func fill(_ rect: Rect, _ color: Color)
    /// Fills a polygon, anti-aliased, over what is there.
    func fill(_ points: [FPoint], _ color: Color)
    /// Fills a rounded rectangle with anti-aliased corners.
    func fillRounded(x: Double, y: Double, width: Double, height: Double, radius: Double, _ color: Color)
}

extension ShapePainter {
    /// Strokes a line of the given thickness, anti-aliased.
    public func line(_ a: FPoint, _ b: FPoint, thickness: Double, _ color: Color) {
        fill(Shapes.thickLine(a, b, thickness: thickness), color)
    }

    /// Draws an icon centred in a key; `background` fills the inside of outlines.
    public func draw(_ icon: KeyIcon, in rect: Rect, color: Color, background: Color) {
        for shape in IconShapes.fills(icon, in: rect, color: color, background: background) {
            fill(shape.points, shape.color)
        }
    }
}

/// What a key's body looks like apart from its place and text: drawn once
/// into a tile and copied for every key of that look.
public struct KeyBody: Hashable, Sendable {
    /// The key class's style.
    public var style: KeyStyle
    /// Whether it is held.
    public var pressed: Bool
    /// The tile's size: the key's width, and its height with the shadow under it.
    public var width, height: Int
    /// Its icon, if it shows one.
    public var icon: KeyIcon?
    /// The theme's scale at the keyboard's height.
    public var scale: Double
    /// The keyboard's background, around the rounded corners.
    public var background: Color
    /// The ring around it when highlighted (`KeyHighlight`), nil when it is not.
    public var ring: HighlightStyle?
    /// How much of dwell's fill shows, in eighths (`KeyHighlight.dwell`).
    public var fill: Int

    /// Makes a look.
    public init(style: KeyStyle, pressed: Bool, width: Int, height: Int, icon: KeyIcon?, scale: Double, background: Color,
                ring: HighlightStyle? = nil, fill: Int = 0) {
        self.style = style; self.pressed = pressed; self.width = width; self.height = height
        self.icon = icon; self.scale = scale; self.background = background; self.ring = ring; self.fill = fill
    }

    /// The look of a key as it appears: pressed when held or just selected, ringed when highlighted, filled as dwell goes.
    public init(_ appearance: KeyAppearance, style: KeyStyle, height: Int, icon: KeyIcon?, scale: Double, theme: Theme) {
        var fill = 0
        if case .dwell(let eighths) = appearance.highlight { fill = eighths }
        self.init(style: style, pressed: appearance.pressed || appearance.highlight == .selected, width: appearance.frame.rect.width,
                  height: height, icon: icon, scale: scale, background: theme.background,
                  ring: appearance.highlight == .none ? nil : theme.highlight, fill: fill)
    }

    /// Draws the background, shadow, body and icon at the painter's origin; the key is `keyHeight` tall.
    public func draw(keyHeight: Int, on painter: some ShapePainter) {
        let s = scale
        painter.fill(Rect(x: 0, y: 0, width: width, height: height), background)
        let w = Double(width), h = Double(keyHeight)
        let radius = style.cornerRadius * s
        if style.shadowOffset > 0 {
            // Whole pixels keep the shadow on the fast path (only its corners anti-aliased).
            let offset = max(1, (style.shadowOffset * s).rounded())
            painter.fillRounded(x: 0, y: offset, width: w, height: h, radius: radius, style.shadowColor)
        }
        let fill = pressed ? style.pressedBackground : style.background
        if let ring {
            // In place of the border, wider than any, so a highlighted key stands out in every theme.
            let b = max(2, (ring.width * s).rounded())
            painter.fillRounded(x: 0, y: 0, width: w, height: h, radius: radius, ring.color)
            painter.fillRounded(x: b, y: b, width: w - 2 * b, height: h - 2 * b, radius: max(radius - b, 0), fill)
            if self.fill > 0 {
                // Dwell's fill rises from the bottom, half the ring's colour over the key's, so the label stays readable.
                let inner = h - 2 * b, risen = (inner * Double(min(self.fill, DwellPointer.fillSteps)) / Double(DwellPointer.fillSteps)).rounded()
                painter.fill(Rect(x: Int(b), y: Int(b + inner - risen), width: Int(w - 2 * b), height: Int(risen)), fill.mixed(with: ring.color))
            }
        } else if style.borderWidth > 0 {
            let b = max(1, (style.borderWidth * s).rounded())
            painter.fillRounded(x: 0, y: 0, width: w, height: h, radius: radius, style.borderColor)
            painter.fillRounded(x: b, y: b, width: w - 2 * b, height: h - 2 * b, radius: max(radius - b, 0), fill)
        } else {
            painter.fillRounded(x: 0, y: 0, width: w, height: h, radius: radius, fill)
        }
        if let icon {
            painter.draw(icon, in: Rect(x: 0, y: 0, width: width, height: keyHeight), color: style.textColor, background: fill)
        }
    }
}
