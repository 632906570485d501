import Testing
@testable import TapboardCore

/// `tapboard type` stopped before its end: by its client (SIGINT, SIGTERM) or
/// because the client went (SIGKILL, its window destroyed).
struct TypingStopTests {
    private static let t0 = Duration.seconds(10)
    private static func ms(_ n: Int) -> Duration { .milliseconds(n) }

    private static var noAutoShift: KeyboardConfiguration {
        KeyboardConfiguration(options: InteractionOptions(autoShift: false))
    }

    private func stops(_ d: SessionDriver) -> [(UInt64, Int)] {
        d.commands.compactMap { c in if case .typingStopped(let r, let n) = c { (r, n) } else { nil } }
    }

    private func answers(_ d: SessionDriver) -> Int {
        d.commands.filter { if case .answer = $0 { true } else { false } }.count
    }

    @Test("Stopped between keys: nothing more is typed, the client hears how many characters were, and no answer follows")
    func stopBetweenKeys() throws {
        var d = try SessionDriver(Self.noAutoShift)
        d.send(.control(.type("abcdef", delay: Self.ms(20), requester: 7)), at: Self.t0)
        // a at +40, b at +80; c goes down at +100.
        d.run(until: Self.t0 + Self.ms(90))
        #expect(d.text == "ab")
        d.send(.control(.stopTyping(requester: 7, requesterGone: false)), at: Self.t0 + Self.ms(90))
        #expect(stops(d).map(\.0) == [7] && stops(d).map(\.1) == [2])
        d.run(until: Self.t0 + .seconds(2))
        #expect(d.text == "ab")
        #expect(answers(d) == 0)
        #expect(d.session.nextDeadline == nil, "nothing left to do")
    }

    @Test("Stopped while a key is held: its touch is cancelled and types nothing; the key no longer shows pressed")
    func stopWhileHeld() throws {
        var d = try SessionDriver(Self.noAutoShift)
        d.send(.control(.type("abc", delay: Self.ms(20), requester: 7)), at: Self.t0)
        // b is down from +60 to +80.
        d.run(until: Self.t0 + Self.ms(70))
        #expect(d.text == "a")
        let b = try #require(d.session.keyFrames.firstIndex { $0.id == "b" })
        #expect(d.session.state.isPressed(b))
        d.send(.control(.stopTyping(requester: 7, requesterGone: false)), at: Self.t0 + Self.ms(70))
        #expect(!d.session.state.isPressed(b))
        d.run(until: Self.t0 + .seconds(2))
        #expect(d.text == "a")
        #expect(stops(d).map(\.1) == [1])
    }

    @Test("The client gone: stopped the same, with no answer to anyone; another request goes on")
    func requesterGone() throws {
        var d = try SessionDriver(Self.noAutoShift)
        d.send(.control(.type("abc", delay: Self.ms(20), requester: 7)), at: Self.t0)
        d.send(.control(.type("xyz", delay: Self.ms(20), requester: 8)), at: Self.t0)
        d.run(until: Self.t0 + Self.ms(50))
        #expect(d.text == "a")
        d.send(.control(.stopTyping(requester: 7, requesterGone: true)), at: Self.t0 + Self.ms(50))
        d.run(until: Self.t0 + .seconds(2))
        #expect(d.text == "axyz")
        #expect(stops(d).isEmpty)
        #expect(answers(d) == 1, "the other request is answered")
        // Stopping what is over, or was never asked, does nothing.
        d.send(.control(.stopTyping(requester: 7, requesterGone: false)), at: Self.t0 + .seconds(3))
        d.send(.control(.stopTyping(requester: 99, requesterGone: false)), at: Self.t0 + .seconds(3))
        #expect(stops(d).isEmpty)
    }

    @Test("A keystroke waiting for a borrowed keycode holds the next touch: stopped meanwhile, only that keystroke still goes")
    func touchesWaitForTheQueue() throws {
        let configuration = KeyboardConfiguration(layouts: [try #require(try LayoutSource.builtIn(named: "ru"))],
                                                  options: InteractionOptions(autoShift: false))
        var d = try SessionDriver(configuration)
        // ф is typed at +40 but its keycode is free only at +300.
        d.keycodeFreeAt = ["ф": Self.t0 + Self.ms(300)]
        d.send(.control(.type("фыва", delay: Self.ms(20), requester: 7)), at: Self.t0)
        d.run(until: Self.t0 + Self.ms(200))
        #expect(d.text == "")
        #expect(d.session.nextDeadline == Self.t0 + Self.ms(300), "the next touch waits for the keystroke, not its own time")
        d.send(.control(.stopTyping(requester: 7, requesterGone: false)), at: Self.t0 + Self.ms(200))
        #expect(stops(d).map(\.1) == [1], "ф's tap is complete")
        d.run(until: Self.t0 + .seconds(2))
        #expect(d.text == "ф")
    }

    @Test("Characters count as typed when their last step is: a shifted letter after its shift tap, not before")
    func countsCharacters() throws {
        var d = try SessionDriver(Self.noAutoShift)
        d.send(.control(.type("aB", delay: Self.ms(20), requester: 7)), at: Self.t0)
        // a +20..+40; shift +60..+80; B +100..+120.
        d.run(until: Self.t0 + Self.ms(90))
        d.send(.control(.stopTyping(requester: 7, requesterGone: false)), at: Self.t0 + Self.ms(90))
        #expect(stops(d).map(\.1) == [1])
        d.run(until: Self.t0 + .seconds(1))
        #expect(d.text == "a")
    }
}
