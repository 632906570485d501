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
    /// HarfBuzz shapers of the emoji fonts' files (by `INDEX:FILE`), made at the
    /// first emoji run; nil where none could be (HarfBuzz missing).
    var shapers: [String: Shaper?] = [:]
    /// Emoji runs' glyphs by text and font, shaped once (`RenderResources+Emoji.swift`).
    var shapedRuns: [ShapedRun: [UInt32]] = [:]
    /// Lines for the log, until taken (`X11Keyboard.takeNotes`).
    var notes: [String] = []
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
