import Testing
@testable import TapboardCore

/// The clipboard history in the session: what it keeps and never keeps, its
/// answers to `tapboard clipboard`, its file in disk mode, and that nothing of
/// it is ever published.
struct ClipboardSessionTests {
    private static let screen = ScreenInfo(size: Size(width: 400, height: 700))
    private static let password = FocusedField(id: ":1.5/password", kind: .password, extents: Rect(x: 0, y: 40, width: 300, height: 30))
    private static let entry = FocusedField(id: ":1.5/entry", kind: .text, extents: Rect(x: 0, y: 90, width: 300, height: 30))

    /// A started session keeping the history as `mode` says (typed text published, as `--publish-keys` allows).
    private func session(_ mode: ClipboardHistoryMode = .memory) throws -> KeyboardSession {
        var configuration = KeyboardConfiguration()
        configuration.clipboardHistory = mode
        configuration.publishKeys = true
        var session = try KeyboardSession(configuration, screen: Self.screen)
        _ = session.start(at: .seconds(1))
        return session
    }

    private func copy(_ text: String, secret: Bool = false, _ session: inout KeyboardSession) -> [Command] {
        session.handle(.clipboardCopied(text, secret: secret), at: .seconds(2))
    }

    private func list(_ session: inout KeyboardSession, requester: UInt64 = 7) -> [Command] {
        session.handle(.control(.clipboard(.list, requester: requester)), at: .seconds(3))
    }

    @Test("Kept newest first and answered to `tapboard clipboard list`; a copy says nothing, publishes nothing")
    func keptAndListed() throws {
        var s = try session()
        for text in ["one", "two", "one"] { #expect(copy(text, &s) == []) }
        #expect(s.clipboardEntries.map(\.text) == ["one", "two"])
        #expect(s.clipboardHistoryComplete)
        #expect(list(&s) == [.reply(requester: 7, .clipboard([ClipboardEntry(id: 1, text: "one"), ClipboardEntry(id: 2, text: "two")]))])
        #expect(s.handle(.control(.clipboard(.clear, requester: 8)), at: .seconds(4)) == [.reply(requester: 8, .clipboard([]))])
        #expect(s.clipboardEntries.isEmpty)
    }

    @Test("Never kept: a text its owner marks secret, one copied while a password field has the focus, any with the history off")
    func neverKept() throws {
        var s = try session()
        #expect(copy("", secret: true, &s) == [])
        #expect(copy("hunter2", secret: true, &s) == [], "secret, even if a transport handed its text")
        _ = s.handle(.focusChanged(Self.password), at: .seconds(2))
        #expect(copy("s3cret!", &s) == [])
        // Copied in the password field, its text fetched after the focus left it.
        _ = s.handle(.clipboardOwnerChanged, at: .seconds(2))
        _ = s.handle(.focusChanged(Self.entry), at: .seconds(3))
        #expect(copy("s3cret too", &s) == [])
        #expect(s.handle(.clipboardOwnerChanged, at: .seconds(3)) == [])
        #expect(copy("public", &s) == [])
        #expect(s.clipboardEntries.map(\.text) == ["public"])

        var off = try session(.off)
        #expect(copy("anything", &off) == [])
        #expect(off.clipboardEntries.isEmpty)
        #expect(list(&off) == [.reply(requester: 7, .clipboard([]))])
    }

    @Test("Nothing of a copied text is published, whatever listens and whatever it is (typed text is published here)")
    func neverPublished() throws {
        for mode in ClipboardHistoryMode.allCases {
            var s = try session(mode)
            var commands = s.handle(.listenerAdded, at: .seconds(2))
            commands += s.handle([.clipboardOwnerChanged, .clipboardCopied("tapboard-clipboard-marker", secret: false),
                                  .clipboardCopied("second marker\n", secret: false)], at: .seconds(3))
            commands += s.handle(.clipboardLoaded(ClipboardHistory()), at: .seconds(3))
            commands += list(&s)
            let published = commands.compactMap { command -> PublishedEvent? in
                if case .publish(let event) = command { event } else { nil }
            }
            #expect(!published.contains { "\($0)".contains("marker") }, "\(mode): \(published)")
            // No log, drawing or notification carries it either: only the answer and the file (disk mode).
            for command in commands where "\(command)".contains("marker") {
                switch command {
                case .reply, .clipboardFile(.save): continue
                default: Issue.record("\(mode): \(command)")
                }
            }
        }
    }

    @Test("Disk mode: the file is asked for at the first need, not at start; kept after every change once read")
    func disk() throws {
        var configuration = KeyboardConfiguration()
        configuration.clipboardHistory = .disk
        var s = try KeyboardSession(configuration, screen: Self.screen)
        #expect(!s.start(at: .seconds(1)).contains { if case .clipboardFile = $0 { true } else { false } })
        #expect(!s.clipboardHistoryComplete)
        // The first copy asks for the file; nothing is written over it before it is read.
        #expect(copy("new", &s) == [.clipboardFile(.load)])
        #expect(copy("newer", &s) == [])
        var file = ClipboardHistory()
        file.add("old")
        file.add("new")
        var merged = file.merged(under: s.parts.clipboard.keeping.history)
        #expect(s.handle(.clipboardLoaded(file), at: .seconds(3)) == [.clipboardFile(.save(merged))])
        #expect(s.clipboardEntries.map(\.text) == ["newer", "new", "old"])
        #expect(s.clipboardHistoryComplete)
        // Read once: a second answer is stale.
        #expect(s.handle(.clipboardLoaded(ClipboardHistory()), at: .seconds(3)) == [])
        #expect(copy("latest", &s) == [.clipboardFile(.save(s.parts.clipboard.keeping.history))])
        let old = try #require(s.clipboardEntries.first { $0.text == "old" })
        s.core.out.begin(at: .seconds(4))
        s.parts.clipboard.keeping.setPinned(true, id: old.id, &s.core.out)
        merged = s.parts.clipboard.keeping.history
        #expect(merged.entry(id: old.id)?.pinned == true)
        #expect(s.core.out.take() == [.clipboardFile(.save(merged))])
        s.parts.clipboard.keeping.delete(id: old.id, &s.core.out)
        #expect(s.core.out.take() == [.clipboardFile(.save(s.parts.clipboard.keeping.history))])
        #expect(s.clipboardEntries.map(\.text) == ["latest", "newer", "new"])
    }

    @Test("Disk mode: a list waits for the file and is answered with it; a clear deletes the file, and a file read before it is stale")
    func diskListAndClear() throws {
        var s = try session(.disk)
        #expect(list(&s, requester: 1) == [.clipboardFile(.load)])
        #expect(list(&s, requester: 2) == [])
        var file = ClipboardHistory()
        file.add("kept")
        let answers = s.handle(.clipboardLoaded(file), at: .seconds(4))
        #expect(answers.count == 2)
        #expect(answers.allSatisfy { if case .reply(_, .clipboard(let entries)) = $0 { entries.map(\.text) == ["kept"] } else { false } })

        var t = try session(.disk)
        #expect(list(&t, requester: 1) == [.clipboardFile(.load)])
        #expect(t.handle(.control(.clipboard(.clear, requester: 2)), at: .seconds(3))
                == [.clipboardFile(.delete), .reply(requester: 1, .clipboard([])), .reply(requester: 2, .clipboard([]))])
        #expect(t.handle(.clipboardLoaded(file), at: .seconds(3)) == [], "read before the clear")
        #expect(t.clipboardEntries.isEmpty)
        #expect(copy("after", &t) == [.clipboardFile(.save(t.parts.clipboard.keeping.history))])
    }

