import Testing
@testable import TapboardCore

/// `FontMatchRecord`: written and read back whole, refused when anything it
/// depended on changed, and nothing but its own format accepted.
struct FontMatchRecordTests {
    static let stamp = FontMatchRecord.Stamp(inode: 1_234, size: 757_076, seconds: 1_700_000_000, nanoseconds: 123_456_789)
    static let pattern = "DejaVu Sans-20.8594:familylang=en:style=Book:pixelsize=29:file=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:charset=20-7e a0-2e9"

    static func sample() -> FontMatchRecord {
        FontMatchRecord(
            context: FontMatchRecord.digest(["LANG=C", "1280", "800"]),
            watched: [FontMatchRecord.Watched(path: "/etc/fonts/fonts.conf", stamp: stamp),
                      FontMatchRecord.Watched(path: "/home/a b/.fonts.conf", stamp: nil),
                      FontMatchRecord.Watched(path: "/big", stamp: .init(inode: .max, size: 0, seconds: -5, nanoseconds: 0))],
            places: [FontMatchRecord.Watched(path: "/home/a/.local/share/fonts", stamp: nil),
                     FontMatchRecord.Watched(path: "/home/a/.fonts", stamp: stamp)],
            patterns: [FontMatchRecord.Request(family: "DejaVu Sans", pixelSize: 29): pattern,
                       FontMatchRecord.Request(family: "Noto: Sans, Bold", pixelSize: 19): "Noto\\: Sans\\, Bold-14:pixelsize=19"])
    }

    @Test("what it writes reads back as the same record, and writes the same again")
    func roundTrip() throws {
        let record = Self.sample()
        let text = try #require(record.serialized())
        let again = try #require(FontMatchRecord(parsing: text))
        #expect(again == record)
        #expect(again.serialized() == text)
    }

    @Test("current only with the same context and every watched path as it was")
    func currency() {
        let record = Self.sample()
        let places = record.places.map(\.path)
        var now: [String: FontMatchRecord.Stamp] = ["/etc/fonts/fonts.conf": Self.stamp, "/big": record.watched[2].stamp!,
                                                    "/home/a/.fonts": Self.stamp]
        #expect(record.isCurrent(context: record.context, places: places) { now[$0] })
        #expect(!record.isCurrent(context: FontMatchRecord.digest(["LANG=de_DE.UTF-8", "1280", "800"]), places: places) { now[$0] })
        // A configuration file edited, a user's file that appeared, one taken away.
        var edited = Self.stamp
        edited.nanoseconds += 1
        now["/etc/fonts/fonts.conf"] = edited
        #expect(!record.isCurrent(context: record.context, places: places) { now[$0] })
        now["/etc/fonts/fonts.conf"] = Self.stamp
        now["/home/a b/.fonts.conf"] = Self.stamp
        #expect(!record.isCurrent(context: record.context, places: places) { now[$0] })
        now["/home/a b/.fonts.conf"] = nil
        now["/big"] = nil
        #expect(!record.isCurrent(context: record.context, places: places) { now[$0] })
    }

    @Test("the user's places are compared by what is in them: another data directory without fonts keeps the record, one with fonts does not")
    func userPlaces() {
        let record = Self.sample()
        let now: [String: FontMatchRecord.Stamp] = ["/etc/fonts/fonts.conf": Self.stamp, "/big": record.watched[2].stamp!,
                                                    "/home/a/.fonts": Self.stamp]
        func current(_ places: [String], _ extra: [String: FontMatchRecord.Stamp] = [:]) -> Bool {
            record.isCurrent(context: record.context, places: places) { now.merging(extra) { $1 }[$0] }
        }
        #expect(current(["/home/a/.local/share/fonts", "/home/a/.fonts"]))
        // XDG_DATA_HOME elsewhere, no fonts there: the same fonts are found.
        #expect(current(["/tmp/data/fonts", "/home/a/.fonts"]))
        // Elsewhere, with fonts there: they might match better.
        #expect(!current(["/tmp/data/fonts", "/home/a/.fonts"], ["/tmp/data/fonts": Self.stamp]))
        // HOME elsewhere: ~/.fonts, which held fonts at the match, is no longer looked in.
        #expect(!current(["/home/a/.local/share/fonts"]))
    }

    @Test("a file replaced with the same size and time is another file")
    func inodeCounts() {
        let record = Self.sample()
        var replaced = Self.stamp
        replaced.inode += 1
        let now: [String: FontMatchRecord.Stamp] = ["/etc/fonts/fonts.conf": replaced, "/big": record.watched[2].stamp!,
                                                    "/home/a/.fonts": Self.stamp]
        #expect(!record.isCurrent(context: record.context, places: record.places.map(\.path)) { now[$0] })
    }

    @Test("anything but its own format is refused", arguments: [
        "",
        "tapboard font matches 2\n",
        "tapboard font matches 1\ncontext 00\n",
        "tapboard font matches 2\ncontext 00",
        "tapboard font matches 2\ncontext 00\nwatch 1 2 3\t/a\n",
        "tapboard font matches 2\ncontext 00\nwatch 1 2 3 x\t/a\n",
        "tapboard font matches 2\ncontext 00\nwatch 1 2 3 99999999999999999999\t/a\n",
        "tapboard font matches 2\ncontext 00\nplace gone\t/a\n",
        "tapboard font matches 2\ncontext 00\nabsent\t/a\n",
        "tapboard font matches 2\ncontext 00\nfont 12\tDejaVu Sans\n",
        "tapboard font matches 2\ncontext 00\nfont twelve\tDejaVu Sans\tp\n",
        "tapboard font matches 2\ncontext 00\nsomething else\n",
    ])
    func refused(_ text: String) {
        #expect(FontMatchRecord(parsing: text) == nil)
    }

    @Test("a record whose lines cannot carry a path or family is not written")
    func unwritable() {
        var record = Self.sample()
        record.watched.append(FontMatchRecord.Watched(path: "/a\nb", stamp: nil))
        #expect(record.serialized() == nil)
        record = Self.sample()
        record.patterns[FontMatchRecord.Request(family: "Tab\tFamily", pixelSize: 10)] = "x"
        #expect(record.serialized() == nil)
    }

    @Test("the digest is FNV-1a over the parts, each ended by a zero byte")
    func digest() {
        // FNV-1a 64 of the empty input, then of a single zero byte.
        #expect(FontMatchRecord.digest([]) == "cbf29ce484222325")
        #expect(FontMatchRecord.digest([""]) == "af63bd4c8601b7df")
        #expect(FontMatchRecord.digest(["a", "b"]) != FontMatchRecord.digest(["ab"]))
        #expect(FontMatchRecord.digest(["ab", ""]) != FontMatchRecord.digest(["a", "b"]))
    }
}
