import Testing
@testable import TapboardCore

/// GSUB tables built byte by byte: the parts `FontLigatures` reads.
private enum GSUB {
    static func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func u32(_ v: Int) -> [UInt8] { u16(v >> 16) + u16(v & 0xFFFF) }

    /// A ligature substitution (type 4, format 1): for each first glyph, its ligatures as (components after it, glyph).
    static func ligatures(_ sets: [(first: Int, ligatures: [(rest: [Int], glyph: Int)])], ranges: Bool = false) -> [UInt8] {
        let sorted = sets.sorted { $0.first < $1.first }
        var body: [UInt8] = [], setOffsets: [Int] = []
        let head = 6 + 2 * sorted.count
        for set in sorted {
            setOffsets.append(head + body.count)
            var ligatureBytes: [UInt8] = [], offsets: [Int] = []
            for ligature in set.ligatures {
                offsets.append(2 + 2 * set.ligatures.count + ligatureBytes.count)
                ligatureBytes += u16(ligature.glyph) + u16(ligature.rest.count + 1) + ligature.rest.flatMap(u16)
            }
            body += u16(set.ligatures.count) + offsets.flatMap(u16) + ligatureBytes
        }
        let firsts = sorted.map(\.first)
        // Format 2 with one range per glyph, each starting its own coverage index.
        let coverage = ranges ? u16(2) + u16(firsts.count) + firsts.enumerated().flatMap { u16($1) + u16($1) + u16($0) }
            : u16(1) + u16(firsts.count) + firsts.flatMap(u16)
        return u16(1) + u16(head + body.count) + u16(sorted.count) + setOffsets.flatMap(u16) + body + coverage
    }

    static func lookup(type: Int, flag: Int = 0, _ subtables: [[UInt8]]) -> [UInt8] {
        var bytes = u16(type) + u16(flag) + u16(subtables.count)
        var offset = 6 + 2 * subtables.count
        for s in subtables {
            bytes += u16(offset)
            offset += s.count
        }
        return bytes + subtables.joined()
    }

    /// An extension subtable (lookup type 7) holding one of `type`.
    static func extensionOf(type: Int, _ subtable: [UInt8]) -> [UInt8] { u16(1) + u16(type) + u32(8) + subtable }

    static func table(features: [(tag: String, lookups: [Int])], lookups: [[UInt8]]) -> [UInt8] {
        var featureBytes: [UInt8] = u16(features.count), featureBodies: [UInt8] = []
        let recordsEnd = 2 + 6 * features.count
        for feature in features {
            featureBytes += Array(feature.tag.utf8) + u16(recordsEnd + featureBodies.count)
            featureBodies += u16(0) + u16(feature.lookups.count) + feature.lookups.flatMap(u16)
        }
        featureBytes += featureBodies
        var lookupBytes = u16(lookups.count), offset = 2 + 2 * lookups.count
        for l in lookups {
            lookupBytes += u16(offset)
            offset += l.count
        }
        lookupBytes += lookups.joined()
        let scriptList = u16(0)
        let featureList = 10 + scriptList.count
        return u16(1) + u16(0) + u16(10) + u16(featureList) + u16(featureList + featureBytes.count) + scriptList + featureBytes + lookupBytes
    }
}

@Suite("A font's ligatures, read from its GSUB table")
struct FontLigaturesTests {
    /// 10 + 11 → 50, 10 + 11 + 12 → 51 listed first; 20 + 21 → 60 in a later lookup.
    private let table = GSUB.table(
        features: [("ccmp", [0, 2]), ("kern", [1])],
        lookups: [GSUB.lookup(type: 4, [GSUB.ligatures([(10, [([11, 12], 51), ([11], 50)])])]),
                  GSUB.lookup(type: 4, [GSUB.ligatures([(30, [([31], 70)])])]),
                  GSUB.lookup(type: 4, [GSUB.ligatures([(20, [([21], 60)]), (50, [([20], 80)])], ranges: true)])])

    private func glyphs(_ input: [UInt32]) throws -> [UInt32] {
        try #require(FontLigatures(gsub: table)).apply(input).map(\.glyph)
    }

    @Test("The first ligature of a set that matches, anywhere in the run")
    func firstMatch() throws {
        #expect(try glyphs([10, 11, 12]) == [51])
        #expect(try glyphs([10, 11, 13]) == [50, 13])
        #expect(try glyphs([5, 10, 11, 12, 10, 11]) == [5, 51, 50])
        #expect(try glyphs([10]) == [10], "a ligature past the run's end does not match")
    }

    @Test("Lookups apply in their order, each to what the ones before made; only ccmp, liga and rlig")
    func order() throws {
        #expect(try glyphs([10, 11, 20]) == [80], "50 made by the first lookup, joined with 20 by the third")
        #expect(try glyphs([20, 21]) == [60])
        #expect(try glyphs([30, 31]) == [30, 31], "kern is not applied")
    }

    @Test("What each output glyph joined")
    func joins() throws {
        let applied = try #require(FontLigatures(gsub: table)).apply([5, 10, 11, 12, 7])
        #expect(applied.map(\.joins) == [0 ..< 1, 1 ..< 4, 4 ..< 5])
    }

