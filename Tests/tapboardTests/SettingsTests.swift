import Foundation
import Testing
@testable import tapboard_commands
import TapboardCore
import TapboardStart
import TapboardTestKit

/// The settings file under the command line: every option by its own name,
/// checked by the table as the command line is, the command line winning.
@Suite("the settings file and the command line")
struct SettingsTests {
    /// A configuration directory of its own, with `text` as its settings file (none if nil).
    final class Config {
        let directory: ScratchDirectory
        var environment: [String: String] { ["XDG_CONFIG_HOME": directory.path, "HOME": "/nonexistent"] }
        var file: String { directory.path + "/tapboard/settings.yaml" }

        init(_ text: String?) throws {
            directory = try ScratchDirectory()
            try FileManager.default.createDirectory(atPath: directory.path + "/tapboard", withIntermediateDirectories: true)
            if let text { try text.write(toFile: file, atomically: false, encoding: .utf8) }
        }

        func resolve(_ commandLine: [String] = []) throws(UserError) -> ResolvedSettings {
            try RunOptions.resolve(commandLine: commandLine, environment: environment)
        }

        /// The one-line error, or nil if there is none.
        func error(_ commandLine: [String] = []) -> String? {
            do {
                _ = try resolve(commandLine)
                return nil
            } catch {
                return error.description.replacingOccurrences(of: file, with: "settings.yaml")
            }
        }
    }

    @Test("each option by its name gives what the command line gives; a flag true, or its opposite false",
          arguments: RunOptions.table.map(\.name).filter { $0 != "--settings" })
    func everyOption(name: String) throws {
        let option = RunOptions.option(name)
        let value = option.example.map { "'\($0)'" } ?? "true"
        let config = try Config("\(option.settingName): \(value)\n")
        let fromCommandLine = try RunOptions(parsing: [name] + (option.example.map { [$0] } ?? []))
        #expect(try config.resolve().options == fromCommandLine)
        if let opposite = option.opposite {
            let undone = try Config("\(opposite.dropFirst(2)): false\n")
            #expect(try undone.resolve().options == fromCommandLine)
            // Given in the file, taken back on the command line.
            #expect(try config.resolve([opposite]).options == RunOptions(), "\(opposite)")
        }
    }

