import Foundation

/// A program that embeds the keyboard as greeters and lock screens do: it runs
/// `tapboard --xid`, reads the window id from the first line of its standard
/// output and embeds that window under a password field: GTK 3 in a GtkSocket
/// (lightdm-gtk-greeter's and the screensavers' way), Qt 5 with
/// `QWindow.fromWinId` in a window container (matchbox-keyboard's Qt hosts').
/// It prints JSON lines: the keyboard's pid, where the field and the socket are
/// on the screen (again after SIGUSR1 made the GTK host's socket the second
/// size), and the field's text as it changes.
public final class EmbeddingHost: FieldReports {
    public enum Toolkit: String, Sendable { case gtk3, qt5 }

    /// The host's process.
    public let process: ChildProcess
    /// The embedded keyboard's process id, as the host spawned it.
    public let keyboardPID: pid_t
    /// Where the password field and the socket holding the keyboard are on the screen.
    /// (As last reported: a window manager may move the host after it first said where it was.)
    public var places: [String: WindowPlacement] {
        let last = Self.lines(process.standardOutput).last { $0["places"] != nil }?["places"] as? [String: [Int]] ?? [:]
        return last.mapValues { WindowPlacement(width: $0[2], height: $0[3], x: $0[0], y: $0[1]) }
    }

    /// Starts the host on a display; it starts `keyboard` (a command line) and
    /// embeds it in a socket `socketSize` large. Waits (deadline 20 s) for the
    /// keyboard's window to be embedded and placed.
    public init(_ toolkit: Toolkit, display: String, keyboard: [String], socketSize: (width: Int, height: Int),
                resized: (width: Int, height: Int) = (640, 200), environment: [String: String] = [:]) throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("tapboard-\(toolkit.rawValue)-host-\(UUID().uuidString).py")
        try (toolkit == .gtk3 ? Self.gtkScript : Self.qtScript).write(to: script, atomically: false, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        env["DISPLAY"] = display
        let command = String(decoding: try JSONSerialization.data(withJSONObject: keyboard), as: UTF8.self)
        let process = try ChildProcess(URL(fileURLWithPath: "/usr/bin/python3"),
                                   [script.path, command, "\(socketSize.width)", "\(socketSize.height)", "\(resized.width)", "\(resized.height)"],
                                   environment: env)
        _ = Deadline.waitFor(.seconds(20)) { process.standardOutput.contains("\"places\"") || !process.isRunning }
        let lines = Self.lines(process.standardOutput)
        guard let pid = lines.lazy.compactMap({ $0["keyboard"] as? Int }).first,
              lines.contains(where: { $0["places"] != nil }) else {
            // Nothing left running: the host, and the keyboard it may have started.
            _ = process.terminate()
            if let pid = lines.lazy.compactMap({ $0["keyboard"] as? Int }).first { kill(pid_t(pid), SIGKILL) }
            throw HarnessError.processFailed("the \(toolkit.rawValue) host did not embed the keyboard: \(process.standardOutput) \(process.standardError)")
        }
        self.process = process
        keyboardPID = pid_t(pid)
    }

    deinit {
        _ = process.terminate()
        // The keyboard the host started, if still there: nothing of a test is left running.
        if kill(keyboardPID, 0) == 0 { kill(keyboardPID, SIGKILL) }
    }

    /// Its reports so far (`FieldReports`).
    public var reports: [[String: Any]] { Self.lines(process.standardOutput) }

    /// Whether the keyboard process the host started is still alive.
    public var keyboardRunning: Bool { kill(keyboardPID, 0) == 0 && !Self.isZombie(keyboardPID) }

    /// Asks the GTK host to make the socket its second size; waits (deadline 10 s) for it to say where it is then.
    public func resize() throws {
        let before = Self.lines(process.standardOutput).filter { $0["places"] != nil }.count
        process.send(SIGUSR1)
        guard Deadline.waitFor(.seconds(10), until: { Self.lines(self.process.standardOutput).filter { $0["places"] != nil }.count > before }) else {
            throw HarnessError.processFailed("the host did not resize its socket")
        }
    }

