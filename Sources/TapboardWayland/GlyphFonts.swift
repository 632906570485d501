import CWaylandExtras
import TapboardCatalog
import TapboardCore

/// The labels' fonts on Wayland: matched by fontconfig as Xft matches them on
/// X (family and pixel size), their glyphs rasterised by FreeType and kept.
/// What fontconfig matched is kept between starts (`INDEX:FILE`, the face
/// index and the font file, in `FontMatchStore`), so a start whose fonts were matched before opens them
/// with FreeType alone and never sets fontconfig up.
final class GlyphFonts {
    private var library: FT_Library?
    private var faces: [FontKey: GlyphFace] = [:]
    private let matches: FontMatchStore
    /// Fonts matched from now on are written at once (after the first frame, as on X).
    var savesMatches = false {
        didSet { if savesMatches { matches.save() } }
    }

    /// Fonts kept in the file at `matchesPath` (nil: none kept).
    init(matchesPath: String?) {
        matches = FontMatchStore(path: matchesPath)
        // What a match depends on besides files: fontconfig's version and the variables it reads.
        matches.check(context: FontMatchRecord.digest([decimalText(Int(FcGetVersion()))] + FontMatchFile.contextVariables() + ["wayland"]))
    }

    private struct FontKey: Hashable {
        var family: String
        var pixelSize: Int
    }

    deinit {
        faces = [:]
        if let library { FT_Done_FreeType(library) }
    }

    /// The font of this family at this pixel size; nil when fontconfig matches no file FreeType opens.
    func face(family: String, pixelSize: Int) -> GlyphFace? {
        let key = FontKey(family: family, pixelSize: max(pixelSize, 1))
        if let known = faces[key] { return known }
        if library == nil {
            var made: FT_Library?
            guard FT_Init_FreeType(&made) == 0 else { return nil }
            library = made
        }
        guard let library else { return nil }
        var face = keptFace(family: family, pixelSize: key.pixelSize, library: library)
        if face == nil {
            guard let (file, index) = Self.match(family: family, pixelSize: key.pixelSize),
                  FT_New_Face(library, file, index, &face) == 0 else { return nil }
            if matches.keepsMatches {
                matches.remember(family: family, pixelSize: key.pixelSize, value: "\(index):\(file)", file: file, paths: Self.fontconfigPaths)
                if savesMatches { matches.save() }
            }
        }
        guard let face else { return nil }
        FT_Set_Pixel_Sizes(face, 0, FT_UInt(key.pixelSize))
        let opened = GlyphFace(face)
        faces[key] = opened
        return opened
    }

    /// The font kept from an earlier start's match (`INDEX:FILE`), opened; nil when none is kept or it does not open.
    private func keptFace(family: String, pixelSize: Int, library: FT_Library) -> FT_Face? {
        guard let kept = matches.kept(family: family, pixelSize: pixelSize), let colon = kept.firstIndex(of: ":"),
              let index = Int(kept[..<colon]) else { return nil }
        var face: FT_Face?
        guard FT_New_Face(library, String(kept[kept.index(after: colon)...]), index, &face) == 0 else { return nil }
        return face
    }

    /// What fontconfig read to set itself up and where it looked for fonts (`FontMatchStore.watchedPaths`).
    private static func fontconfigPaths() -> [String] {
        FontMatchStore.watchedPaths(configFiles: FcConfigGetConfigFiles(nil), configDirs: FcConfigGetConfigDirs(nil),
                                    fontDirs: FcConfigGetFontDirs(nil), next: FcStrListNext, done: FcStrListDone)
    }

    /// The file and face index fontconfig gives for a family at a size.
    private static func match(family: String, pixelSize: Int) -> (String, Int)? {
        guard let request = family.withCString({ tb_font_request($0, Double(pixelSize)) }) else { return nil }
        defer { FcPatternDestroy(request) }
        FcConfigSubstitute(nil, request, FcMatchPattern)
        FcDefaultSubstitute(request)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, request, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, "file", 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(match, "index", 0, &index)
        return (String(cString: file), Int(index))
    }
}

/// One font at one size: its glyphs rasterised once and kept.
final class GlyphFace {
    private let face: FT_Face
    /// Pixels above and below the baseline.
    let ascent, descent: Int
    private var glyphs: [UInt32: Glyph] = [:]

    /// A glyph's coverage (or colour) pixels and where they go from the pen.
    struct Glyph {
        var left, top, width, height, pitch, advance: Int
        /// Premultiplied BGRA (a colour glyph) rather than 8-bit coverage.
        var color: Bool
        var pixels: [UInt8]
    }

    init(_ face: FT_Face) {
        self.face = face
        let metrics = face.pointee.size.pointee.metrics
        ascent = Int((metrics.ascender + 63) >> 6)
        descent = Int((-metrics.descender + 63) >> 6)
    }

    deinit { FT_Done_Face(face) }

    /// The glyph for a character, rasterised at first use (nil: the font has none and no notdef box either).
    func glyph(_ scalar: Unicode.Scalar) -> Glyph? {
        if let known = glyphs[scalar.value] { return known }
        let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        guard FT_Load_Glyph(face, index, tb_glyph_load_flags()) == 0,
              FT_Render_Glyph(face.pointee.glyph, FT_RENDER_MODE_LIGHT) == 0 else { return nil }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        let color = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue)
        let pitch = Int(abs(bitmap.pitch))
        var pixels: [UInt8] = []
        if let buffer = bitmap.buffer, bitmap.rows > 0 {
            pixels = Array(UnsafeBufferPointer(start: buffer, count: pitch * Int(bitmap.rows)))
        }
        let glyph = Glyph(left: Int(slot.bitmap_left), top: Int(slot.bitmap_top), width: Int(bitmap.width), height: Int(bitmap.rows),
                          pitch: pitch, advance: Int((slot.advance.x + 32) >> 6), color: color, pixels: pixels)
        glyphs[scalar.value] = glyph
        return glyph
    }

    /// The text's width: the sum of its glyphs' advances.
    func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + (glyph($1)?.advance ?? 0) }
    }

    /// Draws text centred in a rectangle, as X's painter centres it.
    func draw(_ text: String, in rect: Rect, color: Color, on canvas: PixelCanvas) {
        var x = rect.x + (rect.width - width(text)) / 2
        let baseline = rect.y + (rect.height + ascent - descent) / 2
        for scalar in text.unicodeScalars {
            guard let g = glyph(scalar) else { continue }
            if g.width > 0, g.height > 0 {
                g.pixels.withUnsafeBufferPointer { p in
                    guard let base = p.baseAddress else { return }
                    if g.color {
                        canvas.composite(bgra: base, width: g.width, height: g.height, pitch: g.pitch, at: x + g.left, baseline - g.top)
                    } else {
                        canvas.blend(mask: base, width: g.width, height: g.height, pitch: g.pitch, at: x + g.left, baseline - g.top, color)
                    }
                }
            }
            x += g.advance
        }
    }
}
