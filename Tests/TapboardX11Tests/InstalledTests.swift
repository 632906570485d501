import Foundation
import TapboardTestKit
import Testing

/// The keyboard as a user installs it: scripts/test-package runs this suite with
/// `TAPBOARD_BIN` naming the installed `/usr/bin/tapboard` (from the Debian
/// package) or the `bin/tapboard` of the release tarball unpacked in a scratch
/// folder, and `TAPBOARD_INSTALLED=1`; other runs skip it. The binary finds its
/// data where it was installed: the text has a German letter, so the layout is
/// the installed `de`, and an emoji, from the installed emoji list.
@Suite("The installed keyboard: tapboard type into xterm and GTK 3 (scripts/test-package)", .serialized,
       .enabled(if: ProcessInfo.processInfo.environment["TAPBOARD_INSTALLED"] == "1",
                "scripts/test-package runs it on the installed binary"))
struct InstalledTests {
    /// Its own data only: no user configuration, no data directory but the installation's.
    static let environment = ["HOME": "/nonexistent", "XDG_CONFIG_HOME": "/nonexistent", "XDG_DATA_DIRS": "/nonexistent"]
    static let text = "Grüße 👍 ok"

    /// `tapboard type TEXT`, waited for (deadline); how it ended and what it said.
    static func type(_ text: String, on desktop: Desktop) throws -> (status: TapboardTestKit.ExitStatus?, said: String) {
        let type = try ChildProcess(try Keyboard.locateBinary(), ["type", text, "--display", desktop.xvfb.displayName],
                                    environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        return (type.wait(until: Deadline(.seconds(30))), type.standardError)
    }

    @Test("A GTK 3 entry, no window manager: the text arrives exactly")
    func gtk() throws {
        let desktop = try Desktop(focusTarget: false)
        let app = try ToolkitFields(.gtk3, on: desktop, size: (1280, 500), environment: KioskTests.noBridge)
        let keyboard = try desktop.launchKeyboard(arguments: ["--layout", "de"], environment: Self.environment)
        desktop.tapper.tap(app.centre("entry"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "entry" }, "the entry did not take the focus")
        let type = try Self.type(Self.text, on: desktop)
        #expect(type.status == .exited(0), "\(type.said)")
        #expect(desktop.waitForOutput(of: app.process) { _ in app.text("entry") == Self.text }, "\(app.text("entry").debugDescription)")
        #expect(desktop.tapper.noKeyDown)
        #expect(keyboard.standardError == "")
    }

    @Test("xterm, no window manager: the line arrives exactly")
    func xterm() throws {
        let desktop = try Desktop(focusTarget: false)
        let xterm = try XtermLine(on: desktop.xvfb.displayName, geometry: "100x20+0+0")
        let keyboard = try desktop.launchKeyboard(arguments: ["--layout", "de"], environment: Self.environment)
        desktop.tapper.move(to: xterm.inside)
        let type = try Self.type(Self.text + "\n", on: desktop)
        #expect(type.status == .exited(0), "\(type.said)")
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line == Self.text + "\n" }, "\(xterm.line.debugDescription)")
        #expect(desktop.tapper.noKeyDown)
        #expect(keyboard.standardError == "")
    }
}
