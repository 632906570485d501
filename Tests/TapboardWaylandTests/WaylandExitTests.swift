import Foundation
import TapboardTestKit
import Testing

/// A keyboard leaves no key and no modifier down, running or stopped while it
/// types: foot would repeat a key the compositor thinks is held, and a held
/// Control would turn the next letter into a control character. (sway also
/// lets go of a virtual keyboard's keys itself when its client goes.)
@Suite("Tapboard on Wayland leaves no key down", .serialized)
struct WaylandExitTests {
    @Test("stopped by a signal in the middle of typing", arguments: [SIGTERM, SIGKILL])
    func stopped(_ signal: Int32) throws {
        let desk = try SwayDesktop()
        try desk.foot()
        let keyboard = try desk.keyboard(["--no-suggestions", "--no-dbus"])
        // While it runs, a keystroke's key is up once it is typed: nothing repeats after the last.
        let (status0, stderr0) = try desk.type("xy")
        #expect(status0 == .exited(0), "\(stderr0)")
        #expect(Deadline.waitFor(.seconds(5)) { desk.received() == "xy" })
        #expect(!Deadline.waitFor(.seconds(1.5)) { desk.received() != "xy" }, "a key repeated: \(desk.received().debugDescription)")
        _ = try desk.tapboard(["type", "--delay", "5", String(repeating: "abc def ", count: 40)])
        #expect(Deadline.waitFor(.seconds(10)) { desk.received().count >= 22 }, "nothing was typed")
        keyboard.child.send(signal)
        let status = keyboard.child.wait(until: Deadline(.seconds(5)))
        #expect(status == (signal == SIGKILL ? .signalled(SIGKILL) : .exited(0)), "\(keyboard.child.standardError)")
        // Keys the keyboard sent before it stopped may still be on their way (sway reads them, then
        // foot): a key typed by another client after it is the mark that they are in. It is itself:
        // no modifier left held.
        let before = desk.received()
        let wtype = try #require(executableOnPath("wtype"))
        _ = try ChildProcess.run(wtype, ["-s", "200", "z"], environment: desk.sway.environment)
        #expect(Deadline.waitFor(.seconds(5)) { desk.received().dropFirst(before.count).hasSuffix("z") },
                "after the exit foot received \(desk.received().dropFirst(before.count).debugDescription)")
        // A key held would repeat after the compositor's delay (600 ms in sway): nothing more comes.
        let after = desk.received()
        #expect(!Deadline.waitFor(.seconds(2)) { desk.received() != after },
                "foot went on receiving: \(desk.received().dropFirst(after.count).debugDescription)")
    }
}
