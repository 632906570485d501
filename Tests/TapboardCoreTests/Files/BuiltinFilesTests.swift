import Foundation
import Testing
@testable import TapboardCore

/// The files built into the binary are the ones in Layouts/ and Themes/, and
/// the layout and theme defined in code say what their files say.
struct BuiltinFilesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The YAML files of a folder, by name without `.yaml`.
    static func files(in folder: String) throws -> [String: String] {
        let dir = root.appendingPathComponent(folder)
        var out: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".yaml") {
            out[String(name.dropLast(5))] = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
        }
        return out
    }

    @Test("the embedded files are Layouts/ and Themes/ as they are (else run scripts/embed-files)",
          arguments: [("Layouts", LayoutSource.builtInFiles), ("Themes", Theme.builtInFiles)])
    func embeddedFilesAreCurrent(folder: String, embedded: [(name: String, text: String)]) throws {
        let onDisk = try Self.files(in: folder)
        #expect(Set(embedded.map(\.name)) == Set(onDisk.keys))
        for file in embedded {
            // The generator drops trailing newlines; the text is otherwise the file's.
            #expect(file.text == onDisk[file.name]?.replacingOccurrences(of: "\\n+$", with: "", options: .regularExpression),
                    "\(folder)/\(file.name).yaml differs from the embedded copy")
        }
    }

    @Test func enUSInCodeIsTheFile() throws {
        let file = try #require(try Self.files(in: "Layouts")["en-US"])
        #expect(try LayoutFile.decode(file, file: "en-US.yaml") == LayoutSource.enUS)
    }

    @Test func defaultThemeInCodeIsTheFile() throws {
        let file = try #require(try Self.files(in: "Themes")["default"])
        #expect(try ThemeFile.decode(file, file: "default.yaml") == Theme.default)
    }

    @Test("every built-in layout file decodes, with real keysyms only where the X side checks them")
    func everyLayoutDecodes() throws {
        let sources = try LayoutSource.builtIn()
        #expect(sources.map(\.name) == LayoutSource.builtInFiles.map(\.name))
        #expect(sources.count >= 20)
    }
}
