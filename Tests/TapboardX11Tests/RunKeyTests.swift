import Foundation
import TapboardTestKit
import Testing

/// Keys that run programs (`run:`) work in layouts from the user's own config
/// directory, or with --allow-run; a layout file passed by path runs nothing.
@Suite("Run keys", .serialized)
struct RunKeyTests {
    let desktop: Desktop
    /// Stands in for `$XDG_CONFIG_HOME`, with the layout in `tapboard/layouts/runner.yaml`.
    let config: URL
    /// The file the run key's program creates.
    let marker: URL

    init() throws {
        desktop = try Desktop()
        config = FileManager.default.temporaryDirectory.appendingPathComponent("tapboard-run-\(getpid())-\(UInt32.random(in: 0 ... .max))")
        marker = config.appendingPathComponent("ran")
        let layouts = config.appendingPathComponent("tapboard/layouts")
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        try """
            name: runner
            pages:
              - name: keys
                rows:
                  - [{run: [touch, "\(marker.path)"], label: go}, q]

            """.write(to: layouts.appendingPathComponent("runner.yaml"), atomically: false, encoding: .utf8)
    }

    private var layoutPath: String { config.appendingPathComponent("tapboard/layouts/runner.yaml").path }

    /// Taps the run key and waits (deadline) for its program's file.
    private func tapRunKey(_ keyboard: Keyboard) throws -> Bool {
        let frames = try PageFrames.dump(binary: keyboard.binary, size: keyboard.actual.size, page: "keys", arguments: ["--layout", layoutPath])
        let key = try #require(frames.keys.first { $0.id.hasPrefix("run:") })
        desktop.tapper.tap(keyboard.actual.screenPoint(x: key.x + key.width / 2, y: key.y + key.height / 2))
        let end = Deadline(.seconds(5))
        while !FileManager.default.fileExists(atPath: marker.path) && !end.hasPassed {
            desktop.target.handleEvents(until: Deadline(.milliseconds(20)))
        }
        return FileManager.default.fileExists(atPath: marker.path)
    }

    @Test("A layout from the user's own config directory runs its key's program")
    func fromUserConfig() throws {
        defer { try? FileManager.default.removeItem(at: config) }
        let keyboard = try desktop.launchKeyboard(arguments: ["--layout", "runner"], environment: ["XDG_CONFIG_HOME": config.path])
        #expect(try tapRunKey(keyboard))
        #expect(keyboard.isRunning)
        #expect(keyboard.standardError == "")
    }

    @Test("The same file passed by path is refused with the key's place, and runs with --allow-run")
    func byPath() throws {
        defer { try? FileManager.default.removeItem(at: config) }
        let refused = try ChildProcess(try Keyboard.locateBinary(), ["--layout", layoutPath, "--display", desktop.xvfb.displayName])
        #expect(refused.wait(until: Deadline(.seconds(10))) == .exited(2))
        #expect(refused.standardError == "tapboard: \(layoutPath):5:16: pages[0].rows[0][0].run: keys that run programs work only in layouts from your own config directory (~/.config/tapboard/layouts) or with --allow-run\n")
        let keyboard = try desktop.launchKeyboard(arguments: ["--layout", layoutPath, "--allow-run"])
        #expect(try tapRunKey(keyboard))
    }
}
