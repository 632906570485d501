import Testing
@testable import TapboardCore

/// Several contacts at once (two thumbs, a finger on shift), through the session with contact ids.
struct ContactTests {
    private static let t0 = Duration.seconds(10)
    private static func ms(_ n: Int) -> Duration { t0 + .milliseconds(n) }

    private func driver() throws -> SessionDriver {
        try SessionDriver(KeyboardConfiguration(options: InteractionOptions(autoShift: false)))
    }

    @Test("A second finger landing commits the first key at once; each key typed once, in the order they landed")
    func rollover() throws {
        var d = try driver()
        try d.contact(.began, "q", contact: 1, at: Self.ms(0))
        try d.contact(.began, "w", contact: 2, at: Self.ms(30))
        #expect(d.text == "q", "q is typed when w lands")
        try d.contact(.moved, "e", contact: 1, at: Self.ms(40))
        try d.contact(.ended, "e", contact: 1, at: Self.ms(50))
        #expect(d.text == "q", "the first finger's later moves and lift do nothing")
        try d.contact(.ended, "w", contact: 2, at: Self.ms(80))
        #expect(d.text == "qw")
        d.run(until: Self.ms(1000))
        #expect(d.text == "qw")
        #expect(!d.session.state.isPressed(try #require(d.session.keyFrames.firstIndex { $0.id == "w" })))
    }

    @Test("Three fingers in a fast roll: every key once, in order")
    func threeFingers() throws {
        var d = try driver()
        try d.contact(.began, "a", contact: 1, at: Self.ms(0))
        try d.contact(.began, "s", contact: 2, at: Self.ms(10))
        try d.contact(.began, "d", contact: 3, at: Self.ms(20))
        try d.contact(.ended, "a", contact: 1, at: Self.ms(25))
        try d.contact(.ended, "s", contact: 2, at: Self.ms(30))
        try d.contact(.ended, "d", contact: 3, at: Self.ms(35))
        #expect(d.text == "asd")
    }

    @Test("A finger held on shift is a held shift: every key tapped meanwhile is upper case; lifting it turns shift off")
    func heldShift() throws {
        var d = try driver()
        try d.contact(.began, "shift", contact: 1, at: Self.ms(0))
        try d.contact(.began, "h", contact: 2, at: Self.ms(100))
        try d.contact(.ended, "h", contact: 2, at: Self.ms(150))
        try d.contact(.began, "i", contact: 3, at: Self.ms(200))
        try d.contact(.ended, "i", contact: 3, at: Self.ms(250))
        #expect(d.text == "HI")
        // Drawn held while the other fingers type.
        let shiftKey = try #require(d.session.keyFrames.firstIndex { $0.id == "shift" })
        #expect(d.session.state.isPressed(shiftKey))
        try d.contact(.ended, "shift", contact: 1, at: Self.ms(300))
        #expect(d.session.state.shift == .off)
        #expect(!d.session.state.isPressed(shiftKey))
        try d.tap("j", at: Self.ms(400))
        #expect(d.text == "HIj")
    }

    @Test("Rolled off shift onto a letter (shift lifts first): the letter is upper case once, as after a shift tap")
    func rolledShift() throws {
        var d = try driver()
        try d.contact(.began, "shift", contact: 1, at: Self.ms(0))
        try d.contact(.began, "k", contact: 2, at: Self.ms(60))
        try d.contact(.ended, "shift", contact: 1, at: Self.ms(90))
        try d.contact(.ended, "k", contact: 2, at: Self.ms(120))
        try d.tap("l", at: Self.ms(300))
        #expect(d.text == "Kl")
    }

    @Test("A held shift taken away (the window hidden) puts shift back as it was")
    func heldShiftCancelled() throws {
        var d = try driver()
        try d.contact(.began, "shift", contact: 1, at: Self.ms(0))
        try d.contact(.began, "m", contact: 2, at: Self.ms(50))
        #expect(d.session.state.shift == .once)
        d.send(.windowUnmapped, at: Self.ms(60))
        #expect(d.session.state.shift == .off)
        #expect(d.text == "")
    }

    @Test("A finger landing while another holds an open callout: the alternate under the first is typed, then the new key")
    func secondFingerOnCallout() throws {
        var d = try driver()
        try d.contact(.began, "e", contact: 1, at: Self.ms(0))
        d.run(until: Self.ms(400))
        let open = try #require(d.session.state.callout)
        // Slide onto the second alternate.
        let cells = try #require(d.session.calloutGeometry(for: open)).cells
        let cell = Point(x: cells[1].center.x - d.session.frame.x, y: cells[1].center.y - d.session.frame.y)
        d.send(.contact(.moved, id: 1, point: cell), at: Self.ms(450))
        try d.contact(.began, "r", contact: 2, at: Self.ms(500))
        #expect(d.text == open.items[1])
        try d.contact(.ended, "r", contact: 2, at: Self.ms(550))
        #expect(d.text == open.items[1] + "r")
        #expect(d.session.state.callout == nil)
    }

    @Test("The pointer and tapboard type are contacts of their own: a tap during typing commits, nothing is lost or doubled")
    func typingAndPointer() throws {
        var d = try driver()
        d.send(.control(.type("ab", delay: .milliseconds(20), requester: 1)), at: Self.t0)
        d.run(until: Self.ms(25))  // a is down
        try d.tap("z", at: Self.ms(30))
        d.run(until: Self.ms(500))
        #expect(d.text == "azb")
    }
}
