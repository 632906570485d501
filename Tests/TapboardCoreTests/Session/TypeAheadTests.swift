import Testing
@testable import TapboardCore

/// A tap's keystroke typed ahead of the rest of its batch
/// (`KeyboardSession.handle(_:at:typeAhead:)`): when the session offers it, and
/// that the batch then does all the rest as if the injector had answered.
/// `SessionDriver` also handles every batch a second time without typing ahead,
/// on a copy, and holds the two to the same keystrokes and the same commands,
/// in every session test.
struct TypeAheadTests {
    private static let t0 = Duration.seconds(10)
    private static func ms(_ n: Int) -> Duration { t0 + .milliseconds(n) }
    private static let noAutoShift = KeyboardConfiguration(options: InteractionOptions(autoShift: false))

    /// What the session offers to type ahead for these inputs (handled by a copy).
    private func offered(_ d: SessionDriver, _ inputs: [SessionInput], at time: Duration = ms(5000)) -> Keystroke? {
        var session = d.session
        var offered: Keystroke?
        _ = session.handle(inputs, at: time) { keystroke in
            offered = keystroke
            return true
        }
        return offered
    }

    private func tapOffered(_ d: SessionDriver, began: String, ended: String? = nil) throws -> Keystroke? {
        let p = try d.centre(began), q = try d.centre(ended ?? began)
        return offered(d, [.contact(.began, id: .pointer, point: p), .contact(.ended, id: .pointer, point: q)])
    }

    @Test("A quick tap on a letter is typed ahead, in the shift state shown; the batch then draws and follows as always")
    func quickTapOnLetter() throws {
        var d = try SessionDriver()
        #expect(try tapOffered(d, began: "h") == .text("H"), "auto-shift at the start")
        try d.tap("h", at: Self.ms(0))
        try d.tap("i", at: Self.ms(200))
        #expect(d.text == "Hi")
        #expect(d.typedAheadCount == 2)
        #expect(!d.commands.contains { if case .type = $0 { true } else { false } }, "nothing asked for again")
        #expect(d.commands.contains { if case .draw(.keys) = $0 { true } else { false } }, "the key drawn as it ends")
        #expect(d.session.state.shift == .off, "auto-shift used up by the first letter")
        #expect(d.logs.isEmpty)
    }

    @Test("What the state machine types is what goes ahead: a held letter's release, a slide onto another key, a held shift")
    func whatTheStateTypes() throws {
        var d = try SessionDriver(Self.noAutoShift)
        try d.contact(.began, "q", at: Self.ms(0))
        let q = try d.centre("q")
        #expect(offered(d, [.contact(.ended, id: .pointer, point: q)]) == .text("q"))
        #expect(offered(d, [.contact(.ended, id: 7, point: q)]) == nil, "not the contact holding it: nothing typed")
        try d.contact(.ended, "q", at: Self.ms(80))
        #expect(d.text == "q")
        #expect(d.typedAheadCount == 1)

        // A finger held on shift: the letter another finger taps is typed in capitals, ahead.
        try d.contact(.began, "shift", contact: 1, at: Self.ms(200))
        let h = try d.centre("h")
        #expect(offered(d, [.contact(.began, id: 2, point: h), .contact(.ended, id: 2, point: h)]) == .text("H"))
        try d.contact(.began, "h", contact: 2, at: Self.ms(300))
        try d.contact(.ended, "h", contact: 2, at: Self.ms(350))
        #expect(d.text == "qH")
        #expect(d.typedAheadCount == 2)
    }

    @Test("Not typed ahead: word ends, keys that are not text, several keystrokes in one batch")
    func notTypedAhead() throws {
        var d = try SessionDriver(Self.noAutoShift)
        for id in ["space", "backspace", "shift", "page:symbols"] {
            #expect(try tapOffered(d, began: id) == nil, "\(id)")
        }
        // A flood's batch of several taps: handled whole, every keystroke asked for in order.
        let q = try d.centre("q"), w = try d.centre("w")
        let flood: [SessionInput] = [.contact(.began, id: .pointer, point: q), .contact(.ended, id: .pointer, point: q),
                                     .contact(.began, id: .pointer, point: w), .contact(.ended, id: .pointer, point: w)]
        #expect(offered(d, flood) == nil)
        d.send(flood, at: Self.ms(0))
        #expect(d.text == "qw")
        // A second finger commits the first key before its own: two keystrokes.
        try d.contact(.began, "q", at: Self.ms(100))
        #expect(offered(d, [.contact(.began, id: 7, point: w), .contact(.ended, id: 7, point: w)]) == nil)
        try d.contact(.ended, "q", at: Self.ms(150))
        #expect(d.logs.isEmpty)
        try d.tap("page:symbols", at: Self.ms(200))
        for id in [".", ",", "?", "!"] {
            #expect(try tapOffered(d, began: id) == nil, "\(id) ends a word (autocorrection, the strip's space)")
        }
    }

    @Test("Not typed ahead while a keystroke waits for a keycode, or as a chord; a callout's alternate is")
    func notWhileSomethingElseComesFirst() throws {
        var d = try SessionDriver(Self.noAutoShift)
        // A long press opens the callout: its release chooses an alternate, which the state types.
        try d.contact(.began, "e", at: Self.ms(0))
        d.run(until: Self.ms(450))
        #expect(d.session.state.callout != nil)
        let chosen = offered(d, [.contact(.ended, id: .pointer, point: try d.centre("e"))], at: Self.ms(500))
        try d.contact(.ended, "e", at: Self.ms(500))
        #expect(chosen.map { [$0] } == d.typed.map(\.keystroke))

        // A letter waiting for a borrowed keycode: the next waits behind it.
        var r = try SessionDriver(KeyboardConfiguration(layouts: [try #require(try LayoutSource.builtIn(named: "ru"))],
                                                       options: InteractionOptions(autoShift: false)))
        r.keycodeFreeAt = ["ф": Self.ms(300)]
        try r.tap("ф", at: Self.ms(0))
        #expect(r.text == "", "waits")
        #expect(try tapOffered(r, began: "ы") == nil, "behind the one waiting")
        r.run(until: Self.ms(400))
        #expect(r.text == "ф")

        // Ctrl on: the letter goes out as a chord.
        var m = try SessionDriver(KeyboardConfiguration(layouts: [try #require(try LayoutSource.builtIn(named: "desktop"))],
                                                       options: InteractionOptions(autoShift: false)))
        #expect(try tapOffered(m, began: "c") == .text("c"))
        try m.tap("ctrl", at: Self.ms(0))
        #expect(try tapOffered(m, began: "c") == nil)
        try m.tap("c", at: Self.ms(100))
        #expect(m.typed.map { $0.keystroke } == [Keystroke.chord([.control], .text("c"))])
        #expect(m.typedAheadCount == 0)
    }

    @Test("A keystroke the transport cannot type ahead is asked for with .type, once")
    func declined() throws {
        let d = try SessionDriver(Self.noAutoShift)
        var session = d.session
        let q = try d.centre("q")
        let commands = session.handle([.contact(.began, id: .pointer, point: q), .contact(.ended, id: .pointer, point: q)],
                                      at: Self.ms(0)) { _ in false }
        let asked = commands.compactMap { if case .type(let k, _) = $0 { k } else { nil } }
        #expect(asked == [[.text("q")]])
    }
}
