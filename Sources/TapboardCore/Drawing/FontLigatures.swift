/// The ligatures an OpenType font makes by itself (its GSUB table's ligature
/// lookups in the `ccmp`, `liga` and `rlig` features), applied as HarfBuzz
/// applies them. Colour emoji fonts draw every sequence (👍🏽, 👨‍👩‍👧, 🇩🇪, 1️⃣)
/// as such a ligature of its pictures, so drawing one needs this table and the
/// cmap, not a shaping library and what it brings (HarfBuzz with GLib,
/// graphite2 and PCRE2 is more than a megabyte resident).
///
/// The table is read straight from its bytes: nothing is built from it, and
/// damaged offsets read as "no ligature" rather than trap.
public struct FontLigatures: Sendable {
    /// The table's bytes.
    private let table: [UInt8]
    /// The ligature lookups in the order they apply, each as its subtables' offsets in `table`.
    private let lookups: [[Int]]
    /// Whether every lookup of those features is a ligature lookup read here:
    /// when false, the font may do more (contextual substitutions) than `apply` does.
    public let readsEveryLookup: Bool

    /// The features whose ligatures are applied: those a shaper applies to emoji by default.
    public static let features: Set<String> = ["ccmp", "liga", "rlig"]

    /// Reads a GSUB table; nil when it is damaged or has no ligature lookup in `features`.
    public init?(gsub: [UInt8]) {
        let bytes = BigEndianBytes(gsub)
        guard bytes.u16(0) == 1, let featureList = bytes.u16(6), let lookupList = bytes.u16(8) else { return nil }
        var indices: Set<Int> = []
        for record in 0 ..< (bytes.u16(featureList) ?? 0) {
            let at = featureList + 2 + record * 6
            guard let tag = bytes.tag(at), Self.features.contains(tag), let feature = bytes.u16(at + 4).map({ featureList + $0 }) else { continue }
            for i in 0 ..< (bytes.u16(feature + 2) ?? 0) {
                if let index = bytes.u16(feature + 4 + i * 2) { indices.insert(index) }
            }
        }
        var lookups: [[Int]] = []
        var everyLookup = true
        for index in indices.sorted() {
            guard let offset = bytes.u16(lookupList + 2 + index * 2), index < bytes.u16(lookupList) ?? 0 else { everyLookup = false; continue }
            let lookup = lookupList + offset
            guard var type = bytes.u16(lookup), let flag = bytes.u16(lookup + 2), let count = bytes.u16(lookup + 4) else { everyLookup = false; continue }
            var subtables = (0 ..< count).compactMap { i in bytes.u16(lookup + 6 + i * 2).map { lookup + $0 } }
            if type == 7 {
                // Extension lookups: each subtable points (32 bits) to one of the type it names.
                let resolved = subtables.compactMap { at -> (type: Int, at: Int)? in
                    guard bytes.u16(at) == 1, let kind = bytes.u16(at + 2), let far = bytes.u32(at + 4) else { return nil }
                    return (kind, at + far)
                }
                type = resolved.first?.type ?? 0
                subtables = resolved.filter { $0.type == type }.map(\.at)
            }
            // Flags that skip glyph classes need the GDEF table, not read here.
            guard type == 4, flag & 0xFF1E == 0 else { everyLookup = false; continue }
            let read = subtables.filter { bytes.u16($0) == 1 }
            if read.count != subtables.count { everyLookup = false }
            lookups.append(read)
        }
        guard !lookups.isEmpty else { return nil }
        table = gsub
        self.lookups = lookups
        readsEveryLookup = everyLookup
    }

    /// The glyphs after every ligature lookup in turn, each at the first place
    /// it matches and onwards, as a shaper applies them; `joins` says which
    /// glyphs merged into each output glyph (their indices in `glyphs`).
    public func apply(_ glyphs: [UInt32]) -> [(glyph: UInt32, joins: Range<Int>)] {
        var ids = glyphs, joins = glyphs.indices.map { $0 ..< $0 + 1 }
        let bytes = BigEndianBytes(table)
        for subtables in lookups {
            var i = 0
            while i < ids.count {
                if let (glyph, length) = ligature(at: i, in: ids, subtables: subtables, bytes) {
                    ids.replaceSubrange(i ..< i + length, with: [glyph])
                    joins.replaceSubrange(i ..< i + length, with: [joins[i].lowerBound ..< joins[i + length - 1].upperBound])
                }
                i += 1
            }
        }
        return Array(zip(ids, joins))
    }

