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
    /// The emoji face at each pixel size, found at the first emoji drawn in it;
    /// nil where fontconfig gives none with emoji (`GlyphFonts+Emoji.swift`).
    var emojiFaces: [Int: GlyphFace?] = [:]
    /// The emoji fonts' sequences made into their pictures (ligatures, HarfBuzz where those cannot say).
    let emojiShaping = EmojiShaping()
    /// Emoji runs' glyph indices by text and face, shaped once.
    var shapedRuns: [ShapedRun: [UInt32]] = [:]
    /// Lines for the log, until taken.
    var notes: [String] = []
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
        // Every face closed before the library that made them.
        faces = [:]
        emojiFaces = [:]
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
        var file: (path: String, index: Int)?
        var face: FT_Face?
        if let kept = keptFace(family: family, pixelSize: key.pixelSize, library: library) {
            (face, file) = (kept.face, kept.file)
        } else {
            guard let (path, index) = Self.match(family: family, pixelSize: key.pixelSize),
                  FT_New_Face(library, path, index, &face) == 0 else { return nil }
            file = (path, index)
            if matches.keepsMatches {
                matches.remember(family: family, pixelSize: key.pixelSize, value: "\(index):\(path)", file: path, paths: Self.fontconfigPaths)
                if savesMatches { matches.save() }
            }
        }
        guard let face else { return nil }
        let opened = GlyphFace(face, pixelSize: key.pixelSize, file: file)
        faces[key] = opened
        return opened
    }

    /// The font kept from an earlier start's match (`INDEX:FILE`), opened, with its file; nil when none is kept or it does not open.
    private func keptFace(family: String, pixelSize: Int, library: FT_Library) -> (face: FT_Face, file: (path: String, index: Int))? {
        guard let kept = matches.kept(family: family, pixelSize: pixelSize), let colon = kept.firstIndex(of: ":"),
              let index = Int(kept[..<colon]) else { return nil }
        let path = String(kept[kept.index(after: colon)...])
        var face: FT_Face?
        guard FT_New_Face(library, path, index, &face) == 0, let face else { return nil }
        return (face, (path, index))
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

/// One font at one size: its glyphs rasterised once and kept. A font of
/// bitmaps only (a colour emoji font's strike, 109 pixels a em for Noto) is
/// read at its nearest strike and its glyphs scaled to the size.
final class GlyphFace {
    private let face: FT_Face
    /// The pixel size it was opened at.
    let pixelSize: Int
    /// The file and face index it was opened from, for HarfBuzz.
    let file: (path: String, index: Int)?
    /// Pixels above and below the baseline.
    let ascent, descent: Int
    /// The strike's pixels to the size's: 1 for outlines.
    private let scale: Double
    private var glyphs: [UInt32: Glyph] = [:]
    private var glyphsByIndex: [UInt32: Glyph] = [:]
    /// Whether the file was read for a new glyph since its pages were last given back.
    private var readSinceRelease = false

    /// Where FreeType holds the face's file, and its size.
    var fileBytes: UnsafeRawPointer? { tb_face_file_bytes(face) }
    var fileSize: Int { Int(tb_face_file_size(face)) }

    /// Gives back the pages of the file FreeType mapped, once glyphs were read from it (`MappedFilePages`).
    func releaseFilePages() {
        guard readSinceRelease else { return }
        readSinceRelease = false
        MappedFilePages.release(tb_face_file_bytes(face), count: Int(tb_face_file_size(face)))
    }

    /// A glyph's coverage (or colour) pixels and where they go from the pen.
    struct Glyph {
        var left, top, width, height, pitch, advance: Int
        /// Premultiplied BGRA (a colour glyph) rather than 8-bit coverage.
        var color: Bool
        var pixels: [UInt8]
    }

    /// Sets the face to `pixelSize` (or its nearest strike) and keeps it; `file` is where it came from.
    init(_ face: FT_Face, pixelSize: Int, file: (path: String, index: Int)?) {
        self.face = face
        self.pixelSize = pixelSize
        self.file = file
        var scale = 1.0
        if tb_face_is_scalable(face) == 0, face.pointee.num_fixed_sizes > 0, let sizes = face.pointee.available_sizes {
            // The smallest strike at least as large (scaled down, sharper), else the largest.
            let ppems = (0 ..< Int(face.pointee.num_fixed_sizes)).map { Int((sizes[$0].y_ppem + 32) >> 6) }
            let best = ppems.indices.filter { ppems[$0] >= pixelSize }.min { ppems[$0] < ppems[$1] }
                ?? ppems.indices.max { ppems[$0] < ppems[$1] }!
            FT_Select_Size(face, Int32(best))
            scale = Double(pixelSize) / Double(max(ppems[best], 1))
        } else {
            FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize))
        }
        self.scale = scale
        let metrics = face.pointee.size.pointee.metrics
        ascent = Int((Double(metrics.ascender) * scale + 63) / 64)
        descent = Int((Double(-metrics.descender) * scale + 63) / 64)
    }

    deinit { FT_Done_Face(face) }

    /// The font's glyph index for a character, 0 when it has none.
    func index(of scalar: Unicode.Scalar) -> UInt32 { UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value))) }

    /// The glyph for a character, rasterised at first use (nil: the font has none and no notdef box either).
    func glyph(_ scalar: Unicode.Scalar) -> Glyph? {
        if let known = glyphs[scalar.value] { return known }
        let made = load(index(of: scalar))
        glyphs[scalar.value] = made
        return made
    }

    /// The glyph of this index (a shaped run's), rasterised at first use.
    func glyph(index: UInt32) -> Glyph? {
        if let known = glyphsByIndex[index] { return known }
        let made = load(index)
        glyphsByIndex[index] = made
        return made
    }

    private func load(_ index: UInt32) -> Glyph? {
        readSinceRelease = true
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
        var glyph = Glyph(left: Int(slot.bitmap_left), top: Int(slot.bitmap_top), width: Int(bitmap.width), height: Int(bitmap.rows),
                          pitch: pitch, advance: Int((slot.advance.x + 32) >> 6), color: color, pixels: pixels)
        if scale != 1 { glyph = scaled(glyph) }
        return glyph
    }

    /// A strike's glyph at the size: colour pictures averaged down (`ImageScaling`), its place and advance scaled.
    private func scaled(_ g: Glyph) -> Glyph {
        func s(_ v: Int) -> Int { Int((Double(v) * scale).rounded()) }
        let width = max(1, s(g.width)), height = max(1, s(g.height))
        guard g.color, g.width > 0, g.height > 0 else { return Glyph(left: s(g.left), top: s(g.top), width: 0, height: 0, pitch: 0,
                                                                     advance: s(g.advance), color: g.color, pixels: []) }
        let pixels = g.pixels.withUnsafeBufferPointer {
            ImageScaling.downscaleBGRA($0.baseAddress!, width: g.width, height: g.height, pitch: g.pitch, newWidth: width, newHeight: height)
        }
        return Glyph(left: s(g.left), top: s(g.top), width: width, height: height, pitch: width * 4, advance: s(g.advance), color: true, pixels: pixels)
    }

    /// The text's width: the sum of its glyphs' advances.
    func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + (glyph($1)?.advance ?? 0) }
    }

    /// Draws text centred in a rectangle, as X's painter centres it (`GlyphFonts.draw` draws emoji in it too).
    func draw(_ text: String, in rect: Rect, color: Color, on canvas: PixelCanvas) {
        var x = rect.x + (rect.width - width(text)) / 2
        let baseline = rect.y + (rect.height + ascent - descent) / 2
        for scalar in text.unicodeScalars {
            guard let g = glyph(scalar) else { continue }
            Self.paint(g, at: x, baseline, color: color, on: canvas)
            x += g.advance
        }
    }

    /// Draws one glyph with its pen at (x, baseline): a colour picture over what is there, or coverage in `color`.
    static func paint(_ g: Glyph, at x: Int, _ baseline: Int, color: Color, on canvas: PixelCanvas) {
        guard g.width > 0, g.height > 0 else { return }
        g.pixels.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return }
            if g.color {
                canvas.composite(bgra: base, width: g.width, height: g.height, pitch: g.pitch, at: x + g.left, baseline - g.top)
            } else {
                canvas.blend(mask: base, width: g.width, height: g.height, pitch: g.pitch, at: x + g.left, baseline - g.top, color)
            }
        }
    }
}
