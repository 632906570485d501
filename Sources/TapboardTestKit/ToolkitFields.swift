import CX11
import Foundation

/// A real GTK 3 (python3-gi) or Qt 5 (python3-pyqt5) application with the fields
/// an on-screen keyboard meets: an entry, a multi-line text view, a password
/// entry, a button and an entry at the bottom of a window as large as asked
/// (typing `up` into it halves the window's height, moving it up; GTK only). It
/// prints where each is on the screen, then each field's text whenever it
/// changes and each widget taking the focus (JSON lines). With
/// TAPBOARD_FIELDS_QUIET=1 in its environment a change prints the text's
/// length, and the whole text follows once the field is still for 300 ms.
public final class ToolkitFields: FieldReports {
    /// Which toolkit draws the application.
    public enum Toolkit: String, Sendable {
        case gtk3, qt5
    }


    /// The application's process (its output: the places, then the texts).
    public let process: ChildProcess
    /// Where each widget is on the screen: entry, view, password, button, bottom,
    /// as last reported (a window manager may move the window after its map:
    /// a title bar added, a tiling manager's tile).
    public var places: [String: WindowPlacement] {
        for line in process.standardOutput.split(separator: "\n").reversed() where line.contains("\"places\"") {
            if let found = Self.places(in: line) { return found }
        }
        return [:]
    }

    /// Waits (deadline) until the window shows and is where it last said it
    /// is: its window manager has mapped it (a click before that came while
    /// openbox still managed the window, whose focus it then handed back to
    /// the window focused before), has moved it after its map (a title bar, a
    /// tile), and its places say so. False at the deadline.
    public func waitUntilPlaced(on desktop: Desktop, timeout: Duration = .seconds(5)) -> Bool {
        Deadline.waitFor(timeout) {
            guard let line = process.standardOutput.split(separator: "\n").last(where: { $0.contains("\"places\"") }),
                  let report = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let window = report["window"] as? Int, let origin = report["origin"] as? [Int],
                  let watcher = try? WindowWatcher(displayName: desktop.xvfb.displayName) else { return false }
            defer { watcher.close() }
            guard let now = watcher.placement(of: Window(window)), watcher.isViewable(Window(window)) else { return false }
            return now.x == origin[0] && now.y == origin[1]
        }
    }

    private static func places(in line: Substring) -> [String: WindowPlacement]? {
        guard let report = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let found = report["places"] as? [String: [Int]] else { return nil }
        return found.mapValues { WindowPlacement(width: $0[2], height: $0[3], x: $0[0], y: $0[1]) }
    }

    /// Starts the application on the desktop's display with an environment (its session bus) and waits (deadline 15 s) for its places.
    public convenience init(_ toolkit: Toolkit = .gtk3, on desktop: Desktop, size: (width: Int, height: Int), environment: [String: String]) throws {
        let script = try Self.script(toolkit)
        var env = ProcessInfo.processInfo.environment
        env["NO_AT_BRIDGE"] = nil
        env.merge(environment) { $1 }
        env["DISPLAY"] = desktop.xvfb.displayName
        let process = try ChildProcess(URL(fileURLWithPath: "/usr/bin/python3"), [script, "\(size.width)", "\(size.height)"], environment: env)
        _ = desktop.waitForOutput(of: process, timeout: .seconds(15)) { $0.contains("\"places\"") }
        try self.init(output: process, timeout: .zero)
    }

    /// An application started some other way (a kiosk's session script runs
    /// `python3 SCRIPT WIDTH HEIGHT`), whose output is `process`'s: waits (deadline) for its places.
    public init(output process: ChildProcess, timeout: Duration) throws {
        self.process = process
        _ = Deadline.waitFor(timeout) { process.standardOutput.contains("\"places\"") || !process.isRunning }
        guard !places.isEmpty else {
            throw HarnessError.processFailed("the fields application did not start: \(process.standardError)")
        }
    }

