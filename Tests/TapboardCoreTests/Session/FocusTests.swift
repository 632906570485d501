import Testing
@testable import TapboardCore

/// `--auto-show`: the focus entering and leaving text fields, the user's hide,
/// keeping clear of the field, password fields.
struct FocusTests {
    private static let t0 = Duration.seconds(10)
    private static func ms(_ n: Int) -> Duration { t0 + .milliseconds(n) }
    private static let entry = FocusedField(id: ":1.5/entry", kind: .text, extents: Rect(x: 20, y: 40, width: 300, height: 30))
    private static let other = FocusedField(id: ":1.5/view", kind: .text, extents: Rect(x: 20, y: 100, width: 300, height: 80))

    private func driver(mode: WindowMode = .overlay, autoShow: Bool = true) throws -> SessionDriver {
        var c = KeyboardConfiguration(options: InteractionOptions(autoShift: false))
        c.autoShow = autoShow
        c.startHidden = autoShow
        c.mode = mode
        return try SessionDriver(c)
    }

    @Test("A field takes the focus: shown at once; the focus leaves: hidden 300 ms later")
    func showAndHide() throws {
        var d = try driver()
        #expect(!d.mapped)
        d.send(.focusChanged(Self.entry), at: Self.t0)
        #expect(d.mapped)
        #expect(d.frameEvents == ["willShow"])
        d.send(.focusChanged(nil), at: Self.ms(100))
        #expect(d.mapped && d.session.nextDeadline == Self.ms(400))
        d.run(until: Self.ms(399))
        #expect(d.mapped)
        d.run(until: Self.ms(400))
        #expect(!d.mapped)
        #expect(d.frameEvents == ["willShow", "willHide"])
        #expect(d.session.nextDeadline == nil, "nothing wakes an idle keyboard")
    }

    @Test("From one field to another through nothing: no hide, no flicker")
    func noFlicker() throws {
        var d = try driver()
        d.send(.focusChanged(Self.entry), at: Self.t0)
        d.send(.focusChanged(nil), at: Self.ms(100))
        d.send(.focusChanged(Self.other), at: Self.ms(150))
        d.run(until: Self.ms(2000))
        #expect(d.mapped)
        #expect(d.frameEvents == ["willShow"])
    }

    @Test("Hidden by the user over a field: stays hidden there, even if the focus leaves and comes back; another field shows it")
    func userHideWins() throws {
        var d = try driver()
        d.send(.focusChanged(Self.entry), at: Self.t0)
        d.send(.control(.command(.hide)), at: Self.ms(100))
        #expect(!d.mapped)
        d.send(.focusChanged(nil), at: Self.ms(200))
        d.send(.focusChanged(Self.entry), at: Self.ms(300))
        #expect(!d.mapped)
        d.send(.focusChanged(Self.other), at: Self.ms(400))
        #expect(d.mapped)
    }

    @Test("The hide key counts as the user's choice too")
    func hideKey() throws {
        var d = try driver()
        d.send(.focusChanged(Self.entry), at: Self.t0)
        d.run(until: Self.ms(50))
        try d.tap("hide", at: Self.ms(100))
        #expect(!d.mapped)
        d.send(.focusChanged(Self.entry), at: Self.ms(300))
        #expect(!d.mapped)
    }

    @Test("A field the keyboard would cover: it goes to the other edge, announced; back when the field moves away")
    func keepsClear() throws {
        var d = try driver()
        let rest = d.session.frame  // 400x133 at the bottom of a 400x700 screen
        let low = FocusedField(id: ":1.5/low", kind: .text, extents: Rect(x: 0, y: 620, width: 400, height: 30))
        d.send(.focusChanged(low), at: Self.t0)
        d.run(until: Self.ms(1))
        #expect(d.session.frame == Rect(x: 0, y: 0, width: rest.width, height: rest.height))
        #expect(d.frameEvents == ["willShow", "willChangeFrame", "didChangeFrame"])
        var moved = low
        moved.extents = Rect(x: 0, y: 200, width: 400, height: 30)
        d.send(.focusChanged(moved), at: Self.ms(10))
        d.run(until: Self.ms(11))
        #expect(d.session.frame == rest)
        #expect(d.frameEvents.suffix(2) == ["willChangeFrame", "didChangeFrame"])
    }

    @Test("Docked, clearing a field does not move the reserved strip")
    func dockedStripStays() throws {
        var d = try driver(mode: .dock(.bottom))
        d.commands = []
        d.send(.focusChanged(FocusedField(id: "f", kind: .text, extents: Rect(x: 0, y: 650, width: 100, height: 20))), at: Self.t0)
        d.run(until: Self.ms(1))
        #expect(d.session.frame.y == 0)
        #expect(!d.commands.contains { if case .window(.placeStrip) = $0 { return true } else { return false } })
    }

    @Test("Floating: moved just above the field when that is clear")
    func floatingAbove() throws {
        var d = try driver(mode: .float)
        d.send(.focusChanged(FocusedField(id: "f", kind: .text, extents: Rect(x: 0, y: 600, width: 100, height: 20))), at: Self.t0)
        d.run(until: Self.ms(1))
        #expect(d.session.frame.maxY == 600)
    }

    @Test("A password field: no preview, nothing typed published; back to normal when the focus moves on")
    func password() throws {
        var c = KeyboardConfiguration(options: InteractionOptions(autoShift: false))
        c.publishKeys = true
        var d = try SessionDriver(c)
        d.send(.focusChanged(FocusedField(id: "pw", kind: .password)), at: Self.t0)
        #expect(d.session.isSecure)
        d.commands = []
        try d.contact(.began, "s", at: Self.ms(10))
        d.run(until: Self.ms(50))
        try d.contact(.ended, "s", at: Self.ms(60))
        #expect(d.text == "s")
        #expect(!d.commands.contains { if case .draw(.showPreview) = $0 { return true } else { return false } })
        #expect(!d.published.contains { $0.name == "key" })
        d.send(.focusChanged(Self.entry), at: Self.ms(100))
        try d.contact(.began, "t", at: Self.ms(110))
        d.run(until: Self.ms(150))
        try d.contact(.ended, "t", at: Self.ms(160))
        #expect(d.commands.contains { if case .draw(.showPreview) = $0 { return true } else { return false } })
        #expect(d.published.contains(.typed("t")))
    }

    @Test("Without --auto-show the focus neither shows nor hides the keyboard (a password field still counts)")
    func withoutAutoShow() throws {
        var d = try driver(autoShow: false)
        #expect(d.mapped)
        d.send(.focusChanged(nil), at: Self.t0)
        d.run(until: Self.ms(1000))
        #expect(d.mapped)
        d.send(.focusChanged(FocusedField(id: "pw", kind: .password)), at: Self.ms(1100))
        #expect(d.session.isSecure)
    }
}
