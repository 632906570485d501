import ArgumentParser
import Foundation
import TapboardTestKit

/// `tapbench typing`: how fast, and how exactly, text typed by a tool arrives
/// in real applications: `tapboard type --fast`, `tapboard type` at its default
/// pace and `xdotool type`, on the same texts in one run. Run through scripts/bench-typing.
struct TypingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "typing",
        abstract: "Type texts with tapboard type (--fast and default) and xdotool type into real applications; characters per second and exactness.",
        discussion: """
            Per cell, on a fresh Xvfb 1280x800 with no window manager: the application started full-window, \
            Tapboard started with --layouts en-US,de,fr,ru,el --no-suggestions --no-dbus (for every tool, so \
            the screen is the same), the field clicked with the pointer and its focus waited for, then the tool \
            run; the time is from the tool's start to the field holding the whole text (polled every 2 ms), \
            characters per second are the text's characters (grapheme clusters) over it. A cell is exact when \
            the field then holds the text and nothing more. The flood (--flood N) types N characters of the \
            mixed texts (no emoji) with the fast tools into each application (the GTK and Qt fields then report \
            their whole text only once it has been still for 300 ms, which the time includes) and says where \
            the text first differs.
            """
    )

    @Option(name: .long, help: ArgumentHelp("Comma-separated applications: gtk3,qt5,xterm,chromium (the flood leaves Chromium out).", valueName: "names"))
    var apps: String = "gtk3,qt5,xterm,chromium"

    @Option(name: .long, help: ArgumentHelp("Comma-separated tools: \(TypingTool.allCases.map(\.rawValue).joined(separator: ",")).", valueName: "names"))
    var tools: String = TypingTool.allCases.map(\.rawValue).joined(separator: ",")

    @Option(name: .long, help: ArgumentHelp("Characters of the flood per application and fast tool (0: none).", valueName: "n"))
    var flood: Int = 10_000

    @Option(name: .long, help: ArgumentHelp("The tapboard binary (default: next to tapbench).", valueName: "path"))
    var tapboard: String?

    func run() throws {
        let binary = tapboard.map { URL(fileURLWithPath: $0) } ?? Tapbench.executableDirectory().appendingPathComponent("tapboard")
        let appKinds = try apps.split(separator: ",").map { name in
            guard let kind = KioskAppKind(rawValue: String(name)) else {
                throw ValidationError("unknown application '\(name)': gtk3, qt5, xterm or chromium")
            }
            return kind
        }
        let toolKinds = try tools.split(separator: ",").map { name in
            guard let tool = TypingTool(rawValue: String(name)) else { throw ValidationError("unknown tool '\(name)'") }
            return tool
        }
        ChildGuard.install()
        say("| text | application | " + toolKinds.map(\.title).joined(separator: " | ") + " |")
        say("|---|---|" + String(repeating: "---|", count: toolKinds.count))
        for (name, text) in TypingTexts.rows {
            for app in appKinds {
                let cells = try toolKinds.map { try TypingCell.measure(text, tool: $0, app: app, tapboard: binary).summary }
                say("| \(name) | \(app.rawValue) | " + cells.joined(separator: " | ") + " |")
            }
        }
        guard flood > 0 else { return }
        let text = TypingTexts.flood(characters: flood)
        say("\nFlood of \(text.count) characters (the mixed texts without emoji, repeated):\n")
        say("| application | " + toolKinds.filter(\.fast).map(\.title).joined(separator: " | ") + " |")
        say("|---|" + String(repeating: "---|", count: toolKinds.filter(\.fast).count))
        // Chromium's field is read from its window's title, which a flood's every change would rewrite whole.
        for app in appKinds where app != .chromium {
            let cells = try toolKinds.filter(\.fast).map {
                try TypingCell.measure(text, tool: $0, app: app, tapboard: binary, timeout: .seconds(600), quiet: true).summary
            }
            say("| \(app.rawValue) | " + cells.joined(separator: " | ") + " |")
        }
    }
}

/// A line on standard output at once (a row as soon as it is measured, into a file or a pipe too).
private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// A tool that types text.
enum TypingTool: String, CaseIterable {
    case tapboardFast = "tapboard-fast"
    case tapboard
    case xdotool

    var title: String {
        switch self {
        case .tapboardFast: return "`tapboard type --fast`"
        case .tapboard: return "`tapboard type`"
        case .xdotool: return "`xdotool type`"
        }
    }

    /// Whether it goes as fast as it can (the flood's tools).
    var fast: Bool { self != .tapboard }

    /// The command that types `text` on a display.
    func command(_ text: String, tapboard: URL, display: String) throws -> (URL, [String]) {
        switch self {
        case .tapboardFast: return (tapboard, ["type", "--fast", "--display", display, text])
        case .tapboard: return (tapboard, ["type", "--display", display, text])
        case .xdotool:
            guard let xdotool = executableOnPath("xdotool") else { throw BenchError.setup("xdotool is not installed") }
            return (xdotool, ["type", "--", text])
        }
    }
}