    private static func isZombie(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(close, offsetBy: 2)...].first == "Z"
    }

    private static func lines(_ output: String) -> [[String: Any]] {
        output.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    private static let gtkScript = """
        import json, os, signal, subprocess, sys
        # GTK's own key handling (see ToolkitFields): with IBus installed GTK would take its module.
        os.environ.setdefault("GTK_IM_MODULE", "gtk-im-context-simple")
        import gi
        gi.require_version("Gtk", "3.0")
        from gi.repository import Gtk, GLib

        command, width, height = json.loads(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
        resized = int(sys.argv[4]), int(sys.argv[5])
        def say(obj):
            print(json.dumps(obj), flush=True)

        win = Gtk.Window(title="greeter")
        win.move(0, 0)
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=12)
        box.set_border_width(10)
        win.add(box)
        password = Gtk.Entry()
        password.set_visibility(False)
        box.pack_start(password, False, False, 0)
        socket = Gtk.Socket()
        socket.set_size_request(width, height)
        box.pack_start(socket, False, False, 0)
        widgets = {"password": password, "socket": socket}

        def report(*_):
            origin = win.get_window().get_origin()
            places = {}
            for name, w in widgets.items():
                a = w.get_allocation()
                x, y = w.translate_coordinates(win, 0, 0)
                places[name] = [origin.x + x, origin.y + y, a.width, a.height]
            say({"places": places})
            return False

        password.connect("changed", lambda w: say({"text": "password", "value": w.get_text()}))
        password.connect("focus-in-event", lambda *a: say({"focus": "password"}) or False)
        win.connect("destroy", Gtk.main_quit)
        win.show_all()

        # As the greeters do: spawn, read one line, embed that window.
        keyboard = subprocess.Popen(command, stdout=subprocess.PIPE)
        say({"keyboard": keyboard.pid})
        line = keyboard.stdout.readline()
        say({"xid": int(line)})
        socket.add_id(int(line))
        socket.connect("plug-removed", lambda *a: say({"plug": "removed"}) or True)
        # Placed once the window is mapped (by a window manager, where it put it) and the
        # socket has the size asked for; again after each resize or move.
        mapped = {"yes": False}
        def placed(*_):
            a = socket.get_allocation()
            if mapped["yes"] and (a.width, a.height) == tuple(socket.get_size_request()):
                GLib.idle_add(report)
            return False
        def on_map(*_):
            mapped["yes"] = True
            return placed()
        win.connect("map-event", on_map)
        win.connect("configure-event", placed)
        socket.connect("size-allocate", placed)

        def resize():
            socket.set_size_request(*resized)
            win.resize(1, 1)
            return True
        GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, resize)
        Gtk.main()
        """

    private static let qtScript = """
        import json, subprocess, sys
        from PyQt5.QtCore import QTimer
        from PyQt5.QtGui import QWindow
        from PyQt5.QtWidgets import QApplication, QLineEdit, QVBoxLayout, QWidget

        command, width, height = json.loads(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
        def say(obj):
            print(json.dumps(obj), flush=True)

        app = QApplication(sys.argv[:1])
        win = QWidget()
        win.setWindowTitle("greeter")
        win.move(0, 0)
        box = QVBoxLayout(win)
        password = QLineEdit()
        password.setEchoMode(QLineEdit.Password)
        box.addWidget(password)

        keyboard = subprocess.Popen(command, stdout=subprocess.PIPE)
        say({"keyboard": keyboard.pid})
        xid = int(keyboard.stdout.readline())
        say({"xid": xid})
        container = QWidget.createWindowContainer(QWindow.fromWinId(xid), win)
        container.setFixedSize(width, height)
        box.addWidget(container)
        widgets = {"password": password, "socket": container}

        def report():
            places = {}
            for name, w in widgets.items():
                p = w.mapToGlobal(w.rect().topLeft())
                places[name] = [p.x(), p.y(), w.width(), w.height()]
            say({"places": places})

        password.textChanged.connect(lambda t: say({"text": "password", "value": t}))
        win.show()
        # Placed once the layout is done: the first turn of the event loop after the show.
        QTimer.singleShot(0, report)
        app.exec_()
        """
}
