import Testing
@testable import TapboardCore

@Suite("The control vocabulary's one line encoding")
struct ControlLineTests {
    /// Texts a line must carry whole: spaces, newlines, quotes, escapes, non-ASCII, emoji, nothing; and
    /// texts that begin with a mark that joins what comes before (the space before the field makes one Character with it).
    static let oddTexts = ["", " ", "a b%c\nd\té €🙂 ", "\n", "\r\n", "\"quoted\" 'single'", "100%", "%41", "ü\u{0}x\u{7f}",
                           "👩‍👩‍👧 🇩🇪", "日本語", "\\n not a newline", "trailing\n", "\u{FE0F}", "\u{301}e", "\u{200D}👧", " \u{FE0F}"]

    /// Every request, each odd text in those that carry text.
    static var everyRequest: [ControlClientRequest] {
        ControlCommand.allCases.map { .command($0) }
            + oddTexts.map { .type($0, delay: .milliseconds(20)) } + [.type("x", delay: .zero), .type("x", delay: .seconds(10))]
            + [.stopTyping, .subscribe(keys: true), .subscribe(keys: false)]
            + ClipboardRequest.allCases.map { .clipboard($0) }
            + SwitchRole.allCases.flatMap { [ControlClientRequest.switchChanged($0, down: true), .switchChanged($0, down: false)] }
            + [.keys]
    }

    @Test("Every request goes and comes back whole, on one line, any text included")
    func requests() throws {
        for r in Self.everyRequest {
            let line = ControlLine.encode(r)
            #expect(line.hasSuffix("\n") && line.dropLast().firstIndex(of: "\n") == nil)
            #expect(try ControlLine.decodeRequest(line.dropLast()) == r)
        }
    }

    @Test("Several lines in one text (a property, a socket's input) come back in order; an unfinished one waits")
    func severalLines() throws {
        let text = Self.everyRequest.map(ControlLine.encode).joined()
        #expect(try ControlLine.lines(text).map { try ControlLine.decodeRequest($0) } == Self.everyRequest)
        #expect(ControlLine.lines("stop\nswitch sel").count == 1)
        #expect(ControlLine.lines("").isEmpty)
        #expect(ControlLine.lines("\n\nstop\n\n") == ["stop"])
    }

    @Test("Lines are what a person would write")
    func wording() {
        #expect(ControlLine.encode(.command(.show)) == "command show\n")
        #expect(ControlLine.encode(.type("hi there\n", delay: .milliseconds(50))) == "type 50 hi%20there%0A\n")
        #expect(ControlLine.encode(.switchChanged(.select, down: true)) == "switch select down\n")
        #expect(ControlLine.encode(.switchChanged(.next, down: false)) == "switch next up\n")
        #expect(ControlLine.encode(.subscribe(keys: false)) == "subscribe nokeys\n")
        #expect(ControlLine.request("switch left down") == .switchChanged(.left, down: true))
    }

