/// The panel icon's picture: a keyboard, drawn at the sizes panels ask for, as
/// StatusNotifierItem's `IconPixmap` wants it (for hosts without the
/// `input-keyboard` icon in their theme).
public enum PanelIconPicture {
    /// The sizes given: panels pick the nearest.
    public static let sizes = [16, 22, 24, 32, 48]

    /// One size's pixels: 4 bytes each, A R G B, not premultiplied, rows top down.
    public static func argb(size: Int) -> [UInt8] {
        let canvas = PixelCanvas(width: size, height: size)
        draw(on: canvas, in: Rect(x: 0, y: 0, width: size, height: size))
        var out = [UInt8](repeating: 0, count: size * size * 4)
        for i in 0 ..< size * size {
            let word = canvas.pixels[i]
            let a = Int(word >> 24)
            // The canvas holds premultiplied colour; the icon wants it straight.
            func straight(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (Int(c & 0xff) * 255 + a / 2) / a)) }
            out[i * 4] = UInt8(a)
            out[i * 4 + 1] = straight(word >> 16)
            out[i * 4 + 2] = straight(word >> 8)
            out[i * 4 + 3] = straight(word)
        }
        return out
    }

    /// Draws the keyboard in the largest square centred in `rect` (a tray's
    /// slot), over what is there but for its keys.
    public static func draw(on painter: some ShapePainter, in rect: Rect) {
        let side = min(rect.width, rect.height)
        guard side > 0 else { return }
        let s = Double(side), x0 = Double(rect.x + (rect.width - side) / 2), y0 = Double(rect.y + (rect.height - side) / 2)
        let body = Color(hex: 0x3A3F47), key = Color(hex: 0xF2F2F2)
        let top = (s * 0.22).rounded(), height = (s * 0.56).rounded()
        painter.fillRounded(x: x0, y: y0 + top, width: s, height: height, radius: s / 8, body)
        // Three rows of keys, the last a space bar between two keys.
        let margin = max(1, (s / 12).rounded(.down)), gap = max(1, (s / 16).rounded(.down))
        let rowHeight = ((height - 2 * margin - 2 * gap) / 3).rounded(.down)
        for row in 0 ..< 3 {
            let y = Int(y0 + top + margin + Double(row) * (rowHeight + gap))
            let columns = row == 2 ? 3 : 5
            let width = ((s - 2 * margin - Double(columns - 1) * gap) / Double(columns)).rounded(.down)
            var x = margin
            for column in 0 ..< columns {
                let w = row == 2 && column == 1 ? s - 2 * margin - 2 * (width * 0.7 + gap) : row == 2 ? (width * 0.7).rounded(.down) : width
                painter.fill(Rect(x: Int(x0 + x), y: y, width: max(1, Int(w)), height: max(1, Int(rowHeight))), key)
                x += w + gap
            }
        }
    }
}
