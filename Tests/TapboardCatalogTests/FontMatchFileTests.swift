import Foundation
import TapboardCatalog
import TapboardCore
import TapboardTestKit
import Testing

/// The fonts fontconfig matched, kept between starts: the catalog reads and
/// writes the file (whole or not at all), and stamps what a record watches.
struct FontMatchFileTests {
    let root: ScratchDirectory

    init() throws { root = try ScratchDirectory() }

    private static let record = FontMatchRecord(
        context: "0123456789abcdef",
        watched: [.init(path: "/etc/fonts/fonts.conf", stamp: .init(inode: 12, size: 345, seconds: 1_700_000_000, nanoseconds: 5)),
                  .init(path: "/usr/share/fonts/none", stamp: nil)],
        places: [.init(path: "/root/.fonts", stamp: nil)],
        patterns: [.init(family: "DejaVu Sans", pixelSize: 18): "DejaVu Sans:pixelsize=18:file=/usr/share/fonts/DejaVuSans.ttf"])

    private func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test("A record written (0600, its directories made 0700) reads back as itself; no temporary file is left beside it")
    func roundTrip() throws {
        let path = root.path("cache/tapboard/font-matches")
        #expect(FontMatchFile.read(path) == nil)
        #expect(FontMatchFile.write(Self.record, to: path) == nil)
        #expect(FontMatchFile.read(path) == Self.record)
        #expect(try mode(path) == 0o600)
        #expect(try mode(root.path("cache/tapboard")) == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path("cache/tapboard")) == ["font-matches"])
        // Written again, the whole file is replaced.
        var other = Self.record
        other.patterns = [:]
        #expect(FontMatchFile.write(other, to: path) == nil)
        #expect(FontMatchFile.read(path) == other)
    }

    @Test("A file that is torn, another format or not a regular file reads as no record")
    func unreadable() throws {
        let path = root.path("font-matches")
        let text = try #require(Self.record.serialized())
        try String(text.prefix(text.count / 2)).write(toFile: path, atomically: false, encoding: .utf8)
        #expect(FontMatchFile.read(path) == nil)
        try "tapboard font matches 1\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(FontMatchFile.read(path) == nil)
        // A FIFO is not waited on.
        let odd = try root.makeOddFiles(sizeLimit: FontMatchFile.maximumSize)
        #expect(FontMatchFile.read(odd.fifo) == nil)
        #expect(FontMatchFile.read(odd.directory) == nil)
        #expect(FontMatchFile.read(odd.big) == nil)
    }

    @Test("What cannot be written says why and leaves nothing: a directory in the way, a pattern with a line break")
    func notWritten() throws {
        try "".write(toFile: root.path("file"), atomically: false, encoding: .utf8)
        #expect(FontMatchFile.write(Self.record, to: root.path("file/font-matches")) != nil)
        var broken = Self.record
        broken.patterns[.init(family: "Bad\nFamily", pixelSize: 9)] = "x"
        #expect(FontMatchFile.write(broken, to: root.path("font-matches")) != nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["file"])
    }

    @Test("A stamp is the file's inode, size and time; none for a path that does not exist")
    func stamps() throws {
        let path = root.path("watched")
        #expect(FontMatchFile.stamp(path) == nil)
        try "one".write(toFile: path, atomically: false, encoding: .utf8)
        let first = try #require(FontMatchFile.stamp(path))
        #expect(first.size == 3)
        try "three".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(FontMatchFile.stamp(path)?.size == 5)
        #expect(FontMatchFile.stamp(path)?.inode == first.inode)
    }

    @Test("The context's variables are named with their values, an unset one marked as such")
    func variables() {
        let variables = FontMatchFile.contextVariables()
        #expect(variables.count == 8)
        #expect(variables.allSatisfy { $0.hasPrefix("FONTCONFIG_") || $0.hasPrefix("FC_") || $0.hasPrefix("LC_") || $0.hasPrefix("LANG") })
    }

    @Test("A store keeps what was matched under its context, writes it once, and reads it back at the next start")
    func store() throws {
        // The cache's directory made first: a directory watched changes when an entry is added to it.
        try FileManager.default.createDirectory(atPath: root.path("cache"), withIntermediateDirectories: false)
        let path = root.path("cache/font-matches-test")
        let font = root.path("font.ttf")
        try "glyphs".write(toFile: font, atomically: false, encoding: .utf8)
        let first = FontMatchStore(path: path)
        #expect(!first.isCurrent)
        first.check(context: "one")
        first.remember(family: "Sans", pixelSize: 20, value: "0:" + font, file: font, paths: { [root.path] })
        first.save()
        let second = FontMatchStore(path: path)
        second.check(context: "one")
        #expect(second.kept(family: "Sans", pixelSize: 20) == "0:" + font)
        #expect(second.kept(family: "Sans", pixelSize: 21) == nil)
        let other = FontMatchStore(path: path)
        other.check(context: "two")
        #expect(other.kept(family: "Sans", pixelSize: 20) == nil, "kept under another context")
        // The font file changed: the record is not current.
        try "other glyphs".write(toFile: font, atomically: false, encoding: .utf8)
        #expect(!FontMatchStore(path: path).isCurrent)
    }

    @Test("The watched paths: each configuration file with its directory, then the directories, each once")
    func watchedPaths() {
        let paths = FontMatchStore.watchedPaths(configFiles: ["/etc/fonts/fonts.conf", "/etc/fonts/conf.d/10-a.conf"],
                                                configDirs: ["/etc/fonts/conf.d"], fontDirs: ["/usr/share/fonts", "/etc/fonts"])
        #expect(paths == ["/etc/fonts/fonts.conf", "/etc/fonts", "/etc/fonts/conf.d/10-a.conf", "/etc/fonts/conf.d", "/usr/share/fonts"])
    }
}
