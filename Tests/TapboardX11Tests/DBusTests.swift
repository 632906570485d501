import Foundation
import TapboardDBus
import TapboardTestKit
import Testing

/// The keyboard on a private D-Bus session bus, driven with `busctl` as a user
/// or a shell (phosh's `sm.puri.OSK0`) would.
@Suite("D-Bus interfaces", .serialized)
struct DBusTests {
    let desktop: Desktop
    let bus: SessionBus

    init() throws {
        desktop = try Desktop()
        bus = try SessionBus()
    }

    /// A keyboard on the bus: launched, and its names taken (that follows the map).
    private func keyboard(_ arguments: [String] = []) throws -> Keyboard {
        let keyboard = try desktop.launchKeyboard(arguments: arguments, environment: bus.environment)
        #expect(bus.waitForOwner(of: "org.tapboard.Keyboard", pid: keyboard.child.pid))
        return keyboard
    }

    private func property(_ service: String, _ path: String, _ interface: String, _ name: String) throws -> String {
        try bus.busctl(["get-property", service, path, interface, name]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("sm.puri.OSK0 as phosh calls it: SetVisible hides and shows, the Visible property follows, the events say so")
    func osk0() throws {
        let keyboard = try keyboard()
        let events = try desktop.listen()
        #expect(try property("sm.puri.OSK0", "/sm/puri/OSK0", "sm.puri.OSK0", "Visible") == "b true")
        #expect(try bus.busctl(["call", "sm.puri.OSK0", "/sm/puri/OSK0", "sm.puri.OSK0", "SetVisible", "b", "false"]).status == .exited(0))
        #expect(desktop.waitForOutput(of: events) { $0.contains("\"didHide\"") })
        #expect(try property("sm.puri.OSK0", "/sm/puri/OSK0", "sm.puri.OSK0", "Visible") == "b false")
        try bus.busctl(["call", "sm.puri.OSK0", "/sm/puri/OSK0", "sm.puri.OSK0", "SetVisible", "b", "true"])
        #expect(desktop.waitForOutput(of: events) { $0.contains("\"didShow\"") && $0.components(separatedBy: "didShow").count > 2 })
        #expect(try property("org.tapboard.Keyboard", "/org/tapboard/Keyboard", "org.tapboard.Keyboard1", "Visible") == "b true")
        #expect(keyboard.standardError == "")
    }

    @Test("org.tapboard.Keyboard1: Type types into the focused window (a character no key has too) and answers with what cannot be typed; Layout and Frame read")
    func typeAndProperties() throws {
        let keyboard = try keyboard()
        let answer = try bus.busctl(["call", "org.tapboard.Keyboard", "/org/tapboard/Keyboard", "org.tapboard.Keyboard1", "Type", "s", "Hi 2✓"])
        #expect(answer.status == .exited(0))
        #expect(answer.output == "s \"\"\n", "everything was typed")
        desktop.target.waitForText(length: 5)
        #expect(desktop.target.text == "Hi 2✓")
        // A text with a character that cannot be typed: answered with it, nothing typed.
        let refused = try bus.busctl(["call", "org.tapboard.Keyboard", "/org/tapboard/Keyboard", "org.tapboard.Keyboard1", "Type", "s", "x\u{7}"])
        #expect(refused.status == .exited(0))
        #expect(refused.output != "s \"\"\n", "\(refused.output)")
        #expect(try property("org.tapboard.Keyboard", "/org/tapboard/Keyboard", "org.tapboard.Keyboard1", "Layout") == "s \"en-US\"")
        let a = keyboard.actual
        #expect(try property("org.tapboard.Keyboard", "/org/tapboard/Keyboard", "org.tapboard.Keyboard1", "Frame")
                == "(iiii) \(a.x) \(a.y) \(a.width) \(a.height)")
    }

    @Test("Hide, Show and Toggle send the frame signals and PropertiesChanged on the bus")
    func signals() throws {
        _ = try keyboard()
        var env = ProcessInfo.processInfo.environment
        env.merge(bus.environment) { $1 }
        let monitor = try ChildProcess(URL(fileURLWithPath: "/usr/bin/dbus-monitor"), ["--session", "sender='org.tapboard.Keyboard'"], environment: env)
        defer { _ = monitor.terminate() }
        #expect(desktop.waitForOutput(of: monitor) { $0.contains("NameAcquired") || $0.contains("member=") })
        try bus.busctl(["call", "org.tapboard.Keyboard", "/org/tapboard/Keyboard", "org.tapboard.Keyboard1", "Toggle"])
        #expect(desktop.waitForOutput(of: monitor) { $0.contains("member=DidHide") })
        try bus.busctl(["call", "org.tapboard.Keyboard", "/org/tapboard/Keyboard", "org.tapboard.Keyboard1", "Show"])
        #expect(desktop.waitForOutput(of: monitor) { $0.contains("member=DidShow") })
        let out = monitor.standardOutput
        for member in ["WillHide", "DidHide", "WillShow", "DidShow", "PropertiesChanged"] { #expect(out.contains("member=\(member)")) }
    }

    @Test("Every method the objects declare is in the one table of requests (DBusControl.methods), and nothing else is")
    func methodTable() throws {
        let keyboard = try keyboard()
        var declared: Set<String> = []
        for (service, path, interface) in [("sm.puri.OSK0", "/sm/puri/OSK0", "sm.puri.OSK0"),
                                           ("org.tapboard.Keyboard", "/org/tapboard/Keyboard", "org.tapboard.Keyboard1")] {
            let listing = try bus.busctl(["introspect", service, path, interface])
            #expect(listing.status == .exited(0), "\(listing.error)")
            // Lines such as ".SetVisible  method  b  -  -".
            for line in listing.output.split(separator: "\n") {
                let words = line.split(separator: " ", omittingEmptySubsequences: true)
                if words.count > 1, words[1] == "method", words[0].hasPrefix(".") { declared.insert(interface + words[0]) }
            }
        }
        #expect(declared == Set(DBusControl.methods.keys))
        #expect(keyboard.standardError == "")
    }

    @Test("--replace takes the names over with the display; without a session bus the keyboard says so once and types")
    func replaceAndNoBus() throws {
        _ = try keyboard()
        let second = try keyboard(["--replace"])
        let status = try bus.busctl(["status", "sm.puri.OSK0"]).output
        #expect(status.contains("PID=\(second.child.pid)\n"))
        _ = second.terminate()
        let alone = try desktop.launchKeyboard(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"])
        try alone.tap("letters", "q")
        desktop.target.waitForText(length: 1)
        #expect(desktop.target.text == "Q")
        #expect(alone.standardError.split(separator: "\n").count == 1)
        #expect(alone.standardError.hasSuffix("; running without the D-Bus interface\n"))
    }
}
