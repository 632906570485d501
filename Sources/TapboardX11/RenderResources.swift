import CX11
import Glibc
import TapboardCore

/// fontconfig's set-up, begun on a thread of its own (`RenderResources.beginFontSetup`).
nonisolated(unsafe) private var fontSetupThread: pthread_t?

/// Server-side drawing resources shared by the keyboard and its popups:
/// solid colour pictures, Xft colours and fonts, each made once.
final class RenderResources {
    private let display: XDisplay
    private var solids: [Color: Picture] = [:]
    private var xftColors: [Color: XftColor] = [:]
    private var fonts: [FontKey: OpaquePointer] = [:]
    /// The 8-bit alpha format that anti-aliased polygons are rendered through.
    let maskFormat: UnsafeMutablePointer<XRenderPictFormat>

    private struct FontKey: Hashable {
        var family: String
        var pixelSize: Int
    }

    /// Prepares resources on a display with the RENDER extension.
    init(display: XDisplay) throws {
        var ev: Int32 = 0, err: Int32 = 0
        guard XRenderQueryExtension(display.pointer, &ev, &err) != 0,
              let format = XRenderFindStandardFormat(display.pointer, Int32(PictStandardA8)) else {
            throw X11Error.missingExtension("RENDER")
        }
        self.display = display
        maskFormat = format
    }

    deinit {
        let d = display.pointer
        for p in solids.values { XRenderFreePicture(d, p) }
        for var c in xftColors.values {
            XftColorFree(d, tb_default_visual(d, display.screen), tb_default_colormap(d, display.screen), &c)
        }
        for f in fonts.values { XftFontClose(d, UnsafeMutablePointer<XftFont>(f)) }
    }

    /// The colour as XRender wants it: 16 bits a channel, premultiplied by alpha.
    static func renderColor(_ c: Color) -> XRenderColor {
        let a = UInt32(c.alpha)
        func channel(_ v: UInt8) -> UInt16 { UInt16(UInt32(v) * 257 * a / 255) }
        return XRenderColor(red: channel(c.red), green: channel(c.green), blue: channel(c.blue), alpha: UInt16(a * 257))
    }

    /// A picture filled with the colour everywhere, to paint shapes with.
    func solid(_ color: Color) -> Picture {
        if let p = solids[color] { return p }
        var c = Self.renderColor(color)
        let p = XRenderCreateSolidFill(display.pointer, &c)
        solids[color] = p
        return p
    }

    /// The colour as Xft wants it, for text.
    func xftColor(_ color: Color) -> XftColor {
        if let c = xftColors[color] { return c }
        let d = display.pointer
        var rc = Self.renderColor(color)
        var c = XftColor()
        XftColorAllocValue(d, tb_default_visual(d, display.screen), tb_default_colormap(d, display.screen), &rc, &c)
        xftColors[color] = c
        return c
    }

    /// Starts fontconfig's set-up (FcInit: /etc/fonts parsed, the caches read;
    /// more than half of a start's instructions) on a thread of its own, so it
    /// runs while the display is opened, the layout built and the window
    /// mapped. The first font waits for it. Call once, before any Xft call.
    static func beginFontSetup() {
        guard fontSetupThread == nil else { return }
        // One malloc arena: fontconfig's set-up allocated in a thread arena of its own cost ~0.1 MB more resident.
        mallopt(M_ARENA_MAX, 1)
        var thread = pthread_t()
        // No Xlib here: the thread touches fontconfig only, and nothing else touches it until the join.
        if pthread_create(&thread, nil, { _ in _ = FcInit(); return nil }, nil) == 0 { fontSetupThread = thread }
    }

    /// Waits for `beginFontSetup`'s thread, if one runs.
    private static func finishFontSetup() {
        guard let thread = fontSetupThread else { return }
        pthread_join(thread, nil)
        fontSetupThread = nil
    }

    /// The font of this family at this pixel size.
    func font(family: String, pixelSize: Int) throws -> OpaquePointer {
        let key = FontKey(family: family, pixelSize: max(pixelSize, 1))
        if let f = fonts[key] { return f }
        Self.finishFontSetup()
        guard let f = family.withCString({ tb_font_open(display.pointer, display.screen, $0, Double(key.pixelSize)) }) else {
            throw X11Error.cannotLoadFont("\(family):pixelsize=\(key.pixelSize)")
        }
        let opaque = OpaquePointer(f)
        fonts[key] = opaque
        return opaque
    }
}
