import Foundation
import TapboardTestKit

/// A row of the kiosk table: a keyboard as a user starts it.
enum KioskRow: String, CaseIterable, Codable {
    case tapboard
    case tapboardAutoShow = "tapboard-auto-show"
    case matchbox = "matchbox-keyboard"
    case xvkbd
    case onboard

    /// The row's label in the table.
    var label: String {
        switch self {
        case .tapboard: return "Tapboard (default)"
        case .tapboardAutoShow: return "Tapboard `--auto-show`"
        default: return rawValue
        }
    }

    /// Whether the keyboard shows by itself when a field takes the focus (started before the application).
    var showsItself: Bool { self == .tapboardAutoShow }

    /// How the bench starts it. Tapboard with its default options (no `--geometry`, auto-shift on,
    /// the strip on), learning and caching into `data`, never the user's; the peers as tapbench starts them.
    func spec(tapboard binary: URL, data: URL) -> KeyboardSpec {
        switch self {
        case .tapboard, .tapboardAutoShow:
            let extra = self == .tapboardAutoShow ? ["--auto-show"] : []
            var spec = KeyboardSpec.tapboard(binary: binary, name: rawValue)
            spec.arguments = { display, _ in ["--display", display] + extra }
            spec.environment["XDG_DATA_HOME"] = data.appendingPathComponent("data").path
            spec.environment["XDG_CACHE_HOME"] = data.appendingPathComponent("cache").path
            spec.needsSessionBus = self == .tapboardAutoShow
            return spec
        case .matchbox: return .matchbox(executable: Self.onPath("matchbox-keyboard"))
        case .xvkbd: return .xvkbd(executable: Self.onPath("xvkbd"))
        case .onboard: return .onboard(executable: Self.onPath("onboard"))
        }
    }

    private static func onPath(_ name: String) -> URL { executableOnPath(name) ?? URL(fileURLWithPath: "/usr/bin/\(name)") }
}

/// A column of the kiosk table: an application, with or without a window manager.
enum KioskColumn: String, CaseIterable, Codable {
    case gtk3
    case gtk3Openbox = "gtk3-openbox"
    case qt5
    case xterm
    case chromium

    /// The column's heading.
    var heading: String {
        switch self {
        case .gtk3: return "GTK 3 entry, no WM"
        case .gtk3Openbox: return "GTK 3, openbox"
        case .qt5: return "Qt 5 line edit, no WM"
        case .xterm: return "xterm, no WM"
        case .chromium: return "Chromium `--kiosk` page input, no WM"
        }
    }

    /// Its application.
    var app: KioskAppKind {
        switch self {
        case .gtk3, .gtk3Openbox: return .gtk3
        case .qt5: return .qt5
        case .xterm: return .xterm
        case .chromium: return .chromium
        }
    }

    /// Whether openbox manages the windows.
    var windowManager: Bool { self == .gtk3Openbox }
}

/// One cell: what arrived in the field after `h e l l o` was tapped, and what was left pressed.
struct KioskCell: Codable {
    var row: KioskRow
    var column: KioskColumn
    /// The text in the field after the taps; nil when nothing could be tapped (see `unmeasured`).
    var text: String?
    /// Why the keys were not tapped (never shown, covered, did not start), for the cell and its footnote.
    var unmeasured: String?
    /// The longer reason behind `unmeasured`.
    var failure: String?
    /// Keys the server reported down after the taps (XQueryKeymap), named.
    var keysLeftDown: [String] = []
    /// XKB modifiers held, latched or locked after the taps that were not before the keyboard started.
    var modifiersLeft: [String] = []
    /// Pointer buttons still down after the taps (a mask; 0 for none).
    var buttonsLeftDown: UInt32 = 0
    /// For a keyboard that shows itself: ms from the click in the field to its window mapping (negative: before the click).
    var shownMillisecondsAfterClick: Double?
    /// What was doubtful (focus not reported, an odd exit): footnotes of the table.
    var notes: [String] = []
    /// Where the application's field and the keyboard were, for the JSON.
    var places: [String] = []
    /// The keyboard's command line (display written :N).
    var command: String?
    /// How long the cell took, s.
    var seconds: Double = 0

    /// Whether any key, modifier or button was left pressed, latched or locked; nil when nothing was tapped.
    var leftPressed: Bool?
}

/// Measures the kiosk table's cells, each on a fresh kiosk: the application
/// started full-window, its field clicked with the pointer, `h e l l o` tapped at
/// each key's centre 125 ms apart, then what the field holds.
struct KioskRun {
    /// The tapboard binary.
    let tapboard: URL
    /// Variables set for every application besides the method's (`--app-env`).
    let appEnvironment: [String: String]
    /// Progress lines go here (stderr).
    let log: (String) -> Void

