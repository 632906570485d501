import CX11
import Glibc
import TapboardCore

/// Draws anti-aliased shapes (XRender) and text (Xft) onto one drawable.
/// Owns the XftDraw; the drawable belongs to the caller.
final class Painter: ShapePainter {
    private let display: XDisplay
    private let draw: OpaquePointer
    private let picture: Picture
    private let resources: RenderResources

    /// Prepares drawing onto a pixmap of the default visual.
    convenience init(display: XDisplay, pixmap: OwnedPixmap, resources: RenderResources) {
        self.init(display: display, drawable: pixmap.id, resources: resources)
    }

    /// Prepares drawing onto a pixmap or window of the default visual.
    init(display: XDisplay, drawable: Drawable, resources: RenderResources) {
        self.display = display
        self.resources = resources
        let d = display.pointer
        draw = XftDrawCreate(d, drawable, tb_default_visual(d, display.screen), tb_default_colormap(d, display.screen))
        picture = XftDrawPicture(draw)
    }

    deinit { XftDrawDestroy(draw) }

    /// Fills a rectangle, replacing what was there.
    func fill(_ rect: Rect, _ color: Color) {
        var c = RenderResources.renderColor(color)
        XRenderFillRectangle(display.pointer, PictOpSrc, picture, &c, Int32(rect.x), Int32(rect.y),
                             UInt32(max(rect.width, 0)), UInt32(max(rect.height, 0)))
    }

    /// Fills a polygon, anti-aliased.
    func fill(_ points: [FPoint], _ color: Color) {
        guard points.count >= 3 else { return }
        var pts = points.map { XPointDouble(x: $0.x, y: $0.y) }
        XRenderCompositeDoublePoly(display.pointer, PictOpOver, resources.solid(color), picture,
                                   resources.maskFormat, 0, 0, 0, 0, &pts, Int32(pts.count), 0)
    }

    /// Fills a rounded rectangle with anti-aliased corners.
    ///
    /// The straight parts are plain rectangle fills; only the four corner
    /// squares go through the anti-aliasing rasteriser, which costs by area.
    func fillRounded(x: Double, y: Double, width: Double, height: Double, radius: Double, _ color: Color) {
        guard width > 0, height > 0 else { return }
        let r = max(0, min(radius, width / 2, height / 2)).rounded(.down)
        let aligned = x == x.rounded() && y == y.rounded() && width == width.rounded() && height == height.rounded()
        guard r >= 1, aligned else {
            fill(Shapes.roundedRect(x: x, y: y, width: width, height: height, radius: radius), color)
            return
        }
        let xi = Int(x), yi = Int(y), w = Int(width), h = Int(height), ri = Int(r)
        var c = RenderResources.renderColor(color)
        var rects = [
            XRectangle(x: Int16(clamping: xi + ri), y: Int16(clamping: yi), width: UInt16(clamping: w - 2 * ri), height: UInt16(clamping: h)),
            XRectangle(x: Int16(clamping: xi), y: Int16(clamping: yi + ri), width: UInt16(clamping: ri), height: UInt16(clamping: h - 2 * ri)),
            XRectangle(x: Int16(clamping: xi + w - ri), y: Int16(clamping: yi + ri), width: UInt16(clamping: ri), height: UInt16(clamping: h - 2 * ri)),
        ].filter { $0.width > 0 && $0.height > 0 }
        XRenderFillRectangles(display.pointer, PictOpOver, picture, &c, &rects, Int32(rects.count))
        // Each corner: a quarter disc fanned from the corner square's inner point,
        // the unit arc turned by (cos, sin) of a half, three quarter, no and a quarter turn.
        let centres = [(x + r, y + r, -1.0, 0.0), (x + width - r, y + r, 0.0, -1.0),
                       (x + width - r, y + height - r, 1.0, 0.0), (x + r, y + height - r, 0.0, 1.0)]
        let arc = Shapes.quarterArc(radius: r)
        for (cx, cy, cs, sn) in centres {
            var pts = [FPoint(x: cx, y: cy)]
            for (ux, uy) in arc {
                // Rotate the unit quarter arc to this corner.
                pts.append(FPoint(x: cx + r * (ux * cs - uy * sn), y: cy + r * (ux * sn + uy * cs)))
            }
            fill(pts, color)
        }
    }

