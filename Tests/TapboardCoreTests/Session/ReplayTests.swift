import Testing
@testable import TapboardCore

/// The session is a value: its inputs, recorded, give the same commands when
/// they are fed again to a new session, and to a copy of one halfway through.
/// Nothing it does depends on a clock, a file or anything shared.
struct ReplayTests {
    /// A session of a few minutes' use: the strip and its files, taps typed
    /// ahead and not, a suggestion chosen, gestures, `tapboard type`, the focus
    /// coming and going, a slide, a screen change, a callout, quitting.
    private func recorded() throws -> (SessionDriver, KeyboardConfiguration, ScreenInfo) {
        let storage = MemoryStorage(["en": SuggestionSessionTests.english])
        var configuration = KeyboardConfiguration(layouts: [.enUS])
        configuration.publishKeys = true
        configuration.autoShow = true
        configuration.animation = .milliseconds(120)
        configuration.suggestions = SuggestionSettings(languages: storage.languagesWithLexicon(["en"]), autocorrect: true)
        let screen = ScreenInfo(size: Size(width: 1280, height: 800))
        var d = try SessionDriver(configuration, storage: storage, screen: screen)
        var t = Duration.seconds(2)
        func next(_ ms: Int = 150) -> Duration { t += .milliseconds(ms); return t }
        d.send(.focusChanged(FocusedField(id: "entry", kind: .text, extents: Rect(x: 10, y: 700, width: 300, height: 30))), at: next())
        d.run(until: next(400))
        for c in "helo wrld thr" { try d.tap(c == " " ? "space" : String(c), at: next()) }
        if let rank = d.session.keyFrames.first(where: { $0.id.hasPrefix("suggestion") }) {
            d.send([.contact(.began, id: .pointer, point: rank.rect.center), .contact(.ended, id: .pointer, point: rank.rect.center)], at: next())
        }
        // A word drawn across the letters.
        let points = try ["w", "o", "r", "l", "d"].map { try d.centre($0) }
        d.send(.contact(.began, id: .pointer, point: points[0]), at: next())
        for p in points.dropFirst() { d.send(.contact(.moved, id: .pointer, point: p), at: next(30)) }
        d.send(.contact(.ended, id: .pointer, point: points[points.count - 1]), at: next(30))
        // A long press's callout, an alternate chosen.
        try d.contact(.began, "e", at: next())
        d.run(until: next(500))
        d.send(.contact(.moved, id: .pointer, point: try d.centre("r")), at: next(50))
        try d.contact(.ended, "r", at: next(50))
        d.send(.control(.type("Tap é", delay: .milliseconds(15), requester: 7)), at: next())
        d.run(until: next(2000))
        d.send(.caretMoved(CaretText(fieldID: "entry", offset: 3, before: "abc")), at: next())
        d.send(.screenChanged(ScreenInfo(size: Size(width: 1000, height: 700))), at: next())
        d.send(.focusChanged(nil), at: next())
        d.run(until: next(1000))
        d.send(.control(.command(.quit)), at: next())
        return (d, configuration, screen)
    }

    /// Feeds the log's batches to a session from its start, checking each answer; the session after.
    private func replay(_ log: ArraySlice<SessionDriver.LoggedBatch>, into session: inout KeyboardSession,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        for (i, batch) in log.enumerated() {
            let commands = batch.typedAhead ? session.handle(batch.inputs, at: batch.at) { _ in true } : session.handle(batch.inputs, at: batch.at)
            #expect(commands == batch.commands, "batch \(i) at \(batch.at): \(batch.inputs)", sourceLocation: sourceLocation)
        }
    }

    @Test("A recorded input log fed twice to new sessions gives the same commands, batch by batch; so does a copy taken halfway")
    func replayedTwice() throws {
        let (d, configuration, screen) = try recorded()
        let log = d.log
        #expect(log.count > 50)
        #expect(log.contains { $0.typedAhead }, "taps typed ahead")
        #expect(log.contains { $0.inputs.contains { if case .languageLoaded = $0 { true } else { false } } }, "the strip's files")
        #expect(log.last?.commands.contains(.exit(0)) == true)
        for _ in 0 ..< 2 {
            var session = try KeyboardSession(configuration, screen: screen)
            #expect(session.start(at: log[0].at) == log[0].commands)
            let half = log.count / 2
            replay(log[1 ..< half], into: &session)
            var copy = session
            replay(log[half...], into: &session)
            replay(log[half...], into: &copy)
        }
    }
}