    /// The letters tapped.
    static let word = "hello"
    /// Between taps, as a hand taps (8 a second).
    static let tapInterval = Duration.milliseconds(125)
    /// After the last tap: how long the text may take to reach the word's length, then how long nothing more must arrive.
    static let arrival = Duration.seconds(3), quiet = Duration.milliseconds(500)
    /// How long a keyboard that shows itself is given after the click.
    static let showTimeout = Duration.seconds(10)
    /// Where the pointer starts: the middle of the screen (where Xvfb puts it), over the application.
    static let start = ScreenPoint(x: 640, y: 400)

    /// Measures one cell; failures end up in the cell, never thrown.
    func run(_ row: KioskRow, _ column: KioskColumn) -> KioskCell {
        let began = MonotonicClock.now
        var cell = KioskCell(row: row, column: column)
        let data = KeyboardSpec.dataRoot.appendingPathComponent("kiosk-\(row.rawValue)-\(column.rawValue)")
        do {
            let spec = row.spec(tapboard: tapboard, data: data)
            let session = try KioskSession(windowManager: column.windowManager, sessionBus: spec.needsSessionBus)
            defer { session.close() }
            try measure(row, column, spec: spec, in: session, into: &cell)
        } catch BenchError.neverShown(let timeout) {
            cell.unmeasured = "never shown"
            cell.failure = "its window was not mapped within \(timeout) of the click in the field; the application was given "
                + column.app.accessibility + (appEnvironment.isEmpty ? "" : " and --app-env")
        } catch {
            cell.unmeasured = "not measured"
            cell.failure = "\(error)"
        }
        try? FileManager.default.removeItem(at: data)
        cell.seconds = MonotonicClock.milliseconds(from: began, to: MonotonicClock.now) / 1000
        log("  \(row.rawValue) / \(column.rawValue): " + (cell.text.map { "\"\($0)\"" } ?? "— (\(cell.unmeasured ?? "?")): \(cell.failure ?? "")")
            + (cell.leftPressed == true ? ", left pressed: \(cell.keysLeftDown + cell.modifiersLeft)" : "")
            + " (\(String(format: "%.1f", cell.seconds)) s)")
        return cell
    }

