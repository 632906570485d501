import Foundation
import TapboardTestKit
import Testing

/// The settings file read by the running keyboard: at start, and again on SIGHUP.
@Suite("The settings file, read by the keyboard", .serialized)
struct SettingsKeyboardTests {
    /// The layout the running keyboard shows (`tapboard keys`).
    static func shownLayout(on desktop: Desktop) throws -> String? {
        let child = try ChildProcess(try Keyboard.locateBinary(), ["keys", "--display", desktop.xvfb.displayName])
        guard child.wait(until: Deadline(.seconds(10))) == .exited(0),
              let shown = try JSONSerialization.jsonObject(with: Data(child.standardOutput.utf8)) as? [String: Any] else { return nil }
        return shown["layout"] as? String
    }

    /// Taps the key shown with this label.
    static func tap(_ label: String, on desktop: Desktop, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let key = try #require(try InputMethodTests.shownKeys(on: desktop).first { $0.label == label }, "no key \(label)", sourceLocation: sourceLocation)
        desktop.tapper.tap(key.centre)
    }

    @Test("Its layouts and a flag by its opposite's name at start; changed, SIGHUP shows the layouts it names; broken, SIGHUP keeps them and says where")
    func startAndReload() throws {
        let desktop = try Desktop()
        let (config, file) = try ScratchDirectory.configuration(settings: "# mine\nlayouts: [de, fr]\nauto-shift: false\n")
        let keyboard = try desktop.launchKeyboard(environment: ["XDG_CONFIG_HOME": config.path])
        #expect(try Self.shownLayout(on: desktop) == "de")
        // German's z, lower case: auto-shift is off.
        try Self.tap("z", on: desktop)
        #expect(desktop.target.waitForText(length: 1) && desktop.target.text == "z", "\(desktop.target.pressLog)")

        try "layouts: [fr]\nauto-shift: false\n".write(toFile: file, atomically: false, encoding: .utf8)
        keyboard.child.send(SIGHUP)
        #expect(desktop.waitUntil { (try? Self.shownLayout(on: desktop)) == "fr" }, "\(keyboard.standardError)")
        try Self.tap("a", on: desktop)
        #expect(desktop.target.waitForText(length: 2) && desktop.target.text == "za", "\(desktop.target.pressLog)")

        try "layouts: [fr]\nscale: 9\n".write(toFile: file, atomically: false, encoding: .utf8)
        keyboard.child.send(SIGHUP)
        #expect(desktop.waitUntil { keyboard.standardError.contains("reload on SIGHUP") })
        #expect(keyboard.standardError.contains("\(file):2:8: scale: --scale must be between 0.25 and 4"), "\(keyboard.standardError)")
        #expect(try Self.shownLayout(on: desktop) == "fr")
        #expect(keyboard.isRunning)
    }

