import Foundation
import TapboardTestKit
import Testing

/// The acceptance texts on Wayland: a pangram with £ and €, German, Russian and
/// Greek, typed by `tapboard type` (which taps the keys a person would, pages,
/// shift and callouts included) into foot and into a GTK 3 entry on Wayland,
/// with only a US keymap on the seat.
@Suite("Tapboard on Wayland types the acceptance texts", .serialized)
struct WaylandTextTests {
    static let texts: [(layout: String, text: String)] = [
        ("en-US", "The quick brown fox jumps over the lazy dog, for £3 or €5!"),
        ("de", "Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich."),
        ("ru", "Съешь же ещё этих мягких французских булок, да выпей чаю."),
        ("el", "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία."),
    ]

    @Test("into foot", arguments: 0 ..< texts.count)
    func intoFoot(_ index: Int) throws {
        let (layout, text) = Self.texts[index]
        let desk = try SwayDesktop()
        try desk.foot()
        let keyboard = try desk.keyboard(["--layout", layout, "--no-suggestions", "--no-dbus"])
        let (status, stderr) = try desk.type(text)
        #expect(status == .exited(0), "tapboard type: \(stderr)")
        #expect(Deadline.waitFor(.seconds(5)) { desk.received() == text }, "foot received \(desk.received().debugDescription)")
        #expect(keyboard.terminate() == .exited(0))
        #expect(keyboard.child.standardError.isEmpty, "\(keyboard.child.standardError)")
    }

    @Test("into a GTK 3 entry on Wayland", arguments: 0 ..< texts.count)
    func intoGTK(_ index: Int) throws {
        let (layout, text) = Self.texts[index]
        let desk = try SwayDesktop()
        let fields = try desk.gtkFields()
        #expect(Deadline.waitFor(.seconds(10)) { fields.focused == "entry" }, "the entry never took the focus")
        let keyboard = try desk.keyboard(above: "fields", ["--layout", layout, "--no-suggestions", "--no-dbus"])
        let (status, stderr) = try desk.type(text)
        #expect(status == .exited(0), "tapboard type: \(stderr)")
        #expect(Deadline.waitFor(.seconds(5)) { fields.text("entry") == text }, "the entry has \(fields.text("entry").debugDescription)")
        #expect(keyboard.terminate() == .exited(0))
    }

    @Test("All of them at once, and ∮ that no layout has, through the globe key (--layouts), into foot and a GTK 3 entry", arguments: [false, true])
    func acrossLayouts(_ gtk: Bool) throws {
        let text = "Hi, 42 #+=! Grüße, déjà vu à 5 €; Привет, мир; Γειά σου ∮ ok"
        let desk = try SwayDesktop()
        let fields = gtk ? try desk.gtkFields() : nil
        if let fields { #expect(Deadline.waitFor(.seconds(10)) { fields.focused == "entry" }, "the entry never took the focus") } else { try desk.foot() }
        let arguments = ["--layouts", "en-US,de,fr,ru,el", "--no-suggestions", "--no-dbus"]
        let keyboard = try gtk ? desk.keyboard(above: "fields", arguments) : desk.keyboard(arguments)
        let (status, stderr) = try desk.type(text)
        #expect(status == .exited(0), "tapboard type: \(stderr)")
        let received = { fields.map { $0.text("entry") } ?? desk.received() }
        #expect(Deadline.waitFor(.seconds(5)) { received() == text }, "received \(received().debugDescription)")
        // A control character: nothing typed, exit 2.
        let (refused, said) = try desk.type("x\u{1B}")
        #expect(refused == .exited(2), "\(said)")
        #expect(received() == text)
        #expect(keyboard.terminate() == .exited(0))
    }

    @Test("into a GTK 3 entry through the input method (--auto-show): committed as text, BackSpace deletes before the caret",
          arguments: 0 ..< texts.count)
    func throughInputMethod(_ index: Int) throws {
        let (layout, text) = Self.texts[index]
        let desk = try SwayDesktop()
        let fields = try desk.gtkFields()
        #expect(Deadline.waitFor(.seconds(10)) { fields.focused == "entry" }, "the entry never took the focus")
        let keyboard = try desk.keyboard(above: "fields", ["--layout", layout, "--auto-show", "--no-suggestions", "--no-dbus"])
        // A letter of the layout's last, so the letters page shows for the BackSpace tapped after.
        let typed = text + " " + text.prefix(1).lowercased()
        let (status, stderr) = try desk.type(typed)
        #expect(status == .exited(0), "tapboard type: \(stderr)")
        #expect(Deadline.waitFor(.seconds(5)) { fields.text("entry") == typed }, "the entry has \(fields.text("entry").debugDescription)")
        try keyboard.tap("letters", "backspace")
        #expect(Deadline.waitFor(.seconds(5)) { fields.text("entry") == text + " " },
                "after BackSpace the entry has \(fields.text("entry").debugDescription)")
        #expect(keyboard.terminate() == .exited(0))
        #expect(keyboard.child.standardError.isEmpty, "\(keyboard.child.standardError)")
    }
}

/// Secure mode on Wayland: typed into foot, nothing created or changed under
/// HOME, the XDG folders (but the compositor's runtime directory) or TMPDIR,
/// and the control socket gone from the runtime directory at exit.
@Suite("Secure mode on Wayland writes nothing")
struct WaylandSecureTests {
    @Test("--secure: tapboard type into foot arrives; no file left or changed")
    func secureWritesNothing() throws {
        let desk = try SwayDesktop()
        try desk.foot()
        let tree = try ScratchDirectory()
        var env: [String: String] = [:]
        for (name, folder) in [("HOME", "home"), ("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache"),
                               ("XDG_STATE_HOME", "state"), ("TMPDIR", "tmp")] {
            try FileManager.default.createDirectory(atPath: tree.path(folder), withIntermediateDirectories: true)
            env[name] = tree.path(folder)
        }
        let before = ScratchDirectory.snapshot(of: tree.path)
        let runtime = try #require(desk.sway.environment["XDG_RUNTIME_DIR"])
        let runtimeBefore = Set(ScratchDirectory.snapshot(of: runtime).keys)
        let keyboard = try desk.keyboard(["--secure"], environment: env)
        let (status, stderr) = try desk.type("hello, мир")
        #expect(status == .exited(0), "tapboard type: \(stderr)")
        #expect(Deadline.waitFor(.seconds(5)) { desk.received() == "hello, мир" }, "foot received \(desk.received().debugDescription)")
        #expect(keyboard.terminate() == .exited(0))
        #expect(ScratchDirectory.snapshot(of: tree.path) == before)
        #expect(Set(ScratchDirectory.snapshot(of: runtime).keys) == runtimeBefore)
    }
}