    @Test("no flag's opposite is the name of another option")
    func oppositesAreFree() {
        let names = Set(RunOptions.table.map(\.name))
        for option in RunOptions.table {
            if let opposite = option.opposite { #expect(!names.contains(opposite), "\(opposite)") }
        }
    }

    @Test("the command line over the file: the same option replaced, options that exclude one the file gives leave it out, and the report says so")
    func commandLineWins() throws {
        let config = try Config("""
            theme: dark
            layouts: [en-US, de]
            float: true
            suggestions: false
            scale: 1.5
            """)
        let resolved = try config.resolve(["--theme", "light", "--dock", "top", "--layout", "fr"])
        var expected = RunOptions()
        expected.theme = "light"
        expected.dock = .top
        expected.layout = "fr"
        expected.suggestions = false
        expected.scale = 1.5
        #expect(resolved.options == expected)
        #expect(resolved.passedOver.map(\.entry.name) == ["layouts", "float"])
        let report = resolved.report.replacingOccurrences(of: config.file, with: "settings.yaml")
        #expect(report == """
            # The settings in force: settings.yaml, then the command line.
            # Every option not listed is at its default (tapboard --help).
            layout: fr                      # command line
            theme: light                    # command line
            scale: 1.5                      # settings.yaml:5
            dock: top                       # command line
            suggestions: false              # settings.yaml:4
            # left out: layouts: en-US, de  # settings.yaml:2: give --layout or --layouts, not both
            # left out: float: true         # settings.yaml:3: give one of --dock, --float and --overlay
            """)
    }

    @Test("--xid over a file that places the keyboard: the placing settings left out, the rest kept")
    func embeddedLeavesPlacingOut() throws {
        let config = try Config("dock: top\ntheme: dark\nanimate: true\n")
        let resolved = try config.resolve(["--xid"])
        #expect(resolved.options.theme == "dark" && resolved.options.dock == nil && !resolved.options.animate)
        #expect(resolved.passedOver.map(\.entry.name) == ["dock", "animate"])
    }

    @Test("mistakes in the file name its line and column; the file's settings are checked together, as a command line would be")
    func fileErrors() throws {
        #expect(try Config("them: dark\n").error()
            == "settings.yaml:1:1: them: unknown setting 'them'; the settings are the options of tapboard --help, without --")
        #expect(try Config("theme: dark\nscale: 9\n").error() == "settings.yaml:2:8: scale: --scale must be between 0.25 and 4, not 9.0")
        #expect(try Config("scale: big\n").error()
            == "settings.yaml:1:8: scale: The value 'big' is invalid for '--scale <factor>': expected a number")
        #expect(try Config("auto-show: yes\n").error() == "settings.yaml:1:12: auto-show: expected true or false, found 'yes'")
        #expect(try Config("theme: [a, b]\n").error() == "settings.yaml:1:8: theme: expected one value, found a list")
        #expect(try Config("settings: other.yaml\n").error()
            == "settings.yaml:1:1: settings: the settings file cannot name another; give --settings on the command line")
        #expect(try Config("float: true\noverlay: true\n").error() == "settings.yaml: give one of --dock, --float and --overlay")
        #expect(try Config("theme: [dark\n").error() == "settings.yaml:2:1: YAML syntax error: while parsing a flow sequence did not find expected ',' or ']'")
        // The command line's own mistakes are its own.
        #expect(try Config("theme: dark\n").error(["--dock", "top", "--float"]) == "give one of --dock, --float and --overlay")
    }

    @Test("--settings: another file, or none; a file named that is missing is an error")
    func settingsOption() throws {
        let config = try Config("theme: dark\n")
        #expect(try config.resolve().options.theme == "dark")
        #expect(try config.resolve(["--settings", "none"]).options.theme == nil)
        #expect(try config.resolve(["--settings", "none"]).file == nil)
        let other = try Config("theme: light\n")
        #expect(try config.resolve(["--settings", other.file]).options.theme == "light")
        let missing = config.directory.path + "/missing.yaml"
        #expect(config.error(["--settings", missing])?.hasPrefix("--settings: \(missing)") == true, "\(config.error(["--settings", missing]) ?? "")")
        // No file, no settings: the command line alone.
        let none = try Config(nil)
        #expect(try none.resolve(["--theme", "dark"]).options.theme == "dark")
        #expect(try none.resolve().report.hasPrefix("# No settings file"))
    }

    @Test("A change kept by the keyboard: the file's comments and other settings kept, a flag by its opposite's name, a mistake refused and nothing written")
    func changeKept() throws {
        let config = try Config("# mine\ntheme: dark\n")
        try RunOptions.changeSetting("suggestions", to: "false", commandLine: [], environment: config.environment)
        try RunOptions.changeSetting("auto-show", to: "true", commandLine: [], environment: config.environment)
        try RunOptions.changeSetting("layouts", to: "en-US,de", commandLine: [], environment: config.environment)
        try RunOptions.changeSetting("theme", to: "kiosk", commandLine: [], environment: config.environment)
        let text = try String(contentsOfFile: config.file, encoding: .utf8)
        #expect(text == "# mine\ntheme: kiosk\nsuggestions: false\nauto-show: true\nlayouts: [en-US, de]\n")
        let options = try config.resolve().options
        #expect(!options.suggestions && options.autoShow && options.layouts == "en-US, de" && options.theme == "kiosk")
        #expect(throws: UserError.self) { try RunOptions.changeSetting("scale", to: "9", commandLine: [], environment: config.environment) }
        #expect(throws: UserError.self) { try RunOptions.changeSetting("them", to: "x", commandLine: [], environment: config.environment) }
        #expect(throws: UserError.self) { try RunOptions.changeSetting("theme", to: "x", commandLine: ["--settings", "none"], environment: config.environment) }
        #expect(try String(contentsOfFile: config.file, encoding: .utf8) == text)
    }
}
