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
        let sway = try HeadlessSway()
        defer { sway.stop() }
        let scratch = try ScratchDirectory()
        let pointer = try WaylandPointer(sway)
        defer { pointer.close() }
        let (foot, received) = try WaylandTypingTests.target(in: sway, scratch: scratch)
        defer { _ = foot.terminate() }
        let keyboard = try SwayKeyboard(sway: sway, pointer: pointer, above: "target", arguments: ["--no-suggestions", "--no-dbus"])
        // While it runs, a keystroke's key is up once it is typed: nothing repeats after the last.
        let (status0, stderr0) = try WaylandTextTests.type("xy", sway: sway)
        #expect(status0 == .exited(0), "\(stderr0)")
        #expect(Deadline.waitFor(.seconds(5)) { WaylandTypingTests.text(received) == "xy" })
        #expect(!Deadline.waitFor(.seconds(1.5)) { WaylandTypingTests.text(received) != "xy" },
                "a key repeated: \(WaylandTypingTests.text(received).debugDescription)")
        let typing = try ChildProcess(try Keyboard.locateBinary(), ["type", "--delay", "5", String(repeating: "abc def ", count: 40)],
                                      environment: sway.environment)
        defer { _ = typing.terminate() }
        #expect(Deadline.waitFor(.seconds(10)) { WaylandTypingTests.text(received).count >= 22 }, "nothing was typed")
        keyboard.child.send(signal)
        let status = keyboard.child.wait(until: Deadline(.seconds(5)))
        #expect(status == (signal == SIGKILL ? .signalled(SIGKILL) : .exited(0)), "\(keyboard.child.standardError)")
        // A key held would repeat after the compositor's delay (600 ms in sway): nothing more comes.
        let after = WaylandTypingTests.text(received)
        let settled = Deadline.waitFor(.seconds(2)) { WaylandTypingTests.text(received) != after }
        #expect(!settled, "foot went on receiving: \(WaylandTypingTests.text(received).dropFirst(after.count).debugDescription)")
        // The next key is itself: no modifier left held.
        let wtype = try #require(executableOnPath("wtype"))
        _ = try ChildProcess.run(wtype, ["-s", "200", "z"], environment: sway.environment)
        #expect(Deadline.waitFor(.seconds(5)) { WaylandTypingTests.text(received) == after + "z" },
                "after the exit foot received \(WaylandTypingTests.text(received).dropFirst(after.count).debugDescription)")
    }
}
