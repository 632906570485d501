import Testing
@testable import TapboardCore

/// A tap's letter typed ahead of its batch (`KeyboardSession.typeAhead`): when
/// it may go, and that the batch handled afterwards does all the rest as if the
/// injector had answered. `SessionDriver` also handles every typed-ahead batch a
/// second time without it, on a copy, and holds the two to the same keystroke
/// and the same commands, in every session test.
struct TypeAheadTests {
    private static let t0 = Duration.seconds(10)
    private static func ms(_ n: Int) -> Duration { t0 + .milliseconds(n) }
    private static let noAutoShift = KeyboardConfiguration(options: InteractionOptions(autoShift: false))

    private func keystroke(_ d: SessionDriver, began: String, ended: String? = nil) throws -> Keystroke? {
        let p = try d.centre(began), q = try d.centre(ended ?? began)
        return d.session.typeAhead([.contact(.began, id: .pointer, point: p), .contact(.ended, id: .pointer, point: q)])
    }

    @Test("A quick tap on a letter is typed ahead, in the shift state shown; the batch then draws and follows as always")
    func quickTapOnLetter() throws {
        var d = try SessionDriver()
        #expect(try keystroke(d, began: "h") == .text("H"), "auto-shift at the start")
        try d.tap("h", at: Self.ms(0))
        try d.tap("i", at: Self.ms(200))
        #expect(d.text == "Hi")
        #expect(d.typedAheadCount == 2)
        #expect(!d.commands.contains { if case .type = $0 { true } else { false } }, "nothing asked for again")
        #expect(d.commands.contains { if case .draw(.keys) = $0 { true } else { false } }, "the key drawn as it ends")
        #expect(d.session.state.shift == .off, "auto-shift used up by the first letter")
        #expect(d.logs.isEmpty)
    }

    @Test("The release of a letter held alone is typed ahead; a slide onto another key, or a second finger, is not")
    func heldRelease() throws {
        var d = try SessionDriver(Self.noAutoShift)
        try d.contact(.began, "q", at: Self.ms(0))
        let q = try d.centre("q"), w = try d.centre("w")
        #expect(d.session.typeAhead([.contact(.ended, id: .pointer, point: q)]) == .text("q"))
        #expect(d.session.typeAhead([.contact(.ended, id: .pointer, point: w)]) == nil, "released over another key")
        #expect(d.session.typeAhead([.contact(.ended, id: 7, point: q)]) == nil, "not the contact holding it")
        #expect(d.session.typeAhead([.contact(.began, id: 7, point: w), .contact(.ended, id: 7, point: w)]) == nil,
                "a second finger commits the first key before its own")
        try d.contact(.ended, "q", at: Self.ms(80))
        #expect(d.text == "q")
        #expect(d.typedAheadCount == 1)
    }

    @Test("Not typed ahead: word ends, keys that are not text, a press and release over different keys")
    func notTypedAhead() throws {
        var d = try SessionDriver(Self.noAutoShift)
        for id in ["space", "backspace", "shift", "page:symbols"] {
            #expect(try keystroke(d, began: id) == nil, "\(id)")
        }
        #expect(try keystroke(d, began: "q", ended: "w") == nil)
        // A flood's batch of several taps: handled whole, every keystroke asked for in order.
        let q = try d.centre("q"), w = try d.centre("w")
        #expect(d.session.typeAhead([.contact(.began, id: .pointer, point: q), .contact(.ended, id: .pointer, point: q),
                                     .contact(.began, id: .pointer, point: w), .contact(.ended, id: .pointer, point: w)]) == nil)
        d.send([.contact(.began, id: .pointer, point: q), .contact(.ended, id: .pointer, point: q),
                .contact(.began, id: .pointer, point: w), .contact(.ended, id: .pointer, point: w)], at: Self.ms(0))
        #expect(d.text == "qw")
        #expect(d.logs.isEmpty)
        try d.tap("page:symbols", at: Self.ms(100))
        for id in [".", ",", "?", "!"] {
            #expect(try keystroke(d, began: id) == nil, "\(id) ends a word (autocorrection, the strip's space)")
        }
    }

    @Test("Not typed ahead while a callout is open, a modifier is on, or a keystroke waits for a keycode")
    func notWhileSomethingElseComesFirst() throws {
        var d = try SessionDriver(Self.noAutoShift)
        // A long press opens the callout: its release chooses an alternate.
        try d.contact(.began, "e", at: Self.ms(0))
        d.run(until: Self.ms(450))
        #expect(d.session.state.callout != nil)
        #expect(d.session.typeAhead([.contact(.ended, id: .pointer, point: try d.centre("e"))]) == nil)
        try d.contact(.ended, "e", at: Self.ms(500))

        // A letter waiting for a borrowed keycode: the next waits behind it.
        var r = try SessionDriver(KeyboardConfiguration(layouts: [try #require(try LayoutSource.builtIn(named: "ru"))],
                                                       options: InteractionOptions(autoShift: false)))
        r.keycodeFreeAt = ["ф": Self.ms(300)]
        try r.tap("ф", at: Self.ms(0))
        #expect(r.text == "", "waits")
        #expect(try keystroke(r, began: "ы") == nil, "behind the one waiting")
        r.run(until: Self.ms(400))
        #expect(r.text == "ф")

        // Ctrl on: the letter goes out as a chord.
        var m = try SessionDriver(KeyboardConfiguration(layouts: [try #require(try LayoutSource.builtIn(named: "desktop"))],
                                                       options: InteractionOptions(autoShift: false)))
        #expect(try keystroke(m, began: "c") == .text("c"))
        try m.tap("ctrl", at: Self.ms(0))
        #expect(try keystroke(m, began: "c") == nil)
        try m.tap("c", at: Self.ms(100))
        #expect(m.typed.map { $0.keystroke } == [Keystroke.chord([.control], .text("c"))])
        #expect(m.typedAheadCount == 0)
    }

    @Test("Should the two ever disagree (a bug), the letter typed ahead is not asked for again, and the log says so without it")
    func disagreementTypesNothingTwice() throws {
        let d = try SessionDriver(Self.noAutoShift)
        var session = d.session
        let q = try d.centre("q"), w = try d.centre("w")
        // A flood's batch, which `typeAhead` refuses, handed over as if its first letter had gone ahead.
        let commands = session.handle([.contact(.began, id: .pointer, point: q), .contact(.ended, id: .pointer, point: q),
                                       .contact(.began, id: .pointer, point: w), .contact(.ended, id: .pointer, point: w)],
                                      at: Self.ms(0), typedAhead: .text("q"))
        let asked = commands.compactMap { if case .type(let k, _) = $0 { k } else { nil } }
        #expect(asked == [[.text("w")]])
        let logs = commands.compactMap { if case .log(let line) = $0 { line } else { nil } }
        #expect(logs.count == 1)
        #expect(logs.allSatisfy { !$0.contains("\"q\"") && !$0.contains("'q'") })
    }

    @Test("A finger held on shift: the letters others tap are not typed ahead (the held shift decides their case)")
    func heldShift() throws {
        var d = try SessionDriver(Self.noAutoShift)
        try d.contact(.began, "shift", contact: 1, at: Self.ms(0))
        #expect(try keystroke(d, began: "h") == nil)
        try d.contact(.began, "h", contact: 2, at: Self.ms(100))
        try d.contact(.ended, "h", contact: 2, at: Self.ms(150))
        #expect(d.text == "H")
        #expect(d.typedAheadCount == 0)
    }
}
