import Testing
@testable import TapboardCore

@Suite("Planning a keystroke's key presses")
struct KeystrokePlanTests {
    /// A small keymap: where each keysym sits, like a German one (€ on AltGr+E).
    static let levels: [UInt32: KeyLevel] = [
        0x61: .base, 0x41: .shift, 0x65: .base, 0x45: .shift, 0x31: .base, 0x21: .shift,
        0x20ac: .altGr, 0x40: .altGr, 0xa2: .shiftAltGr, 0xff0d: .base, 0xffff: .base,
    ]
    /// A few X names.
    static let names: [String: UInt32] = ["Return": 0xff0d, "Delete": 0xffff, "EuroSign": 0x20ac, "F13": 0xffca]

    static func planned(_ keystroke: Keystroke) -> KeystrokePlan {
        var plan = KeystrokePlan { names[$0] }
        plan.plan(keystroke) { levels[$0] }
        return plan
    }

    static func tap(_ keysym: UInt32, _ key: PlannedKey = .keymap) -> [KeystrokeStep] {
        [.press(keysym, key), .release(keysym, key)]
    }

    static let shiftDown = KeystrokeStep.press(KeystrokePlan.shiftKeysym, .levelModifier)
    static let shiftUp = KeystrokeStep.release(KeystrokePlan.shiftKeysym, .levelModifier)
    static let altGrDown = KeystrokeStep.press(KeystrokePlan.altGrKeysym, .levelModifier)
    static let altGrUp = KeystrokeStep.release(KeystrokePlan.altGrKeysym, .levelModifier)

    @Test("ASCII text: one press and release a character, at the base level")
    func ascii() {
        let plan = Self.planned(.text("ae1"))
        #expect(plan.steps == Self.tap(0x61) + Self.tap(0x65) + Self.tap(0x31))
        #expect(plan.unresolved == 0)
        #expect(plan.fromKeymapOnly)
    }

