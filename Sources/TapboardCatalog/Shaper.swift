import CTapboardShaping

/// A font file's face shaped by HarfBuzz, so an emoji sequence (👍🏽, 👨‍👩‍👧,
/// 🇩🇪, 1️⃣) becomes the one glyph the font has for it. libharfbuzz.so.0 is
/// opened at the first shaper made, never at start (CTapboardShaping).
public final class Shaper {
    private let shaper: OpaquePointer

    /// Opens HarfBuzz if it is not yet: nil when it is usable, else why not
    /// (said once; later calls answer "not usable" with an empty line).
    public static func load() -> String? {
        var error = [CChar](repeating: 0, count: 256)
        if tb_shaping_load(&error, error.count) != 0 { return nil }
        return String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A shaper for face `index` of a font file; nil when HarfBuzz or the file cannot be opened.
    public init?(file: String, index: Int) {
        guard let opened = tb_shaper_open(file, UInt32(clamping: index)) else { return nil }
        shaper = opened
    }

    deinit { tb_shaper_close(shaper) }

    /// The glyphs of a text shaped left to right, each with the UTF-8 offset of
    /// the text it comes from; joiners and selectors left over after the
    /// font's substitutions are dropped. A glyph 0 is one the font lacks.
    public func shape(_ text: String) -> [(glyph: UInt32, cluster: Int)] {
        var utf8 = Array(text.utf8)
        let length = Int32(clamping: utf8.count)
        var capacity = max(utf8.count, 4)
        while true {
            var glyphs = [UInt32](repeating: 0, count: capacity), clusters = glyphs
            let room = UInt32(capacity)
            let count = Int(utf8.withUnsafeMutableBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { tb_shaper_shape(shaper, $0.baseAddress, length, &glyphs, &clusters, room) }
            })
            if count <= capacity { return (0 ..< count).map { (glyphs[$0], Int(clusters[$0])) } }
            capacity = count
        }
    }

    /// The font's glyph for a character (its cmap), 0 when it has none.
    public func glyph(_ scalar: Unicode.Scalar) -> UInt32 { tb_shaper_glyph(shaper, scalar.value) }
}
