import Testing
@testable import TapboardCore

/// Dwell selection, alone and through the session: exact timelines.
struct DwellTests {
    private func ms(_ n: Int) -> Duration { .milliseconds(n) }

    @Test("A rest of the dwell time types the key; the fill rises by eighths; the same key needs the pointer to leave")
    func restTypes() {
        var d = DwellPointer(dwell: ms(800))
        #expect(d.moved(to: .key(id: "a"), at: ms(1000)) == nil)
        #expect(d.nextDeadline == ms(1100))
        #expect(d.fill(at: ms(1450)) == 4)
        #expect(d.due(at: ms(1700)) { _ in false } == nil)
        #expect(d.nextDeadline == ms(1800), "the next step after the seventh")
        #expect(d.due(at: ms(1800)) { _ in false } == .tap(id: "a"))
        #expect(d.nextDeadline == nil && d.fill(at: ms(5000)) == 0, "nothing more while it stays")
        _ = d.moved(to: .key(id: "b"), at: ms(2000))
        _ = d.moved(to: .key(id: "a"), at: ms(2100))
        #expect(d.due(at: ms(2900)) { _ in false } == .tap(id: "a"), "left and back: typed again")
        _ = d.moved(to: nil, at: ms(3000))
        #expect(d.nextDeadline == nil, "off the keys: nothing waited for")
    }

    @Test("Moving to another key before the time starts it again")
    func movingRestarts() {
        var d = DwellPointer(dwell: ms(800))
        _ = d.moved(to: .key(id: "a"), at: .zero)
        _ = d.moved(to: .key(id: "b"), at: ms(700))
        #expect(d.due(at: ms(800)) { _ in false } == nil)
        #expect(d.due(at: ms(1500)) { _ in false } == .tap(id: "b"))
    }

    @Test("On a key with a callout, a second rest holds it; the alternate rested on is released; leaving both cancels")
    func callout() {
        var d = DwellPointer(dwell: ms(500))
        _ = d.moved(to: .key(id: "e"), at: .zero)
        #expect(d.due(at: ms(500)) { $0 == "e" } == .tap(id: "e"))
        #expect(d.nextDeadline == ms(562) + .microseconds(500), "a second fill")
        #expect(d.due(at: ms(600)) { $0 == "e" } == nil)
        #expect(d.due(at: ms(1000)) { $0 == "e" } == .press(id: "e"))
        #expect(d.held == "e" && d.nextDeadline == nil, "held: waiting for the pointer to go to the callout")
        #expect(d.moved(to: .calloutItem(2), at: ms(1200)) == nil)
        #expect(d.due(at: ms(1700)) { _ in true } == .release)
        #expect(d.held == nil)

        var leave = DwellPointer(dwell: ms(500))
        _ = leave.moved(to: .key(id: "e"), at: .zero)
        _ = leave.due(at: ms(500)) { _ in true }
        _ = leave.due(at: ms(1000)) { _ in true }
        #expect(leave.moved(to: .key(id: "r"), at: ms(1100)) == .cancel)
        #expect(leave.held == nil)
    }

    private func driver() throws -> SessionDriver {
        var configuration = KeyboardConfiguration(layouts: [.enUS])
        configuration.options.autoShift = false
        configuration.dwell = ms(600)
        return try SessionDriver(configuration, screen: ScreenInfo(size: Size(width: 400, height: 700)))
    }

    @Test("Through the session: the key rested on is typed once, its fill drawn as it rises")
    func session() throws {
        var d = try driver()
        d.run(until: ms(100))
        d.send(.pointerHovered(try d.centre("q")), at: ms(100))
        d.run(until: ms(650))
        #expect(d.text.isEmpty)
        let fills = d.commands.compactMap { command -> Int? in
            guard case .draw(.keys(let keys)) = command, let q = keys.first(where: { $0.frame.id == "q" }),
                  case .dwell(let n) = q.highlight else { return nil }
            return n
        }
        #expect(fills.count >= 5 && fills == fills.sorted(), "\(fills)")
        d.run(until: ms(800))
        #expect(d.text == "q")
        d.run(until: ms(5000))
        #expect(d.text == "q", "once while it stays")
        #expect(d.session.nextDeadline == nil, "no wake-ups while the pointer rests on a key typed")
        d.send(.pointerHovered(try d.centre("w")), at: ms(5000))
        d.run(until: ms(5700))
        #expect(d.text == "qw")
    }

    @Test("Through the session: a second rest on e opens its callout; an alternate rested on replaces the e")
    func sessionCallout() throws {
        var d = try driver()
        d.send(.pointerHovered(try d.centre("e")), at: ms(100))
        d.run(until: ms(750))
        #expect(d.text == "e")
        d.run(until: ms(1800))
        let open = try #require(d.session.state.callout, "the callout opened")
        let geometry = try #require(d.session.calloutGeometry(for: open))
        let cell = geometry.cells[1]
        let frame = d.session.frame
        let point = Point(x: cell.x + cell.width / 2 - frame.x, y: cell.y + cell.height / 2 - frame.y)
        d.send(.pointerHovered(point), at: ms(1900))
        d.run(until: ms(2600))
        #expect(d.text == "e[BackSpace]" + open.items[1], "\(d.text)")
        #expect(d.session.state.callout == nil)
        #expect(d.commands.filter { $0 == .window(.followPointer(true)) }.count == 1)
        #expect(d.commands.last { if case .window(.followPointer) = $0 { true } else { false } } == .window(.followPointer(false)))
    }

    @Test("Through the session: leaving a key held for its callout, and the callout, types nothing more and lets the pointer go")
    func sessionCalloutLeft() throws {
        var d = try driver()
        d.send(.pointerHovered(try d.centre("e")), at: ms(100))
        d.run(until: ms(1800))
        #expect(d.session.state.callout != nil && d.text == "e")
        #expect(d.commands.last { if case .window(.followPointer) = $0 { true } else { false } } == .window(.followPointer(true)))
        d.send(.pointerHovered(nil), at: ms(1900))
        d.run(until: ms(3000))
        #expect(d.text == "e")
        #expect(d.session.state.callout == nil)
        #expect(d.commands.last { if case .window(.followPointer) = $0 { true } else { false } } == .window(.followPointer(false)))
    }
}

extension DwellTests {
    @Test("A strip slot rested on twice, the pointer off the window between: typed twice")
    func stripSlotTwice() throws {
        var configuration = KeyboardConfiguration(layouts: [.enUS])
        configuration.options.autoShift = false
        configuration.dwell = .milliseconds(600)
        configuration.suggestions = SuggestionSettings(languages: ["en"])
        var d = try SessionDriver(configuration, storage: try EmojiMemoryStorage(), screen: ScreenInfo(size: Size(width: 400, height: 700)))
        d.send(.pointerHovered(try d.centre("h")), at: .seconds(2))
        d.run(until: .seconds(3))
        let slot = try #require(d.session.stripSlots.map { d.session.keyFrames[$0.index] }.first { frame in
            if case .suggestion(let rank) = frame.key.action { return d.session.suggestions.indices.contains(rank) && d.session.suggestions[rank].word == "hello" }
            return false
        })
        d.send(.pointerHovered(slot.rect.center), at: .seconds(3))
        d.run(until: .seconds(4))
        #expect(d.text == "hello ")
        d.send(.pointerHovered(Point(x: slot.rect.center.x, y: -2)), at: .seconds(4))
        d.send(.pointerHovered(slot.rect.center), at: .seconds(4))
        #expect(d.session.nextDeadline != nil, "\(String(describing: d.session.parts.handsFree.dwell))")
    }
}
