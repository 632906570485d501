import Testing
@testable import TapboardCore

/// Switch scanning through the session: the highlight drawn, a select at a
/// known time typing the key then highlighted, the strip's words scanned first.
struct ScanSessionTests {
    private func ms(_ n: Int) -> Duration { .milliseconds(n) }

    private func driver(_ mode: ScanMode = .auto, strip: Bool = false) throws -> SessionDriver {
        var configuration = KeyboardConfiguration(layouts: [.enUS])
        configuration.options.autoShift = false
        configuration.scan = ScanSettings(mode: mode, interval: ms(1000), firstItemDelay: ms(500), cycles: 2, holdThreshold: ms(500), flash: ms(200))
        if strip { configuration.suggestions = SuggestionSettings(languages: ["en"]) }
        return try SessionDriver(configuration, storage: strip ? try EmojiMemoryStorage() : nil,
                                 screen: ScreenInfo(size: Size(width: 400, height: 700)))
    }

    /// A switch pressed and let go 80 ms later, and what it drew (drawing that types nothing waits a little).
    private func press(_ d: inout SessionDriver, _ role: SwitchRole = .select, at t: Int) {
        d.run(until: ms(t))
        d.send(.switchChanged(role, down: true), at: ms(t))
        d.run(until: ms(t + 80))
        d.send(.switchChanged(role, down: false), at: ms(t + 80))
        d.run(until: ms(t + 100))
    }

    /// The ids of the keys last drawn with a mark, by mark.
    private func marked(_ d: SessionDriver, _ mark: KeyHighlight) -> [String] {
        var latest: [String: KeyHighlight] = [:]
        for case .draw(let drawing) in d.commands {
            switch drawing {
            case .all(let keys, _): latest = Dictionary(keys.map { ($0.frame.id, $0.highlight) }, uniquingKeysWith: { $1 })
            case .keys(let keys): for k in keys { latest[k.frame.id] = k.highlight }
            default: break
            }
        }
        return d.session.keyFrames.map(\.id).filter { latest[$0] == mark }
    }

    @Test("Auto scan: the rows light in turn; a select at a known time goes into the row, a second types the key then lit")
    func typesTheLitKey() throws {
        var d = try driver()
        d.run(until: ms(1000))
        press(&d, at: 1000)
        #expect(marked(d, .scan) == Array("qwertyuiop").map(String.init))
        d.run(until: ms(2600))
        #expect(marked(d, .scan) == Array("asdfghjkl").map(String.init), "the second row from 2.5 s")
        press(&d, at: 2600)
        d.run(until: ms(4100))
        #expect(marked(d, .scan) == ["a"])
        d.run(until: ms(4200))
        #expect(marked(d, .scan) == ["s"], "each key an interval, the first half as long again")
        press(&d, at: 4500)
        #expect(d.text == "s")
        #expect(marked(d, .selected) == ["s"], "the key selected flashes")
        #expect(marked(d, .scan) == Array("qwertyuiop").map(String.init), "back to the first row")
        d.run(until: ms(4800))
        #expect(marked(d, .selected).isEmpty)
    }

    @Test("The key selected flashes at the switch's press and is typed as it is let go")
    func typedAtRelease() throws {
        var d = try driver(.directed)
        press(&d, .right, at: 0)
        d.send(.switchChanged(.select, down: true), at: ms(1000))
        d.run(until: ms(1100))
        #expect(d.text.isEmpty)
        #expect(marked(d, .selected) == ["q"])
        d.send(.switchChanged(.select, down: false), at: ms(1400))
        #expect(d.text == "q")
    }

    @Test("Auto scan stops after its cycles: nothing lit, nothing due; the switch starts it again")
    func stopsWhenIdle() throws {
        var d = try driver()
        press(&d, at: 0)
        d.run(until: ms(60_000))
        #expect(marked(d, .scan).isEmpty)
        #expect(d.session.nextDeadline == nil, "no wake-up while no scan runs")
        press(&d, at: 61_000)
        #expect(marked(d, .scan) == Array("qwertyuiop").map(String.init))
        #expect(d.text.isEmpty)
    }

    @Test("The strip's words are a row of their own, scanned first once it shows some")
    func stripFirst() throws {
        var d = try driver(.step, strip: true)
        d.run(until: ms(500))
        let strip = d.session.stripSlots.map { d.session.keyFrames[$0.index].id }
        // The strip's words at start (what a text begins with), then the letters' rows.
        press(&d, .next, at: 500)
        let lit = marked(d, .scan)
        #expect(!lit.isEmpty && lit.allSatisfy(strip.contains), "the strip first: \(lit)")
        // Step scan: the third row (the second of letters), its sixth key (h).
        press(&d, .next, at: 1000)
        press(&d, .next, at: 1500)
        press(&d, .select, at: 2000)
        for t in stride(from: 3000, to: 8000, by: 1000) { press(&d, .next, at: t) }
        press(&d, .select, at: 8000)
        #expect(d.text == "h")
        d.run(until: ms(9000))
        let words = marked(d, .scan)
        #expect(!words.isEmpty && words.allSatisfy(strip.contains), "the strip's words for h first: \(words)")
        // For "h" the strip shows one word: a row of one, typed by selecting the row.
        #expect(d.session.appearances().filter { words.contains($0.frame.id) }.map(\.label) == [.text("hello")])
        press(&d, .select, at: 10_000)
        #expect(d.text == "hello ")
        #expect(marked(d, .scan).allSatisfy(strip.contains), "the next words first again")
    }

    @Test("A switch while the keyboard is hidden shows it and selects nothing")
    func showsWhenHidden() throws {
        var d = try driver()
        d.send(.control(.command(.hide)), at: ms(10))
        d.run(until: ms(1000))
        #expect(!d.session.shown)
        press(&d, at: 1000)
        #expect(d.session.shown)
        #expect(marked(d, .scan).isEmpty)
        #expect(d.text.isEmpty)
    }
}
