import CX11
import Foundation
import TapboardTestKit

/// An application of the kiosk table, running: where its text field is, whether
/// the field says it has the focus, and the text that arrived in it.
protocol KioskApp: AnyObject {
    /// The point a user clicks to put the caret in the field.
    var fieldPoint: ScreenPoint { get }
    /// Whether the field has reported taking the focus; nil when the application cannot tell.
    var fieldHasFocus: Bool? { get }
    /// How many pointer presses the application has handled; nil when it cannot tell.
    var clicks: Int? { get }
    /// The text in the field now.
    func text() -> String
    /// What it is and where its window is, for the notes.
    var summary: String { get }
}

/// The applications of the kiosk table's columns.
enum KioskAppKind: String, Codable {
    case gtk3, qt5, xterm, chromium

    /// What it was given to speak to the accessibility bus in the --auto-show row, for a footnote.
    var accessibility: String {
        switch self {
        case .gtk3: return "GTK 3 reports to it by default"
        case .qt5: return "QT_ACCESSIBILITY=1"
        case .xterm: return "nothing: xterm has no AT-SPI support, so no focus event comes from it"
        case .chromium: return "--force-renderer-accessibility"
        }
    }

    /// Starts it on the kiosk, full-window, and waits until its field can be clicked.
    /// With `accessibility` it speaks to the accessibility bus (Qt: QT_ACCESSIBILITY=1,
    /// Chromium: --force-renderer-accessibility); GTK 3 does whenever it has a session bus.
    /// `extra` is set last (tapbench kiosk --app-env), for trying what else an application needs.
    func start(in session: KioskSession, accessibility: Bool, extra: [String: String]) throws -> KioskApp {
        // With the kiosk's session bus when it has one (as a session would), else none at all
        // (no autolaunch of a bus, no accessibility bridge looking for one).
        var environment: [String: String?] = session.sessionBusAddress == nil
            ? ["DBUS_SESSION_BUS_ADDRESS": "disabled:", "NO_AT_BRIDGE": "1"]
            : session.sessionBusEnvironment.mapValues { $0 } .merging(["NO_AT_BRIDGE": nil]) { $1 }
        if self == .qt5, accessibility { environment["QT_ACCESSIBILITY"] = "1" }
        for (name, value) in extra { environment[name] = value }
        switch self {
        case .gtk3:
            return try ToolkitApp(.gtk3, in: session, environment: environment)
        case .qt5:
            return try ToolkitApp(.qt5, in: session, environment: environment)
        case .xterm:
            return try TerminalApp(in: session, environment: environment)
        case .chromium:
            return try BrowserApp(in: session, environment: environment, accessibility: accessibility)
        }
    }
}

/// ToolkitFields' GTK 3 or Qt 5 application at 1280x800: its entry (GTK) or line edit (Qt).
final class ToolkitApp: KioskApp {
    private let fields: ToolkitFields
    private let script: String
    private let toolkit: ToolkitFields.Toolkit

    init(_ toolkit: ToolkitFields.Toolkit, in session: KioskSession, environment: [String: String?]) throws {
        self.toolkit = toolkit
        script = try ToolkitFields.script(toolkit)
        let process = try session.start(URL(fileURLWithPath: "/usr/bin/python3"), [script, "1280", "800"], environment: environment)
        do {
            fields = try ToolkitFields(output: process, timeout: .seconds(20))
        } catch {
            try? FileManager.default.removeItem(atPath: script)
            throw error
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: script) }

    var fieldPoint: ScreenPoint { fields.centre("entry") }
    var fieldHasFocus: Bool? { fields.focused == "entry" }
    var clicks: Int? { nil }
    func text() -> String { fields.text("entry") }
    var summary: String {
        let entry = fields.places["entry"].map(\.description) ?? "?"
        return "\(toolkit == .gtk3 ? "GTK 3 Gtk.Entry" : "Qt 5 QLineEdit") at \(entry) in a 1280x800 window (ToolkitFields)"
    }
}

/// xterm resized to the whole screen, running `stty raw -echo` and `dd` into a
/// file: every byte the terminal sends arrives there as it is typed, no Return needed.
final class TerminalApp: KioskApp {
    private let scratch: ScratchDirectory
    private let received: String
    private let placement: WindowPlacement

    init(in session: KioskSession, environment: [String: String?]) throws {
        guard let xterm = executableOnPath("xterm") else { throw BenchError.setup("xterm is not installed (apt-get install xterm)") }
        scratch = try ScratchDirectory()
        received = scratch.path("received")
        let ready = scratch.path("ready")
        let watcher = try WindowWatcher(displayName: session.xvfb.displayName)
        defer { watcher.close() }
        let child = try session.start(xterm, ["-e", "sh", "-c", "stty raw -echo && : > \(ready) && exec dd bs=1 status=none of=\(received)"],
                                      environment: environment)
        let window = try watcher.waitForWindow(WindowIdentity(classes: ["xterm", "XTerm"]), child: child, timeout: .seconds(20))
        let full = WindowPlacement(width: 1280, height: 800, x: 0, y: 0)
        placement = watcher.configure(window.window, to: full, timeout: .seconds(5)) ?? window.placement
        // The shell in it has set the terminal raw: what is typed from now on goes to dd byte by byte.
        let end = Deadline(.seconds(10))
        while !FileManager.default.fileExists(atPath: ready) {
            guard !end.hasPassed, child.isRunning else { throw BenchError.setup("the program in xterm did not start: \(child.standardError.suffix(300))") }
            _ = Deadline(.milliseconds(20)).waitReadable([child.exitDescriptor])
        }
    }

