import Foundation
import TapboardTestKit
import Testing

/// IBus beside Tapboard: a Latin layout's keys, tapped on Tapboard and sent
/// through XTest, reach IBus as a hardware keyboard's would, and ibus-hangul
/// composes them into a GTK 3 entry (GTK's IBus module) and xterm (XIM).
/// `scripts/lib/ibus-check.sh` sets up the session (its own Xvfb, D-Bus bus,
/// ibus-daemon in Hangul mode) and ends everything it started.
@Suite("IBus: Tapboard's taps composed by ibus-hangul", .serialized)
struct IBusTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/lib/ibus-check.sh")

    @Test("ㄱㅏㄴㄱㅜㄱ tapped as r k s r n r: 간국 in the entry and in xterm", arguments: [["-x"], ["-w", "openbox"]])
    func hangul(_ options: [String]) throws {
        let check = try ChildProcess(URL(fileURLWithPath: "/bin/bash"),
                                     [Self.script.path] + options + ["-T", try Keyboard.locateBinary().path, "auto"])
        let status = check.wait(until: Deadline(.seconds(120)))
        #expect(status == .exited(0), "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardOutput.contains("PASS gtk-hangul: entry text '간국 '"), "\(check.standardOutput)")
        if options.contains("-x") { #expect(check.standardOutput.contains("PASS xterm-hangul"), "\(check.standardOutput)") }
    }
}