    @Test("A mistake in it at start: one line naming its line and column, exit 64 as for a bad option")
    func brokenAtStart() throws {
        let desktop = try Desktop()
        let (config, file) = try ScratchDirectory.configuration(settings: "theme: dark\nthem: light\n")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = config.path
        let child = try ChildProcess(try Keyboard.locateBinary(), ["--display", desktop.xvfb.displayName, "--no-dbus"], environment: environment)
        #expect(child.wait(until: Deadline(.seconds(10))) == .exited(64))
        #expect(child.standardError == "tapboard: \(file):2:1: them: unknown setting 'them'; the settings are the options of tapboard --help, without -- "
            + "(see 'tapboard --help')\n")
    }

    /// Taps the key with this id once the keyboard shows it (`tapboard keys`).
    static func tap(id: String, on desktop: Desktop) {
        var keys: [(id: String, label: String, centre: ScreenPoint)] = []
        #expect(desktop.waitUntil { keys = (try? InputMethodTests.shownKeys(on: desktop)) ?? []; return keys.contains { $0.id == id } },
                "no key \(id): \(keys.map(\.id))")
        if let key = keys.first(where: { $0.id == id }) { desktop.tapper.tap(key.centre) }
    }

    @Test("The settings page by taps alone: the gear key, the next theme and another layout kept in the file and shown at once; a restarted keyboard has them")
    func pageByTaps() throws {
        let desktop = try Desktop()
        let (config, file) = try ScratchDirectory.configuration(settings: "# mine\nlayouts: [en-US]\n")
        let keyboard = try desktop.launchKeyboard(environment: ["XDG_CONFIG_HOME": config.path])
        func tap(_ id: String) { Self.tap(id: id, on: desktop) }
        tap("page:emoji")
        tap("page:settings")
        #expect(desktop.waitUntil { (try? InputMethodTests.shownKeys(on: desktop).first { $0.id == "settings-theme" }?.label) == "theme: default" })
        tap("settings-theme-next")
        #expect(desktop.waitUntil { (try? String(contentsOfFile: file, encoding: .utf8))?.contains("theme: ") == true })
        let theme = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").first { $0.hasPrefix("theme: ") }.map { String($0.dropFirst(7)) }
        #expect(theme != nil && theme != "default")
        #expect(desktop.waitUntil { (try? InputMethodTests.shownKeys(on: desktop).first { $0.id == "settings-theme" }?.label) == "theme: \(theme ?? "")" })
        let de = try #require(try InputMethodTests.shownKeys(on: desktop).first { $0.label == "de" }, "no de on the first screen")
        desktop.tapper.tap(de.centre)
        #expect(desktop.waitUntil { (try? String(contentsOfFile: file, encoding: .utf8)) == "# mine\nlayouts: [en-US, de]\ntheme: \(theme ?? "")\n" },
                "\((try? String(contentsOfFile: file, encoding: .utf8)) ?? "")")
        tap("page:letters")
        // Two layouts now: the globe key shows at once.
        #expect(desktop.waitUntil { (try? InputMethodTests.shownKeys(on: desktop).contains { $0.id == "layout:next" }) == true })
        #expect(keyboard.standardError == "")
        _ = keyboard.terminate()
        let again = try desktop.launchKeyboard(environment: ["XDG_CONFIG_HOME": config.path])
        #expect(desktop.waitUntil { (try? InputMethodTests.shownKeys(on: desktop).contains { $0.id == "layout:next" }) == true })
        let report = try ChildProcess(try Keyboard.locateBinary(), ["settings"], environment: ["XDG_CONFIG_HOME": config.path])
        _ = report.wait(until: Deadline(.seconds(10)))
        #expect(report.standardOutput.contains("theme: \(theme ?? "")") && report.standardOutput.contains("layouts: [en-US, de]"), "\(report.standardOutput)")
        #expect(again.standardError == "")
    }

    @Test("Larger on the settings page: the keyboard grows at once, its bottom edge where it was; kept as scale 1.1, a restarted keyboard starts at that size")
    func sizeByTaps() throws {
        let desktop = try Desktop()
        let (config, file) = try ScratchDirectory.configuration(settings: "layouts: [en-US]\n")
        let keyboard = try desktop.launchKeyboard(geometry: nil, environment: ["XDG_CONFIG_HOME": config.path])
        let before = keyboard.actual
        func tap(_ id: String) { Self.tap(id: id, on: desktop) }
        tap("page:emoji")
        tap("page:settings")
        #expect(desktop.waitUntil { (try? InputMethodTests.shownKeys(on: desktop).first { $0.id == "settings-size" }?.label) == "size: 100%" })
        tap("settings-larger")
        #expect(desktop.waitUntil { (try? String(contentsOfFile: file, encoding: .utf8)) == "layouts: [en-US]\nscale: 1.1\n" },
                "\((try? String(contentsOfFile: file, encoding: .utf8)) ?? "")")
        var now: [WindowPlacement] = []
        #expect(desktop.waitUntil {
            now = (try? WindowWatcher.placements(named: "tapboard", on: desktop.xvfb.displayName)) ?? []
            return now.first.map { $0.height > before.height && $0.y + $0.height == before.y + before.height } ?? false
        }, "from \(before) to \(now)")
        #expect(desktop.waitUntil { (try? InputMethodTests.shownKeys(on: desktop).first { $0.id == "settings-size" }?.label) == "size: 110%" })
        let grown = now.first
        #expect(keyboard.standardError == "")
        _ = keyboard.terminate()
        let again = try desktop.launchKeyboard(geometry: nil, environment: ["XDG_CONFIG_HOME": config.path])
        #expect(again.actual.height == grown?.height, "restarted at \(again.actual), not \(String(describing: grown))")
    }
}