    /// Above the keyboards, in the terminal's text.
    var fieldPoint: ScreenPoint { ScreenPoint(x: Int32(placement.x + placement.width / 2), y: Int32(placement.y + 200)) }
    var fieldHasFocus: Bool? { nil }
    var clicks: Int? { nil }
    func text() -> String {
        FileManager.default.contents(atPath: received).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
    var summary: String { "xterm at \(placement) running stty raw -echo; dd bs=1 into a file" }
}

/// `chromium --kiosk` on a page whose `<input autofocus>` copies its value into
/// the document's title on every input event (`*N[value]`: the star while the
/// input has the focus, N the pointer presses the page has handled): the
/// window's _NET_WM_NAME shows what arrived.
final class BrowserApp: KioskApp {
    private let scratch: ScratchDirectory
    private let probe: KioskProbe
    private let window: Window
    private let placement: WindowPlacement
    /// The command line, for the notes.
    let arguments: [String]

    /// Where the input is on the page, CSS pixels (scale 1): left, top, width, height.
    static let input = (x: 40, y: 40, width: 600, height: 60)

    static let page = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>[]</title>
        <style>body { margin: 0 } input { position: absolute; left: \(input.x)px; top: \(input.y)px;
        width: \(input.width)px; height: \(input.height)px; box-sizing: border-box; font-size: 32px }</style></head>
        <body><input id="field" autofocus>
        <script>
        const field = document.getElementById("field");
        let clicks = 0;
        function show() {
            const focused = document.activeElement === field && document.hasFocus();
            document.title = (focused ? "*" : "") + clicks + "[" + field.value + "]";
        }
        for (const name of ["input", "focus", "blur"]) field.addEventListener(name, show);
        document.addEventListener("mousedown", () => { clicks += 1; show(); });
        window.addEventListener("focus", show);
        window.addEventListener("blur", show);
        show();
        </script></body></html>
        """

    init(in session: KioskSession, environment: [String: String?], accessibility: Bool) throws {
        guard let chromium = executableOnPath("chromium") else { throw BenchError.setup("chromium is not installed (apt-get install chromium)") }
        scratch = try ScratchDirectory()
        let page = scratch.path("page.html")
        try Self.page.write(toFile: page, atomically: false, encoding: .utf8)
        probe = session.probe
        // Its own window size: with no window manager --kiosk does not make it full-screen (it maps 1050x780+10+10).
        arguments = ["--kiosk", "--no-sandbox", "--no-first-run", "--user-data-dir=\(scratch.path("profile"))",
                     "--window-position=0,0", "--window-size=1280,800"]
            + (accessibility ? ["--force-renderer-accessibility"] : []) + ["file://\(page)"]
        let watcher = try WindowWatcher(displayName: session.xvfb.displayName)
        defer { watcher.close() }
        let child = try session.start(chromium, arguments, environment: environment)
        let mapped = try watcher.waitForWindow(WindowIdentity(classes: ["Chromium"]), child: child, timeout: .seconds(60))
        window = mapped.window
        guard let title = probe.waitForTitle(of: window, timeout: .seconds(30), until: { $0.contains("[") }), title.contains("[") else {
            throw BenchError.setup("chromium did not load the page within 30 s: \(child.standardError.suffix(300))")
        }
        placement = watcher.placement(of: window) ?? mapped.placement
    }

    var fieldPoint: ScreenPoint {
        placement.screenPoint(x: Double(Self.input.x + Self.input.width / 2), y: Double(Self.input.y + Self.input.height / 2))
    }
    var fieldHasFocus: Bool? { probe.title(of: window)?.hasPrefix("*") ?? false }
    /// The browser activates its window on the press before the page sees it: a counted click has been handled.
    var clicks: Int? {
        guard let title = probe.title(of: window) else { return nil }
        return Int(title.drop { $0 == "*" }.prefix { $0.isNumber })
    }

    /// The value between the title's brackets (Chromium appends " - Chromium").
    func text() -> String {
        guard let title = probe.title(of: window), let open = title.firstIndex(of: "["),
              let close = title.lastIndex(of: "]"), open < close else { return "" }
        return String(title[title.index(after: open)..<close])
    }

    var summary: String { "chromium \(arguments.dropLast().joined(separator: " ")) PAGE at \(placement)" }
}
