import Testing
@testable import TapboardCore

/// Hold space and slide: the caret moves a character a step; a tap types a space.
struct SpaceBarCursorTests {
    private static let t0 = Duration.seconds(10)
    private static var plain: KeyboardConfiguration { KeyboardConfiguration(options: InteractionOptions(autoShift: false)) }

    /// The space bar's centre and a letter key's width.
    private func spaceAndStep(_ d: SessionDriver) throws -> (Point, Int) {
        let space = try d.centre("space")
        let q = try #require(d.session.keyFrames.first { $0.id == "q" })
        return (space, q.rect.width)
    }

    @Test("The steps: nothing within a key's width, then a character a half key, either way")
    func steps() {
        #expect(SpaceBarCursor.moves(dx: 0, step: 40) == 0)
        #expect(SpaceBarCursor.moves(dx: 39, step: 40) == 0)
        #expect(SpaceBarCursor.moves(dx: -39, step: 40) == 0)
        #expect(SpaceBarCursor.moves(dx: 40, step: 40) == 1)
        #expect(SpaceBarCursor.moves(dx: 59, step: 40) == 1)
        #expect(SpaceBarCursor.moves(dx: 60, step: 40) == 2)
        #expect(SpaceBarCursor.moves(dx: -100, step: 40) == -4)
    }

    @Test("A tap on space, and a press that wobbles less than a key, type a space and move nothing")
    func tapTypesSpace() throws {
        var d = try SessionDriver(Self.plain)
        let (space, step) = try spaceAndStep(d)
        try d.tap("space", at: Self.t0)
        d.send(.contact(.began, id: .pointer, point: space), at: Self.t0 + .seconds(1))
        d.send(.contact(.moved, id: .pointer, point: Point(x: space.x + step - 1, y: space.y)), at: Self.t0 + .seconds(1) + .milliseconds(50))
        d.send(.contact(.ended, id: .pointer, point: Point(x: space.x + step - 1, y: space.y)), at: Self.t0 + .seconds(1) + .milliseconds(100))
        #expect(d.text == "  ")
    }

    @Test("Held and slid left then right: Left for each step, Right on the way back, no space; the next tap types as usual")
    func slides() throws {
        var d = try SessionDriver(Self.plain)
        let (space, step) = try spaceAndStep(d)
        var t = Self.t0
        func at(_ dx: Int, _ phase: TouchPhase = .moved) {
            t += .milliseconds(30)
            d.send(.contact(phase, id: .pointer, point: Point(x: space.x + dx, y: space.y + 3)), at: t)
        }
        at(0, .began)
        at(-step)
        #expect(d.text == "[Left]")
        // Three more half keys: three more characters.
        at(-step - 3 * step / 2)
        #expect(d.text == "[Left][Left][Left][Left]")
        // Back past where it landed, to the right: the caret comes back and goes one further.
        at(step)
        at(step, .ended)
        #expect(d.text == "[Left][Left][Left][Left][Right][Right][Right][Right][Right]")
        #expect(!d.session.state.isPressed(try #require(d.session.keyFrames.firstIndex { $0.id == "space" })))
        try d.tap("q", at: t + .seconds(1))
        #expect(d.text.hasSuffix("[Right]q"))
    }

    @Test("Only a person's contact slides: tapboard type's and the hands-free contacts are left to the keys")
    func onlyPeople() throws {
        var d = try SessionDriver(Self.plain)
        let (space, step) = try spaceAndStep(d)
        d.send(.contact(.began, id: .dwell, point: space), at: Self.t0)
        d.send(.contact(.moved, id: .dwell, point: Point(x: space.x + 3 * step, y: space.y)), at: Self.t0 + .milliseconds(40))
        d.send(.contact(.ended, id: .dwell, point: Point(x: space.x + 3 * step, y: space.y)), at: Self.t0 + .milliseconds(80))
        #expect(!d.text.contains("[Right]"))
    }
}