    /// Draws text centred in a rectangle; emoji in it in the emoji font (`RenderResources.labelPieces`).
    func text(_ string: String, in rect: Rect, font: OpenFont, _ color: Color) {
        guard !string.isEmpty else { return }
        if let pieces = resources.labelPieces(string, font: font) {
            draw(pieces, in: rect, color)
            return
        }
        let d = display.pointer
        let fontStruct = UnsafeMutablePointer<XftFont>(font.xft)
        var bytes = Array(string.utf8)
        var info = XGlyphInfo()
        XftTextExtentsUtf8(d, fontStruct, &bytes, Int32(bytes.count), &info)
        let x = left(ofWidth: Int(info.xOff), in: rect)
        let ascent = Int(fontStruct.pointee.ascent), descent = Int(fontStruct.pointee.descent)
        let y = rect.y + (rect.height + ascent - descent) / 2
        var xftColor = resources.xftColor(color)
        XftDrawStringUtf8(draw, &xftColor, fontStruct, Int32(x), Int32(y), &bytes, Int32(bytes.count))
        XftDrawSetClip(draw, nil)
    }

    /// Where a label of this width starts: centred when it fits; else its end
    /// shown, against the right edge, and the drawing clipped to the rectangle
    /// until the label is drawn (a long composition's last letters, where the
    /// typing is, rather than both ends cut over the next slots).
    private func left(ofWidth width: Int, in rect: Rect) -> Int {
        let margin = max(rect.height / 8, 2)
        guard width > rect.width - 2 * margin else { return rect.x + (rect.width - width) / 2 }
        var clip = XRectangle(x: Int16(clamping: rect.x), y: Int16(clamping: rect.y), width: UInt16(clamping: max(rect.width, 0)),
                              height: UInt16(clamping: max(rect.height, 0)))
        XftDrawSetClipRectangles(draw, 0, 0, &clip, 1)
        return rect.x + rect.width - margin - width
    }

    /// Draws a label's pieces side by side, centred as one: across by their
    /// advances; down by the fonts' ascent and descent when there is text,
    /// by the pictures' ink when there are only emoji (an emoji font's ascent
    /// and descent leave its pictures off centre).
    private func draw(_ pieces: [LabelPiece], in rect: Rect, _ color: Color) {
        let d = display.pointer
        var extents: [XGlyphInfo] = []
        var ascent = 0, descent = 0, inkTop = 0, inkBottom = 0, hasText = false
        for piece in pieces {
            var info = XGlyphInfo()
            switch piece {
            case .text(let text, let font):
                var bytes = Array(text.utf8)
                let f = UnsafeMutablePointer<XftFont>(font.xft)
                XftTextExtentsUtf8(d, f, &bytes, Int32(bytes.count), &info)
                ascent = max(ascent, Int(f.pointee.ascent))
                descent = max(descent, Int(f.pointee.descent))
                hasText = true
            case .glyphs(var glyphs, let font):
                let f = UnsafeMutablePointer<XftFont>(font.xft)
                XftGlyphExtents(d, f, &glyphs, Int32(glyphs.count), &info)
                ascent = max(ascent, Int(f.pointee.ascent))
                descent = max(descent, Int(f.pointee.descent))
                inkTop = max(inkTop, Int(info.y))
                inkBottom = max(inkBottom, Int(info.height) - Int(info.y))
            case .pictures(let glyphs):
                info.xOff = Int16(clamping: glyphs.reduce(0) { $0 + $1.advance })
                for g in glyphs where g.height > 0 {
                    inkTop = max(inkTop, g.top)
                    inkBottom = max(inkBottom, g.height - g.top)
                }
            }
            extents.append(info)
        }
        var x = left(ofWidth: extents.reduce(0) { $0 + Int($1.xOff) }, in: rect)
        let y = hasText ? rect.y + (rect.height + ascent - descent) / 2 : rect.y + (rect.height - inkTop - inkBottom) / 2 + inkTop
        var xftColor = resources.xftColor(color)
        for (piece, info) in zip(pieces, extents) {
            switch piece {
            case .text(let text, let font):
                var bytes = Array(text.utf8)
                XftDrawStringUtf8(draw, &xftColor, UnsafeMutablePointer<XftFont>(font.xft), Int32(x), Int32(y), &bytes, Int32(bytes.count))
            case .glyphs(var glyphs, let font):
                XftDrawGlyphs(draw, &xftColor, UnsafeMutablePointer<XftFont>(font.xft), Int32(x), Int32(y), &glyphs, Int32(glyphs.count))
            case .pictures(let glyphs):
                var pen = x
                for g in glyphs {
                    if g.picture != 0 {
                        XRenderComposite(d, PictOpOver, g.picture, 0, picture, 0, 0, 0, 0, Int32(pen + g.left), Int32(y - g.top),
                                         UInt32(g.width), UInt32(g.height))
                    }
                    pen += g.advance
                }
            }
            x += Int(info.xOff)
        }
        XftDrawSetClip(draw, nil)
    }
}