    @Test("A shifted character has Shift pressed around it, and only around it")
    func shifted() {
        let plan = Self.planned(.text("Aa!"))
        #expect(plan.steps == [Self.shiftDown] + Self.tap(0x41) + [Self.shiftUp] + Self.tap(0x61)
            + [Self.shiftDown] + Self.tap(0x21) + [Self.shiftUp])
    }

    @Test("A character on the AltGr levels has AltGr (and Shift, outside it) pressed around it")
    func altGr() {
        #expect(Self.planned(.text("€")).steps == [Self.altGrDown] + Self.tap(0x20ac) + [Self.altGrUp])
        #expect(Self.planned(.text("¢")).steps == [Self.shiftDown, Self.altGrDown] + Self.tap(0xa2) + [Self.altGrUp, Self.shiftUp])
        #expect(Self.planned(.keysym(KeySymbol("EuroSign"))).steps == [Self.altGrDown] + Self.tap(0x20ac) + [Self.altGrUp])
    }

    @Test("A character the keymap lacks goes through a spare keycode, with no modifier")
    func missingFromKeymap() {
        let plan = Self.planned(.text("aé"))
        #expect(plan.steps == Self.tap(0x61) + Self.tap(0xe9, .spare))
        #expect(!plan.fromKeymapOnly)
        var spares: [UInt32] = []
        plan.forEachSpare { spares.append($0) }
        #expect(spares == [0xe9])
        #expect(plan.unresolved == 0)
    }

    @Test("Characters get libxkbcommon's keysyms: legacy ones where they exist, else Unicode keysyms")
    func characterKeysyms() {
        // з (Cyrillic_ze), α (Greek_alpha), – (endash), € (EuroSign), backspace, a non-BMP emoji.
        let plan = Self.planned(.text("зα–\u{8}😀"))
        #expect(plan.steps == Self.tap(0x6da, .spare) + Self.tap(0x7e1, .spare) + Self.tap(0xaaa, .spare)
            + Self.tap(0xff08, .spare) + Self.tap(0x101_f600, .spare))
        #expect(UnicodeKeysyms.keysym(for: "é") == 0xe9)
        #expect(UnicodeKeysyms.keysym(for: "€") == 0x20ac)
        #expect(UnicodeKeysyms.keysym(for: "\u{7f}") == 0xffff)
        #expect(UnicodeKeysyms.keysym(for: "\u{0}") == 0x100_0000)
        #expect(UnicodeKeysyms.keysym(for: Unicode.Scalar(0xFDD0 as UInt32)!) == nil)
        #expect(UnicodeKeysyms.keysym(for: Unicode.Scalar(0x10FFFF as UInt32)!) == nil)
        #expect(UnicodeKeysyms.legacy == UnicodeKeysyms.legacy.sorted(), "sorted for the binary search")
    }

    @Test("Text of several scalars a character is typed one scalar after the other")
    func multiScalar() {
        // "é" decomposed: e, then the combining acute (no legacy keysym).
        #expect(Self.planned(.text("e\u{301}")).steps == Self.tap(0x65) + Self.tap(0x100_0301, .spare))
        // 👍🏽: the thumb, then the skin tone.
        #expect(Self.planned(.text("👍🏽")).steps == Self.tap(0x101_f44d, .spare) + Self.tap(0x101_f3fd, .spare))
        // A family: three people joined by zero-width joiners, each typed.
        let family = Self.planned(.text("👨\u{200D}👩\u{200D}👧"))
        #expect(family.steps.count == 5 * 2)
        #expect(family.steps[2] == .press(0x100_200d, .spare))
    }

    @Test("A named keysym is pressed from its key; one that does not exist is counted, not planned")
    func keysyms() {
        #expect(Self.planned(.keysym(.return)).steps == Self.tap(0xff0d))
        #expect(Self.planned(.keysym(KeySymbol("F13"))).steps == Self.tap(0xffca, .spare))
        let unknown = Self.planned(.keysym(KeySymbol("NoSuchKeysym")))
        #expect(unknown.steps.isEmpty)
        #expect(unknown.unresolved == 1)
        #expect(!unknown.fromKeymapOnly)
        let nonCharacter = Self.planned(.text("a" + String(Unicode.Scalar(0xFFFE as UInt32)!)))
        #expect(nonCharacter.steps == Self.tap(0x61))
        #expect(nonCharacter.unresolved == 1)
    }

    @Test("Ctrl+Shift+letter: Control held around the letter, Shift around the letter alone")
    func chord() {
        let plan = Self.planned(.chord([.control], .text("A")))
        #expect(plan.steps == [.press(0xffe3, .chordModifier), .modifiers(1 << 2), Self.shiftDown] + Self.tap(0x41)
            + [Self.shiftUp, .modifiers(0), .release(0xffe3, .chordModifier)])
        #expect(plan.fromKeymapOnly, "the chord's modifiers are the backend's to find")
    }

    @Test("A chord's modifiers are held in order and released in reverse; nested ones add to the outer")
    func chordOrder() {
        let plan = Self.planned(.chord([.control, .alt], .keysym(KeySymbol("Delete"))))
        #expect(plan.steps == [.press(0xffe3, .chordModifier), .press(0xffe9, .chordModifier), .modifiers(1 << 2 | 1 << 3)]
            + Self.tap(0xffff) + [.modifiers(0), .release(0xffe9, .chordModifier), .release(0xffe3, .chordModifier)])
        let nested = Self.planned(.chord([.super], .chord([.control], .text("a"))))
        #expect(nested.steps == [.press(0xffeb, .chordModifier), .modifiers(1 << 6), .press(0xffe3, .chordModifier), .modifiers(1 << 6 | 1 << 2)]
            + Self.tap(0x61) + [.modifiers(1 << 6), .release(0xffe3, .chordModifier), .modifiers(0), .release(0xffeb, .chordModifier)])
        // A chord around a keysym that does not exist still holds and releases its modifiers.
        let unknown = Self.planned(.chord([.control], .keysym(KeySymbol("NoSuchKeysym"))))
        #expect(unknown.steps == [.press(0xffe3, .chordModifier), .modifiers(1 << 2), .modifiers(0), .release(0xffe3, .chordModifier)])
        #expect(unknown.unresolved == 1)
    }

    @Test("A plan is remade in the same storage: the last keystroke's steps alone")
    func reused() {
        var plan = KeystrokePlan { Self.names[$0] }
        plan.plan(.text("Ae")) { Self.levels[$0] }
        plan.plan(.keysym(KeySymbol("NoSuchKeysym"))) { Self.levels[$0] }
        plan.plan(.text("a")) { Self.levels[$0] }
        #expect(plan.steps == Self.tap(0x61))
        #expect(plan.unresolved == 0)
        // With no key at any level (another client holding Shift on X): all through spares.
        plan.plan(.text("aA")) { _ in nil }
        #expect(plan.steps == Self.tap(0x61, .spare) + Self.tap(0x41, .spare))
    }
}
