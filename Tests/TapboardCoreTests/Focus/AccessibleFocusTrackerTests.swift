import Testing
import TapboardCore

/// Following the focus from what the accessibility client relays: which object
/// is the focused field, what is asked of it, what the session is told, and the
/// races between focus events and the answers to older ones.
struct AccessibleFocusTrackerTests {
    typealias H = TrackerHarness
    static let entry = H.object(":1.5", 7), view = H.object(":1.5", 9), password = H.object(":1.5", 11)
    static let terminal = H.object(":1.8", 3), button = H.object(":1.5", 4), own = H.object(":1.2", 1)
    static let entryField = FocusedField(id: ":1.5/org/a11y/atspi/accessible/7", kind: .text, extents: Rect(x: 10, y: 20, width: 300, height: 30))

    /// A pretend GTK application: an entry, a text view, a password entry, a button; a terminal; the keyboard's own object.
    /// The entry focused, its caret read asked for and held back (still out): the harness and that read.
    static func entryWithCaretReadOut(sourceLocation: SourceLocation = #_sourceLocation) -> (H, [AccessibleRequest]) {
        var h = harness()
        h.feed(.focusedStateChanged(entry, gained: true))
        h.answer()
        #expect(h.questions(to: entry) == [.caretOffset], sourceLocation: sourceLocation)
        let caretRead = h.pending
        h.pending = []
        return (h, caretRead)
    }

    static func harness() -> H {
        var h = H()
        h.objects[entry] = H.Object(states: H.editable, caret: 5, text: "Hello")
        h.objects[view] = H.Object(role: 61, states: H.editable, caret: 200, text: String(repeating: "ab", count: 100))
        h.objects[password] = H.Object(role: H.passwordRole, states: H.editable, caret: 3, text: "pwd")
        h.objects[terminal] = H.Object(process: 5151, role: H.terminalRole, states: H.states(11, 12, 25, 30), caret: 2, text: "$ ")
        h.objects[button] = H.Object(role: H.buttonRole, states: H.states(11, 12, 25, 30))
        h.objects[own] = H.Object(process: H.ownProcess, states: H.editable)
        return h
    }

    /// A harness with the entry focused and its caret read.
    static func entryFocused() -> H {
        var h = harness()
        h.feed(.focusedStateChanged(entry, gained: true))
        h.settle()
        _ = h.takeReports()
        return h
    }

    @Test("A text field takes the focus: its process, role, states and extents asked; reported with them; then its caret offset and the text before it")
    func textField() {
        var h = Self.harness()
        h.feed(.focusedStateChanged(Self.entry, gained: true))
        #expect(h.questions(to: Self.entry) == [.process, .role, .states, .extents])
        #expect(h.reports.isEmpty)
        h.answer()
        #expect(h.takeReports() == [.focusChanged(Self.entryField)])
        #expect(h.questions(to: Self.entry) == [.caretOffset])
        h.answer()
        #expect(h.questions(to: Self.entry) == [.text(from: 0, to: 5)])
        h.answer()
        #expect(h.takeReports() == [.caretMoved(CaretText(fieldID: Self.entry.id, offset: 5, before: "Hello"))])
        #expect(h.pending.isEmpty)
        #expect(h.tracker.current?.object == Self.entry && h.tracker.current?.kind == .text)
    }

    @Test("The four answers in any order make the same report; a Qt focus: event counts as a gained focus")
    func anyOrder() {
        var a = Self.harness(), b = Self.harness()
        a.feed(.focusedStateChanged(Self.entry, gained: true))
        a.settle(reversed: true)
        b.feed(.focused(Self.entry))
        b.settle()
        #expect(a.reports == b.reports)
        #expect(a.reports.first == .focusChanged(Self.entryField))
        #expect(a.reports.count == 2)
    }

    @Test("Only the last caretTextLength characters before the caret are asked; a caret with no offset is not read")
    func caretWindow() {
        var h = Self.harness()
        h.feed(.focusedStateChanged(Self.view, gained: true))
        h.answer()
        h.answer()
        #expect(h.questions(to: Self.view) == [.text(from: 80, to: 200)])
        h.answer()
        #expect(h.takeReports().last == .caretMoved(CaretText(fieldID: Self.view.id, offset: 200, before: String(repeating: "ab", count: 60))))
        h.objects[Self.entry]?.caret = -1
        h.feed(.focusedStateChanged(Self.entry, gained: true))
        h.settle()
        #expect(!h.sent.contains { $0.object == Self.entry && $0.question == .text(from: 0, to: -1) })
        #expect(h.sent.last?.question == .caretOffset)
    }

