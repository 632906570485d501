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

    /// Runs `tapboard type` on the compositor and returns its exit status and stderr.
    static func type(_ text: String, sway: HeadlessSway) throws -> (TapboardTestKit.ExitStatus?, String) {
        let child = try ChildProcess(try Keyboard.locateBinary(), ["type", "--delay", "20", text], environment: sway.environment)
        let status = child.wait(until: Deadline(.seconds(120)))
        return (status, child.standardError)
    }

    @Test("into foot", arguments: 0 ..< texts.count)
    func intoFoot(_ index: Int) throws {
        let (layout, text) = Self.texts[index]
        let sway = try HeadlessSway()
        defer { sway.stop() }
        let scratch = try ScratchDirectory()
        let pointer = try WaylandPointer(sway)
        defer { pointer.close() }
        let (foot, received) = try WaylandTypingTests.target(in: sway, scratch: scratch)
        defer { _ = foot.terminate() }
        let keyboard = try SwayKeyboard(sway: sway, pointer: pointer, above: "target", arguments: ["--layout", layout, "--no-suggestions", "--no-dbus"])
        let (status, stderr) = try Self.type(text, sway: sway)
        #expect(status == .exited(0), "tapboard type: \(stderr)")
        #expect(Deadline.waitFor(.seconds(5)) { WaylandTypingTests.text(received) == text },
                "foot received \(WaylandTypingTests.text(received).debugDescription)")
        #expect(keyboard.terminate() == .exited(0))
        #expect(keyboard.child.standardError.isEmpty, "\(keyboard.child.standardError)")
    }

    @Test("into a GTK 3 entry on Wayland", arguments: 0 ..< texts.count)
    func intoGTK(_ index: Int) throws {
        let (layout, text) = Self.texts[index]
        let sway = try HeadlessSway()
        defer { sway.stop() }
        let pointer = try WaylandPointer(sway)
        defer { pointer.close() }
        var env = sway.environment
        env["GDK_BACKEND"] = "wayland"
        env["NO_AT_BRIDGE"] = "1"
        let app = try ChildProcess(URL(fileURLWithPath: "/usr/bin/python3"), [try ToolkitFields.script(.gtk3), "800", "600"], environment: env)
        let fields = try ToolkitFields(output: app, timeout: .seconds(15))
        #expect(Deadline.waitFor(.seconds(10)) { fields.focused == "entry" }, "the entry never took the focus: \(app.standardError)")
        let keyboard = try SwayKeyboard(sway: sway, pointer: pointer, above: "fields", arguments: ["--layout", layout, "--no-suggestions", "--no-dbus"])
        let (status, stderr) = try Self.type(text, sway: sway)
        #expect(status == .exited(0), "tapboard type: \(stderr)")
        #expect(Deadline.waitFor(.seconds(5)) { fields.text("entry") == text },
                "the entry has \(fields.text("entry").debugDescription); \(app.standardError.suffix(600))")
        #expect(keyboard.terminate() == .exited(0))
    }
}
