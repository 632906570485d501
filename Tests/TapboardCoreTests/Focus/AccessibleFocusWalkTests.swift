import Testing
import TapboardCore

/// The walk for the object focused before the keyboard started, as the tracker
/// runs it: what it asks of which object, when it ends, and a focus event
/// meanwhile winning.
struct AccessibleFocusWalkTests {
    typealias H = TrackerHarness
    static let desktop = AccessibleFocusTracker.desktop
    static let gtk = H.object(":1.5", 0), window = H.object(":1.5", 1), filler = H.object(":1.5", 2), entry = H.object(":1.5", 3)
    static let other = H.object(":1.9", 0), otherWindow = H.object(":1.9", 1), otherEntry = H.object(":1.9", 2)
    static let null = AccessibleObject(sender: ":1.5", path: AccessibleFocusTracker.nullPath)
    static let showing = H.states(25, 30)

    /// Two applications: one with the active window and a focused entry inside a filler,
    /// the other with an inactive window keeping a focused entry of its own.
    static func desktopWithTwoApplications() -> H {
        var h = H()
        h.objects[desktop] = H.Object(role: 14, children: [gtk, other])
        h.objects[gtk] = H.Object(role: 75, children: [window])
        h.objects[window] = H.Object(role: 23, states: H.states(1, 25, 30), children: [filler, null])
        h.objects[filler] = H.Object(role: 39, states: showing, children: [entry])
        h.objects[entry] = H.Object(states: H.editable, caret: 2, text: "hi")
        h.objects[other] = H.Object(role: 75, children: [otherWindow])
        h.objects[otherWindow] = H.Object(role: 23, states: showing, children: [otherEntry])
        h.objects[otherEntry] = H.Object(states: H.editable)
        return h
    }

    @Test("Start: the desktop is asked its states and children")
    func start() {
        var h = H()
        h.take(h.tracker.start())
        #expect(h.questions(to: Self.desktop) == [.states, .children])
        #expect(h.tracker.walking)
    }

    @Test("The walk goes into the active window only, skips null children, and asks about the focused entry as a focus event would")
    func findsTheEntry() {
        var h = Self.desktopWithTwoApplications()
        h.take(h.tracker.start())
        h.settle()
        #expect(!h.tracker.walking)
        let asked = Set(h.sent.map(\.object))
        #expect(!asked.contains(Self.otherEntry), "an inactive window is not walked into")
        #expect(!asked.contains(Self.null))
        #expect(h.sent.filter { $0.object == Self.entry }.map(\.question) == [.states, .children, .process, .role, .states, .extents, .caretOffset, .text(from: 0, to: 2)])
        #expect(h.reports == [.focusChanged(FocusedField(id: Self.entry.id, kind: .text, extents: Rect(x: 10, y: 20, width: 300, height: 30))),
                              .caretMoved(CaretText(fieldID: Self.entry.id, offset: 2, before: "hi"))])
    }

    @Test("Answered in any order, the walk ends the same")
    func anyOrder() {
        var a = Self.desktopWithTwoApplications(), b = Self.desktopWithTwoApplications()
        a.take(a.tracker.start())
        a.settle()
        b.take(b.tracker.start())
        b.settle(reversed: true)
        #expect(a.reports == b.reports)
    }

    @Test("The deepest focused object wins: a focused document around its focused field")
    func deepest() {
        var h = Self.desktopWithTwoApplications()
        h.objects[Self.filler]?.states = H.states(11, 12, 25, 30)
        h.objects[Self.filler]?.role = 95
        h.take(h.tracker.start())
        h.settle()
        #expect(h.reports.first == .focusChanged(FocusedField(id: Self.entry.id, kind: .text, extents: Rect(x: 10, y: 20, width: 300, height: 30))))
    }

    @Test("A focus event before the walk ends wins: the walk is abandoned, its answers ask nothing more")
    func focusEventWins() {
        var h = Self.desktopWithTwoApplications()
        h.take(h.tracker.start())
        h.answer()
        h.feed(.focusedStateChanged(Self.otherEntry, gained: true))
        #expect(!h.tracker.walking)
        let sentBefore = h.sent.count
        h.answer(where: { $0.object != Self.otherEntry })
        #expect(h.sent.count == sentBefore, "the walk's answers ask nothing")
        h.settle()
        #expect(h.reports.first == .focusChanged(FocusedField(id: Self.otherEntry.id, kind: .text, extents: Rect(x: 10, y: 20, width: 300, height: 30))))
        #expect(!h.sent.contains { $0.object == Self.entry })
    }

    @Test("Nothing focused: the walk ends asking nothing more and reports nothing; failed answers count as empty ones")
    func nothingFocused() {
        var h = Self.desktopWithTwoApplications()
        h.objects[Self.entry]?.states = H.states(7, 11, 25, 30)
        h.objects[Self.filler]?.children.append(H.object(":1.77", 1))  // an application gone: every answer fails
        h.take(h.tracker.start())
        h.settle()
        #expect(!h.tracker.walking)
        #expect(h.reports.isEmpty)
        #expect(!h.sent.contains { $0.question == .role })
        var failing = H()
        failing.take(failing.tracker.start())
        failing.answer(with: .failed)
        #expect(!failing.tracker.walking && failing.pending.isEmpty)
    }

    @Test("At most walkLimit objects are asked")
    func limit() {
        var h = H()
        let applications = (1 ... 5000).map { H.object(":1.\($0 + 10)", 0) }
        h.objects[Self.desktop] = H.Object(children: applications)
        h.take(h.tracker.start())
        h.settle()
        #expect(Set(h.sent.map(\.object)).count == AccessibleFocusTracker.walkLimit)
        #expect(!h.tracker.walking)
    }
}
