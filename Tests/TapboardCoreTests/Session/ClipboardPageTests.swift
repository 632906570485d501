import Testing
@testable import TapboardCore

/// The clipboard page in the session: entries a screen at a time, typed by a
/// tap and never published, pinned or deleted from the callout.
struct ClipboardPageTests {
    private func driver() throws -> SessionDriver {
        var configuration = KeyboardConfiguration(layouts: [.enUS])
        configuration.publishKeys = true
        configuration.options.autoShift = false
        var d = try SessionDriver(configuration, screen: ScreenInfo(size: Size(width: 400, height: 700)))
        for i in 1 ... 8 { d.send(.clipboardCopied("text \(i)", secret: false), at: .seconds(1) + .milliseconds(i)) }
        try d.tap("page:symbols", at: .seconds(2))
        try d.tap("page:letters", at: .seconds(2) + .milliseconds(100))
        return d
    }

    private func labels(_ d: SessionDriver) -> [String] {
        d.session.appearances().compactMap { a in
            guard case .clipboard(.entry) = a.frame.key.action, case .text(let t) = a.label else { return nil }
            return t
        }
    }

    private func open(_ d: inout SessionDriver) throws {
        // The emoji page's key to the clipboard, without its files (none here).
        try d.tap("page:emoji", at: .seconds(3))
        try d.tap("page:clipboard", at: .seconds(4))
    }

    @Test("Newest first, six a screen on a compact page; the next screen's key says where it is, and goes round")
    func screens() throws {
        var d = try driver()
        try open(&d)
        #expect(labels(d) == (3 ... 8).reversed().map { "text \($0)" })
        func more() -> KeyLabel? { d.session.appearances().first { $0.frame.id == "clipboard-more" }?.label }
        #expect(more() == .text("1/2"))
        try d.tap("clipboard-more", at: .seconds(5))
        #expect(labels(d) == ["text 2", "text 1", "", "", "", ""])
        #expect(more() == .text("2/2"))
        try d.tap("clipboard-more", at: .seconds(6))
        #expect(labels(d).first == "text 8")
    }

    @Test("A tap types the entry as it was copied, and no listener hears it; the keys after it are heard")
    func typesUnpublished() throws {
        var d = try driver()
        try open(&d)
        try d.tap("clipboard-entry-2", at: .seconds(5))
        try d.tap("page:letters", at: .seconds(6))
        try d.tap("a", at: .seconds(7))
        #expect(d.text == "text 7a")
        let typed = d.published.compactMap { if case .typed(let t) = $0 { t } else { nil } }
        #expect(typed == ["a"])
    }

    @Test("The callout's first cell pins (and unpins), its second deletes")
    func pinAndDelete() throws {
        var d = try driver()
        try open(&d)
        let entry = try d.centre("clipboard-entry-1")
        d.send(.contact(.began, id: .pointer, point: entry), at: .seconds(5))
        d.run(until: .seconds(6))
        #expect(d.session.state.callout?.items == ClipboardChoice.callout)
        d.send(.contact(.ended, id: .pointer, point: entry), at: .seconds(6))
        #expect(d.session.clipboardEntries.first?.text == "text 8")
        #expect(d.session.clipboardEntries.first?.pinned == true)
        #expect(labels(d).first == "📌 text 8")
        // The second entry held, its callout's second cell: deleted.
        let second = try d.centre("clipboard-entry-2")
        d.send(.contact(.began, id: .pointer, point: second), at: .seconds(7))
        d.run(until: .seconds(8))
        let geometry = try #require(d.session.state.callout.flatMap { d.session.calloutGeometry(for: $0) })
        let cell = geometry.cells[1]
        let onWindow = Point(x: cell.x + cell.width / 2 - d.session.frame.x, y: cell.y + cell.height / 2 - d.session.frame.y)
        d.send(.contact(.moved, id: .pointer, point: onWindow), at: .seconds(8))
        d.send(.contact(.ended, id: .pointer, point: onWindow), at: .seconds(8) + .milliseconds(50))
        #expect(!d.session.clipboardEntries.contains { $0.text == "text 7" })
        #expect(d.text.isEmpty)
    }

    @Test("Keystrokes queued before an entry's are published, the entry's not, those after it again")
    func pacingHidesTheEntry() {
        var pacing = KeystrokePacing()
        var privately: [String] = []
        pacing.enqueue([.text("a")], privately: &privately)
        privately = ["xyz"]
        pacing.enqueue([.text("b"), .text("xyz"), .keysym(.return)], privately: &privately)
        #expect(privately.isEmpty)
        pacing.expectAnswer(.queued)
        let first = pacing.answered(typed: 3, readyAt: nil, now: .zero)
        #expect(first?.sent == [.text("a"), .text("b"), .text("x")])
        #expect(first?.hidden == [2 ..< 5])
        pacing.expectAnswer(.queued)
        let rest = pacing.answered(typed: 3, readyAt: nil, now: .zero)
        #expect(rest?.sent == [.text("y"), .text("z"), .keysym(.return)])
        #expect(rest?.hidden == [0 ..< 2])
        pacing.enqueue([.text("xyz")], privately: &privately)
        pacing.expectAnswer(.queued)
        #expect(pacing.answered(typed: 3, readyAt: nil, now: .zero)?.hidden == [])
    }

    @Test("An entry on one line, cut to what its key holds, a pin before a pinned one",
          arguments: [("short", false, 10, "short"), ("two\nlines", false, 20, "two⏎lines"), ("a  b\t c", false, 20, "a b c"),
                      ("a long text to cut here", false, 10, "a long te…"), ("pinned text", true, 8, "📌 pinne…")])
    func entryLabels(text: String, pinned: Bool, characters: Int, label: String) {
        #expect(ClipboardPart.entryLabel(text, pinned: pinned, characters: characters) == label)
    }
}
