import Testing
import TapboardCore

/// The JSON lines `tapboard events` prints.
struct PublishedEventTests {
    @Test func jsonLines() {
        let start = Rect(x: 0, y: 800, width: 1280, height: 288), end = Rect(x: 0, y: 512, width: 1280, height: 288)
        #expect(PublishedEvent.frame(.willShow, start: start, end: end, duration: .milliseconds(250)).jsonLine
            == #"{"event":"willShow","startFrame":{"x":0,"y":800,"width":1280,"height":288},"endFrame":{"x":0,"y":512,"width":1280,"height":288},"duration":250}"#)
        #expect(PublishedEvent.pageChanged("more-symbols").jsonLine == #"{"event":"pageChanged","page":"more-symbols"}"#)
        #expect(PublishedEvent.layoutChanged("ru").jsonLine == #"{"event":"layoutChanged","layout":"ru"}"#)
        #expect(PublishedEvent.typedChord([.control], text: nil, keysym: "BackSpace").jsonLine
            == #"{"event":"key","modifiers":["ctrl"],"keysym":"BackSpace"}"#)
        #expect(PublishedEvent.typedChord([.control, .alt], text: "w", keysym: nil).jsonLine == #"{"event":"key","modifiers":["ctrl","alt"],"text":"w"}"#)
        let parts = Keystroke.chord([.control], .chord([.alt, .control], .text("t"))).chordParts
        #expect(parts.modifiers == [.control, .alt] && parts.key == .text("t"))
        #expect(PublishedEvent.typed("\"\n").jsonLine == #"{"event":"key","text":"\"\n"}"#)
        #expect(PublishedEvent.typed("a").name == "key")
        #expect(FrameEventKind.allCases.map(\.rawValue) == ["willShow", "didShow", "willHide", "didHide", "willChangeFrame", "didChangeFrame"])
    }
}
