import Glibc
import TapboardCore

/// How the backends turn an emoji run into an emoji font's glyphs: by the
/// font's own ligatures (`FontLigatures`, its GSUB table read from the file),
/// and by HarfBuzz only where those cannot say (a font without ligature
/// lookups, or one whose other lookups may matter and whose ligatures left a
/// sequence apart). A colour emoji font draws every sequence as a ligature, so
/// with one HarfBuzz is never loaded.
public final class EmojiShaping {
    /// Each font file's ligatures (by `INDEX:FILE`); nil where none could be read.
    private var ligatures: [String: FontLigatures?] = [:]
    /// HarfBuzz shapers of the fonts' files (by `INDEX:FILE`), made the first time one is needed.
    private var shapers: [String: Shaper?] = [:]
    /// What went wrong, said once each, until taken.
    private var notes: [String] = []

    public init() {}

    /// The lines for the log since they were last taken.
    public func takeNotes() -> [String] {
        defer { notes = [] }
        return notes
    }

    /// The glyphs of an emoji run in the font of `file` whose cmap is `cmap`:
    /// single pictures by the cmap; sequences (`EmojiRuns.needsShaping`) by the
    /// font's ligatures, then by HarfBuzz when those leave a grapheme in pieces
    /// and may not be all the font does; else each picture by the cmap, with
    /// the joiners and selectors left out (👍🏽 as a thumb and a brown square).
    public func glyphs(of run: String, file: (path: String, index: Int)?, cmap: (Unicode.Scalar) -> UInt32) -> [UInt32] {
        guard EmojiRuns.needsShaping(run), let file else { return EmojiRuns.pictureScalars(run).map(cmap) }
        let ligated = ligatures(of: file).map { (read: $0, glyphs: EmojiRuns.glyphs(of: run, cmap: cmap, ligatures: $0)) }
        if let ligated, ligated.glyphs.count <= run.count || ligated.read.readsEveryLookup { return ligated.glyphs }
        guard let shaper = shaper(of: file) else { return ligated?.glyphs ?? EmojiRuns.pictureScalars(run).map(cmap) }
        return shaper.shape(run).map(\.glyph)
    }

    /// Whether the font of `file` draws each emoji as one picture: singles by
    /// the cmap, sequences by its ligatures (`EmojiRuns.drawsWhole`). Without
    /// readable ligatures, by the cmap alone: shaping every sequence with
    /// HarfBuzz would load it at the page's first opening.
    public func drawsWhole(_ emoji: [String], file: (path: String, index: Int)?, cmap: (Unicode.Scalar) -> UInt32) -> [Bool] {
        let read = file.flatMap { ligatures(of: $0) }
        return withoutActuallyEscaping(cmap) { cmap in
            let shape = read.map { read in { (run: String) in EmojiRuns.glyphs(of: run, cmap: cmap, ligatures: read) } }
            return emoji.map { EmojiRuns.drawsWhole($0, has: { cmap($0) != 0 }, shape: shape) }
        }
    }

    /// The ligatures of a font file's face, read the first time.
    private func ligatures(of file: (path: String, index: Int)) -> FontLigatures? {
        let key = "\(file.index):\(file.path)"
        if let known = ligatures[key] { return known }
        let read = FontFileTable.read("GSUB", path: file.path, face: file.index).flatMap { FontLigatures(gsub: $0) }
        ligatures[key] = read
        return read
    }

    /// The HarfBuzz shaper of a font file's face, made the first time (HarfBuzz loaded then); nil when it cannot be.
    private func shaper(of file: (path: String, index: Int)) -> Shaper? {
        let key = "\(file.index):\(file.path)"
        if let known = shapers[key] { return known }
        if let problem = Shaper.load(), !problem.isEmpty { notes.append("emoji sequences are drawn piece by piece: \(problem)") }
        let made = Shaper(file: file.path, index: file.index)
        shapers[key] = made
        return made
    }
}

/// One table of a font file, read into memory (`FontTables` finds it).
public enum FontFileTable {
    /// Tables larger than this are not read: a ligature table is tens of kilobytes.
    static let limit = 4 << 20

    /// The bytes of table `tag` of face `face` of the font file at `path`; nil when it has none or cannot be read.
    public static func read(_ tag: String, path: String, face: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let bytes = { (offset: Int, count: Int) -> [UInt8]? in
            guard offset >= 0, count >= 0, count <= limit else { return nil }
            var buffer = [UInt8](repeating: 0, count: count)
            let got = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return got == count ? buffer : nil
        }
        guard let (offset, length) = FontTables.locate(tag, face: face, bytes: bytes) else { return nil }
        return bytes(offset, length)
    }
}
