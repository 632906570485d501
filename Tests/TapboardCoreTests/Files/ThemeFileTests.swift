import Foundation
import Testing
@testable import TapboardCore

/// Theme files: every shipped file decodes, missing values fall back, errors say where and what.
struct ThemeFileTests {
    /// The repository's Themes folder, found from this file's place in it.
    static let themesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Themes")

    /// The names of every file in Themes/.
    static var themeFiles: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: themesFolder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }

    static func read(_ name: String) throws -> String {
        try String(contentsOf: themesFolder.appendingPathComponent(name), encoding: .utf8)
    }

    /// The error decoding `text` gives, as the user sees it; nil when it decodes.
    static func error(_ text: String) -> String? {
        do {
            _ = try ThemeFile.decode(text, file: "t.yaml")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func themesFolderHoldsTheShippedThemes() {
        #expect(Set(Self.themeFiles).isSuperset(of: ["default.yaml", "dark.yaml", "high-contrast.yaml", "kiosk.yaml"]))
    }

    @Test(arguments: themeFiles) func everyThemeFileDecodes(_ name: String) throws {
        let theme = try ThemeFile.decode(try Self.read(name), file: name)
        #expect(theme.name + ".yaml" == name)
        #expect(theme.styles.count == KeyClass.allCases.count)
    }

    @Test func defaultFileIsTheBuiltInTheme() throws {
        #expect(try ThemeFile.decode(try Self.read("default.yaml"), file: "default.yaml") == Theme.default)
    }

    /// Over a base that differs in every value, default.yaml still gives Theme.default:
    /// the file sets every value, and the decoder reads every field.
    @Test func defaultFileSetsEveryValue() throws {
        let other = Color(red: 1, green: 2, blue: 3, alpha: 4)
        let style = KeyStyle(background: other, pressedBackground: other, textColor: other, fontFamily: "Other", fontSize: 99,
                             cornerRadius: 99, borderColor: other, borderWidth: 99, shadowColor: other, shadowOffset: 99)
        var base = Theme(name: "other", background: other,
                         paddings: Paddings(top: 99, bottom: 99, rowSpacing: 99, leading: 99, trailing: 99, keySpacing: 99),
                         styles: Dictionary(uniqueKeysWithValues: KeyClass.allCases.map { ($0, style) }),
                         preview: PreviewStyle(background: other, textColor: other, fontScale: 9, borderColor: other),
                         callout: CalloutStyle(background: other, selectedBackground: other, textColor: other,
                                               selectedTextColor: other, borderColor: other),
                         referenceHeight: 999)
        base.highlight = HighlightStyle(color: other, width: 9)
        #expect(try ThemeFile.decode(try Self.read("default.yaml"), file: "default.yaml", over: base) == Theme.default)
    }

    @Test func missingValuesFallBackToTheDefaultTheme() throws {
        let theme = try ThemeFile.decode("""
            name: mine
            paddings: {top: 20}
            keys:
              action: {background: "#112233"}
            preview: {font-scale: 2}
            """, file: "t.yaml")
        var expected = Theme.default
        expected.name = "mine"
        expected.paddings.top = 20
        expected.styles[.action]!.background = Color(hex: 0x112233)
        expected.preview.fontScale = 2
        #expect(theme == expected)
    }

    @Test func allAppliesFirstThenTheClassOwnFields() throws {
        let theme = try ThemeFile.decode("""
            name: mine
            keys:
              space: {font-size: 12}
              all: {font-size: 30, text-color: "#ff000080"}
            """, file: "t.yaml")
        let red = Color(red: 255, green: 0, blue: 0, alpha: 128)
        #expect(theme.style(.space).fontSize == 12)
        #expect(theme.style(.space).textColor == red)
        #expect(theme.style(.character).fontSize == 30)
        #expect(theme.style(.character).textColor == red)
        // What neither gives stays the default theme's for that class.
        #expect(theme.style(.accent).background == Theme.default.style(.accent).background)
        #expect(theme.style(.action).background == Theme.default.style(.action).background)
    }

    @Test func errorsSayWhereAndWhat() {
        #expect(Self.error("background: \"#000000\"\n")
            == "t.yaml:1:1: missing field 'name'")
        #expect(Self.error("name: x\nkeys:\n  space: {font-size: big}\n")
            == "t.yaml:3:22: keys.space.font-size: expected a font size in points, found 'big'")
        #expect(Self.error("name: x\npaddings: [1, 2]\n")
            == "t.yaml:2:11: paddings: expected paddings: a mapping of lengths in points, found a list")
        #expect(Self.error("name: x\nkeys:\n  letter: {background: \"#000000\"}\n")
            == "t.yaml:3:3: keys: unknown field 'letter'; expected all, character, action, space, accent, active-modifier or suggestion")
        #expect(Self.error("name: x\npreview: {colour: \"#000000\"}\n")
            == "t.yaml:2:11: preview: unknown field 'colour'; expected background, text-color, font-scale or border-color")
        #expect(Self.error("name: x\ncallout: {background: xyz}\n")
            == "t.yaml:2:23: callout.background: expected a colour as \"#rrggbb\" or \"#rrggbbaa\", found 'xyz'")
        #expect(Self.error("name: x\nbackground: \"#12345\"\n")
            == "t.yaml:2:13: background: expected a colour as \"#rrggbb\" or \"#rrggbbaa\", found '#12345'")
        #expect(Self.error("name: x\nbackground: #123456\n")
            == "t.yaml:2:12: background: expected a colour as \"#rrggbb\" or \"#rrggbbaa\", found nothing; quote colours, as an unquoted # starts a comment")
        #expect(Self.error("name: x\npaddings: {key-spacing: -2}\n")
            == "t.yaml:2:25: paddings.key-spacing: expected a length in points of 0 or more, found -2")
        #expect(Self.error("name: x\nkeys:\n  all: {font-size: 0}\n")
            == "t.yaml:3:20: keys.all.font-size: expected a font size in points above 0, found 0")
        #expect(Self.error("name: x\nkeys:\n  all: {font-size: 20\n")
            == "t.yaml:4:1: YAML syntax error: while parsing a flow mapping did not find expected ',' or '}'")
        #expect(Self.error("name: my theme\n")
            == "t.yaml:1:7: name: expected a theme name without spaces, commas or slashes, found 'my theme'")
    }
}
