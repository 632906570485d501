import Foundation
import TapboardCore
import TapboardTestKit
import Testing

/// The keyboard's control on Wayland: `tapboard hide/show` and `tapboard events`
/// through its socket, `sm.puri.OSK0` on the session bus.
@Suite("Tapboard on Wayland is controlled", .serialized)
struct WaylandControlTests {
    @Test("tapboard hide and show give the zone back and take it again; tapboard events hears each")
    func commandsAndEvents() throws {
        let desk = try SwayDesktop()
        try desk.foot()
        let keyboard = try desk.keyboard(["--no-suggestions", "--no-dbus"])
        let events = try desk.tapboard(["events"])
        #expect(Deadline.waitFor(.seconds(5)) { events.standardOutput.contains("\"didShow\"") })
        let full = desk.sway.size.height
        _ = try desk.tapboard(["hide"]).wait(until: Deadline(.seconds(10)))
        #expect(Deadline.waitFor(.seconds(5)) { desk.sway.window(appID: "target")?.rect.height == full }, "the zone was kept")
        #expect(Deadline.waitFor(.seconds(5)) { events.standardOutput.contains("\"didHide\"") }, "\(events.standardOutput)")
        _ = try desk.tapboard(["show"]).wait(until: Deadline(.seconds(10)))
        #expect(Deadline.waitFor(.seconds(5)) { (desk.sway.window(appID: "target")?.rect.height ?? full) < full }, "not shown again")
        #expect(Deadline.waitFor(.seconds(5)) { events.standardOutput.components(separatedBy: "\"didShow\"").count == 3 }, "\(events.standardOutput)")
        try keyboard.tap("letters", "q")
        #expect(Deadline.waitFor(.seconds(5)) { desk.received() == "Q" }, "foot received \(desk.received().debugDescription)")
        _ = try desk.tapboard(["quit"]).wait(until: Deadline(.seconds(10)))
        #expect(keyboard.child.wait(until: Deadline(.seconds(5))) == .exited(0))
    }

    @Test("Lines written by hand on the socket are read as tapboard's own; a wrong one is answered with what is wrong, a blank one not at all, and the next still done")
    func handWrittenLines() throws {
        let desk = try SwayDesktop()
        try desk.foot()
        let keyboard = try desk.keyboard(["--no-suggestions", "--no-dbus"])
        let path = try #require(ControlLine.socketPath(runtimeDirectory: desk.sway.runtimeDirectory, display: desk.sway.socketName))
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, byte) in path.utf8.enumerated() { raw[i] = byte } }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(connected == 0, "no control socket at \(path)")
        let full = desk.sway.size.height
        let lines = Array("switch jump down\n\ncommand hide\n".utf8)
        #expect(write(fd, lines, lines.count) == lines.count)
        var answer: [UInt8] = []
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        var buffer = [UInt8](repeating: 0, count: 512)
        while !answer.contains(0x0a), poll(&pfd, 1, 5000) > 0 {
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { break }
            answer += buffer[..<n]
        }
        let wrong = ControlLineError.badField(verb: "switch", field: "role", value: "jump", expected: "select, next, up, down, left or right")
        #expect(ControlLine.lines(String(decoding: answer, as: UTF8.self)).map { ControlLine.message($0) } == [.refused(wrong.description)])
        #expect(Deadline.waitFor(.seconds(5)) { desk.sway.window(appID: "target")?.rect.height == full }, "command hide was not done")
        #expect(keyboard.terminate() == .exited(0))
    }

    @Test("--clipboard-history is taken on Wayland, and tapboard clipboard list and clear answer through the socket (nothing is kept there yet)")
    func clipboard() throws {
        let desk = try SwayDesktop()
        try desk.foot()
        let keyboard = try desk.keyboard(["--no-suggestions", "--no-dbus", "--clipboard-history=memory"])
        // `clear` deletes the history's file too: in a data directory of the test's.
        let data = try ScratchDirectory()
        var environment = desk.sway.environment
        environment["XDG_DATA_HOME"] = data.path
        for command in [["clipboard", "list"], ["clipboard", "clear"], ["clipboard", "list"]] {
            let child = try ChildProcess(try Keyboard.locateBinary(), command, environment: environment)
            #expect(child.wait(until: Deadline(.seconds(10))) == .exited(0), "\(command): \(child.standardError)")
            #expect(child.standardOutput == "", "\(command)")
        }
        _ = try desk.tapboard(["quit"]).wait(until: Deadline(.seconds(10)))
        #expect(keyboard.child.wait(until: Deadline(.seconds(5))) == .exited(0))
        #expect(keyboard.child.standardError.isEmpty, "\(keyboard.child.standardError)")
    }

    @Test("tapboard keys answers through the socket: the layout, the page, the frame on the output")
    func keys() throws {
        let desk = try SwayDesktop()
        try desk.foot()
        let keyboard = try desk.keyboard(["--no-suggestions", "--no-dbus"])
        let child = try desk.tapboard(["keys"])
        #expect(child.wait(until: Deadline(.seconds(10))) == .exited(0), "\(child.standardError)")
        let shown = try #require(try JSONSerialization.jsonObject(with: Data(child.standardOutput.utf8)) as? [String: Any])
        #expect(shown["layout"] as? String == "en-US" && shown["page"] as? String == "letters")
        #expect((shown["keys"] as? [Any])?.isEmpty == false)
        #expect((shown["frame"] as? [String: Int])?["width"] == desk.sway.size.width)
        _ = try desk.tapboard(["quit"]).wait(until: Deadline(.seconds(10)))
        #expect(keyboard.child.wait(until: Deadline(.seconds(5))) == .exited(0))
    }

    @Test("sm.puri.OSK0 SetVisible hides and shows it")
    func dbus() throws {
        let desk = try SwayDesktop()
        try desk.foot()
        let bus = try SessionBus()
        let keyboard = try desk.keyboard(["--no-suggestions"], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        #expect(bus.waitForOwner(of: "sm.puri.OSK0", pid: keyboard.child.pid), "\(keyboard.child.standardError)")
        let full = desk.sway.size.height
        _ = try bus.busctl(["call", "sm.puri.OSK0", "/sm/puri/OSK0", "sm.puri.OSK0", "SetVisible", "b", "false"])
        #expect(Deadline.waitFor(.seconds(5)) { desk.sway.window(appID: "target")?.rect.height == full }, "SetVisible false kept the zone")
        _ = try bus.busctl(["call", "sm.puri.OSK0", "/sm/puri/OSK0", "sm.puri.OSK0", "SetVisible", "b", "true"])
        #expect(Deadline.waitFor(.seconds(5)) { (desk.sway.window(appID: "target")?.rect.height ?? full) < full }, "SetVisible true did not show it")
        #expect(keyboard.terminate() == .exited(0))
        #expect(keyboard.child.standardError.isEmpty, "\(keyboard.child.standardError)")
    }
}
