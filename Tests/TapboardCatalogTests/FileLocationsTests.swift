import Foundation
import Glibc
import Testing
import TapboardCatalog
import TapboardCore
import TapboardTestKit

/// What reading a layout or theme file does with a path that is not an ordinary
/// small file: a FIFO (reading waited for a writer forever), a device (`/dev/zero`
/// never ends), a directory, a file over the size limit. Each is refused at once
/// with one line naming the path and the reason.
@Suite("reading layout and theme files")
struct FileLocationsTests {
    /// A fresh directory holding a FIFO, a directory, a file just over the limit and one at it.
    final class Scratch {
        private let root: ScratchDirectory
        let fifo: String, directory: String, big: String, atLimit: String
        /// The directory itself, for files of a test's own.
        var dir: String { root.path }

        init() throws {
            root = try ScratchDirectory()
            (fifo, directory, big) = try root.makeOddFiles(sizeLimit: FileLocations.maximumFileSize)
            atLimit = root.path("at-limit.yaml")
            // Exactly at the limit: a layout padded with a comment.
            let layout = "name: padded\nletters: [q w e]\n#"
            let padded = layout + String(repeating: " ", count: FileLocations.maximumFileSize - layout.utf8.count)
            try padded.write(toFile: atLimit, atomically: false, encoding: .utf8)
        }
    }

    /// The error reading `path` gives; nil when it reads.
    static func readError(_ path: String) -> CatalogError? {
        do {
            _ = try FileLocations.read(path)
            return nil
        } catch {
            return error as? CatalogError
        }
    }

    /// The parent directories worked out for the search path and the trusted
    /// directory: as splitting at "/" and joining all but the last parts did.
    @Test func droppingComponentsAsSplitAndJoinDid() {
        for path in ["/a/b/c", "/a/b/c/", "a/b", "abc", "/", "", "//x", "/usr/local/bin/tapboard"] {
            for count in 0 ... 5 {
                let parts = path.split(separator: "/", omittingEmptySubsequences: false)
                let joined = parts.dropLast(count).joined(separator: "/")
                #expect(FileLocations.dropping(count, componentsOf: path) == joined, "\(path) less \(count)")
            }
        }
    }

    @Test("a FIFO, a device and a directory are refused without reading them")
    func refusesWhatIsNotARegularFile() throws {
        let s = try Scratch()
        #expect(Self.readError(s.fifo) == .notRegularFile(path: s.fifo))
        #expect(Self.readError(s.fifo)?.description == "\(s.fifo): not a regular file (a device, FIFO or socket); expected a layout or theme file")
        #expect(Self.readError("/dev/zero")?.description == "/dev/zero: not a regular file (a device, FIFO or socket); expected a layout or theme file")
        #expect(Self.readError(s.directory) == .isDirectory(path: s.directory))
        #expect(Self.readError(s.directory)?.description == "\(s.directory): is a directory, not a layout or theme file")
    }

    @Test("a file over 1 MiB is refused; one of exactly 1 MiB is read")
    func sizeLimit() throws {
        let s = try Scratch()
        #expect(Self.readError(s.big) == .tooLarge(path: s.big))
        #expect(Self.readError(s.big)?.description == "\(s.big): larger than 1 MiB; not a layout or theme file")
        let text = try FileLocations.read(s.atLimit)
        #expect(text.utf8.count == FileLocations.maximumFileSize)
        let layout = try Catalog<LayoutSource>.layouts(environment: [:], keysymExists: { _ in true }).item(s.atLimit)
        #expect(layout.name == "padded")
    }

    @Test("a missing file, a name with a NUL byte, a long name, text that is not UTF-8 and a file whose size says 0 (/proc)")
    func otherPaths() throws {
        let s = try Scratch()
        #expect(Self.readError("/nonexistent/x.yaml")?.description == "/nonexistent/x.yaml: cannot read the file: No such file or directory")
        // The NUL is written escaped, as every control character in an error line.
        #expect(Self.readError("/dev/null\0.yaml")?.description == "/dev/null\\u{00}.yaml: cannot read the file: the name contains a NUL byte")
        let long = "/tmp/" + String(repeating: "x", count: 5000) + ".yaml"
        #expect(Self.readError(long)?.description == "\(long): cannot read the file: File name too long")
        let latin1 = s.dir + "/latin1.yaml"
        try #require(FileManager.default.createFile(atPath: latin1, contents: Data([0x6E, 0x61, 0x6D, 0x65, 0x3A, 0x20, 0xE9])))
        #expect(Self.readError(latin1)?.description == "\(latin1): not UTF-8 text")
        #expect(try FileLocations.read("/proc/self/status").contains("Name:"))
    }

    @Test("the search path: the user's directory, then the data directories; relative ones are skipped")
    func searchPath() {
        let dirs = FileLocations.searchPath(kind: "themes", environment: ["XDG_CONFIG_HOME": "/c", "XDG_DATA_DIRS": "/d1:relative:/d2"])
        #expect(dirs.first == "/c/tapboard/themes")
        #expect(dirs.suffix(2) == ["/d1/tapboard/themes", "/d2/tapboard/themes"])
        #expect(FileLocations.configDirectory(kind: "layouts", environment: ["HOME": "/h"]) == "/h/.config/tapboard/layouts")
        #expect(FileLocations.configDirectory(kind: "layouts", environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]) == "/h/.config/tapboard/layouts")
        #expect(FileLocations.configDirectory(kind: "layouts", environment: [:]) == nil)
    }
}
