import CX11
import Foundation
import TapboardTestKit
import Testing

/// Characters the server's keymap lacks, typed through borrowed keycodes, reach
/// applications however late or early they read the keymap.
@Suite("Borrowed keycodes", .serialized)
struct BorrowedKeycodeTests {
    @Test("A client that reads its keymap just before a keycode is borrowed for its first character still gets the character")
    func firstLookupDuringBorrow() throws {
        let desktop = try Desktop()
        let keyboard = try desktop.launchKeyboard(arguments: ["--layout", "ru", "--no-auto-shift"])
        let watch = try KeymapWatch(displayName: desktop.xvfb.displayName)
        // The client must send its request for notices before the keycode is
        // announced again (`SpareKeycodes.changeInterval` after the remapping);
        // a test held up longer than that proves nothing either way and tries
        // the next letter, with a new client.
        var conclusive = false
        for letter in ["з", "ж", "щ"] {
            // A new client (a bare Xlib window) that has the focus and has never looked a key up.
            let client = try TargetWindow(displayName: desktop.xvfb.displayName)
            defer { client.close() }
            // Its first lookup, as when it handles its first key: the keymap read, the request for notices not yet sent.
            client.readKeymapWithoutSending()
            try keyboard.tap("letters", letter)
            let keysym = XStringToKeysym("Cyrillic_" + ["з": "ze", "ж": "zhe", "щ": "shcha"][letter]!)
            let keycode = try #require(watch.waitForKeycode(carrying: keysym), "no keycode was borrowed for \(letter)")
            let borrowed = ContinuousClock.now
            client.drain()
            if ContinuousClock.now - borrowed > .milliseconds(30) { continue }
            conclusive = true
            client.waitForText(length: 1, timeout: .seconds(2))
            client.drain()
            #expect(client.text == letter, "pressed through keycode \(keycode):\n\(client.pressLog)\nfocus \(client.hasFocus) other: \(desktop.target.pressLog)")
            break
        }
        #expect(conclusive, "each try was held up past the keycode's announcement")
        #expect(keyboard.standardError.isEmpty)
        #expect(desktop.tapper.noKeyDown)
    }
}
