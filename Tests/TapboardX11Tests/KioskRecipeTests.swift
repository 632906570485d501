import CX11
import Foundation
import TapboardTestKit
import Testing

/// The kiosk recipe README gives (`share/kiosk/xinitrc`), run as a kiosk
/// builder runs it: `xinit` with the script, here with Xvfb as the server and a
/// GTK 3 application as `KIOSK_APP`; `tapboard` found on the PATH.
@Suite("The kiosk recipe under xinit", .serialized)
struct KioskRecipeTests {
    static let recipe = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("share/kiosk/xinitrc").path

    /// A display number no server uses.
    static func freeDisplay() -> Int {
        var random = SystemRandomNumberGenerator()
        while true {
            let n = Int.random(in: 300 ..< 900, using: &random)
            if !FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock"), !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") {
                return n
            }
        }
    }

    @Test("xinit with the recipe: no window manager, the keyboard follows the focus, and taps on its keys type into the application")
    func recipeTypes() throws {
        let home = try ScratchDirectory()
        let display = ":\(Self.freeDisplay())"
        var env = ProcessInfo.processInfo.environment
        for name in ["DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "NO_AT_BRIDGE", "WAYLAND_DISPLAY"] { env[name] = nil }
        env["PATH"] = try Keyboard.locateBinary().deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["KIOSK_APP"] = "/usr/bin/python3 \(try ToolkitFields.script(.gtk3)) 1280 800"
        // What the keyboard keeps and learns stays in the test.
        for (name, folder) in [("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache"), ("XDG_CONFIG_HOME", "config")] {
            env[name] = home.path(folder)
        }
        let session = try ChildProcess(URL(fileURLWithPath: "/usr/bin/xinit"),
                                       [Self.recipe, "--", "/usr/bin/Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                                       environment: env)
        defer { _ = session.terminate(within: .seconds(10)) }
        let app = try ToolkitFields(output: session, timeout: .seconds(30))
        // The session's bus and the accessibility bus outlive xinit (its SIGHUP makes
        // dbus-daemon reload, not exit): the client's process group ends with the test.
        let groups = ProcessGroups.ofChildren(of: session.pid)
        defer { #expect(ProcessGroups.end(groups), "the session's processes outlived it") }
        let tapper = try Tapper(displayName: display)
        defer { tapper.close() }
        var keyboardWindow: Window?
        _ = Deadline.waitFor(.seconds(15)) {
            keyboardWindow = try? WindowWatcher.topLevelWindows(named: "tapboard", on: display).first?.window
            return keyboardWindow != nil
        }
        let window = try #require(keyboardWindow, "no keyboard window: \(session.standardError)")
        let watch = try MapWatch(display, window: window)
        // The focus to the button and back to the entry: the keyboard shows for it.
        tapper.tap(app.centre("button"))
        tapper.tap(app.centre("entry"))
        #expect(watch.waitUntil(mapped: true, timeout: .seconds(10)), "the keyboard did not show: \(session.standardError)")
        let watcher = try WindowWatcher(displayName: display)
        defer { watcher.close() }
        let placement = try #require(watcher.placement(of: window))
        let frames = try PageFrames.dump(binary: try Keyboard.locateBinary(), size: "\(placement.width)x\(placement.height)",
                                         page: "letters", suggestions: true)
        for letter in "hello" {
            let key = try #require(frames.key(String(letter)))
            tapper.tap(placement.screenPoint(x: key.x + key.width / 2, y: key.y + key.height / 2))
        }
        #expect(Deadline.waitFor(.seconds(10)) { app.text("entry") == "Hello" }, "the entry has \(app.text("entry").debugDescription): \(session.standardError)")
        #expect(tapper.noKeyDown)
    }
}
