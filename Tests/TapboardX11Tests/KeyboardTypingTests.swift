import CX11
import Foundation
import TapboardTestKit
import Testing

/// The real `tapboard` binary under a private Xvfb: taps at key centres through
/// XTest, and what arrives in a focused window of the test's own.
@Suite("Typing through the tapboard binary", .serialized)
struct KeyboardTypingTests {
    /// One planned tap: the page the keyboard shows, and the key's id there.
    typealias Tap = (page: String, id: String)

    let desktop: Desktop

    init() throws { desktop = try Desktop() }

    /// Waits for `expected`, then taps one more known key and checks the text is
    /// exactly `expected` followed by that key: nothing extra arrived after it.
    private func expectTyped(_ expected: String, thenTap sentinel: Tap, typing sentinelText: String,
                             on keyboard: Keyboard, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let target = desktop.target
        let arrived = target.waitForText(length: expected.unicodeScalars.count)
        #expect(arrived, "only \(target.text.debugDescription) arrived of \(expected.debugDescription)\n\(target.pressLog)\nkeyboard stderr: \(keyboard.standardError)",
                sourceLocation: sourceLocation)
        try keyboard.tap(sentinel.page, sentinel.id)
        let full = expected + sentinelText
        target.waitForText(length: full.unicodeScalars.count)
        #expect(target.text == full, "\(target.pressLog)", sourceLocation: sourceLocation)
    }

    /// The target still has the focus and never lost it; no key or button is left down.
    private func expectFocusKept(sourceLocation: SourceLocation = #_sourceLocation) {
        let target = desktop.target
        target.drain()
        #expect(target.hasFocus, "the target window lost the input focus", sourceLocation: sourceLocation)
        #expect(target.focusOuts.isEmpty, "\(target.focusOuts)", sourceLocation: sourceLocation)
    }

    @Test("Taps across all three pages type \"Hello, World! 123 #+= € £\"")
    func typesASentenceAcrossPages() throws {
        let keyboard = try desktop.launchKeyboard()
        #expect(keyboard.actual == keyboard.requested, "the window is not where --geometry put it")
        expectFocusKept()
        let plan: [Tap] = [
            // Auto-shift at the start gives the H.
            ("letters", "h"), ("letters", "e"), ("letters", "l"), ("letters", "l"), ("letters", "o"),
            ("letters", ","), ("letters", "space"),
            ("letters", "shift"), ("letters", "w"), ("letters", "o"), ("letters", "r"), ("letters", "l"), ("letters", "d"),
            ("letters", "page:symbols"),
            // "! " turns auto-shift on; digits and symbols are the same shifted.
            ("symbols", "!"), ("symbols", "space"), ("symbols", "1"), ("symbols", "2"), ("symbols", "3"),
            ("symbols", "space"),
            ("symbols", "page:more-symbols"),
            ("more-symbols", "#"), ("more-symbols", "+"), ("more-symbols", "="), ("more-symbols", "space"),
            ("more-symbols", "€"), ("more-symbols", "space"), ("more-symbols", "£"),
        ]
        try keyboard.tap(plan)
        try expectTyped("Hello, World! 123 #+= € £", thenTap: ("more-symbols", "."), typing: ".", on: keyboard)
        expectFocusKept()
        #expect(desktop.tapper.noKeyDown, "keys left down: \(desktop.tapper.keysDown())")
    }

    @Test("Without auto-shift, one shift tap capitalises one letter")
    func shiftOnceCapitalisesOneLetter() throws {
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift"])
        try keyboard.tap([("letters", "shift"), ("letters", "a"), ("letters", "b")])
        try expectTyped("Ab", thenTap: ("letters", "c"), typing: "c", on: keyboard)
        expectFocusKept()
    }

    @Test("A double tap on shift is caps lock until shift is tapped again")
    func doubleTapShiftLocksCaps() throws {
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift"])
        try keyboard.tap([("letters", "shift"), ("letters", "shift"), ("letters", "a"), ("letters", "b"),
                          ("letters", "shift"), ("letters", "c")])
        try expectTyped("ABc", thenTap: ("letters", "d"), typing: "d", on: keyboard)
        expectFocusKept()
    }

    @Test("A drag from q to w types only w")
    func dragTypesTheKeyWhereItEnds() throws {
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift"])
        try keyboard.drag(on: "letters", from: "q", to: "w")
        try expectTyped("w", thenTap: ("letters", "e"), typing: "e", on: keyboard)
        expectFocusKept()
    }

    @Test("SIGTERM: exit status 0, no key left down, the keymap as it was before")
    func terminatesCleanly() throws {
        let tapper = desktop.tapper
        let before = tapper.keyboardMapping()
        // The premise: € is not in the US keymap, so typing it needs a spare keycode remapped.
        #expect(!before.keysyms.contains(KeySym(XK_EuroSign)), "the server's keymap already has EuroSign")

        let keyboard = try desktop.launchKeyboard()
        try keyboard.tap([("letters", "page:symbols"), ("symbols", "page:more-symbols"), ("more-symbols", "€")])
        #expect(desktop.target.waitForText(length: 1), "€ did not arrive; stderr: \(keyboard.standardError)")
        // Still remapped just after the key arrived (restoring at once races with
        // the application), so SIGTERM below has a keycode to restore.
        let during = tapper.keyboardMapping()
        #expect(during != before, "the spare keycode was restored at once, or € was typed without one")
        try expectTyped("€", thenTap: ("more-symbols", "."), typing: ".", on: keyboard)
        if let euro = desktop.target.presses.first(where: { $0.text == "€" }) {
            let index = (Int(euro.keycode) - before.minKeycode) * before.perKeycode
            let original = before.keysyms[index..<index + before.perKeycode]
            #expect(!original.contains(KeySym(XK_EuroSign)), "€ came from keycode \(euro.keycode) without a remap?")
        }

        expectCleanExit(keyboard, on: desktop, mappingBefore: before)
        expectFocusKept()
        #expect(desktop.target.text == "€.", "\(desktop.target.pressLog)")
    }
}