    private func measure(_ row: KioskRow, _ column: KioskColumn, spec: KeyboardSpec, in session: KioskSession,
                         into cell: inout KioskCell) throws {
        var spec = spec
        cell.command = spec.commandLine
        session.tapper.move(to: Self.start)
        let modifiersBefore = session.probe.modifiers()
        let app: KioskApp
        let keyboard: RunningKeyboard
        var clickedAt: UInt64 = 0
        if row.showsItself {
            // The recipe's order (share/kiosk/xinitrc): the keyboard first, listening, then the
            // application, whose field is clicked; the keyboard must show by itself.
            let accessibility = try session.accessibilityAddress()
            let slot = AppSlot()
            spec.mapTimeout = Self.showTimeout
            spec.reveal = { _, host, child in
                try Self.waitUntilRegistered(child, host: host, accessibility: accessibility)
                let started = try column.app.start(in: session, accessibility: true, extra: self.appEnvironment)
                slot.app = started
                session.tapper.tap(started.fieldPoint)
                clickedAt = MonotonicClock.now
            }
            do {
                keyboard = try session.launch(spec)
            } catch {
                if let app = slot.app { cell.places.append(app.summary) }
                throw error
            }
            guard let started = slot.app else { throw BenchError.setup("the application was not started") }
            app = started
            cell.shownMillisecondsAfterClick = MonotonicClock.milliseconds(from: clickedAt, to: keyboard.mapped.mappedAt)
            try settle(keyboard, into: &cell)
        } else {
            // The application first, then the keyboard over it (mapped later, so on top with no window manager).
            app = try column.app.start(in: session, accessibility: false, extra: appEnvironment)
            keyboard = try session.launch(spec)
            if column.windowManager { try keyboard.settle() }
            try settle(keyboard, into: &cell)
            if let covered = try coveredKey(of: keyboard, in: session) {
                cell.unmeasured = "keys covered"
                cell.failure = "once started, the keyboard's keys are under another window (at \(covered.point): \(covered.by))"
                return
            }
            let before = app.clicks
            session.tapper.tap(app.fieldPoint)
            clickedAt = MonotonicClock.now
            if let before, !Deadline.waitFor(.seconds(3), until: { (app.clicks ?? 0) > before }) {
                cell.notes.append("the page did not report the click within 3 s")
            }
        }
        cell.places.append(app.summary)
        cell.places.append("keyboard window at \(keyboard.placement)")
        if app.fieldHasFocus != nil, !Deadline.waitFor(.seconds(3), until: { app.fieldHasFocus == true }) {
            cell.notes.append("the field did not report taking the focus within 3 s of the click")
        }

        // Every key tapped must be the keyboard's at that point, not a window raised over it by the click.
        if let covered = try coveredKey(of: keyboard, in: session) {
            cell.unmeasured = "keys covered"
            cell.failure = "after the click in the field, the keyboard's keys are under another window (at \(covered.point): \(covered.by))"
            return
        }
        let keys = try Self.word.map { try keyboard.centre(of: $0) }
        // The click is the first tap of the rhythm: the first key comes at least a tap interval after it.
        var next = Deadline(Self.tapInterval - .milliseconds(MonotonicClock.milliseconds(from: clickedAt, to: MonotonicClock.now)))
        for point in keys {
            next.waitReadable([])
            session.tapper.tap(point)
            next = Deadline(Self.tapInterval)
        }
        // Until the word's length has arrived (or the time is up), then until nothing more arrives for `quiet`.
        _ = Deadline.waitFor(Self.arrival) { app.text().count >= Self.word.count }
        var text = app.text()
        var quietUntil = Deadline(Self.quiet)
        while !quietUntil.hasPassed {
            _ = Deadline(.milliseconds(20)).waitReadable([])
            let now = app.text()
            if now != text {
                text = now
                quietUntil = Deadline(Self.quiet)
            }
        }
        cell.text = text

        // Left pressed: keys the server has down, modifiers held, latched or locked that were not before.
        cell.keysLeftDown = session.tapper.keysDown().map(session.probe.keyName)
        let after = session.probe.modifiers()
        cell.modifiersLeft = KioskProbe.modifierNames(after.base & ~modifiersBefore.base).map { "\($0) held" }
            + KioskProbe.modifierNames(after.latched & ~modifiersBefore.latched).map { "\($0) latched" }
            + KioskProbe.modifierNames(after.locked & ~modifiersBefore.locked).map { "\($0) locked" }
        cell.buttonsLeftDown = session.tapper.buttonsDown()
        cell.leftPressed = !cell.keysLeftDown.isEmpty || !cell.modifiersLeft.isEmpty || cell.buttonsLeftDown != 0
        guard keyboard.child.isRunning else { throw keyboard.exitedError() }
        let status = session.stop(keyboard)
        if let status, status != .exited(0), status != .signalled(SIGTERM) {
            cell.notes.append("after SIGTERM it \(status)")
        } else if status == nil {
            cell.notes.append("it did not exit within 5 s of SIGTERM")
        }
    }

    /// As a user looks at a keyboard before tapping: waits until it is done starting or showing
    /// (not woken for 500 ms, at most 5 s). xvkbd tapped at once lost the first key in some runs.
    private func settle(_ keyboard: RunningKeyboard, into cell: inout KioskCell) throws {
        if try keyboard.settleWakeUps() == nil { cell.notes.append("the keyboard still woke up 5 s after it showed: tapped anyway") }
    }

    /// The first key of the word whose centre shows another window than the keyboard's, and what that window is.
    private func coveredKey(of keyboard: RunningKeyboard, in session: KioskSession) throws -> (point: ScreenPoint, by: String)? {
        let own = session.probe.topLevel(of: keyboard.mapped.window)
        for key in Self.word {
            let point = try keyboard.centre(of: key)
            let shown = session.probe.topLevel(at: point)
            if shown != own { return (point, shown.map(session.probe.describe) ?? "the bare root window") }
        }
        return nil
    }

    /// The application a keyboard's `reveal` started, kept for after the launch.
    private final class AppSlot {
        var app: KioskApp?
    }

    /// Waits until the keyboard has registered for focus events with the accessibility registry.
    private static func waitUntilRegistered(_ child: ChildProcess, host: any KeyboardHost, accessibility: String) throws {
        let registered = Deadline.waitFor(.seconds(10)) {
            (try? host.busctl(["--address=\(accessibility)", "call", "org.a11y.atspi.Registry", "/org/a11y/atspi/registry",
                               "org.a11y.atspi.Registry", "GetRegisteredEvents"]))?
                .output.lowercased().contains("statechanged:focused") ?? false || !child.isRunning
        }
        guard registered, child.isRunning else {
            throw BenchError.didNotStart("--auto-show did not register for focus events within 10 s: \(child.standardError.suffix(300))")
        }
    }
}
