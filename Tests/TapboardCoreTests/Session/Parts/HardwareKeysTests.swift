import Testing
@testable import TapboardCore

/// Out of the way of a hardware keyboard: a key typed there hides an
/// auto-shown keyboard, and fields focused without the pointer (Tab) do not
/// bring it back; a press of the pointer or a touch and the field it chose do.
struct HardwareKeysTests {
    private static let t0 = Duration.seconds(10)
    private static func ms(_ n: Int) -> Duration { t0 + .milliseconds(n) }
    private static let entry = FocusedField(id: ":1.5/entry", kind: .text, extents: Rect(x: 20, y: 40, width: 300, height: 30))
    private static let other = FocusedField(id: ":1.5/view", kind: .text, extents: Rect(x: 20, y: 100, width: 300, height: 80))

    private func driver(autoShow: Bool = true, hides: Bool = true, mode: WindowMode = .overlay) throws -> SessionDriver {
        var c = KeyboardConfiguration(options: InteractionOptions(autoShift: false))
        c.autoShow = autoShow
        c.startHidden = autoShow
        c.hidesForHardwareKeys = hides
        c.mode = mode
        return try SessionDriver(c)
    }

    @Test("A hardware key hides it at once; Tab to another field keeps it hidden; a click and the field it chose show it")
    func hidesUntilThePointer() throws {
        var d = try driver()
        d.send(.focusChanged(Self.entry), at: Self.t0)
        #expect(d.mapped)
        d.send(.hardwareKeyPressed, at: Self.ms(100))
        #expect(!d.mapped)
        #expect(d.frameEvents == ["willShow", "willHide"])
        // Tab: the focus moves with no pointer.
        d.send(.focusChanged(nil), at: Self.ms(200))
        d.send(.focusChanged(Self.other), at: Self.ms(201))
        d.run(until: Self.ms(1000))
        #expect(!d.mapped)
        // A click on the entry.
        d.send(.pointerPressed, at: Self.ms(2000))
        #expect(!d.mapped, "the press alone shows nothing")
        d.send(.focusChanged(Self.entry), at: Self.ms(2010))
        #expect(d.mapped)
        #expect(d.frameEvents == ["willShow", "willHide", "willShow"])
        #expect(d.session.nextDeadline == nil)
    }

    @Test("The field the click chose heard before the click itself (the buses read in that order): shown when the click is heard")
    func focusHeardFirst() throws {
        var d = try driver()
        d.send(.focusChanged(Self.entry), at: Self.t0)
        d.send(.hardwareKeyPressed, at: Self.ms(100))
        d.send([.focusChanged(Self.other), .pointerPressed], at: Self.ms(2000))
        #expect(d.mapped)
        // Long after a focus that came by Tab, a click (in the same field) shows nothing.
        d.send(.hardwareKeyPressed, at: Self.ms(3000))
        d.send(.focusChanged(Self.entry), at: Self.ms(3100))
        d.send(.pointerPressed, at: Self.ms(3100) + HardwareKeys.lateness + .milliseconds(1))
        #expect(!d.mapped)
    }

    @Test("Hidden with no field (the focus had left): Tab into a field keeps it hidden; tapboard show shows it and ends the holding off")
    func showEndsIt() throws {
        var d = try driver()
        d.send(.hardwareKeyPressed, at: Self.t0)
        d.send(.focusChanged(Self.entry), at: Self.ms(10))
        #expect(!d.mapped)
        d.send(.control(.command(.show)), at: Self.ms(20))
        #expect(d.mapped)
        d.send(.focusChanged(nil), at: Self.ms(30))
        d.run(until: Self.ms(1000))
        #expect(!d.mapped)
        d.send(.focusChanged(Self.other), at: Self.ms(1100))
        #expect(d.mapped, "a field shows it again: tapboard show ended the holding off")
    }

    @Test("Off: with --no-hide-on-hardware-keys, without --auto-show, and embedded, a hardware key changes nothing",
          arguments: [(true, false, WindowMode.overlay), (false, true, .overlay), (true, true, .embedded)])
    func off(autoShow: Bool, hides: Bool, mode: WindowMode) throws {
        var d = try driver(autoShow: autoShow, hides: hides, mode: mode)
        if autoShow { d.send(.focusChanged(Self.entry), at: Self.t0) } else { d.send(.control(.command(.show)), at: Self.t0) }
        let mapped = d.mapped
        d.send(.hardwareKeyPressed, at: Self.ms(100))
        #expect(d.mapped == mapped && mapped == (mode != .embedded || d.mapped))
        #expect(d.frameEvents.filter { $0 == "willHide" }.isEmpty)
    }
}

/// A convertible opened into a laptop or folded into a tablet (KWin's tablet mode).
struct TabletModeTests {
    private static let entry = FocusedField(id: ":1.5/entry", kind: .text, extents: Rect(x: 20, y: 40, width: 300, height: 30))
    private static let other = FocusedField(id: ":1.5/view", kind: .text, extents: Rect(x: 20, y: 100, width: 300, height: 80))

    private func driver(autoShow: Bool = true) throws -> SessionDriver {
        var c = KeyboardConfiguration(options: InteractionOptions(autoShift: false))
        c.autoShow = autoShow
        c.startHidden = autoShow
        c.hidesForHardwareKeys = true
        c.mode = .overlay
        return try SessionDriver(c)
    }

    @Test("Opened into a laptop: hidden, and fields chosen with the pointer leave it hidden; folded back: shown at once for the field focused")
    func laptopThenTablet() throws {
        var d = try driver()
        d.send(.focusChanged(Self.entry), at: .seconds(1))
        #expect(d.mapped)
        d.send(.tabletModeChanged(false), at: .seconds(2))
        #expect(!d.mapped)
        d.send(.pointerPressed, at: .seconds(3))
        d.send(.focusChanged(Self.other), at: .seconds(3) + .milliseconds(10))
        d.run(until: .seconds(4))
        #expect(!d.mapped, "a field chosen with the pointer showed it in laptop mode")
        d.send(.tabletModeChanged(true), at: .seconds(5))
        #expect(d.mapped)
        // A tablet again: fields show and hide it as before.
        d.send(.focusChanged(nil), at: .seconds(6))
        d.run(until: .seconds(7))
        #expect(!d.mapped)
        d.send(.focusChanged(Self.entry), at: .seconds(8))
        #expect(d.mapped)
    }

    @Test("No tablet mode here (nil) after a laptop: as a tablet; without auto-show, the switch changes nothing")
    func noneAndOff() throws {
        var d = try driver()
        d.send(.tabletModeChanged(false), at: .seconds(1))
        d.send(.tabletModeChanged(nil), at: .seconds(2))
        d.send(.focusChanged(Self.entry), at: .seconds(3))
        #expect(d.mapped)
        var plain = try driver(autoShow: false)
        #expect(plain.mapped)
        plain.send(.tabletModeChanged(false), at: .seconds(1))
        #expect(plain.mapped)
    }
}
