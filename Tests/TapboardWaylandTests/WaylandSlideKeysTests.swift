import Foundation
import TapboardTestKit
import Testing

/// The keys' slides on a headless sway, with the virtual pointer: space held
/// and slid moves the caret, backspace slid left deletes whole words and
/// sliding back types them again.
@Suite("Space-bar cursor and word-wise delete on Wayland", .serialized)
struct WaylandSlideKeysTests {
    /// "one two three" tapped, backspace slid three words left and back to two,
    /// "x" and "ac" tapped, space slid a key left, "b" tapped.
    private func slide(_ desk: SwayDesktop, _ keyboard: SwayKeyboard) throws {
        let frames = try keyboard.frames(of: "letters")
        let step = try #require(frames.key("q")).width
        func point(_ id: String, dx: Double) throws -> (x: Int, y: Int) {
            let centre = try keyboard.centre(of: id, on: "letters")
            return (centre.x + Int(dx), centre.y)
        }
        for c in "one two three" { try keyboard.tap("letters", c == " " ? "space" : String(c)) }
        desk.pointer.slide(through: [try point("backspace", dx: 0), try point("backspace", dx: -step),
                                     try point("backspace", dx: -2.7 * step), try point("backspace", dx: -1.7 * step)])
        for c in "xac" { try keyboard.tap("letters", String(c)) }
        desk.pointer.slide(through: [try point("space", dx: 0), try point("space", dx: -0.6 * step), try point("space", dx: -1.2 * step)])
        try keyboard.tap("letters", "b")
    }

    @Test("into a GTK 3 entry: the entry holds \"one xabc\"")
    func intoGTK() throws {
        let desk = try SwayDesktop()
        let fields = try desk.gtkFields()
        #expect(Deadline.waitFor(.seconds(10)) { fields.focused == "entry" }, "the entry never took the focus")
        let keyboard = try desk.keyboard(above: "fields", ["--no-auto-shift", "--no-suggestions", "--no-dbus"])
        try slide(desk, keyboard)
        #expect(Deadline.waitFor(.seconds(5)) { fields.text("entry") == "one xabc" }, "the entry has \(fields.text("entry").debugDescription)")
        #expect(keyboard.terminate() == .exited(0))
        #expect(keyboard.child.standardError.isEmpty, "\(keyboard.child.standardError)")
    }

    @Test("into foot, whose terminal reads the keys raw: thirteen deletes, the word typed back, Left")
    func intoFoot() throws {
        let desk = try SwayDesktop()
        try desk.foot()
        let keyboard = try desk.keyboard(["--no-auto-shift", "--no-suggestions", "--no-dbus"])
        try slide(desk, keyboard)
        let expected = "one two three" + String(repeating: "\u{7f}", count: 13) + "one " + "xac" + "\u{1b}[D" + "b"
        #expect(Deadline.waitFor(.seconds(5)) { desk.received() == expected }, "foot received \(desk.received().debugDescription)")
        #expect(keyboard.terminate() == .exited(0))
    }
}
