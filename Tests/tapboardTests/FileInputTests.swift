import Foundation
import Glibc
import Testing
import TapboardCatalog
import TapboardTestKit

/// What `--layout`, `--theme` and `check` do with a path that is not an ordinary
/// small file, or a name that is none: one line naming it and the reason, exit 2
/// (TapboardCatalogTests holds the reading itself to its messages).
@Suite("layout and theme arguments")
struct FileInputTests {
    /// A fresh directory holding a FIFO, a directory and a file just over the limit.
    final class Scratch {
        private let root: ScratchDirectory
        let fifo: String, directory: String, big: String

        init() throws {
            root = try ScratchDirectory()
            (fifo, directory, big) = try root.makeOddFiles(sizeLimit: FileLocations.maximumFileSize)
        }
    }

    @Test("tapboard check and --layout refuse a FIFO, /dev/zero, a directory and a big file at once, one line each")
    func binaryRefuses() throws {
        let s = try Scratch()
        let result = try #require(try TapboardBinary.run(["check", s.fifo, "/dev/zero", s.directory, s.big]), "tapboard check hung")
        #expect(result.status == 2)
        #expect(result.stderr == """
            tapboard: \(s.fifo): not a regular file (a device, FIFO or socket); expected a layout or theme file
            tapboard: /dev/zero: not a regular file (a device, FIFO or socket); expected a layout or theme file
            tapboard: \(s.directory): is a directory, not a layout or theme file
            tapboard: \(s.big): larger than 1 MiB; not a layout or theme file

            """)
        for option in ["--layout", "--theme"] {
            let run = try #require(try TapboardBinary.run([option, s.fifo]), "tapboard \(option) FIFO hung")
            #expect(run.status == 2)
            #expect(run.stderr == "tapboard: \(s.fifo): not a regular file (a device, FIFO or socket); expected a layout or theme file\n")
        }
    }

    @Test("a layout or theme name found nowhere: one line listing the names, exit 2")
    func unknownName() throws {
        let layout = try #require(try TapboardBinary.run(["--layout", "klingon"]), "tapboard --layout hung")
        #expect(layout.status == 2)
        #expect(layout.stderr.hasPrefix("tapboard: no layout 'klingon': expected a file path or one of "))
        #expect(layout.stderr.contains("en-US") && layout.stderr.hasSuffix("\n") && layout.stderr.split(separator: "\n").count == 1)
        let theme = try #require(try TapboardBinary.run(["--theme", "neon"]), "tapboard --theme hung")
        #expect(theme.status == 2)
        #expect(theme.stderr.hasPrefix("tapboard: no theme 'neon': expected a file path or one of "))
    }
}
