import Foundation

/// A Wayland desktop for one test: a headless sway with a virtual pointer on
/// its seat (put there before any client, see `WaylandPointer`), and the
/// applications typed into: foot writing what it receives to a file, or the
/// GTK 3 fields application on Wayland. Stopped when released.
public final class SwayDesktop {
    public let sway: HeadlessSway
    public let pointer: WaylandPointer
    private let scratch: ScratchDirectory
    private var children: [ChildProcess] = []

    public init(width: Int = 1280, height: Int = 800) throws {
        sway = try HeadlessSway(width: width, height: height)
        scratch = try ScratchDirectory()
        do {
            pointer = try WaylandPointer(sway)
        } catch {
            sway.stop()
            throw error
        }
    }

    deinit {
        for child in children.reversed() { _ = child.terminate() }
        pointer.close()
        sway.stop()
    }

    /// A scratch directory of the test's.
    public func path(_ name: String) -> String { scratch.path(name) }

    /// Starts foot (app id `target`) running `cat` in raw mode into a file, and
    /// waits until it has the focus; returns the file's path.
    @discardableResult
    public func foot() throws -> String {
        guard let foot = executableOnPath("foot") else { throw HarnessError.programMissing("foot", hint: "scripts/test installs it") }
        let ready = path("ready"), received = path("received")
        // Raw mode before the marker: a key that came before it would wait in the line discipline.
        let child = try ChildProcess(foot, ["--app-id", "target", "--", "sh", "-c", "stty -icanon -echo; : > \(ready); exec cat > \(received)"],
                                     environment: sway.environment)
        children.append(child)
        guard Deadline.waitFor(.seconds(10), until: { FileManager.default.fileExists(atPath: ready) && sway.window(appID: "target")?.focused == true })
        else { throw HarnessError.processFailed("foot did not start with the focus: \(child.standardError)") }
        return received
    }

    /// What foot received so far.
    public func received() -> String { (try? String(contentsOfFile: path("received"), encoding: .utf8)) ?? "" }

    /// Starts the GTK 3 fields application on Wayland (title `fields`) and waits for its places.
    public func gtkFields(width: Int = 800, height: Int = 600) throws -> ToolkitFields {
        var env = sway.environment
        env["GDK_BACKEND"] = "wayland"
        env["NO_AT_BRIDGE"] = "1"
        let app = try ChildProcess(URL(fileURLWithPath: "/usr/bin/python3"), [try ToolkitFields.script(.gtk3), "\(width)", "\(height)"],
                                   environment: env)
        children.append(app)
        return try ToolkitFields(output: app, timeout: .seconds(15))
    }

    /// The keyboard docked below the window `appID` (`SwayKeyboard`).
    public func keyboard(above appID: String = "target", _ arguments: [String], environment: [String: String] = [:]) throws -> SwayKeyboard {
        try SwayKeyboard(sway: sway, pointer: pointer, above: appID, arguments: arguments, environment: environment)
    }

    /// `tapboard` with these arguments on this compositor (`type`, `events`), running.
    public func tapboard(_ arguments: [String]) throws -> ChildProcess {
        let child = try ChildProcess(try Keyboard.locateBinary(), arguments, environment: sway.environment)
        children.append(child)
        return child
    }

    /// Waits until a keyboard's control socket is there (a keyboard started
    /// hidden shows nothing else); false when `keyboard` ends first or time runs out.
    public func waitForControlSocket(of keyboard: ChildProcess, timeout: Duration = .seconds(30)) -> Bool {
        let socket = sway.runtimeDirectory + "/tapboard-" + sway.socketName + ".control"
        return Deadline.waitFor(timeout) { FileManager.default.fileExists(atPath: socket) || !keyboard.isRunning } && keyboard.isRunning
    }

    /// Runs `tapboard switch` with these words to its end: its exit status and stderr.
    public func pressSwitch(_ words: [String]) throws -> (ExitStatus?, String) {
        // Not kept with the desktop's children: it has ended when this returns.
        let child = try ChildProcess(try Keyboard.locateBinary(), ["switch"] + words, environment: sway.environment)
        return (child.wait(until: Deadline(.seconds(10))), child.standardError)
    }

    /// Types `text` by step scan (`Desktop.typeByStepScan`), each switch a
    /// `tapboard switch next` or `select` run to its end, into the keyboard
    /// whose `tapboard events --keys` output is `events`.
    public func typeByStepScan(_ text: String, events: ChildProcess) -> [String] {
        var failures: [String] = []
        func press(_ role: String) {
            do {
                let (status, stderr) = try pressSwitch([role])
                if status != .exited(0) { failures.append("tapboard switch \(role): \(String(describing: status)) \(stderr)") }
            } catch {
                failures.append("tapboard switch \(role): \(error)")
            }
        }
        let typing = Desktop.typeByStepScan(text, output: { events.standardOutput },
                                            waitFor: { test in Deadline.waitFor(.seconds(10)) { test(events.standardOutput) } },
                                            next: { press("next") }, select: { press("select") })
        return failures + typing
    }

    /// Runs `tapboard type` to its end: its exit status and stderr.
    public func type(_ text: String, delay: Int = 20) throws -> (ExitStatus?, String) {
        let child = try tapboard(["type", "--delay", "\(delay)", text])
        return (child.wait(until: Deadline(.seconds(120))), child.standardError)
    }
}
