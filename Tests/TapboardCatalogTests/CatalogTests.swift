import Foundation
import Glibc
import Testing
import TapboardCatalog
import TapboardCore
import TapboardTestKit

@Suite("finding layouts and themes")
struct CatalogTests {
    /// A fresh `$XDG_CONFIG_HOME` with empty `tapboard/layouts` and `tapboard/themes` folders.
    final class Config {
        private let root: ScratchDirectory
        var dir: String { root.path }
        var layouts: String { dir + "/tapboard/layouts" }
        var themes: String { dir + "/tapboard/themes" }
        var environment: [String: String] { ["XDG_CONFIG_HOME": dir, "XDG_DATA_DIRS": dir + "/no-data"] }

        init() throws {
            root = try ScratchDirectory()
            try FileManager.default.createDirectory(atPath: layouts, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: themes, withIntermediateDirectories: true)
        }
    }

    @Test("a user's file found by name that is a FIFO or a directory is refused, naming it")
    func userFileByName() throws {
        let c = try Config()
        try #require(mkfifo(c.layouts + "/piped.yaml", 0o644) == 0)
        try FileManager.default.createDirectory(atPath: c.layouts + "/folder.yaml", withIntermediateDirectories: true)
        let catalog = Catalog<LayoutSource>.layouts(environment: c.environment, keysymExists: { _ in true })
        #expect(throws: CatalogError.notRegularFile(path: c.layouts + "/piped.yaml")) { try catalog.item("piped") }
        do {
            _ = try catalog.item("piped")
        } catch {
            #expect("\(error)" == "\(c.layouts)/piped.yaml: not a regular file (a device, FIFO or socket); expected a layout or theme file")
        }
        do {
            _ = try catalog.item("folder")
            Issue.record("a directory decoded as a layout")
        } catch {
            #expect("\(error)" == "\(c.layouts)/folder.yaml: is a directory, not a layout or theme file")
        }
    }

    @Test("a name found nowhere is an error listing the names there are, the user's first")
    func unknownName() throws {
        let c = try Config()
        try "name: mine\nletters: [q w e]\n".write(toFile: c.layouts + "/mine.yaml", atomically: false, encoding: .utf8)
        let catalog = Catalog<LayoutSource>.layouts(environment: c.environment, keysymExists: { _ in true })
        let names = catalog.names()
        #expect(names.first == "mine")
        #expect(names.contains("en-US") && names.contains("de"))
        #expect(throws: CatalogError.notFound(kind: "layouts", name: "klingon", names: names)) { try catalog.item("klingon") }
        let themes = Catalog<Theme>.themes(environment: c.environment)
        do {
            _ = try themes.item("neon")
            Issue.record("found a theme 'neon'")
        } catch {
            #expect("\(error)" == "no theme 'neon': expected a file path or one of \(themes.names().joined(separator: ", "))")
        }
    }

    @Test("the user's file of a name comes before the built-in one, and may run programs; a file given by path may not")
    func userFileFirst() throws {
        let c = try Config()
        try "name: my-de\nletters: [q w e]\n".write(toFile: c.layouts + "/de.yaml", atomically: false, encoding: .utf8)
        let catalog = Catalog<LayoutSource>.layouts(environment: c.environment, keysymExists: { _ in true })
        #expect(try catalog.item("de").name == "my-de")
        #expect(try catalog.item("fr").name == "fr")
        #expect(catalog.isTrusted(c.layouts + "/de.yaml"))
        #expect(!catalog.isTrusted(c.dir + "/de.yaml"))
        #expect(Catalog<LayoutSource>.isPath("./de") && Catalog<LayoutSource>.isPath("de.yaml") && !Catalog<LayoutSource>.isPath("de"))
    }

    @Test("check reads a file with letters or pages as a layout, any other as a theme")
    func checkedFile() throws {
        let c = try Config()
        let layout = c.dir + "/l.yaml", theme = c.dir + "/t.yaml"
        try "name: l\nletters: [q w e]\n".write(toFile: layout, atomically: false, encoding: .utf8)
        try "name: t\n".write(toFile: theme, atomically: false, encoding: .utf8)
        let layouts = Catalog<LayoutSource>.layouts(environment: c.environment, keysymExists: { _ in true })
        let themes = Catalog<Theme>.themes(environment: c.environment)
        guard case .layout(let source) = try CheckedFile(path: layout, layouts: layouts, themes: themes) else {
            Issue.record("\(layout) read as a theme")
            return
        }
        #expect(source.name == "l")
        guard case .theme(let read) = try CheckedFile(path: theme, layouts: layouts, themes: themes) else {
            Issue.record("\(theme) read as a layout")
            return
        }
        #expect(read.name == "t")
        #expect(throws: CatalogError.cannotRead(path: c.dir + "/none.yaml", reason: "No such file or directory")) {
            try CheckedFile(path: c.dir + "/none.yaml", layouts: layouts, themes: themes)
        }
    }
}
