import Foundation
import TapboardCatalog
import TapboardCore
import TapboardTestKit
import Testing

/// The clipboard history's file: private, whole or not at all, set aside when damaged, deleted on request.
struct ClipboardFileTests {
    let root: ScratchDirectory
    let file: ClipboardFile
    var path: String { root.path("data/tapboard/clipboard-history.txt") }

    init() throws {
        root = try ScratchDirectory()
        file = ClipboardFile.standard(environment: ["XDG_DATA_HOME": root.path("data"), "HOME": "/nonexistent"])
    }

    private func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test("Saved as 0600 in a 0700 directory it makes, read back the same; none yet is an empty history and no note")
    func saveAndLoad() throws {
        #expect(file.path == path)
        #expect(file.load().isEmpty)
        #expect(file.takeNotes() == [])
        var history = ClipboardHistory()
        history.add("first")
        history.add("second\nline")
        file.save(history)
        #expect(file.takeNotes() == [])
        #expect(try mode(path) == 0o600)
        #expect(try mode(root.path("data/tapboard")) == 0o700)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == history.text())
        #expect(file.load().entries.map(\.text) == ["second\nline", "first"])
        // Nothing left beside it (the temporary file was renamed).
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path("data/tapboard")) == ["clipboard-history.txt"])
        file.delete()
        #expect(!FileManager.default.fileExists(atPath: path))
        file.delete()
        #expect(file.takeNotes() == [], "deleting what is not there is no problem")
    }

    @Test("A damaged file is set aside, said in one line naming it and the line, and a new one started")
    func damaged() throws {
        try FileManager.default.createDirectory(atPath: root.path("data/tapboard"), withIntermediateDirectories: true)
        try "tapboard-clipboard 1\ne\t-\tcut".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(file.load().isEmpty)
        #expect(file.takeNotes() == ["\(path): line 2: the file is cut short (no end line); set aside as \(path).damaged, starting with an empty clipboard history"])
        var history = ClipboardHistory()
        history.add("new")
        file.save(history)
        #expect(file.load().entries.map(\.text) == ["new"])
        #expect(try String(contentsOfFile: path + ".damaged", encoding: .utf8).hasSuffix("cut"))
    }
}
