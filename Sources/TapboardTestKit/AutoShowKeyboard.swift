import CX11
import Foundation

/// The real keyboard following the focus (`--auto-show`) on a desktop, with a
/// private session bus and so its own accessibility bus: started, registered
/// with the accessibility registry for focus events, its (hidden) window found.
public final class AutoShowKeyboard {
    /// The keyboard's process.
    public let process: ChildProcess
    /// Its window, found while it may still be hidden.
    public let window: Window
    /// Its data directory: what it learns stays in the test.
    public let data: ScratchDirectory

    /// Starts `tapboard --auto-show --no-dbus --publish-keys ARGUMENTS` (deadline 10 s for
    /// each step): registered for focus events, its window there. `onSessionBus`:
    /// without `--no-dbus`, the keyboard on the test's session bus too.
    public init(on desktop: Desktop, bus: SessionBus, arguments: [String] = ["--overlay"], onSessionBus: Bool = false) throws {
        guard let a11y = try bus.accessibilityAddress() else {
            throw HarnessError.processFailed("the accessibility bus did not start (at-spi2-core)")
        }
        var env = ProcessInfo.processInfo.environment
        env.merge(bus.environment) { $1 }
        env["DISPLAY"] = nil
        data = try ScratchDirectory()
        env["XDG_DATA_HOME"] = data.path
        // No settings file of the user's.
        env["XDG_CONFIG_HOME"] = data.path("config")
        process = try ChildProcess(try Keyboard.locateBinary(),
                                   ["--display", desktop.xvfb.displayName, "--auto-show", "--publish-keys"] + (onSessionBus ? [] : ["--no-dbus"]) + arguments,
                                   environment: env)
        let registered = Deadline.waitFor(.seconds(10)) {
            (try? bus.busctl(["--address=\(a11y)", "call", "org.a11y.atspi.Registry", "/org/a11y/atspi/registry",
                              "org.a11y.atspi.Registry", "GetRegisteredEvents"]).output.lowercased().contains("statechanged:focused")) ?? false
        }
        guard registered else {
            throw HarnessError.timedOut("the keyboard registering for focus events; its stderr: \(process.standardError)")
        }
        var found: Window?
        _ = Deadline.waitFor(.seconds(10)) {
            found = try? WindowWatcher.topLevelWindows(named: "tapboard", on: desktop.xvfb.displayName).first?.window
            return found != nil
        }
        guard let found else { throw HarnessError.timedOut("the keyboard's window; its stderr: \(process.standardError)") }
        window = found
    }

    deinit { _ = process.terminate() }
}
