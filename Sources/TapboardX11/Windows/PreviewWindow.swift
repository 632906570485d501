import CX11
import TapboardCore

/// The magnified popup over a pressed key: a balloon whose stem covers the key
/// and whose head shows the character above it, even above the keyboard's top edge.
///
/// An override-redirect window, so no window manager places or focuses it; its
/// input shape is empty, so it never catches a press.
final class PreviewWindow {
    private let display: XDisplay
    private let resources: RenderResources
    private let popup: PopupWindow
    /// The popup's window, for pixmaps and the shape.
    private var id: Window { popup.id }

    /// Creates the (unmapped) popup window.
    init(display: XDisplay, resources: RenderResources) {
        self.display = display
        self.resources = resources
        popup = PopupWindow(display: display, name: "tapboard-preview", className: "Tapboard-preview")
    }

    /// The balloon drawn for one key size and place and one style: its shape
    /// mask, its picture without the character, and a pixmap to compose into.
    private struct Balloon {
        let mask: ShapeMask, blank: OwnedPixmap, content: OwnedPixmap
        let painter: Painter
    }

    /// What a balloon depends on.
    private struct BalloonKey: Hashable {
        var width, height, stemX, stemTop, keyWidth, keyHeight, headHeight: Int
        var style: KeyStyle
        var preview: PreviewStyle
        var scale: Double
    }

    /// Balloons made so far, most recent last: most keys share a size, so a
    /// press only copies one and draws its character.
    private var balloons: [(key: BalloonKey, balloon: Balloon)] = []
    private var shapeShown: BalloonKey?
    private var copier: Copier?

    /// Shows the preview balloon placed by `geometry` (see `PreviewGeometry`).
    func show(text: String, geometry g: PreviewGeometry, theme: Theme, keyStyle: KeyStyle, scale: Double) {
        let width = g.frame.width, height = g.frame.height, headHeight = g.headHeight
        let shape = BalloonKey(width: width, height: height, stemX: g.stemX, stemTop: g.stemTop, keyWidth: g.key.width,
                               keyHeight: g.key.height, headHeight: headHeight, style: keyStyle, preview: theme.preview, scale: scale)
        let balloon = self.balloon(for: shape)
        if copier == nil { copier = Copier(display: display, for: id) }
        copier?.copy(Rect(x: 0, y: 0, width: width, height: height), from: balloon.blank.id, to: balloon.content.id)
        if let font = try? resources.font(family: keyStyle.fontFamily,
                                          pixelSize: Int((keyStyle.fontSize * theme.preview.fontScale * scale).rounded())) {
            balloon.painter.text(text, in: Rect(x: 0, y: 0, width: width, height: min(headHeight, shape.stemTop)),
                                 font: font, theme.preview.textColor)
        }
        if shapeShown != shape {
            display.setShape(of: id, to: balloon.mask)
            shapeShown = shape
        }
        popup.show(balloon.content, at: g.frame)
    }

    /// The balloon for a shape, made on first use; a few are kept.
    private func balloon(for shape: BalloonKey) -> Balloon {
        if let i = balloons.firstIndex(where: { $0.key == shape }) {
            let entry = balloons.remove(at: i)
            balloons.append(entry)
            return entry.balloon
        }
        let made = makeBalloon(shape)
        balloons.append((shape, made))
        if balloons.count > 6 { balloons.removeFirst() }
        return made
    }

    private func makeBalloon(_ s: BalloonKey) -> Balloon {
        let radius = s.style.cornerRadius * s.scale * 1.6
        let size = Size(width: s.width, height: s.height)

        // The shape: head and stem, so the balloon looks grown out of the key.
        let mask = ShapeMask(display: display, window: id, size: size)
        fillRounded(mask, x: 0, y: 0, width: s.width, height: min(s.headHeight + Int(radius), s.height), radius: Int(radius))
        fillRounded(mask, x: s.stemX, y: 0, width: s.keyWidth, height: s.stemTop + s.keyHeight, radius: Int(s.style.cornerRadius * s.scale))

        let blank = OwnedPixmap(display: display, window: id, size: size)
        do {
            let painter = Painter(display: display, pixmap: blank, resources: resources)
            let style = s.preview
            painter.fill(Rect(x: 0, y: 0, width: s.width, height: s.height), style.borderColor)
            let b = max(1, (s.scale * 0.8).rounded())
            painter.fillRounded(x: b, y: b, width: Double(s.width) - 2 * b, height: Double(s.headHeight) + radius - b,
                                radius: max(radius - b, 0), style.background)
            painter.fillRounded(x: Double(s.stemX) + b, y: Double(s.headHeight) - radius, width: Double(s.keyWidth) - 2 * b,
                                height: Double(s.stemTop + s.keyHeight - s.headHeight) + radius - b,
                                radius: max(s.style.cornerRadius * s.scale - b, 0), style.background)
        }
        let content = OwnedPixmap(display: display, window: id, size: size)
        return Balloon(mask: mask, blank: blank, content: content, painter: Painter(display: display, pixmap: content, resources: resources))
    }

    /// Whether this is the preview's window.
    func owns(_ window: Window) -> Bool { popup.owns(window) }

    /// Puts the preview back on top, if it is showing.
    func raise() { popup.raise() }

    /// Hides the preview.
    func hide() { popup.hide() }

    /// Sets a rounded rectangle's pixels in a mask: two crossed rectangles and a disc at each corner.
    private func fillRounded(_ mask: ShapeMask, x: Int, y: Int, width: Int, height: Int, radius: Int) {
        let r = max(0, min(radius, width / 2, height / 2))
        mask.fill(Rect(x: x + r, y: y, width: max(width - 2 * r, 0), height: height))
        mask.fill(Rect(x: x, y: y + r, width: width, height: max(height - 2 * r, 0)))
        guard r > 0 else { return }
        for (cx, cy) in [(x, y), (x + width - 2 * r, y), (x, y + height - 2 * r), (x + width - 2 * r, y + height - 2 * r)] {
            mask.fillDisc(x: cx, y: cy, diameter: 2 * r)
        }
    }
}