    @Test("A caret move of the focused text field reads the text before it; of another object, or to no offset, nothing")
    func caretMoves() {
        var h = Self.entryFocused()
        h.objects[Self.entry]?.text = "Hello world"
        h.feed(.caretMoved(Self.entry, offset: 11))
        #expect(h.questions(to: Self.entry) == [.text(from: 0, to: 11)])
        h.answer()
        #expect(h.takeReports() == [.caretMoved(CaretText(fieldID: Self.entry.id, offset: 11, before: "Hello world"))])
        h.feed(.caretMoved(Self.view, offset: 3))
        h.feed(.caretMoved(Self.entry, offset: -1))
        #expect(h.pending.isEmpty)
    }

    @Test("A password field is reported, and its caret never read: not when it takes the focus, not when its caret moves")
    func passwordNeverRead() {
        var h = Self.harness()
        h.feed(.focusedStateChanged(Self.password, gained: true))
        h.settle()
        #expect(h.takeReports() == [.focusChanged(FocusedField(id: Self.password.id, kind: .password, extents: Rect(x: 10, y: 20, width: 300, height: 30)))])
        h.feed(.caretMoved(Self.password, offset: 3))
        h.feed(.boundsChanged(Self.password))
        h.settle()
        #expect(!h.sent.contains { $0.question == .caretOffset || $0.question == .text(from: 0, to: 3) })
        #expect(h.takeReports().allSatisfy { if case .caretMoved = $0 { false } else { true } })
    }

    @Test("A terminal is reported, and its caret not read")
    func terminalNotRead() {
        var h = Self.harness()
        h.feed(.focusedStateChanged(Self.terminal, gained: true))
        h.settle()
        h.feed(.caretMoved(Self.terminal, offset: 2))
        #expect(h.takeReports() == [.focusChanged(FocusedField(id: Self.terminal.id, kind: .terminal, extents: Rect(x: 10, y: 20, width: 300, height: 30)))])
        #expect(h.pending.isEmpty)
        #expect(!h.sent.contains { $0.question == .caretOffset })
    }

    @Test("A field asked about again keeps its caret unread, but a field it turned into a password field while its caret read was out is not read")
    func fieldBecomesPassword() {
        var (h, caretRead) = Self.entryWithCaretReadOut()
        h.objects[Self.entry]?.role = H.passwordRole
        h.feed(.boundsChanged(Self.entry))
        h.settle()
        #expect(h.tracker.current?.kind == .password)
        h.pending = caretRead
        h.settle()
        #expect(!h.sent.contains { if case .text = $0.question { true } else { false } })
    }

    @Test("Focus on anything that is not a field (a button) is the focus leaving every field")
    func notAField() {
        var h = Self.entryFocused()
        h.feed(.focusedStateChanged(Self.button, gained: true))
        h.settle()
        #expect(h.takeReports() == [.focusChanged(nil)])
        #expect(h.tracker.current == nil)
    }

    @Test("Focus in the keyboard's own process is ignored: the field before stays focused")
    func ownProcessIgnored() {
        var h = Self.entryFocused()
        h.feed(.focusedStateChanged(Self.own, gained: true))
        h.settle()
        #expect(h.reports.isEmpty)
        #expect(h.tracker.current?.object == Self.entry)
    }

    @Test("Answers that failed count: no role or states is no field; no process is not the keyboard's; no extents, none reported")
    func failedAnswers() {
        var h = Self.harness()
        h.feed(.focusedStateChanged(Self.entry, gained: true))
        h.answer(where: { $0.question == .extents || $0.question == .process }, with: .failed)
        h.answer()
        #expect(h.takeReports().first == .focusChanged(FocusedField(id: Self.entry.id, kind: .text)))
        h.feed(.focusedStateChanged(Self.view, gained: true))
        h.answer(where: { $0.question == .role || $0.question == .states }, with: .failed)
        h.answer()
        #expect(h.takeReports() == [.focusChanged(nil)])
        // An empty rectangle is no extents either.
        h.objects[Self.entry]?.extents = Rect(x: 5, y: 5, width: 0, height: 30)
        h.feed(.focusedStateChanged(Self.entry, gained: true))
        h.answer()
        #expect(h.takeReports().first == .focusChanged(FocusedField(id: Self.entry.id, kind: .text)))
    }

    @Test("An answer arriving after the focus moved on is dropped: only the newest focus event is reported")
    func staleAnswers() {
        var h = Self.harness()
        h.feed(.focusedStateChanged(Self.entry, gained: true))
        let older = h.pending
        h.pending = []
        h.feed(.focusedStateChanged(Self.button, gained: true))
        h.pending = older + h.pending
        h.answer(where: { $0.object == Self.entry })
        #expect(h.reports.isEmpty)
        h.settle()
        #expect(h.takeReports() == [.focusChanged(nil)])
        // And the other way round: the newer one answered first, the older one's answers after it.
        h.feed(.focusedStateChanged(Self.button, gained: true))
        let button = h.pending
        h.pending = []
        h.feed(.focusedStateChanged(Self.entry, gained: true))
        h.settle()
        #expect(h.takeReports() == [.focusChanged(Self.entryField), .caretMoved(CaretText(fieldID: Self.entry.id, offset: 5, before: "Hello"))])
        h.pending = button
        h.settle()
        #expect(h.reports.isEmpty)
        #expect(h.tracker.current?.object == Self.entry)
    }

