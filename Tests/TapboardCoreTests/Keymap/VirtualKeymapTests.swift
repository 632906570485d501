import Testing
@testable import TapboardCore

@Suite("The virtual keyboard's keymap on Wayland")
struct VirtualKeymapTests {
    @Test("The keysyms kept at the start have keycodes from 9 and need no wait")
    func kept() {
        var keymap = VirtualKeymap(keeping: [0x61, 0x62, 0x61, 0])
        #expect(keymap.keycode(for: 0x61) == 9)
        #expect(keymap.keycode(for: 0x62) == 10)
        #expect(keymap.keysyms.count == 2)
        #expect(keymap.readyAt(.seconds(1)) == nil)
        #expect(keymap.takeUpload { String($0, radix: 16) } != nil)
        #expect(keymap.takeUpload { String($0, radix: 16) } == nil, "uploaded once until it changes")
    }

    @Test("A new keysym takes a free keycode; its keys wait for the keymap to settle")
    func newKeysym() {
        var keymap = VirtualKeymap(keeping: [0x61])
        _ = keymap.takeUpload { _ in "" }
        let now = Duration.seconds(5)
        #expect(keymap.place([0x61, 0x10020ac], at: now).isEmpty)
        #expect(keymap.keycode(for: 0x10020ac) == 10)
        #expect(keymap.needsUpload)
        #expect(keymap.readyAt(now) == now + VirtualKeymap.settle)
        #expect(keymap.readyAt(now + VirtualKeymap.settle) == nil)
        // Already there: nothing changes.
        _ = keymap.takeUpload { _ in "" }
        #expect(keymap.place([0x10020ac], at: now + .seconds(1)).isEmpty)
        #expect(!keymap.needsUpload)
    }

    @Test("When full, the least recently used keysym not kept gives its keycode up; kept ones never do")
    func eviction() {
        // More than fit: the layouts' keysyms leave `reserved` keycodes to others.
        let kept = (0 ..< UInt32(VirtualKeymap.capacity)).map { 0x1000400 + $0 }
        var keymap = VirtualKeymap(keeping: kept)
        let keptCount = VirtualKeymap.capacity - VirtualKeymap.reserved
        #expect(keymap.keycode(for: kept[keptCount - 1]) != nil && keymap.keycode(for: kept[keptCount]) == nil)
        let fillers = (0 ..< UInt32(VirtualKeymap.reserved - 2)).map { 0x2000000 + $0 }
        #expect(keymap.place([0x1, 0x2] + fillers, at: .zero).isEmpty)
        keymap.used(0x2)
        keymap.used(0x1)
        for filler in fillers { keymap.used(filler) }
        #expect(keymap.place([0x3], at: .seconds(1)).isEmpty)
        #expect(keymap.keycode(for: 0x2) == nil, "the least recently used goes")
        #expect(keymap.keycode(for: 0x3) != nil && keymap.keycode(for: 0x1) != nil)
        // More needed at once than can be given up: those needed cannot push each other out.
        #expect(keymap.place((0 ..< UInt32(VirtualKeymap.reserved + 1)).map { 0x3000000 + $0 }, at: .seconds(2)).count == 1)
        #expect(kept.prefix(keptCount).allSatisfy { keymap.keycode(for: $0) != nil })
    }

    @Test("The text names each key's keysym and maps the modifiers")
    func text() {
        let keymap = VirtualKeymap(keeping: [0x61, 0xffe3])
        let text = keymap.text { $0 == 0x61 ? "a" : "Control_L" }
        #expect(text.contains("<K9> = 9;"))
        #expect(text.contains("key <K9> { [ a ] };"))
        #expect(text.contains("modifier_map Control { <K10> };"))
        #expect(text.contains("maximum = 255;"))
    }

    @Test("What the layouts type: ASCII first, each key's character shifted and its alternates, keysyms named")
    func typed() throws {
        let layout = LayoutProvider().layout(for: try #require(try LayoutSource.builtIn(named: "de")), width: 1280)
        let (characters, keysyms) = VirtualKeymap.typed(by: [layout])
        #expect(characters.first == " ")
        #expect(characters.contains("ü") && characters.contains("Ü"))
        #expect(characters.contains("€"))
        #expect(Set(characters).count == characters.count)
        #expect(keysyms.contains("BackSpace") && keysyms.contains("Control_L"))
    }
}
