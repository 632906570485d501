import Testing
@testable import TapboardCore

@Suite("The control channel's lines on a socket")
struct ControlLineTests {
    @Test("Requests go and come back whole, any text included")
    func requests() {
        let requests: [ControlClientRequest] = [
            .command(.show), .command(.quit), .type("a b%c\nd\té €🙂 ", delay: .milliseconds(20)), .type("", delay: .zero),
            .stopTyping, .subscribe(keys: true), .subscribe(keys: false), .clipboard(.list), .clipboard(.clear),
        ] + SwitchRole.allCases.flatMap { [ControlClientRequest.switchChanged($0, down: true), .switchChanged($0, down: false)] }
        for r in requests {
            let line = ControlLine.encode(r)
            #expect(line.hasSuffix("\n") && line.dropLast().firstIndex(of: "\n") == nil)
            #expect(ControlLine.request(line.dropLast()) == r)
        }
    }

    @Test("Messages go and come back whole")
    func messages() {
        let messages: [ControlMessage] = [
            .typed(untypable: ["€", " "]), .typed(untypable: []), .stoppedTyping(typed: 7),
            .event(.frame(.didShow, start: Rect(x: 0, y: 800, width: 1280, height: 0), end: Rect(x: 0, y: 512, width: 1280, height: 288),
                          duration: .milliseconds(250))),
            .event(.pageChanged("symbols")), .event(.layoutChanged("de")), .event(.typed("a\n")), .event(.typedKeysym("BackSpace")),
            .event(.suggestions(["the", "there"])), .event(.suggestions([])),
            .clipboard([]), .clipboard([ClipboardEntry(id: 3, text: "two\nlines 100% ", pinned: true), ClipboardEntry(id: 1, text: "-")]),
        ]
        for m in messages { #expect(ControlLine.message(ControlLine.encode(m).dropLast()) == m) }
    }

    @Test("A line that is no request, or whose escape is broken, is none")
    func broken() {
        #expect(ControlLine.request("command sing") == nil)
        #expect(ControlLine.request("type x hello") == nil)
        #expect(ControlLine.request("type 20 a%2") == nil)
        #expect(ControlLine.request("") == nil)
        #expect(ControlLine.message("frame didShow 1 2") == nil)
        #expect(ControlLine.request("clipboard paste") == nil)
        #expect(ControlLine.message("clipboard 1 p") == nil)
        #expect(ControlLine.message("clipboard x p text") == nil)
        #expect(ControlLine.message("clipboard 1 q text") == nil)
        #expect(ControlLine.request("switch jump down") == nil)
        #expect(ControlLine.request("switch select held") == nil)
        #expect(ControlLine.request("switch select") == nil)
    }

    @Test("A switch request is its role and down or up, in words")
    func switchLine() {
        #expect(ControlLine.encode(.switchChanged(.select, down: true)) == "switch select down\n")
        #expect(ControlLine.encode(.switchChanged(.next, down: false)) == "switch next up\n")
        #expect(ControlLine.request("switch left down") == .switchChanged(.left, down: true))
    }
}
