import CX11
import Foundation

/// xterm running a shell that reads one line (what the keys typed into the
/// terminal, up to Return) and writes it to a file; it then stays open, reading
/// on, until it is released.
public final class XtermLine {
    /// The xterm process.
    public let process: ChildProcess
    /// Its window, once mapped.
    public let window: MappedWindow
    private let scratch: ScratchDirectory
    private let displayName: String

    /// Starts xterm at an X geometry (`COLSxROWS+X+Y`) on a display, with variables
    /// added to its environment, and waits (deadline 15 s) for its window.
    /// `editing`: the line is read by bash's readline (arrow keys move the caret,
    /// Ctrl+W deletes a word, as at a shell's prompt), not by the terminal's plain line.
    public init(on displayName: String, geometry: String, environment added: [String: String] = [:], editing: Bool = false) throws {
        scratch = try ScratchDirectory()
        self.displayName = displayName
        let file = scratch.path("line")
        var environment = ProcessInfo.processInfo.environment
        environment.merge(added) { $1 }
        environment["DISPLAY"] = displayName
        let watcher = try WindowWatcher(displayName: displayName)
        defer { watcher.close() }
        process = try ChildProcess(URL(fileURLWithPath: "/usr/bin/xterm"),
                                   ["-geometry", geometry, "-e", editing ? "bash" : "sh", "-c",
                                    "read \(editing ? "-e -r " : "")line; echo \"$line\" > \(file).tmp; mv \(file).tmp \(file); exec cat > /dev/null"],
                                   environment: environment)
        window = try watcher.waitForWindow(WindowIdentity(classes: ["XTerm", "xterm"]), child: process, timeout: .seconds(15))
    }

    deinit { _ = process.terminate() }

    /// The line the terminal read, with its newline; nil until Return came.
    public var line: String? { try? String(contentsOfFile: scratch.path("line"), encoding: .utf8) }

    /// Whether the terminal's window has the input focus (a keyboard on a
    /// server with no window manager gives it once the pointer has entered it).
    public var hasFocus: Bool {
        guard let display = XOpenDisplay(displayName) else { return false }
        defer { XCloseDisplay(display) }
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(display, &focus, &revert)
        return focus == window.window
    }

    /// A point inside the terminal's window.
    public var inside: ScreenPoint {
        ScreenPoint(x: Int32(window.placement.x + 40), y: Int32(window.placement.y + 40))
    }
}
