import Foundation
import TapboardTestKit
import Testing

/// `--auto-show` on Wayland: the keyboard is the compositor's input method, so
/// it shows while a text input is enabled (a GTK 3 entry on Wayland), hides
/// after the focus leaves every field, and keeps what is typed in a password
/// entry to itself (from its second character: GTK 3 says no purpose, and
/// the entry's mask in place of its text is what tells it).
@Suite("Tapboard on Wayland follows the focus", .serialized)
struct WaylandAutoShowTests {
    @Test("a GTK entry shows it, a button hides it, a password entry shows it and publishes none of its keys")
    func gtkEntry() throws {
        let desk = try SwayDesktop()
        let (sway, pointer) = (desk.sway, desk.pointer)
        let fields = try desk.gtkFields()
        #expect(Deadline.waitFor(.seconds(10)) { sway.window(appID: "fields")?.focused == true })
        let full = try #require(sway.window(appID: "fields")?.rect.height)
        func tapWidget(_ name: String) {
            let p = fields.places[name]!
            pointer.tap(p.x + p.width / 2, p.y + p.height / 2)
        }
        // The button first, so nothing asks for the keyboard as it starts.
        tapWidget("button")
        #expect(Deadline.waitFor(.seconds(5)) { fields.focused == "button" })
        let keyboard = try desk.tapboard(["--backend", "wayland", "--auto-show", "--no-suggestions", "--no-dbus", "--publish-keys"])
        // Listened to once it listens itself (slow to start under AddressSanitizer).
        #expect(desk.waitForControlSocket(of: keyboard), "\(keyboard.standardError)")
        let listener = try desk.tapboard(["events", "--keys"])
        // Hidden while the button has the focus.
        #expect(!Deadline.waitFor(.seconds(1)) { listener.standardOutput.contains("didShow") || keyboard.status != nil },
                "it showed for a button, or ended: \(keyboard.standardError)")
        #expect(sway.window(appID: "fields")?.rect.height == full, "it showed for a button")
        tapWidget("entry")
        #expect(Deadline.waitFor(.seconds(10)) { (sway.window(appID: "fields")?.rect.height ?? full) < full },
                "the entry's focus did not show it: \(keyboard.standardError)")
        #expect(Deadline.waitFor(.seconds(5)) { listener.standardOutput.contains("didShow") })
        let (status, stderr) = try desk.type("plain")
        #expect(status == .exited(0), "\(stderr)")
        #expect(Deadline.waitFor(.seconds(5)) { fields.text("entry") == "plain" })
        tapWidget("button")
        #expect(Deadline.waitFor(.seconds(5)) { sway.window(appID: "fields")?.rect.height == full }, "it did not hide when the focus left")
        tapWidget("password")
        #expect(Deadline.waitFor(.seconds(10)) { (sway.window(appID: "fields")?.rect.height ?? full) < full }, "the password entry did not show it")
        let (status2, stderr2) = try desk.type("secret")
        #expect(status2 == .exited(0), "\(stderr2)")
        #expect(Deadline.waitFor(.seconds(5)) { fields.text("password") == "secret" })
        let heard = listener.standardOutput
        #expect(heard.contains("\"text\":\"p\""), "the entry's keys were published: \(heard)")
        // GTK 3 says no purpose for an entry that only hides its text: it is known by
        // its mask (●) from its first character on, so that one is published.
        for c in ["e", "c", "r", "t"] {
            #expect(!heard.contains("\"text\":\"\(c)\""), "the password's '\(c)' was published: \(heard)")
        }
        #expect(keyboard.terminate() == .exited(0))
        #expect(keyboard.standardError.isEmpty, "\(keyboard.standardError)")
    }
}