    /// The ligature starting at `i`: the first subtable covering its glyph
    /// whose ligature set has one matching the glyphs after it, and how many glyphs it takes.
    private func ligature(at i: Int, in glyphs: [UInt32], subtables: [Int], _ bytes: BigEndianBytes) -> (UInt32, Int)? {
        for subtable in subtables {
            guard let coverage = bytes.u16(subtable + 2), let index = bytes.coverageIndex(of: glyphs[i], at: subtable + coverage),
                  index < bytes.u16(subtable + 4) ?? 0, let setOffset = bytes.u16(subtable + 6 + index * 2) else { continue }
            let set = subtable + setOffset
            for l in 0 ..< (bytes.u16(set) ?? 0) {
                guard let offset = bytes.u16(set + 2 + l * 2) else { continue }
                let ligature = set + offset
                guard let glyph = bytes.u16(ligature), let components = bytes.u16(ligature + 2), components >= 1,
                      i + components <= glyphs.count else { continue }
                let matches = (1 ..< components).allSatisfy { c in bytes.u16(ligature + 2 + c * 2).map { UInt32($0) } == glyphs[i + c] }
                if matches { return (UInt32(glyph), components) }
            }
        }
        return nil
    }
}

/// Big-endian numbers read from a font table, nil past its end.
struct BigEndianBytes {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func u16(_ at: Int) -> Int? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        return Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }

    func u32(_ at: Int) -> Int? {
        guard let high = u16(at), let low = u16(at + 2) else { return nil }
        return high << 16 | low
    }

    /// A four-letter table or feature tag.
    func tag(_ at: Int) -> String? {
        guard at >= 0, at + 4 <= bytes.count else { return nil }
        return String(decoding: bytes[at ..< at + 4], as: UTF8.self)
    }

    /// A glyph's index in a coverage table (format 1: a sorted list; format 2: ranges), nil when not covered.
    func coverageIndex(of glyph: UInt32, at coverage: Int) -> Int? {
        guard let format = u16(coverage), let count = u16(coverage + 2), glyph <= 0xFFFF else { return nil }
        let g = Int(glyph)
        let size = format == 1 ? 2 : 6
        guard format == 1 || format == 2 else { return nil }
        var low = 0, high = count - 1
        while low <= high {
            let middle = (low + high) / 2
            let at = coverage + 4 + middle * size
            guard let first = u16(at) else { return nil }
            let last = format == 1 ? first : (u16(at + 2) ?? -1)
            if g < first {
                high = middle - 1
            } else if g > last {
                low = middle + 1
            } else {
                return format == 1 ? middle : u16(at + 4).map { $0 + g - first }
            }
        }
        return nil
    }
}

extension EmojiRuns {
    /// An emoji run's glyphs by a font's cmap and ligatures: each scalar's
    /// glyph, the joiners and selectors the font lacks left out (a shaper hides
    /// them too), the ligatures applied, and joiners and selectors that joined
    /// nothing dropped. A sequence the font knows becomes one glyph.
    public static func glyphs(of run: String, cmap: (Unicode.Scalar) -> UInt32, ligatures: FontLigatures) -> [UInt32] {
        var glyphs: [UInt32] = [], shapingOnly: [Bool] = []
        for s in run.unicodeScalars {
            let glyph = cmap(s)
            if glyph == 0, isShapingOnly(s) || (0xFE00 ... 0xFE0F).contains(s.value) { continue }
            glyphs.append(glyph)
            shapingOnly.append(isShapingOnly(s))
        }
        return ligatures.apply(glyphs).filter { $0.joins.count > 1 || !shapingOnly[$0.joins.lowerBound] }.map(\.glyph)
    }
}

/// Where a table lies in a font file: an OpenType or TrueType file, or one face of a collection (.ttc).
public enum FontTables {
    /// The offset and length of table `tag` of face `face`, reading the file's
    /// header and table directory through `bytes` (offset, count); nil when
    /// the file is not a font, has no such face or no such table.
    public static func locate(_ tag: String, face: Int, bytes: (_ offset: Int, _ count: Int) -> [UInt8]?) -> (offset: Int, length: Int)? {
        guard let head = bytes(0, 12) else { return nil }
        var start = 0
        if BigEndianBytes(head).tag(0) == "ttcf" {
            guard face >= 0, face < BigEndianBytes(head).u32(8) ?? 0, let entry = bytes(12 + face * 4, 4),
                  let offset = BigEndianBytes(entry).u32(0) else { return nil }
            start = offset
        } else if face != 0 {
            return nil
        }
        guard let header = bytes(start, 12), let tables = BigEndianBytes(header).u16(4),
              let directory = bytes(start + 12, tables * 16) else { return nil }
        let entries = BigEndianBytes(directory)
        for t in 0 ..< tables where entries.tag(t * 16) == tag {
            guard let offset = entries.u32(t * 16 + 8), let length = entries.u32(t * 16 + 12) else { return nil }
            return (offset, length)
        }
        return nil
    }
}
