import Testing
@testable import TapboardCore

/// `tapboard type` as a part: its touches are contacts made on their keys, one
/// at a time, each waiting for the keystroke before it; emoji wait for their files.
struct ScriptedTypingPartTests {
    private static let t0 = Duration.seconds(10)

    private func core(emoji: Bool = false) throws -> SessionCore {
        var configuration = KeyboardConfiguration(layouts: [.enUS], options: InteractionOptions(autoShift: false))
        if emoji { configuration.suggestions = SuggestionSettings(languages: ["en"]) }
        var core = try SessionDriver(configuration).session.core
        core.out.begin(at: Self.t0)
        return core
    }

    private func key(_ id: String, _ core: SessionCore) -> Int? { core.keyFrames.first { $0.id == id }?.index }

    @Test("The next touch is made as a contact on its key when due, one at a time; none while a keystroke is still to go out")
    func oneTouchAtATime() throws {
        var core = try core()
        var typing = ScriptedTyping()
        typing.take(.control(.type("ab", delay: .milliseconds(20), requester: 1)), &core, showing: [])
        let due = try #require(typing.nextDeadline(core))
        #expect(due == Self.t0 + .milliseconds(20))
        typing.runDue(&core, before: nil)
        #expect(core.madeContacts.isEmpty, "not due yet")
        core.out.begin(at: due)
        typing.runDue(&core, before: due)
        #expect(core.madeContacts.isEmpty, "a timer due with it goes first")
        typing.runDue(&core, before: nil)
        let made = try #require(core.madeContacts.first)
        #expect(core.madeContacts.count == 1)
        let a = try #require(key("a", core))
        #expect(made.phase == .began && made.id == .typing && made.target == KeyTarget(key: a, calloutItem: nil))
        core.madeContacts = []
        core.out.begin(at: Self.t0 + .seconds(1))
        core.pending = [.type(.text("a"))]
        typing.runDue(&core, before: nil)
        #expect(core.madeContacts.isEmpty, "the keystroke before it is not out")
        core.pending = []
        typing.runDue(&core, before: nil)
        #expect(core.madeContacts.map(\.phase) == [.ended])
    }

    @Test("Emoji wait for the files, asked for once; planned when they come")
    func emojiWaitForFiles() throws {
        var core = try core(emoji: true)
        var typing = ScriptedTyping()
        typing.take(.control(.type("hi 👋", delay: .milliseconds(20), requester: 3)), &core, showing: [])
        #expect(typing.waiting.count == 1 && typing.nextDeadline(core) == nil)
        #expect(core.out.take().contains(.files(.loadEmoji(language: "en"))))
        let loaded = try #require(try EmojiMemoryStorage().emoji(for: "en"))
        core.emojiFiles.arrived(loaded)
        typing.take(.emojiLoaded(loaded), &core, showing: [])
        #expect(typing.waiting.isEmpty && typing.nextDeadline(core) != nil)
    }

    @Test("Stopped while holding a key: the press is cancelled, the client hears how many characters went")
    func stop() throws {
        var core = try core()
        var typing = ScriptedTyping()
        typing.take(.control(.type("ab", delay: .milliseconds(20), requester: 5)), &core, showing: [])
        core.out.begin(at: Self.t0 + .milliseconds(20))
        typing.runDue(&core, before: nil)
        #expect(core.madeContacts.count == 1)
        typing.take(.control(.stopTyping(requester: 5, requesterGone: false)), &core, showing: [])
        #expect(core.out.take().contains(.typingStopped(requester: 5, typed: 0)))
        #expect(typing.nextDeadline(core) == nil)
    }

    @Test("The characters coming are foreseen: the first ones as typing starts, the next when half are typed, none at the end")
    func foresight() throws {
        var d = try SessionDriver(KeyboardConfiguration(options: InteractionOptions(autoShift: false)))
        let text = String(repeating: "abcdefghij", count: 10)
        d.send(.control(.type(text, delay: .zero, requester: 4)), at: Self.t0)
        d.run(until: Self.t0 + .seconds(5))
        #expect(d.text == text)
        let length = ScriptedTyping.foresightLength
        let said = d.foreseen.map { $0.map { if case .text(let t) = $0 { t } else { "?" } }.joined() }
        #expect(said.first == String(text.prefix(length)))
        #expect(said.count >= 3 && said.last == "", "said again as typing goes on, then nothing")
        // Each says the characters from where the typing is, so the last before the end reaches the text's end.
        #expect(said.dropLast().last.map { text.hasSuffix($0) } == true)
    }
}

