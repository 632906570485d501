import CX11
import TapboardCore

/// The long-press alternates of a key: a row of cells above it, the one under
/// the contact highlighted.
///
/// Override-redirect with an empty input shape, like the preview: the keyboard
/// window keeps the pointer grab and decides what is under the contact.
final class CalloutWindow {
    private let display: XDisplay
    private let resources: RenderResources
    private let popup: PopupWindow
    /// The popup's window, for the buffer pixmap.
    private var id: Window { popup.id }
    private var buffer: OwnedPixmap?

    /// Creates the (unmapped) callout window.
    init(display: XDisplay, resources: RenderResources) {
        self.display = display
        self.resources = resources
        popup = PopupWindow(display: display, name: "tapboard-callout", className: "Tapboard-callout")
    }

    /// Shows (or redraws) the callout placed by `geometry`.
    func show(_ callout: Callout, geometry: CalloutGeometry, theme: Theme, keyStyle: KeyStyle, scale: Double) {
        let f = geometry.frame
        let size = Size(width: max(f.width, 1), height: max(f.height, 1))
        if buffer?.size != size { buffer = OwnedPixmap(display: display, window: id, size: size) }
        let pixmap = buffer!
        let painter = Painter(display: display, pixmap: pixmap, resources: resources)
        let style = theme.callout
        let radius = keyStyle.cornerRadius * scale
        let border = max(1, (scale * 0.8).rounded())
        painter.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), theme.background)
        painter.fillRounded(x: 0, y: 0, width: Double(size.width), height: Double(size.height), radius: radius * 1.4, style.borderColor)
        painter.fillRounded(x: border, y: border, width: Double(size.width) - 2 * border, height: Double(size.height) - 2 * border,
                            radius: max(radius * 1.4 - border, 0), style.background)
        let font = try? resources.font(family: keyStyle.fontFamily, pixelSize: Int((keyStyle.fontSize * scale).rounded()))
        for (i, cell) in geometry.cells.enumerated() where i < callout.items.count {
            let r = Rect(x: cell.x - f.x, y: cell.y - f.y, width: cell.width, height: cell.height)
            let selected = callout.selected == i
            if selected {
                painter.fillRounded(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height),
                                    radius: radius, style.selectedBackground)
            }
            if let font {
                painter.text(callout.items[i], in: r, font: font, selected ? style.selectedTextColor : style.textColor)
            }
        }
        popup.show(pixmap, at: Rect(x: f.x, y: f.y, width: size.width, height: size.height))
    }

    /// Whether this is the callout's window.
    func owns(_ window: Window) -> Bool { popup.owns(window) }

    /// Puts the callout back on top, if it is showing.
    func raise() { popup.raise() }

    /// Hides the callout.
    func hide() { popup.hide() }
}
