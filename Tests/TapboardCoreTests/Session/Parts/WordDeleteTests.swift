import Testing
@testable import TapboardCore

/// Slide left from backspace: whole words go as far as the finger goes, and come back sliding right.
struct WordDeleteTests {
    private static let t0 = Duration.seconds(10)
    private static var plain: KeyboardConfiguration { KeyboardConfiguration(options: InteractionOptions(autoShift: false)) }

    /// What a text field would hold after the keystrokes typed (backspace deleting one character).
    private func field(_ d: SessionDriver) -> String {
        var text = ""
        for (keystroke, _) in d.typed {
            switch keystroke {
            case .text(let t): text += t
            case .keysym(let k) where k == .backSpace: if !text.isEmpty { text.removeLast() }
            default: text += "[?]"
            }
        }
        return text
    }

    /// Taps each character's key, a second apart from `start`; returns the time after.
    private func type(_ text: String, _ d: inout SessionDriver, from start: Duration) throws -> Duration {
        var t = start
        for c in text {
            try d.tap(c == " " ? "space" : String(c), at: t)
            t += .seconds(1)
        }
        return t
    }

    @Test("Words counted from the end: a word and the spaces after it")
    func lengths() {
        #expect(WordDelete.length(ofLast: 1, in: "one two three") == 5)
        #expect(WordDelete.length(ofLast: 2, in: "one two three") == 9)
        #expect(WordDelete.length(ofLast: 1, in: "one two  ") == 5)
        #expect(WordDelete.length(ofLast: 3, in: "one two") == 7)
        #expect(WordDelete.length(ofLast: 1, in: "") == 0)
        #expect(WordDelete.words(dx: -10, step: 40) == 0)
        #expect(WordDelete.words(dx: -20, step: 40) == 1)
        #expect(WordDelete.words(dx: -59, step: 40) == 1)
        #expect(WordDelete.words(dx: -60, step: 40) == 2)
        #expect(WordDelete.words(dx: 30, step: 40) == 0)
    }

    @Test("Slid left two words, then back one: the last word goes and the one before comes back; the press's character counted")
    func slideAndBack() throws {
        var d = try SessionDriver(Self.plain)
        var t = try type("one two three", &d, from: Self.t0)
        #expect(field(d) == "one two three")
        let back = try d.centre("backspace")
        let step = try #require(d.session.keyFrames.first { $0.id == "q" }).rect.width
        func at(_ dx: Int, _ phase: TouchPhase = .moved) {
            t += .milliseconds(40)
            d.send(.contact(phase, id: .pointer, point: Point(x: back.x + dx, y: back.y)), at: t)
        }
        at(0, .began)
        // The press deletes a character, as always.
        #expect(field(d) == "one two thre")
        at(-step / 2)
        #expect(field(d) == "one two ")
        at(-step / 2 - step)
        #expect(field(d) == "one ")
        at(-step / 2 - 2 * step)
        #expect(field(d) == "")
        // Further than there are words: nothing more.
        at(-step / 2 - 4 * step)
        #expect(field(d) == "")
        at(-step / 2 - step)
        #expect(field(d) == "one ")
        at(-step / 2)
        #expect(field(d) == "one two ")
        at(-step / 2, .ended)
        #expect(field(d) == "one two ")
        // No repeat afterwards, and backspace taps as usual.
        d.run(until: t + .seconds(3))
        #expect(field(d) == "one two ")
        try d.tap("backspace", at: t + .seconds(4))
        #expect(field(d) == "one two")
    }

    @Test("Slid back to where it landed, everything comes back, the press's character too")
    func slideBackToStart() throws {
        var d = try SessionDriver(Self.plain)
        var t = try type("hi there", &d, from: Self.t0)
        let back = try d.centre("backspace")
        let step = try #require(d.session.keyFrames.first { $0.id == "q" }).rect.width
        for (dx, phase) in [(0, TouchPhase.began), (-step, .moved), (0, .moved), (0, .ended)] {
            t += .milliseconds(40)
            d.send(.contact(phase, id: .pointer, point: Point(x: back.x + dx, y: back.y)), at: t)
        }
        #expect(field(d) == "hi there")
    }

    @Test("With no text known before the caret, each word is the application's word deletion, Ctrl+W in a terminal")
    func blind() throws {
        var d = try SessionDriver(Self.plain)
        let back = try d.centre("backspace")
        let step = try #require(d.session.keyFrames.first { $0.id == "q" }).rect.width
        var t = Self.t0
        for (dx, phase) in [(0, TouchPhase.began), (-step, .moved), (-3 * step, .moved), (-step, .moved), (-step, .ended)] {
            t += .milliseconds(40)
            d.send(.contact(phase, id: .pointer, point: Point(x: back.x + dx, y: back.y)), at: t)
        }
        // The press's character, then three words (four keys out at most), none coming back.
        let word = Keystroke.chord([.control], .keysym(.backSpace))
        #expect(d.typed.map(\.keystroke) == [.keysym(.backSpace), word, word, word])

        var terminal = try SessionDriver(Self.plain)
        terminal.send(.windowFocusChanged(FocusedField(id: "window:1", kind: .terminal, extents: nil)), at: Self.t0)
        t = Self.t0 + .seconds(1)
        for (dx, phase) in [(0, TouchPhase.began), (-step, .moved), (-step, .ended)] {
            t += .milliseconds(40)
            terminal.send(.contact(phase, id: .pointer, point: Point(x: back.x + dx, y: back.y)), at: t)
        }
        #expect(terminal.typed.map(\.keystroke).last == .chord([.control], .text("w")))
    }

    @Test("A password is never kept: over a password field the slide deletes blind")
    func password() throws {
        var d = try SessionDriver(Self.plain)
        d.send(.focusChanged(FocusedField(id: "app:/field", kind: .password, extents: nil)), at: Self.t0)
        var t = try type("secret", &d, from: Self.t0 + .seconds(1))
        let back = try d.centre("backspace")
        let step = try #require(d.session.keyFrames.first { $0.id == "q" }).rect.width
        #expect(d.session.core.focus.before.text == "")
        for (dx, phase) in [(0, TouchPhase.began), (-step, .moved), (-step, .ended)] {
            t += .milliseconds(40)
            d.send(.contact(phase, id: .pointer, point: Point(x: back.x + dx, y: back.y)), at: t)
        }
        #expect(d.typed.map(\.keystroke).last == .chord([.control], .keysym(.backSpace)))
    }
}
