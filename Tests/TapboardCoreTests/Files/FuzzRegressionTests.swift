import Foundation
import Testing
@testable import TapboardCore

/// The inputs of the bugs that fuzzing (scripts/fuzz) and its seeds turned up, kept in
/// Fuzz/findings/: each decodes to a clear error, or decodes and places its keys,
/// where it crashed, hung or overflowed the stack before. The fuzz targets use them
/// as seeds too.
struct FuzzRegressionTests {
    static let findings = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/findings")

    static func read(_ kind: String, _ name: String) throws -> String {
        try String(contentsOf: findings.appendingPathComponent(kind).appendingPathComponent(name), encoding: .utf8)
    }

    /// Every file in Fuzz/findings/KIND, so that none is left without a test below.
    static func names(_ kind: String) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: findings.appendingPathComponent(kind).path)) ?? [])
    }

    static let layoutErrors = [
        // Aliases of aliases, four stacks each, 11 levels: 8 million keys (it hung).
        ("alias-bomb.yaml", "alias-bomb.yaml:11:23: YAML syntax error: aliases repeat more than 10000 nodes in all"),
        // 10,000 nested lists: the recursive reader overflowed the stack.
        ("deep-nesting.yaml", "deep-nesting.yaml:2:109: YAML syntax error: nested deeper than 100 levels"),
        // Nested through aliases (a 550 KB file of the same kind overflowed the stack freeing the tree).
        ("deep-aliases.yaml", "deep-aliases.yaml:6:59: YAML syntax error: nested deeper than 100 levels"),
        // Heights that add up to infinity made NaN row heights: Int(NaN) trapped in Geometry.
        ("huge-heights.yaml", "huge-heights.yaml:5:27: pages[0].rows[0].height: expected a height of at most 100 (relative to the other rows), found '1e308'"),
        // An inset of 1e308 key units made a NaN inset: Int(NaN) trapped in Geometry.
        ("huge-inset.yaml", "huge-inset.yaml:5:28: pages[0].rows[0].inset: expected a width of at most 100 key units, found '1e308'"),
    ]

    /// Widths so small that dividing by their sum overflowed: Int(inf) trapped in Geometry.
    /// They are valid (two keys sharing a row equally), and now placed so.
    static let layoutsThatDecode = ["tiny-widths.yaml", "tiny-points.yaml"]

    static let themeErrors = [
        // A padding of 1e300 points: Int(1e300) trapped in Geometry.
        ("huge-padding.yaml", "huge-padding.yaml:2:17: paddings.top: expected a length in points of at most 1000, found 1e300"),
        // A font size of 1e308 points: the renderer's Int(fontSize * scale) would trap (seen in the code, not fuzzed: no X here).
        ("huge-font-size.yaml", "huge-font-size.yaml:2:25: keys.all.font-size: expected a font size in points of at most 200, found 1e308"),
    ]

    @Test("every finding has a test", arguments: ["layout", "theme"])
    func everyFindingIsTested(kind: String) {
        let tested = kind == "layout" ? Set(Self.layoutErrors.map(\.0) + Self.layoutsThatDecode) : Set(Self.themeErrors.map(\.0))
        #expect(Self.names(kind) == tested)
    }

    @Test("a layout finding decodes to a clear error", arguments: layoutErrors)
    func layoutError(name: String, expected: String) throws {
        let text = try Self.read("layout", name)
        #expect(throws: FileError.self) { try LayoutFile.decode(text, file: name) }
        do {
            _ = try LayoutFile.decode(text, file: name)
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test("a layout finding that is valid is placed inside the window", arguments: layoutsThatDecode)
    func layoutPlaced(name: String) throws {
        let source = try LayoutFile.decode(try Self.read("layout", name), file: name)
        for width in [320, 1280] {
            for page in LayoutProvider().layout(for: source, width: width).pages {
                let size = Size(width: width, height: 240)
                let frames = Geometry.frames(for: page, in: size, theme: .default)
                for f in frames {
                    #expect(f.rect.x >= 0 && f.rect.maxX <= size.width && f.rect.y >= 0 && f.rect.maxY <= size.height, "\(f)")
                }
                // The two keys of the first row share it equally.
                if page.name == "letters", width == 1280 {
                    #expect(frames.count == 2 && abs(frames[0].rect.width - frames[1].rect.width) <= 1, "\(frames.map(\.rect))")
                }
            }
        }
    }

    @Test("a theme finding decodes to a clear error", arguments: themeErrors)
    func themeError(name: String, expected: String) throws {
        let text = try Self.read("theme", name)
        #expect(throws: FileError.self) { try ThemeFile.decode(text, file: name) }
        do {
            _ = try ThemeFile.decode(text, file: name)
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test("nesting and aliases within the limits still decode")
    func limitsLeaveRoom() throws {
        // 98 lists around a character: the document's mapping and `letters` make 100 levels.
        let deep = "name: x\nletters: " + String(repeating: "[", count: 98) + "a" + String(repeating: "]", count: 98)
        #expect(throws: FileError.self) { try LayoutFile.decode(deep, file: "l.yaml") }  // a list is not a row: decoded, then refused
        do {
            _ = try LayoutFile.decode(deep, file: "l.yaml")
        } catch {
            #expect(!error.message.contains("nested deeper"), "\(error)")
        }
        let tooDeep = "name: x\nletters: " + String(repeating: "[", count: 99) + "a" + String(repeating: "]", count: 99)
        #expect(throws: FileError.self) { try LayoutFile.decode(tooDeep, file: "l.yaml") }
        do {
            _ = try LayoutFile.decode(tooDeep, file: "l.yaml")
        } catch {
            #expect(error.message == "YAML syntax error: nested deeper than 100 levels", "\(error)")
        }
        // A row aliased 1,000 times repeats 1,000 nodes: well inside the limit.
        let aliased = "name: x\nletters:\n  - &r q w e\n" + String(repeating: "  - *r\n", count: 1000)
        let source = try LayoutFile.decode(aliased, file: "l.yaml")
        guard case .inputSet(let set) = source.definition else { Issue.record("\(source.definition)"); return }
        #expect(set.letters.count == 1001)
    }
}