    @Test("Every message goes and comes back whole, any text included")
    func messages() throws {
        var messages: [ControlMessage] = [
            .typed(untypable: []), .stoppedTyping(typed: 7), .stoppedTyping(typed: 0),
            .event(.frame(.didShow, start: Rect(x: 0, y: 800, width: 1280, height: 0), end: Rect(x: 0, y: 512, width: 1280, height: 288),
                          duration: .milliseconds(250))),
            .event(.suggestions(["the", "there"])), .event(.suggestions([])), .event(.scan(["q", "w e"])), .event(.scan([])),
            .clipboard([]), .refused("unknown control verb 'x'"),
            .event(.typedChord([.control], text: nil, keysym: "BackSpace")), .event(.typedChord([.control, .alt], text: "w", keysym: nil)),
            .event(.typedChord([], text: "+", keysym: nil)),
            .keys("{\"layout\":\"en-US\",\"keys\":[{\"id\":\"q\",\"label\":\" %20\"}]}"),
        ]
        for text in Self.oddTexts {
            messages += [.typed(untypable: Array(text)), .event(.pageChanged(text)), .event(.layoutChanged(text)), .event(.typed(text)),
                         .event(.typedKeysym(text)), .event(.suggestions([text, text])), .refused(text),
                         .clipboard([ClipboardEntry(id: 3, text: text, pinned: true), ClipboardEntry(id: 1, text: "-")])]
        }
        for m in messages { #expect(try ControlLine.decodeMessage(ControlLine.encode(m).dropLast()) == m) }
        #expect(ControlLine.encode(.gone).isEmpty)
    }

    @Test("A line that is no request says what is wrong with it", arguments: [
        ("", ControlLineError.empty),
        ("sing", .unknown("sing", expected: ControlLine.requestVerbs)),
        ("command sing", .badField(verb: "command", field: "command", value: "sing", expected: "show, hide, toggle, quit or forget")),
        ("command", .fieldCount(verb: "command", expected: "1 field (the command)", found: 0)),
        ("type x hello", .badField(verb: "type", field: "delay", value: "x", expected: "whole milliseconds from 0 to 10000")),
        ("type -1 hello", .badField(verb: "type", field: "delay", value: "-1", expected: "whole milliseconds from 0 to 10000")),
        ("type 10001 hello", .badField(verb: "type", field: "delay", value: "10001", expected: "whole milliseconds from 0 to 10000")),
        ("type 20 a%2", .brokenEscape("a%2")),
        ("type 20 a%zz", .brokenEscape("a%zz")),
        ("type 20 two words", .fieldCount(verb: "type", expected: "2 fields (the delay in ms, the text)", found: 3)),
        ("stop now", .fieldCount(verb: "stop", expected: "no fields", found: 1)),
        ("subscribe all", .badField(verb: "subscribe", field: "typed text", value: "all", expected: "keys or nokeys")),
        ("clipboard paste", .badField(verb: "clipboard", field: "what to do", value: "paste", expected: "list or clear")),
        ("switch jump down", .badField(verb: "switch", field: "role", value: "jump", expected: "select, next, up, down, left or right")),
        ("switch select held", .badField(verb: "switch", field: "motion", value: "held", expected: "down or up")),
        ("switch select", .fieldCount(verb: "switch", expected: "2 fields (the role, down or up)", found: 1)),
    ])
    func brokenRequests(line: String, error: ControlLineError) {
        #expect(throws: error) { try ControlLine.decodeRequest(line[...]) }
        #expect(ControlLine.request(line[...]) == nil)
    }

    @Test("A line that is no message says what is wrong with it", arguments: [
        ("frame didShow 1 2", ControlLineError.fieldCount(verb: "frame", expected: "10 fields (kind, start x y w h, end x y w h, ms)", found: 3)),
        ("frame didJump 1 2 3 4 5 6 7 8 9", .badField(verb: "frame", field: "kind", value: "didJump",
                                                       expected: ControlLineError.list(FrameEventKind.allCases.map(\.rawValue)))),
        ("frame didShow 1 2 3 4 5 6 7 8 x", .badField(verb: "frame", field: "number", value: "x", expected: "a whole number")),
        ("clipboard 1 p", .fieldCount(verb: "clipboard", expected: "3 fields an entry (id, p or -, text)", found: 2)),
        ("clipboard x p text", .badField(verb: "clipboard", field: "id", value: "x", expected: "a whole number")),
        ("clipboard 1 q text", .badField(verb: "clipboard", field: "pinned", value: "q", expected: "p or -")),
        ("stopped many", .badField(verb: "stopped", field: "count", value: "many", expected: "a whole number")),
        ("hello", .unknown("hello", expected: ControlLine.messageVerbs)),
    ])
    func brokenMessages(line: String, error: ControlLineError) {
        #expect(throws: error) { try ControlLine.decodeMessage(line[...]) }
    }

    @Test("Errors are one line naming the verb, the field and what was expected")
    func errorWording() {
        #expect(ControlLineError.badField(verb: "switch", field: "motion", value: "he\nld", expected: "down or up").description
            == "control line 'switch': motion 'he\\nld': expected down or up")
        #expect(ControlLineError.unknown("sing", expected: ["a", "b", "c"]).description == "unknown control verb 'sing': expected a, b or c")
        #expect(ControlLineError.fieldCount(verb: "stop", expected: "no fields", found: 1).description
            == "control line 'stop' takes no fields, not 1 field")
    }

    @Test("Each request is one session input, the requester's id where it is answered")
    func sessionInputs() {
        #expect(ControlClientRequest.type("a", delay: .zero).sessionInput(requester: 7) == .control(.type("a", delay: .zero, requester: 7)))
        #expect(ControlClientRequest.stopTyping.sessionInput(requester: 7) == .control(.stopTyping(requester: 7, requesterGone: false)))
        #expect(ControlClientRequest.clipboard(.list).sessionInput(requester: 7) == .control(.clipboard(.list, requester: 7)))
        #expect(ControlClientRequest.command(.hide).sessionInput(requester: 7) == .control(.command(.hide)))
        #expect(ControlClientRequest.subscribe(keys: true).sessionInput(requester: 7) == .listenerAdded)
        #expect(ControlClientRequest.switchChanged(.next, down: true).sessionInput(requester: 7) == .switchChanged(.next, down: true))
        #expect(Self.everyRequest.filter(\.isAnswered).allSatisfy {
            if case .command = $0 { false } else if case .switchChanged = $0 { false } else { true }
        })
    }
}