/// A pixmap of the screen's depth (or a bitmap), freed when released.
final class OwnedPixmap {
    private let display: XDisplay
    /// The pixmap's id.
    let id: Pixmap
    /// Its size in pixels.
    let size: Size

    /// A pixmap of the screen's depth (`bitmap`: of one bit) on the screen of `window`;
    /// zero sizes become one pixel.
    init(display: XDisplay, window: Window, size: Size, bitmap: Bool = false) {
        self.display = display
        self.size = Size(width: max(size.width, 1), height: max(size.height, 1))
        let depth = bitmap ? 1 : UInt32(tb_default_depth(display.pointer, display.screen))
        id = XCreatePixmap(display.pointer, window, UInt32(self.size.width), UInt32(self.size.height), depth)
    }

    deinit { XFreePixmap(display.pointer, id) }

    /// The pixels in the top left `size` as 8-bit RGB rows (for previews and tests).
    func rgb(size: Size) -> [UInt8] {
        let d = display.pointer
        guard let image = XGetImage(d, id, 0, 0, UInt32(size.width), UInt32(size.height), ~0, ZPixmap) else { return [] }
        defer { tb_destroy_image(image) }
        // A pixmap's image carries no colour masks: they are the visual's.
        let visual = tb_default_visual(d, display.screen)!.pointee
        let masks = [visual.red_mask, visual.green_mask, visual.blue_mask]
        let shifts = masks.map { UInt($0.trailingZeroBitCount) }
        var rgb = [UInt8](repeating: 0, count: size.width * size.height * 3)
        for y in 0 ..< size.height {
            for x in 0 ..< size.width {
                let p = tb_get_pixel(image, Int32(x), Int32(y))
                for c in 0 ..< 3 where masks[c] != 0 {
                    let maxValue = masks[c] >> shifts[c]
                    rgb[(y * size.width + x) * 3 + c] = UInt8(((p & masks[c]) >> shifts[c]) * 255 / maxValue)
                }
            }
        }
        return rgb
    }
}

/// A graphics context for copying between drawables, freed when released.
/// It asks for no GraphicsExpose/NoExpose events, which every copy would otherwise send back.
final class Copier {
    private let display: XDisplay
    private let gc: GC

    /// A context for drawables of the screen of `drawable`.
    init(display: XDisplay, for drawable: Drawable) {
        self.display = display
        var values = XGCValues()
        values.graphics_exposures = 0
        gc = XCreateGC(display.pointer, drawable, UInt(GCGraphicsExposures), &values)!
    }

    deinit { XFreeGC(display.pointer, gc) }

    /// Copies an area of `source` to the same place in `destination`, or to `origin` there.
    func copy(_ area: Rect, from source: Drawable, to destination: Drawable, at origin: Point? = nil) {
        let to = origin ?? Point(x: area.x, y: area.y)
        XCopyArea(display.pointer, source, destination, gc, Int32(area.x), Int32(area.y),
                  UInt32(max(area.width, 0)), UInt32(max(area.height, 0)), Int32(to.x), Int32(to.y))
    }
}

/// A bitmap drawn with plain (not anti-aliased) shapes: a window's shape.
final class ShapeMask {
    private let display: XDisplay
    /// The bitmap.
    let pixmap: OwnedPixmap
    private let gc: GC

    /// An empty (all clear) mask of this size for a window's screen.
    init(display: XDisplay, window: Window, size: Size) {
        self.display = display
        pixmap = OwnedPixmap(display: display, window: window, size: size, bitmap: true)
        gc = XCreateGC(display.pointer, pixmap.id, 0, nil)!
        XSetForeground(display.pointer, gc, 0)
        XFillRectangle(display.pointer, pixmap.id, gc, 0, 0, UInt32(pixmap.size.width), UInt32(pixmap.size.height))
        XSetForeground(display.pointer, gc, 1)
    }

    deinit { XFreeGC(display.pointer, gc) }

    /// Sets the pixels of a rectangle (none when it is empty).
    func fill(_ r: Rect) {
        XFillRectangle(display.pointer, pixmap.id, gc, Int32(r.x), Int32(r.y), UInt32(max(r.width, 0)), UInt32(max(r.height, 0)))
    }

    /// Sets the pixels of a disc in the square at (x, y).
    func fillDisc(x: Int, y: Int, diameter: Int) {
        XFillArc(display.pointer, pixmap.id, gc, Int32(x), Int32(y), UInt32(diameter), UInt32(diameter), 0, 360 * 64)
    }
}
