import CX11
import Glibc
import TapboardCatalog
import TapboardCore

/// fontconfig's set-up: not begun, running on a thread of its own
/// (`RenderResources.beginFontSetup`), or done.
private enum FontSetup {
    case notBegun
    case running(pthread_t)
    case done
}
nonisolated(unsafe) private var fontSetup = FontSetup.notBegun

/// Server-side drawing resources shared by the keyboard and its popups:
/// solid colour pictures, Xft colours and fonts, each made once.
final class RenderResources {
    private let display: XDisplay
    private var solids: [Color: Picture] = [:]
    private var xftColors: [Color: XftColor] = [:]
    private var fonts: [FontKey: OpenFont] = [:]
    /// The patterns kept from earlier starts; nil matches every font through fontconfig.
    let matches: FontMatches?
    /// Set once the first frame is out: a font matched later is kept at once.
    var savesMatches = false
    /// The emoji font at each pixel size, opened at the first emoji drawn in it;
    /// nil where the font fontconfig gives has no emoji (none installed).
    private var emojiFonts: [Int: OpenFont?] = [:]
    /// The emoji fonts' sequences made into their pictures (ligatures, HarfBuzz where those cannot say).
    let emojiShaping = EmojiShaping()
    /// Emoji runs' glyphs by text and font, shaped once (`RenderResources+Emoji.swift`).
    var shapedRuns: [ShapedRun: [UInt32]] = [:]
    /// Lines for the log, until taken (`X11Keyboard.takeNotes`).
    var notes: [String] = []
    /// Colour glyphs uploaded so far, by font and glyph (`colourGlyph`); nil for glyphs that are no colour picture.
    private var colourGlyphs: [ColourGlyphKey: ColourGlyph?] = [:]
    /// Fonts whose file was read for new colour glyphs since their pages were last given back.
    private var readFonts: [OpaquePointer] = []
    /// Pictures kept before they are all freed and made again as drawn (an emoji page and its popups use ~100).
    private static let colourGlyphLimit = 512
    /// The 8-bit alpha format that anti-aliased polygons are rendered through.
    let maskFormat: UnsafeMutablePointer<XRenderPictFormat>

    private struct FontKey: Hashable {
        var family: String
        var pixelSize: Int
    }

    /// Prepares resources on a display with the RENDER extension.
    init(display: XDisplay, matches: FontMatches? = nil) throws {
        var ev: Int32 = 0, err: Int32 = 0
        guard XRenderQueryExtension(display.pointer, &ev, &err) != 0,
              let format = XRenderFindStandardFormat(display.pointer, Int32(PictStandardA8)) else {
            throw X11Error.missingExtension("RENDER")
        }
        self.display = display
        self.matches = matches
        maskFormat = format
    }

