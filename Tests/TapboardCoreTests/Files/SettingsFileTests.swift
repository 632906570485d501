import Testing
@testable import TapboardCore

@Suite("the settings file: read, and edited keeping what the user wrote")
struct SettingsFileTests {
    static func decode(_ text: String) throws(FileError) -> [SettingsEntry] {
        try SettingsFile.decode(text, file: "s.yaml")
    }

    static func error(_ text: String) -> String? {
        do {
            _ = try decode(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("scalars, lists (flow and block) and flags as the command line's values, with the name's and the value's places")
    func decodes() throws {
        let entries = try Self.decode("""
            # mine
            theme: dark
            layouts: [en-US, de]
            scale: 1.5
            auto-show: true
            switch:
              - select=F12
              - next=F11
            """)
        #expect(entries.map(\.name) == ["theme", "layouts", "scale", "auto-show", "switch"])
        #expect(entries.map(\.value) == ["dark", "en-US, de", "1.5", "true", "select=F12, next=F11"])
        #expect(entries.map(\.isList) == [false, true, false, false, true])
        #expect(entries[0].line == 2 && entries[0].column == 1 && entries[0].valueLine == 2 && entries[0].valueColumn == 8)
        #expect(entries[4].line == 6 && entries[4].valueLine == 7)
    }

    @Test("an empty file, or one of comments only, holds no settings")
    func empty() throws {
        #expect(try Self.decode("").isEmpty)
        #expect(try Self.decode("# nothing yet\n\n").isEmpty)
    }

    @Test("errors name the line and column: syntax, not a mapping, nothing given, a mapping as a value, a duplicate")
    func errors() {
        #expect(Self.error("theme: [dark\n") == "s.yaml:2:1: YAML syntax error: while parsing a flow sequence did not find expected ',' or ']'")
        #expect(Self.error("- theme\n") == "s.yaml:1:1: expected settings: a mapping of option names (as in tapboard --help, without --) to values, found a list")
        #expect(Self.error("theme: dark\nscale:\n") == "s.yaml:2:7: scale: expected a value (scale: VALUE), found nothing")
        #expect(Self.error("dock:\n  edge: top\n") == "s.yaml:2:3: dock: expected a value or a list of names, found a mapping")
        #expect(Self.error("layouts: [de, [ru]]\n") == "s.yaml:1:15: layouts[1]: expected a name, found a list")
        #expect(Self.error("theme: dark\ntheme: light\n") == "s.yaml:2:1: duplicate key 'theme'")
    }

    @Test("a setting changed where it is, comments and the others kept; a new one at the end; one taken out with its list lines")
    func edits() throws {
        let text = """
            # Tapboard
            theme: dark   # mine
            layouts:
              - en-US
              - de
            scale: 1.5

            """
        #expect(SettingsFile.setting("theme", to: .text("light"), in: text) == """
            # Tapboard
            theme: light
            layouts:
              - en-US
              - de
            scale: 1.5

            """)
        #expect(SettingsFile.setting("layouts", to: .list(["fr", "ru"]), in: text) == """
            # Tapboard
            theme: dark   # mine
            layouts: [fr, ru]
            scale: 1.5

            """)
        #expect(SettingsFile.setting("layouts", to: nil, in: text) == "# Tapboard\ntheme: dark   # mine\nscale: 1.5\n")
        #expect(SettingsFile.setting("auto-show", to: .flag(true), in: text) == text + "auto-show: true\n")
        #expect(SettingsFile.setting("theme", to: .text("dark"), in: "") == "theme: dark\n")
        #expect(SettingsFile.setting("theme", to: nil, in: "theme: x\n") == "")
        // `#theme:` and an indented `theme:` are not the setting.
        #expect(SettingsFile.setting("theme", to: .text("a"), in: "#theme: x\nx:\n  theme: y\n") == "#theme: x\nx:\n  theme: y\ntheme: a\n")
    }

    @Test("values written read back as themselves, quoted when plain YAML would read them otherwise",
          arguments: ["dark", "1.5", "/home/me/my theme.yaml", "true", "no", "-0-0", "a: b", "# x", "[x]", "it's", "say \"hi\"", "back\\slash",
                      " padded ", "", "tab\there", "ünïcödé", "null", "~"])
    func roundTrips(value: String) throws {
        let written = SettingsFile.setting("theme", to: .text(value), in: "")
        let read = try Self.decode(written)
        #expect(read.map(\.value) == [value], "\(written)")
        let list = SettingsFile.setting("layouts", to: .list([value, "de"]), in: "")
        #expect(try Self.decode(list).first?.value == value + ", de", "\(list)")
    }
}