    @Test("Two focus events for one change (a state change and a focus: event): one report, one caret read")
    func twoEventsForOneChange() {
        var h = Self.harness()
        h.feed(.focusedStateChanged(Self.entry, gained: true))
        h.feed(.focused(Self.entry))
        #expect(h.pending.count == 8)
        h.settle()
        #expect(h.takeReports() == [.focusChanged(Self.entryField), .caretMoved(CaretText(fieldID: Self.entry.id, offset: 5, before: "Hello"))])
        #expect(h.sent.filter { $0.question == .caretOffset }.count == 1)
    }

    @Test("A second focus event for the focused field while its caret is read: the read is not dropped, and not made twice")
    func secondEventDuringCaretRead() {
        var (h, caretRead) = Self.entryWithCaretReadOut()
        h.feed(.focused(Self.entry))
        let second = h.pending
        h.pending = caretRead
        h.settle()
        h.pending = second
        h.settle()
        #expect(h.takeReports() == [.focusChanged(Self.entryField), .caretMoved(CaretText(fieldID: Self.entry.id, offset: 5, before: "Hello")),
                                    .focusChanged(Self.entryField)])
        #expect(h.sent.filter { $0.question == .caretOffset }.count == 1)
    }

    @Test("The focused field losing the focus: reported at once; its caret read in flight is dropped, at either step")
    func lostDuringCaretRead() {
        var h = Self.harness()
        h.feed(.focusedStateChanged(Self.entry, gained: true))
        h.answer()
        h.feed(.focusedStateChanged(Self.entry, gained: false))
        #expect(h.takeReports() == [.focusChanged(Self.entryField), .focusChanged(nil)])
        h.settle()
        #expect(h.reports.isEmpty)
        #expect(!h.sent.contains { if case .text = $0.question { true } else { false } })
        // The text asked already when the focus goes: not reported.
        h.feed(.focusedStateChanged(Self.entry, gained: true))
        h.answer()
        h.answer()
        #expect(h.questions(to: Self.entry) == [.text(from: 0, to: 5)])
        h.feed(.focusedStateChanged(Self.entry, gained: false))
        h.settle()
        #expect(h.takeReports() == [.focusChanged(Self.entryField), .focusChanged(nil)])
    }

    @Test("Losing the focus: only the focused field's loss counts; an answer to the field's own focus event after it is dropped")
    func lost() {
        var h = Self.entryFocused()
        h.feed(.focusedStateChanged(Self.view, gained: false))
        #expect(h.reports.isEmpty)
        h.feed(.boundsChanged(Self.entry))
        h.feed(.focusedStateChanged(Self.entry, gained: false))
        h.settle()
        #expect(h.takeReports() == [.focusChanged(nil)])
        #expect(h.tracker.current == nil)
    }

    @Test("The focused field moving is asked about again: its new extents reported, its caret not read again; another object moving asks nothing")
    func boundsChanged() {
        var h = Self.entryFocused()
        h.objects[Self.entry]?.extents = Rect(x: 10, y: 600, width: 300, height: 30)
        h.feed(.boundsChanged(Self.view))
        #expect(h.pending.isEmpty)
        h.feed(.boundsChanged(Self.entry))
        #expect(h.questions(to: Self.entry) == [.process, .role, .states, .extents])
        h.settle()
        #expect(h.takeReports() == [.focusChanged(FocusedField(id: Self.entry.id, kind: .text, extents: Rect(x: 10, y: 600, width: 300, height: 30)))])
        #expect(h.sent.filter { $0.question == .caretOffset }.count == 1)
    }

    @Test("A field focused again after losing the focus has its caret read again; answers nobody asked for are ignored")
    func focusedAgain() {
        var h = Self.entryFocused()
        h.feed(.focusedStateChanged(Self.entry, gained: false))
        h.feed(.focusedStateChanged(Self.entry, gained: true))
        h.settle()
        #expect(h.sent.filter { $0.question == .caretOffset }.count == 2)
        _ = h.takeReports()
        h.feed(.answered(request: 99_999, .text("x")))
        h.feed(.answered(request: h.sent[0].id, .role(79)))
        #expect(h.reports.isEmpty && h.pending.isEmpty)
    }
}
