import Foundation
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
