import Foundation
import TapboardTestKit
import Testing

/// Switch scanning on a headless sway: no client may take keys from the seat
/// there, so the switches are `tapboard switch` commands, as a compositor's
/// key bindings run them; what arrives in foot must be exact.
@Suite("Switch scanning on Wayland", .serialized)
struct WaylandScanTests {
    @Test("Step scan driven only by tapboard switch next and select types a word into foot exactly; a held next repeats until let go")
    func stepScanBySwitchCommands() throws {
        let desk = try SwayDesktop()
        try desk.foot()
        let keyboard = try desk.keyboard(["--no-auto-shift", "--no-suggestions", "--no-dbus", "--publish-keys", "--scan", "step", "--scan-interval", "300"])
        let events = try desk.tapboard(["events", "--keys"])
        defer { _ = events.terminate() }
        // Subscribed: a new listener hears that the keyboard shows.
        try #require(Deadline.waitFor(.seconds(10)) { events.standardOutput.contains("\"didShow\"") }, "\(events.standardOutput)")
        let failures = desk.typeByStepScan("hi", events: events)
        #expect(failures.isEmpty, "\(failures); stderr: \(keyboard.child.standardError)")
        #expect(Deadline.waitFor(.seconds(5)) { desk.received() == "hi" }, "foot received \(desk.received().debugDescription)")

        // next held (down alone) moves on by itself every interval, and stops when let go (up).
        let before = Desktop.eventLines("scan", in: events.standardOutput)
        #expect(try desk.pressSwitch(["next", "down"]).0 == .exited(0))
        #expect(Deadline.waitFor(.seconds(10)) { Desktop.eventLines("scan", in: events.standardOutput) >= before + 3 },
                "a held next did not repeat: \(events.standardOutput)")
        #expect(try desk.pressSwitch(["next", "up"]).0 == .exited(0))
        let stopped = Desktop.eventLines("scan", in: events.standardOutput)
        // Let go: no step follows for several intervals (one may have been under way as the release came).
        #expect(!Deadline.waitFor(.milliseconds(1500)) { Desktop.eventLines("scan", in: events.standardOutput) > stopped + 1 },
                "next went on after it was let go: \(events.standardOutput)")
        #expect(desk.received() == "hi", "foot received \(desk.received().debugDescription)")
        #expect(keyboard.terminate() == .exited(0))
        #expect(keyboard.child.standardError.isEmpty, "\(keyboard.child.standardError)")
    }

    @Test("On Wayland --switch is refused, saying to bind tapboard switch in the compositor; tapboard switch with a bad role or word exits 2 naming it; a keyboard not scanning ignores a good one")
    func refusals() throws {
        let desk = try SwayDesktop()
        try desk.foot()
        let keyboard = try desk.keyboard(["--no-auto-shift", "--no-suggestions", "--no-dbus"])
        #expect(try desk.pressSwitch(["select"]).0 == .exited(0))
        #expect(try desk.pressSwitch(["next", "down"]).0 == .exited(0))
        // Typed after the switches were read: only what tapboard type asked arrives.
        #expect(try desk.type("x").0 == .exited(0))
        #expect(Deadline.waitFor(.seconds(5)) { desk.received() == "x" }, "foot received \(desk.received().debugDescription)")
        #expect(keyboard.terminate() == .exited(0))
        #expect(keyboard.child.standardError.isEmpty, "\(keyboard.child.standardError)")
        let refused = try desk.tapboard(["--backend", "wayland", "--scan", "step", "--switch", "next=F11,select=F12"])
        #expect(refused.wait(until: Deadline(.seconds(10))) == .exited(2))
        #expect(refused.standardError.hasPrefix("tapboard: --switch: on Wayland"), "\(refused.standardError)")
        #expect(refused.standardError.contains("tapboard switch select"), "\(refused.standardError)")
        #expect(refused.standardError.split(separator: "\n").count == 1, "\(refused.standardError)")
        for (words, named) in [(["jump"], "'jump'"), (["select", "held"], "'held'")] {
            let (status, stderr) = try desk.pressSwitch(words)
            #expect(status == .exited(2), "\(words)")
            #expect(stderr.hasPrefix("tapboard: ") && stderr.contains(named) && stderr.split(separator: "\n").count == 1, "\(stderr)")
        }
    }
}
