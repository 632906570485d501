import Testing
@testable import TapboardCore

/// The one order every executor carries a session's commands out in.
struct SessionExecutorTests {
    /// Records what it was asked, in order; answers as the X side would.
    final class Recorder: SessionExecutor {
        var session: KeyboardSession
        let storage: any SuggestionStorage
        var done: [String] = []
        var now = Duration.seconds(1)

        init(_ session: KeyboardSession, storage: any SuggestionStorage) {
            self.session = session
            self.storage = storage
        }

        func type(_ keystrokes: [Keystroke], waitingForKeycodes: Bool) -> SessionInput {
            done.append("type \(keystrokes)")
            return .injected(typed: keystrokes.count, readyAt: nil)
        }

        func files(_ request: FileRequest) -> SessionInput? {
            done.append("files \(request.language)")
            return storage.carryOut(request).answer
        }

        func answer(_ input: SessionInput) -> [Command] {
            done.append(input.isLanguageLoaded ? "answer languageLoaded" : "answer \(input)")
            return session.handle(input, at: now)
        }

        func carryOut(_ command: Command) {
            switch command {
            case .draw(.keys): done.append("draw keys")
            case .draw(.all): done.append("draw all")
            default: break
            }
        }
    }

    @Test("A keystroke is answered before anything after it; a language's files come back after the batch's drawing")
    func order() throws {
        let storage = MemoryStorage(["en": SuggestionSessionTests.english])
        var configuration = KeyboardConfiguration(layouts: [.enUS], options: InteractionOptions(autoShift: false))
        configuration.suggestions = SuggestionSettings(languages: storage.languagesWithLexicon(["en"]))
        let recorder = Recorder(try KeyboardSession(configuration, screen: ScreenInfo(size: Size(width: 400, height: 700))), storage: storage)
        recorder.carryOutAll(recorder.session.start(at: recorder.now))
        let h = try #require(recorder.session.keyFrames.first { $0.id == "h" }).rect.center
        recorder.done = []
        recorder.now = .seconds(2)
        recorder.carryOutAll(recorder.session.handle([.contact(.began, id: .pointer, point: h), .contact(.ended, id: .pointer, point: h)],
                                                     at: recorder.now))
        // The files asked for at the press are read at once and handed back after everything else the
        // batch asked for; the keystroke's answer comes right after it, and the key is drawn after that.
        #expect(recorder.done == ["files en", "type [TapboardCore.Keystroke.text(\"h\")]", "answer injected(typed: 1, readyAt: nil)",
                                  "draw keys", "answer languageLoaded"])
        #expect(recorder.session.suggestions.map(\.word).contains("hello"), "the strip's words once the files came")
    }
}

extension SessionInput {
    /// Whether it hands over a language's files.
    var isLanguageLoaded: Bool { if case .languageLoaded = self { true } else { false } }
}