/// The texts of the table's rows, as in the issue that asked for them.
enum TypingTexts {
    static let rows: [(String, String)] = [
        ("ASCII sentence with digits and symbols", "The quick brown fox jumps over the lazy dog, 1234567890 times! #+=?"),
        ("German and French with €", "Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich; où est le café à 5 €?"),
        ("Russian and Greek", "Съешь же ещё этих мягких французских булок. Ξεσκεπάζω την ψυχοφθόρα βδελυγμία."),
        ("emoji with a skin tone and a flag", "ok 👍🏽 and 🇩🇪 😀 done"),
    ]

    /// `count` characters of the first three texts, one after another, spaces between.
    static func flood(characters count: Int) -> String {
        let pieces = rows.prefix(3).map(\.1)
        var text = ""
        var i = 0
        while text.count < count {
            text += (text.isEmpty ? "" : " ") + pieces[i % pieces.count]
            i += 1
        }
        return String(text.prefix(count))
    }
}

/// One cell: a fresh kiosk, the application, the keyboard, the tool; the time
/// until the text arrived, and whether it arrived exactly.
struct TypingCell {
    var exact: Bool
    var seconds: Double
    var characters: Int
    var arrived: String
    var expected: String

    var summary: String {
        let rate = String(format: "%.0f c/s", Double(characters) / seconds)
        guard !exact else { return "exact, \(rate)" }
        let got = Array(arrived), want = Array(expected)
        let first = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, want.count)
        // What came there and what was typed, a few characters each, for finding why.
        let came = String(got.dropFirst(first).prefix(8)), wanted = String(want.dropFirst(first).prefix(8))
        return "**differs** at \(first) (\(got.count) of \(want.count) arrived; \(came.debugDescription) for \(wanted.debugDescription)), \(rate)"
    }

    /// `quiet`: the GTK and Qt fields report the whole text only once it is still for 300 ms (a flood), which that adds to the time.
    static func measure(_ text: String, tool: TypingTool, app: KioskAppKind, tapboard: URL, timeout: Duration = .seconds(60),
                        quiet: Bool = false) throws -> TypingCell {
        let session = try KioskSession(windowManager: false, sessionBus: false)
        defer { session.close() }
        let application = try app.start(in: session, accessibility: false, extra: quiet ? ["TAPBOARD_FIELDS_QUIET": "1"] : [:])
        let watcher = try WindowWatcher(displayName: session.xvfb.displayName)
        let keyboard = try session.start(tapboard, ["--display", session.xvfb.displayName, "--layouts", "en-US,de,fr,ru,el",
                                                    "--no-suggestions", "--no-dbus"], environment: [:])
        _ = try watcher.waitForWindow(WindowIdentity(classes: ["tapboard"]), child: keyboard, timeout: .seconds(20))
        watcher.close()
        session.tapper.tap(application.fieldPoint)
        if application.fieldHasFocus != nil {
            guard Deadline.waitFor(.seconds(10), until: { application.fieldHasFocus == true }) else {
                throw BenchError.setup("the \(app.rawValue) field did not take the focus")
            }
        }
        let (executable, arguments) = try tool.command(text, tapboard: tapboard, display: session.xvfb.displayName)
        let started = ContinuousClock.now
        let child = try session.start(executable, arguments, environment: ["DISPLAY": session.xvfb.displayName])
        let end = Deadline(timeout)
        var arrivedAt: ContinuousClock.Instant?
        while !end.hasPassed {
            if application.text() == text { arrivedAt = ContinuousClock.now; break }
            // The tool is done and nothing has come for a second: what arrived is all there will be.
            if !child.isRunning, let gaveUp = quietSince(application, for: .seconds(1)), gaveUp { break }
            _ = Deadline(.milliseconds(2)).waitReadable([])
        }
        _ = child.wait(until: Deadline(.seconds(5)))
        let elapsed = (arrivedAt ?? ContinuousClock.now) - started
        // Anything after the text (a character typed twice at the end) shows now.
        _ = Deadline(.milliseconds(200)).waitReadable([])
        let arrived = application.text()
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return TypingCell(exact: arrived == text, seconds: seconds, characters: text.count, arrived: arrived, expected: text)
    }

    /// Whether the field's text stays the same for `quiet` (nil: it changed).
    private static func quietSince(_ app: KioskApp, for quiet: Duration) -> Bool? {
        let before = app.text()
        let end = Deadline(quiet)
        while !end.hasPassed {
            if app.text() != before { return nil }
            _ = Deadline(.milliseconds(20)).waitReadable([])
        }
        return true
    }
}
