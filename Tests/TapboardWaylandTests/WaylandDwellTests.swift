import Foundation
import TapboardTestKit
import Testing

/// Dwell on the real keyboard on a headless sway: the pointer set by sway's
/// own seat command onto each key and left there, no button ever pressed;
/// what arrives in foot must be exact.
@Suite("Dwell typing on Wayland", .serialized)
struct WaylandDwellTests {
    static let pangram = "sphinx of black quartz judge my vow"

    @Test("The pointer alone types a pangram; an alternate in the callout above the keyboard replaces its key; leaving a held key types nothing")
    func pointerAlone() throws {
        // Narrow, so the letters are the top row (no number row) and callouts open above the keyboard.
        let desk = try SwayDesktop(width: 800, height: 600)
        try desk.foot()
        let keyboard = try desk.keyboard(["--no-auto-shift", "--no-suggestions", "--no-dbus", "--dwell", "400"])
        func rest(_ x: Int, _ y: Int) throws {
            try desk.sway.message(["seat", "seat0", "cursor", "set", "\(x)", "\(y)"])
        }
        var expected = ""
        /// Rests on the key `id` until `typed` arrives after what came before.
        func type(_ id: String, _ typed: String) throws {
            let p = try keyboard.centre(of: id, on: "letters")
            try rest(p.x, p.y)
            expected += typed
            try #require(Deadline.waitFor(.seconds(5)) { desk.received() == expected },
                         "resting on \(id): foot received \(desk.received().debugDescription); stderr: \(keyboard.child.standardError)")
        }
        for c in Self.pangram { try type(c == " " ? "space" : String(c), String(c)) }

        // e's callout (è é ê ë ...) opens above the keyboard, over foot, in
        // cells as wide as e from e rightwards; its third cell lies beyond
        // the preview shown while e is held, so it changes only as the callout shows.
        let e = try #require(try keyboard.frames(of: "letters").key("e"))
        let eCentre = try keyboard.centre(of: "e", on: "letters")
        let w = Int(e.width), h = Int(e.height)
        func thirdCell() -> Screenshot? {
            try? desk.sway.screenshot(x: Int(e.x) + 2 * w + w / 4, y: keyboard.top - h / 2, width: w / 2, height: h / 4)
        }
        let overFoot = try #require(thirdCell())
        func calloutShows(_ shows: Bool) -> Bool {
            Deadline.waitFor(.seconds(5)) { thirdCell().map { ($0 != overFoot) == shows } ?? false }
        }
        try type("e", "e")
        // Resting on e again holds it: its callout opens.
        #expect(calloutShows(true), "no callout above e; stderr: \(keyboard.child.standardError)")
        // The alternate rested on takes the place of the e (foot in raw mode gets BackSpace as DEL).
        try rest(eCentre.x + w, keyboard.top - h / 2)
        expected += "\u{7f}é"
        #expect(Deadline.waitFor(.seconds(5)) { desk.received() == expected }, "foot received \(desk.received().debugDescription)")
        #expect(calloutShows(false), "the callout stayed after its alternate was typed")

        // Held again, then the pointer leaves the keyboard and its callout: let go, nothing typed.
        try type("e", "e")
        #expect(calloutShows(true), "no callout above e the second time")
        try rest(eCentre.x, keyboard.top / 2)
        #expect(calloutShows(false), "the callout stayed after the pointer left the keyboard")
        try type("x", "x")
        #expect(desk.received() == expected, "foot received \(desk.received().debugDescription)")
        #expect(keyboard.terminate() == .exited(0))
        #expect(keyboard.child.standardError.isEmpty, "\(keyboard.child.standardError)")
    }
}
