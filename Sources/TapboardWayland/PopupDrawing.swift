import TapboardCore

/// The key preview and the callout drawn for Wayland's popups, as X draws
/// them (`PreviewWindow`, `CalloutWindow`): a balloon whose head grows out of
/// the key, and a row of alternates with the one under the finger marked.
/// Over a transparent buffer, so the rounded corners show what is under.
enum PopupDrawing {
    /// The balloon for a preview, at its own origin (`PreviewGeometry.frame`'s).
    static func preview(_ p: PreviewDrawing, theme: Theme, fonts: GlyphFonts, on canvas: PixelCanvas) {
        let g = p.geometry, s = p.scale
        let style = theme.style(p.styleClass), look = theme.preview
        let radius = style.cornerRadius * s * 1.6, keyRadius = style.cornerRadius * s
        let b = max(1, (s * 0.8).rounded())
        let width = Double(g.frame.width), head = Double(g.headHeight)
        let stemX = Double(g.stemX), stemHeight = Double(g.stemTop + g.key.height), keyWidth = Double(g.key.width)
        // The outline (head and stem in the border colour), then the inside.
        canvas.fillRounded(x: 0, y: 0, width: width, height: min(head + radius, Double(g.frame.height)), radius: radius, look.borderColor)
        canvas.fillRounded(x: stemX, y: 0, width: keyWidth, height: stemHeight, radius: keyRadius, look.borderColor)
        canvas.fillRounded(x: b, y: b, width: width - 2 * b, height: head + radius - b, radius: max(radius - b, 0), look.background)
        canvas.fillRounded(x: stemX + b, y: head - radius, width: keyWidth - 2 * b, height: stemHeight - head + radius - b,
                           radius: max(keyRadius - b, 0), look.background)
        let size = Int((style.fontSize * look.fontScale * s).rounded())
        if let face = fonts.face(family: style.fontFamily, pixelSize: size) {
            fonts.draw(p.text, face: face, in: Rect(x: 0, y: 0, width: g.frame.width, height: min(g.headHeight, g.stemTop)),
                       color: look.textColor, on: canvas)
        }
    }

    /// The callout's alternates, at its own origin (`CalloutGeometry.frame`'s).
    static func callout(_ c: CalloutDrawing, theme: Theme, fonts: GlyphFonts, on canvas: PixelCanvas) {
        let f = c.geometry.frame, s = c.scale
        let style = theme.style(c.styleClass), look = theme.callout
        let radius = style.cornerRadius * s
        let border = max(1, (s * 0.8).rounded())
        canvas.fillRounded(x: 0, y: 0, width: Double(f.width), height: Double(f.height), radius: radius * 1.4, look.borderColor)
        canvas.fillRounded(x: border, y: border, width: Double(f.width) - 2 * border, height: Double(f.height) - 2 * border,
                           radius: max(radius * 1.4 - border, 0), look.background)
        let face = fonts.face(family: style.fontFamily, pixelSize: Int((style.fontSize * s).rounded()))
        for (i, cell) in c.geometry.cells.enumerated() where i < c.callout.items.count {
            let r = Rect(x: cell.x - f.x, y: cell.y - f.y, width: cell.width, height: cell.height)
            let selected = c.callout.selected == i
            if selected {
                canvas.fillRounded(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height),
                                   radius: radius, look.selectedBackground)
            }
            if let face { fonts.draw(c.callout.items[i], face: face, in: r, color: selected ? look.selectedTextColor : look.textColor, on: canvas) }
        }
    }
}