    @Test("Extension lookups are followed; other lookup types and glyph-class flags are said to be left out")
    func lookupKinds() throws {
        let extended = GSUB.table(features: [("liga", [0])],
                                  lookups: [GSUB.lookup(type: 7, [GSUB.extensionOf(type: 4, GSUB.ligatures([(1, [([2], 3)])]))])])
        let read = try #require(FontLigatures(gsub: extended))
        #expect(read.apply([1, 2]).map(\.glyph) == [3])
        #expect(read.readsEveryLookup)
        #expect(try #require(FontLigatures(gsub: table)).readsEveryLookup)
        let mixed = GSUB.table(features: [("ccmp", [0, 1, 2])],
                               lookups: [GSUB.lookup(type: 4, [GSUB.ligatures([(1, [([2], 3)])])]),
                                         GSUB.lookup(type: 6, [GSUB.u16(1)]),
                                         GSUB.lookup(type: 4, flag: 8, [GSUB.ligatures([(4, [([5], 6)])])])])
        let some = try #require(FontLigatures(gsub: mixed))
        #expect(!some.readsEveryLookup)
        #expect(some.apply([1, 2, 4, 5]).map(\.glyph) == [3, 4, 5], "a lookup that skips marks is not applied")
    }

    @Test("No table for a font without ligature lookups or with a damaged header")
    func none() {
        #expect(FontLigatures(gsub: GSUB.table(features: [("kern", [0])], lookups: [GSUB.lookup(type: 4, [GSUB.ligatures([(1, [([2], 3)])])])])) == nil)
        #expect(FontLigatures(gsub: []) == nil)
        #expect(FontLigatures(gsub: GSUB.u16(2) + Array(table.dropFirst(2))) == nil, "an unknown major version")
    }

    @Test("A table cut anywhere reads as fewer ligatures, never past its end")
    func damaged() {
        for length in stride(from: 0, to: table.count, by: 1) {
            let cut = FontLigatures(gsub: Array(table.prefix(length)))
            _ = cut?.apply([10, 11, 12, 20, 21, 50, 20])
        }
        var scrambled = table
        for i in stride(from: 10, to: scrambled.count, by: 3) { scrambled[i] = 0xFF }
        _ = FontLigatures(gsub: scrambled)?.apply([10, 11, 12, 20, 21])
    }

    @Test("An emoji run: joiners and selectors the font lacks left out, those joining nothing dropped")
    func emojiRun() throws {
        // A thumb (1), a tone (2), a joiner (3) and 👍🏽 as 4; VS16 is not in the cmap.
        let gsub = GSUB.table(features: [("ccmp", [0])], lookups: [GSUB.lookup(type: 4, [GSUB.ligatures([(1, [([2], 4)])])])])
        let ligatures = try #require(FontLigatures(gsub: gsub))
        let cmap: (Unicode.Scalar) -> UInt32 = { ["\u{1F44D}": 1, "\u{1F3FD}": 2, "\u{200D}": 3][$0] ?? 0 }
        #expect(EmojiRuns.glyphs(of: "👍🏽", cmap: cmap, ligatures: ligatures) == [4])
        #expect(EmojiRuns.glyphs(of: "👍\u{FE0F}\u{200D}👍", cmap: cmap, ligatures: ligatures) == [1, 1])
        #expect(EmojiRuns.glyphs(of: "👍🏽😀", cmap: cmap, ligatures: ligatures) == [4, 0], "a picture the font lacks stays, as notdef")
    }
}

@Suite("Where a font file's tables are")
struct FontTablesTests {
    /// A font file's header with tables (tag, offset, length), at `start` in the file.
    private func sfnt(_ tables: [(String, Int, Int)]) -> [UInt8] {
        GSUB.u32(0x0001_0000) + GSUB.u16(tables.count) + GSUB.u16(0) + GSUB.u16(0) + GSUB.u16(0)
            + tables.flatMap { Array($0.0.utf8) + GSUB.u32(0) + GSUB.u32($0.1) + GSUB.u32($0.2) }
    }

    private func reader(_ file: [UInt8]) -> (Int, Int) -> [UInt8]? {
        { offset, count in offset + count <= file.count ? Array(file[offset ..< offset + count]) : nil }
    }

    @Test("A table of a single font; none for a tag it lacks or another face")
    func single() {
        let file = sfnt([("cmap", 100, 20), ("GSUB", 200, 50)])
        #expect(FontTables.locate("GSUB", face: 0, bytes: reader(file))! == (200, 50))
        #expect(FontTables.locate("GPOS", face: 0, bytes: reader(file)) == nil)
        #expect(FontTables.locate("GSUB", face: 1, bytes: reader(file)) == nil)
        #expect(FontTables.locate("GSUB", face: 0, bytes: reader(Array(file.prefix(20)))) == nil, "a directory cut short")
    }

    @Test("A table of a collection's second face")
    func collection() {
        let first = sfnt([("GSUB", 300, 10)]), second = sfnt([("GSUB", 400, 60)])
        let header = Array("ttcf".utf8) + GSUB.u32(0x0001_0000) + GSUB.u32(2) + GSUB.u32(20) + GSUB.u32(20 + first.count)
        let file = header + first + second
        #expect(FontTables.locate("GSUB", face: 1, bytes: reader(file))! == (400, 60))
        #expect(FontTables.locate("GSUB", face: 0, bytes: reader(file))! == (300, 10))
        #expect(FontTables.locate("GSUB", face: 2, bytes: reader(file)) == nil)
    }
}