    deinit {
        let d = display.pointer
        for p in solids.values { XRenderFreePicture(d, p) }
        for var c in xftColors.values {
            XftColorFree(d, tb_default_visual(d, display.screen), tb_default_colormap(d, display.screen), &c)
        }
        freeColourGlyphs()
        for f in fonts.values { XftFontClose(d, UnsafeMutablePointer<XftFont>(f.xft)) }
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

    /// The pixel value of a colour on the screen (a window's background).
    func pixel(_ color: Color) -> UInt { xftColor(color).pixel }

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
    /// ~8 ms of CPU, more than half of a start's instructions) on a thread of
    /// its own, so it runs while the display is opened, the layout built and
    /// the window mapped. The first font not kept in `FontMatches` waits for
    /// it. Call before any Xft call; once begun, later calls do nothing.
    static func beginFontSetup() {
        guard case .notBegun = fontSetup else { return }
        // One malloc arena: fontconfig's set-up allocated in a thread arena of its own cost ~0.1 MB more resident.
        mallopt(M_ARENA_MAX, 1)
        var thread = pthread_t()
        // Started with every signal blocked (a thread inherits its creator's mask):
        // a SIGTERM delivered to it would end the process at once, before the
        // event loop could read it and release what the keyboard holds.
        var all = sigset_t(), previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        // No Xlib here: the thread touches fontconfig only, and nothing else touches it until the join.
        if pthread_create(&thread, nil, { _ in _ = FcInit(); return nil }, nil) == 0 { fontSetup = .running(thread) }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    /// fontconfig set up: waits for `beginFontSetup`'s thread, or sets it up here if none was begun.
    private static func finishFontSetup() {
        switch fontSetup {
        case .notBegun: _ = FcInit()
        case .running(let thread): pthread_join(thread, nil)
        case .done: return
        }
        fontSetup = .done
    }

    /// The font of this family at this pixel size: opened from the pattern kept
    /// at an earlier start when there is one, else matched by fontconfig (and kept).
    func font(family: String, pixelSize: Int) throws -> OpenFont {
        let key = FontKey(family: family, pixelSize: max(pixelSize, 1))
        if let f = fonts[key] { return f }
        let d = display.pointer
        // XftFontOpenPattern owns the pattern once it opens a font; one that fails is ours to free.
        if let name = matches?.patternName(family: key.family, pixelSize: key.pixelSize), let kept = FcNameParse(name) {
            if let f = XftFontOpenPattern(d, kept) { return keep(f, as: key) }
            FcPatternDestroy(kept)
        }
        Self.finishFontSetup()
        guard let match = key.family.withCString({ tb_font_match(d, display.screen, $0, Double(key.pixelSize)) }) else {
            throw X11Error.cannotLoadFont("\(family):pixelsize=\(key.pixelSize)")
        }
        if let matches, matches.keepsMatches, let name = Fontconfig.name(of: match) {
            matches.remember(family: key.family, pixelSize: key.pixelSize, name: name, file: Fontconfig.file(of: match))
        }
        guard let f = XftFontOpenPattern(d, match) else {
            FcPatternDestroy(match)
            throw X11Error.cannotLoadFont("\(family):pixelsize=\(key.pixelSize)")
        }
        if savesMatches { matches?.save() }
        return keep(f, as: key)
    }

    /// Families asked for emoji, in turn: fontconfig's generic (Noto Color
    /// Emoji on Debian 12), then that font by name for a fontconfig without it.
    private static let emojiFamilies = ["emoji", "Noto Color Emoji"]

    /// The emoji font at this pixel size: the first of `emojiFamilies` whose
    /// match has emoji (😀). Nil when none has (no emoji font installed): the
    /// theme's font draws them then, without colour.
    func emojiFont(pixelSize: Int) -> OpenFont? {
        let size = max(pixelSize, 1)
        if let known = emojiFonts[size] { return known }
        let found = Self.emojiFamilies.lazy.compactMap { family -> OpenFont? in
            guard let f = try? self.font(family: family, pixelSize: size),
                  XftCharExists(self.display.pointer, UnsafeMutablePointer<XftFont>(f.xft), 0x1F600) != 0 else { return nil }
            return f
        }.first
        emojiFonts[size] = found
        return found
    }

    /// A font's glyph for a character, 0 when it has none.
    func glyph(_ scalar: Unicode.Scalar, in font: OpenFont) -> UInt32 {
        XftCharIndex(display.pointer, UnsafeMutablePointer<XftFont>(font.xft), scalar.value)
    }

    /// Whether a font's glyphs are colour pictures (its pattern says `color`: Noto Color Emoji).
    static func isColour(_ font: OpenFont) -> Bool {
        guard let pattern = UnsafeMutablePointer<XftFont>(font.xft).pointee.pattern else { return false }
        var colour: FcBool = 0
        return FcPatternGetBool(pattern, "color", 0, &colour) == FcResultMatch && colour != 0
    }

    /// A colour font's glyph as a picture of its own at the font's size, made
    /// at its first use: FreeType's BGRA bitmap (for a font of bitmaps only,
    /// its strike's, 109 pixels a em for Noto) averaged down to the size as on
    /// Wayland (`ImageScaling`). Nil when the glyph is no colour bitmap.
    ///
    /// Not Xft's own colour glyphs: Xft counts each as 256 times its size
    /// against a cache of 1 MiB a font and 4 MiB a display, so past a few
    /// emoji it decoded the font's PNG and scaled it again at every draw
    /// (~0.5 ms an emoji, 23 ms for a page of 40), and evicted other fonts' glyphs.
    func colourGlyph(_ index: UInt32, in font: OpenFont) -> ColourGlyph? {
        let key = ColourGlyphKey(font: font.xft, glyph: index)
        if let known = colourGlyphs[key] { return known }
        if colourGlyphs.count >= Self.colourGlyphLimit { freeColourGlyphs() }
        let made = makeColourGlyph(index, in: font)
        if !readFonts.contains(font.xft) { readFonts.append(font.xft) }
        colourGlyphs[key] = made
        return made
    }

    /// Gives back the pages of the font files read for new colour glyphs (`MappedFilePages`):
    /// the glyphs are pictures in the server now, and the font is read again only for new ones.
    func releaseReadFontPages() {
        for xft in readFonts { releasePages(of: xft) }
        readFonts = []
    }

    /// Gives back the pages of a font's file that FreeType mapped.
    func releasePages(of xft: OpaquePointer) {
        let f = UnsafeMutablePointer<XftFont>(xft)
        guard let face = XftLockFace(f) else { return }
        defer { XftUnlockFace(f) }
        MappedFilePages.release(tb_face_file_bytes(face), count: Int(tb_face_file_size(face)))
    }

    private func makeColourGlyph(_ index: UInt32, in font: OpenFont) -> ColourGlyph? {
        let f = UnsafeMutablePointer<XftFont>(font.xft)
        guard let face = XftLockFace(f) else { return nil }
        defer { XftUnlockFace(f) }
        guard tb_load_colour_glyph(face, index) == 0, let slot = face.pointee.glyph, tb_slot_is_colour(slot) != 0 else { return nil }
        let strike = Int(face.pointee.size.pointee.metrics.y_ppem)
        let scale = tb_face_is_scalable(face) != 0 || strike == 0 ? 1 : Double(font.pixelSize) / Double(strike)
        func scaled(_ v: Int) -> Int { Int((Double(v) * scale).rounded()) }
        // The metrics, not the slot's advance: Xft's transform (fontconfig's matrix for a scaled strike) applies to that.
        var glyph = ColourGlyph(picture: 0, left: scaled(Int(slot.pointee.bitmap_left)), top: scaled(Int(slot.pointee.bitmap_top)),
                                width: 0, height: 0, advance: scaled(Int((slot.pointee.metrics.horiAdvance + 32) >> 6)))
        let bitmap = slot.pointee.bitmap
        guard let buffer = bitmap.buffer, bitmap.width > 0, bitmap.rows > 0, let format = argbFormat else { return glyph }
        let (width, height, pitch) = (Int(bitmap.width), Int(bitmap.rows), Int(abs(bitmap.pitch)))
        glyph.width = max(1, scaled(width))
        glyph.height = max(1, scaled(height))
        let pixels = scale == 1 ? (0 ..< height).flatMap { Array(UnsafeBufferPointer(start: buffer + $0 * pitch, count: width * 4)) }
            : ImageScaling.downscaleBGRA(buffer, width: width, height: height, pitch: pitch, newWidth: glyph.width, newHeight: glyph.height)
        glyph.picture = upload(pixels, width: glyph.width, height: glyph.height, format: format)
        return glyph
    }

    /// Premultiplied BGRA rows as a picture of their own, through a 32-bit pixmap.
    private func upload(_ pixels: [UInt8], width: Int, height: Int, format: UnsafeMutablePointer<XRenderPictFormat>) -> Picture {
        let d = display.pointer
        // XDestroyImage frees the data: malloc's.
        guard let data = malloc(pixels.count) else { return 0 }
        pixels.withUnsafeBytes { _ = memcpy(data, $0.baseAddress!, pixels.count) }
        guard let image = XCreateImage(d, tb_default_visual(d, display.screen), 32, ZPixmap, 0, data.assumingMemoryBound(to: CChar.self),
                                       UInt32(width), UInt32(height), 32, Int32(width * 4)) else {
            free(data)
            return 0
        }
        // The bytes are this machine's words (0xAARRGGBB); Xlib swaps them for a server of the other order.
        image.pointee.byte_order = LSBFirst
        let pixmap = XCreatePixmap(d, display.root, UInt32(width), UInt32(height), 32)
        let gc = XCreateGC(d, pixmap, 0, nil)
        XPutImage(d, pixmap, gc, image, 0, 0, 0, 0, UInt32(width), UInt32(height))
        let picture = XRenderCreatePicture(d, pixmap, format, 0, nil)
        XFreeGC(d, gc)
        XFreePixmap(d, pixmap)
        tb_destroy_image(image)
        return picture
    }

    /// How far text moves the pen in a font (its emoji and fallback characters taken as the font's).
    func advance(of text: String, font: OpenFont) -> Int {
        var bytes = Array(text.utf8)
        var info = XGlyphInfo()
        XftTextExtentsUtf8(display.pointer, UnsafeMutablePointer<XftFont>(font.xft), &bytes, Int32(bytes.count), &info)
        return Int(info.xOff)
    }

    /// The 32-bit ARGB format colour glyphs are uploaded in.
    private var argbFormat: UnsafeMutablePointer<XRenderPictFormat>? { XRenderFindStandardFormat(display.pointer, Int32(PictStandardARGB32)) }

    private func freeColourGlyphs() {
        for case let glyph?? in colourGlyphs.values where glyph.picture != 0 { XRenderFreePicture(display.pointer, glyph.picture) }
        colourGlyphs = [:]
    }

    /// The file and face index a font was opened from (its pattern's), for HarfBuzz.
    static func file(of font: OpenFont) -> (path: String, index: Int)? {
        guard let pattern = UnsafeMutablePointer<XftFont>(font.xft).pointee.pattern, let path = Fontconfig.file(of: pattern) else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(pattern, "index", 0, &index)
        return (path, Int(index))
    }

    private func keep(_ font: UnsafeMutablePointer<XftFont>, as key: FontKey) -> OpenFont {
        let opened = OpenFont(xft: OpaquePointer(font), pixelSize: key.pixelSize)
        fonts[key] = opened
        return opened
    }
}

/// A colour glyph at one size, a picture of its own (`RenderResources.colourGlyph`).
struct ColourGlyph {
    /// The picture (premultiplied ARGB), freed by the `RenderResources` that made it; 0 for a blank glyph.
    var picture: Picture
    /// Where the picture goes from the pen: right of it and above the baseline.
    var left, top: Int
    /// The picture's size.
    var width, height: Int
    /// How far the pen moves.
    var advance: Int
}

/// What a colour glyph is kept by.
private struct ColourGlyphKey: Hashable {
    var font: OpaquePointer
    var glyph: UInt32
}

/// A font Xft opened, owned by the `RenderResources` that opened it.
struct OpenFont {
    /// Xft's font.
    let xft: OpaquePointer
    /// The pixel size it was opened at.
    let pixelSize: Int
}

/// fontconfig's patterns and set-up, as the fonts kept between starts need them (`FontMatches`).
enum Fontconfig {
    /// fontconfig's version number.
    static var version: Int { Int(FcGetVersion()) }

    /// A matched pattern's name as fontconfig writes it (`FcNameUnparse`), when
    /// it reads back as itself. (Its reals, the point size and dpi, are written
    /// to six figures; Xft sizes the font by the pixel size, a whole number
    /// here, so the font opened is the same.)
    static func name(of pattern: OpaquePointer) -> String? {
        guard let written = FcNameUnparse(pattern) else { return nil }
        defer { free(written) }
        guard let again = FcNameParse(written) else { return nil }
        defer { FcPatternDestroy(again) }
        guard let rewritten = FcNameUnparse(again) else { return nil }
        defer { free(rewritten) }
        guard strcmp(written, rewritten) == 0 else { return nil }
        return String(cString: written)
    }

    /// A pattern's font file, if it names one.
    static func file(of pattern: OpaquePointer) -> String? { tb_pattern_file(pattern).map { String(cString: $0) } }

    /// What fontconfig read to set itself up and where it looked for fonts (`FontMatchStore.watchedPaths`).
    static func paths() -> [String] {
        FontMatchStore.watchedPaths(configFiles: FcConfigGetConfigFiles(nil), configDirs: FcConfigGetConfigDirs(nil),
                                    fontDirs: FcConfigGetFontDirs(nil), next: FcStrListNext, done: FcStrListDone)
    }
}
