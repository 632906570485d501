import CX11
import Foundation
import TapboardTestKit
import Testing

/// `tapboard type` interrupted: the keyboard stops typing its text within one
/// keystroke, whether the client is told to stop (SIGINT, SIGTERM: it says how
/// far the text got) or killed (SIGKILL: its window goes, which the keyboard sees).
@Suite("tapboard type interrupted", .serialized)
struct TypeInterruptTests {
    /// Each key held 100 ms and 100 ms apart: a keystroke every 200 ms.
    static let delay = 100
    static let keystroke: Duration = .milliseconds(2 * delay)

    @Test("SIGINT, SIGTERM or SIGKILL to tapboard type: no more than one more key arrives, none after, nothing is left pressed, and the keyboard types on",
          arguments: [SIGINT, SIGTERM, SIGKILL])
    func interrupted(_ signal: Int32) throws {
        let desktop = try Desktop()
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift", "--no-suggestions"])
        let target = desktop.target
        let text = String(repeating: "abcdefghij", count: 5)
        let client = try ChildProcess(try Keyboard.locateBinary(),
                                      ["type", "--display", desktop.xvfb.displayName, "--delay", String(Self.delay), text])
        #expect(target.waitForText(length: 3, timeout: .seconds(10)), "typing did not start: \(client.standardError)")
        // Everything the server has sent so far, then the signal.
        target.drain()
        let before = target.length
        client.send(signal)
        let status = client.wait(until: Deadline(.seconds(5)))
        // One keystroke may have been on its way; then a few keystrokes' time with nothing.
        target.handleEvents(until: Deadline(Self.keystroke * 2))
        let after = target.length
        #expect(after - before <= 1, "\(after - before) characters arrived after the signal")
        target.handleEvents(until: Deadline(Self.keystroke * 3))
        #expect(target.length == after, "typing went on: \(target.text)")
        #expect(target.text == String(text.prefix(target.length)))
        switch signal {
        case SIGKILL:
            #expect(status == .signalled(SIGKILL))
        default:
            #expect(status == .exited(128 + signal))
            #expect(client.standardError == "tapboard: interrupted: typed \(after) of \(text.count) characters\n")
        }
        #expect(desktop.tapper.keysDown().isEmpty, "keys left down: \(desktop.tapper.keysDown())")
        #expect(keyboard.isRunning)
        // The keyboard is not left holding the stopped touch: the next request types all of its text.
        target.clearLog()
        let next = try ChildProcess(try Keyboard.locateBinary(), ["type", "--display", desktop.xvfb.displayName, "--delay", "0", "xyz"])
        #expect(next.wait(until: Deadline(.seconds(10))) == .exited(0), "\(next.standardError)")
        target.waitForText(length: 3, timeout: .seconds(5))
        target.drain()
        #expect(target.text == "xyz")
        #expect(keyboard.standardError.isEmpty, "\(keyboard.standardError)")
    }
}
