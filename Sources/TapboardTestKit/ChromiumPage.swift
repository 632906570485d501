import Foundation

/// Debian's Chromium in kiosk mode on a local page with the fields a kiosk's
/// web application has: an `<input>` (entry), an `<input type=password>`
/// (password), a button, and an `<input>` at the bottom of the page (bottom).
/// The page says on the console (which `--enable-logging=stderr` prints) where
/// each is on the screen, then which takes the focus and each field's value as it
/// changes (JSON lines after `tapboard-test `).
public final class ChromiumPage: FieldReports {
    /// Where Debian's package puts it.
    public static let binary = "/usr/bin/chromium"
    /// Whether Chromium is installed (`scripts/test` installs it).
    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    /// The browser's process (its standard error: the page's console).
    public let process: ChildProcess
    /// Where each element is on the screen: entry, password, button, bottom.
    public let places: [String: WindowPlacement]
    /// The page and the browser's profile, removed with it.
    private let directory: ScratchDirectory

    /// Starts Chromium on the desktop's display with an environment (its session bus),
    /// the page `size` pixels large at the screen's origin and `focused` (an element's
    /// id) focused as it loads; waits (deadline 30 s) for the page to say where its elements are.
    public init(on desktop: Desktop, size: (width: Int, height: Int), focused: String? = nil,
                environment: [String: String]) throws {
        guard Self.isInstalled else {
            throw HarnessError.programMissing(Self.binary, hint: "apt-get install chromium (scripts/test does)")
        }
        directory = try ScratchDirectory()
        let page = directory.path("page.html")
        try Self.page(height: size.height, focused: focused).write(toFile: page, atomically: false, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        env["DISPLAY"] = desktop.xvfb.displayName
        // Its crash reports' settings (under $HOME whatever XDG_CONFIG_HOME says) and its
        // shader cache stay in the test too, not in the user's home.
        env["HOME"] = directory.path("home")
        env["XDG_CONFIG_HOME"] = directory.path("home/.config")
        env["XDG_CACHE_HOME"] = directory.path("home/.cache")
        let process = try ChildProcess(URL(fileURLWithPath: Self.binary), [
            // What a kiosk passes: full screen, and web contents on the accessibility bus.
            "--kiosk", "--force-renderer-accessibility",
            // As root, and with a profile of its own.
            "--no-sandbox", "--user-data-dir=\(directory.path("profile"))",
            // Without a window manager nothing makes a kiosk window full screen: placed and sized here.
            "--window-position=0,0", "--window-size=\(size.width),\(size.height)",
            // Quiet and quick: no first-run dialogs, no network, no keyring; the console on stderr.
            "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
            "--password-store=basic", "--enable-logging=stderr",
            "file://\(page)",
        ], environment: env)
        self.process = process
        _ = desktop.waitForOutput(of: process, timeout: .seconds(30)) { _ in
            process.standardError.contains("tapboard-test {\"places\"")
        }
        guard let found = Self.lines(process.standardError).lazy.compactMap({ $0["places"] as? [String: [Double]] }).first else {
            throw HarnessError.processFailed("the page did not load in Chromium: \(process.standardError.suffix(2000))")
        }
        places = found.mapValues { WindowPlacement(width: Int($0[2]), height: Int($0[3]), x: Int($0[0]), y: Int($0[1])) }
        // The page runs before its window maps: a tap before then lands on whatever is under it.
        let instance = "chromium (\(directory.path("profile")))"
        let mapped = desktop.waitUntil(timeout: .seconds(30)) {
            (try? WindowWatcher.topLevelWindows(named: instance, on: desktop.xvfb.displayName).contains { $0.mapped }) ?? false
        }
        guard mapped else { throw HarnessError.timedOut("Chromium's window \(instance) mapping: \(process.standardError.suffix(2000))") }
        // Chromium drops the input that comes before it is ready for it, some time after its
        // window maps: a tap then is lost. Moved over the page until the page sees the pointer.
        var step: Int32 = 0
        let seen = desktop.waitUntil(timeout: .seconds(30)) {
            step ^= 1
            desktop.tapper.move(to: ScreenPoint(x: Int32(size.width / 2) + step, y: Int32(size.height / 2)))
            return process.standardError.contains("tapboard-test {\"pointer\"")
        }
        guard seen else { throw HarnessError.timedOut("the page seeing the pointer: \(log)") }
    }

    deinit { _ = process.terminate() }

    /// Its reports so far (`FieldReports`).
    public var reports: [[String: Any]] { Self.lines(process.standardError) }

    /// What the page said so far, for failure messages.
    public var log: String {
        Self.lines(process.standardError).compactMap { try? JSONSerialization.data(withJSONObject: $0) }
            .map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    }

    /// The page's JSON lines, out of Chromium's log lines: `[...:INFO:CONSOLE:N] "tapboard-test {...}", source: ...`.
    private static func lines(_ log: String) -> [[String: Any]] {
        log.split(separator: "\n").compactMap { line -> [String: Any]? in
            guard let start = line.range(of: "\"tapboard-test "), let end = line.range(of: "\", source: ", options: .backwards),
                  start.upperBound <= end.lowerBound else { return nil }
            return try? JSONSerialization.jsonObject(with: Data(line[start.upperBound ..< end.lowerBound].utf8)) as? [String: Any]
        }
    }

    /// The page: elements placed absolutely, the bottom field near the page's lower edge.
    private static func page(height: Int, focused: String?) -> String {
        """
        <!doctype html>
        <html><head><title>fields</title><style>
        body { margin: 0; }
        input, button { position: absolute; left: 40px; width: 300px; height: 30px; font-size: 16px; }
        </style></head><body>
        <input id="entry" style="top: 40px">
        <input id="password" type="password" style="top: 100px">
        <button id="button" style="top: 160px; width: 120px">button</button>
        <input id="bottom" style="top: \(height - 60)px">
        <script>
        const say = (o) => console.log("tapboard-test " + JSON.stringify(o));
        const elements = [...document.querySelectorAll("input, button")];
        // Each element says when it takes the focus: typing waits for it, as a person sees the caret first.
        for (const e of elements) {
            e.addEventListener("focus", () => say({focus: e.id}));
            e.addEventListener("input", () => say({text: e.id, value: e.value}));
        }
        document.addEventListener("mousemove", () => say({pointer: true}), {once: true});
        \(focused.map { "document.getElementById(\"\($0)\").focus();" } ?? "")
        // In kiosk mode the page starts at the window's origin.
        const places = {};
        for (const e of elements) {
            const r = e.getBoundingClientRect();
            places[e.id] = [window.screenX + r.left, window.screenY + r.top, r.width, r.height];
        }
        say({places});
        </script></body></html>
        """
    }
}