    @Test("A page needing every entry asks for the file once, in disk mode only")
    func needAll() throws {
        var s = try session(.disk)
        s.core.out.begin(at: .seconds(2))
        s.parts.clipboard.keeping.needAll(&s.core.out)
        s.parts.clipboard.keeping.needAll(&s.core.out)
        #expect(s.core.out.take() == [.clipboardFile(.load)])
        var m = try session(.memory)
        m.parts.clipboard.keeping.needAll(&m.core.out)
        #expect(m.core.out.take() == [])
    }

    @Test("An executor with no storage answers the file's request with an empty history, after the batch")
    func executorWithoutStorage() throws {
        final class Bare: SessionExecutor {
            var session: KeyboardSession
            var answered: [[ClipboardEntry]] = []
            init(_ session: KeyboardSession) { self.session = session }
            func type(_ keystrokes: [Keystroke], waitingForKeycodes: Bool) -> SessionInput { .injected(typed: keystrokes.count, readyAt: nil) }
            func files(_ request: FileRequest) -> SessionInput? { nil }
            func answer(_ input: SessionInput) -> [Command] { session.handle(input, at: .seconds(5)) }
            func carryOut(_ command: Command) {
                if case .reply(_, .clipboard(let entries)) = command { answered.append(entries) }
            }
        }
        let bare = Bare(try session(.disk))
        bare.carryOutAll(bare.session.handle(.clipboardCopied("x", secret: false), at: .seconds(2)))
        bare.carryOutAll(bare.session.handle(.control(.clipboard(.list, requester: 3)), at: .seconds(3)))
        #expect(bare.answered.map { $0.map(\.text) } == [["x"]])
    }
}