    /// Writes the application's script for a toolkit to a temporary file; its path.
    public static func script(_ toolkit: Toolkit) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
            throw HarnessError.programMissing("/usr/bin/python3", hint: "apt-get install python3-gi gir1.2-gtk-3.0 python3-pyqt5")
        }
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("tapboard-\(toolkit.rawValue)-fields-\(UUID().uuidString).py")
        try (toolkit == .gtk3 ? gtkScript : qtScript).write(to: script, atomically: false, encoding: .utf8)
        return script.path
    }

    deinit { _ = process.terminate() }

    /// Its reports so far (`FieldReports`).
    public var reports: [[String: Any]] { Self.lines(process.standardOutput) }

    /// A field's text as last reported, read from the end of the output (a
    /// flood's thousands of reports are not all parsed at every look).
    public func text(_ field: String) -> String {
        for line in process.standardOutput.split(separator: "\n").reversed() where line.contains("\"value\"") {
            guard let report = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  report["text"] as? String == field else { continue }
            return report["value"] as? String ?? ""
        }
        return ""
    }

    private static func lines(_ output: String) -> [[String: Any]] {
        output.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    private static let gtkScript = """
        import json, os, sys
        # On X, GTK's own key handling unless a test asks for another: with IBus installed GTK
        # would take its module, which autolaunches a session bus when none is given.
        # (On Wayland GTK's module is the text-input protocol, which auto-show hears.)
        if os.environ.get("GDK_BACKEND") != "wayland":
            os.environ.setdefault("GTK_IM_MODULE", "gtk-im-context-simple")
        import gi
        gi.require_version("Gtk", "3.0")
        from gi.repository import Gtk, GLib
        x11 = os.environ.get("GDK_BACKEND") != "wayland"
        if x11:
            gi.require_version("GdkX11", "3.0")
            from gi.repository import GdkX11

        width, height = int(sys.argv[1]), int(sys.argv[2])
        win = Gtk.Window(title="fields")
        win.set_default_size(width, height)
        win.move(0, 0)
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=12)
        box.set_border_width(10)
        win.add(box)
        widgets = {}
        def add(name, widget):
            widgets[name] = widget
            box.pack_start(widget, False, False, 0)
        add("entry", Gtk.Entry())
        view = Gtk.TextView()
        view.set_size_request(-1, 80)
        add("view", view)
        password = Gtk.Entry()
        password.set_visibility(False)
        add("password", password)
        add("button", Gtk.Button(label="button"))
        box.pack_start(Gtk.Label(label=""), True, True, 0)
        add("bottom", Gtk.Entry())

        def say(obj):
            print(json.dumps(obj), flush=True)

        def report(*_):
            origin = win.get_window().get_origin()
            places = {}
            for name, w in widgets.items():
                a = w.get_allocation()
                x, y = w.translate_coordinates(win, 0, 0)
                places[name] = [origin.x + x, origin.y + y, a.width, a.height]
            # On X, the window's id and origin: a test can see it is where it says (`waitUntilPlaced`).
            say({"places": places, "window": win.get_window().get_xid() if x11 else 0, "origin": [origin.x, origin.y]})
            return False

        # Each widget says when it takes the focus: typing waits for it, as a person sees the caret first.
        for name, w in widgets.items():
            w.connect("focus-in-event", lambda *a, n=name: say({"focus": n}) or False)
        # Quiet (a flood of thousands of characters): each change says its length only,
        # the whole text comes once the field has not changed for a moment.
        quiet = os.environ.get("TAPBOARD_FIELDS_QUIET") == "1"
        pending = {}
        def whole(n, w):
            pending.pop(n, None)
            say({"text": n, "value": w.get_text()})
            return False
        def changed(w, n):
            if not quiet:
                return say({"text": n, "value": w.get_text()})
            say({"text": n, "length": len(w.get_text())})
            if n in pending:
                GLib.source_remove(pending[n])
            pending[n] = GLib.timeout_add(300, whole, n, w)
        for name in ["entry", "password", "bottom"]:
            widgets[name].connect("changed", lambda w, n=name: changed(w, n))
        # Typing "up" into the bottom entry makes the window shorter: the entry moves up the screen.
        widgets["bottom"].connect("changed", lambda w: w.get_text() == "up" and win.resize(width, height // 2))
        buffer = view.get_buffer()
        buffer.connect("changed", lambda b: say({"text": "view", "value": b.get_text(b.get_start_iter(), b.get_end_iter(), True)}))
        win.connect("destroy", Gtk.main_quit)
        # Placed once the window manager has shown it, and again when it moves it (a title bar, a tile).
        win.connect("map-event", lambda *a: GLib.idle_add(report))
        win.connect("configure-event", lambda *a: win.get_mapped() and GLib.idle_add(report) and False)
        win.show_all()
        Gtk.main()
        """

    private static let qtScript = """
        import json, os, sys
        from PyQt5.QtCore import QEvent, QObject, QTimer
        from PyQt5.QtWidgets import QApplication, QLineEdit, QPushButton, QTextEdit, QVBoxLayout, QWidget

        width, height = int(sys.argv[1]), int(sys.argv[2])
        app = QApplication(sys.argv[:1])
        win = QWidget()
        win.setWindowTitle("fields")
        win.move(0, 0)
        win.resize(width, height)
        box = QVBoxLayout(win)
        widgets = {}
        def add(name, widget):
            widgets[name] = widget
            box.addWidget(widget)
        add("entry", QLineEdit())
        view = QTextEdit()
        view.setFixedHeight(80)
        add("view", view)
        password = QLineEdit()
        password.setEchoMode(QLineEdit.Password)
        add("password", password)
        add("button", QPushButton("button"))
        box.addStretch(1)
        add("bottom", QLineEdit())

        def say(obj):
            print(json.dumps(obj), flush=True)

        def report():
            places = {}
            for name, w in widgets.items():
                p = w.mapToGlobal(w.rect().topLeft())
                places[name] = [p.x(), p.y(), w.width(), w.height()]
            o = win.mapToGlobal(win.rect().topLeft())
            say({"places": places, "window": int(win.winId()), "origin": [o.x(), o.y()]})

        names = {id(w): n for n, w in widgets.items()}
        app.focusChanged.connect(lambda old, new: new is not None and id(new) in names and say({"focus": names[id(new)]}))
        # Quiet (a flood of thousands of characters): each change says its length only,
        # the whole text comes once the field has not changed for a moment.
        quiet = os.environ.get("TAPBOARD_FIELDS_QUIET") == "1"
        timers = {}
        def changed(t, n):
            if not quiet:
                return say({"text": n, "value": t})
            say({"text": n, "length": len(t)})
            if n not in timers:
                timers[n] = QTimer()
                timers[n].setSingleShot(True)
                timers[n].timeout.connect(lambda n=n: say({"text": n, "value": widgets[n].text()}))
            timers[n].start(300)
        for name in ["entry", "password", "bottom"]:
            widgets[name].textChanged.connect(lambda t, n=name: changed(t, n))
        view.textChanged.connect(lambda: say({"text": "view", "value": view.toPlainText()}))
        # Placed once the window is first exposed (where a window manager put it), after that event.
        class Exposed(QObject):
            done = False
            def eventFilter(self, obj, event):
                # Moved or resized after (a title bar, a tile): placed again.
                if event.type() in (QEvent.Move, QEvent.Resize) and self.done:
                    QTimer.singleShot(0, report)
                if event.type() == QEvent.Expose and not self.done and obj.isExposed():
                    self.done = True
                    QTimer.singleShot(0, report)
                return False
        exposed = Exposed()
        win.show()
        win.windowHandle().installEventFilter(exposed)
        app.exec_()
        """
}
