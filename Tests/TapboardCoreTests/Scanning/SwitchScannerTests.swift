import Testing
@testable import TapboardCore

/// Switch scanning on a small page, timelines exact: `q w e` / `a s` / a space bar.
@Suite("Switch scanning")
struct SwitchScannerTests {
    static func key(_ id: String, _ x: Int, _ y: Int, width: Int = 40, height: Int = 40) -> ScanKey {
        ScanKey(index: 0, id: id, rect: Rect(x: x, y: y, width: width, height: height))
    }

    static let rows: [[ScanKey]] = [
        [key("q", 0, 0), key("w", 40, 0), key("e", 80, 0)],
        [key("a", 20, 40), key("s", 60, 40)],
        [key("space", 0, 80, width: 120)],
    ]

    private func ms(_ n: Int) -> Duration { .milliseconds(n) }

    private func scanner(_ mode: ScanMode, cycles: Int = 2) -> SwitchScanner {
        var s = SwitchScanner(ScanSettings(mode: mode, interval: ms(1000), firstItemDelay: ms(500), cycles: cycles,
                                           holdThreshold: ms(500), flash: ms(200)))
        s.setRows(Self.rows, at: .zero)
        return s
    }

    /// The ids highlighted after whatever was due by `time`.
    private func highlighted(_ s: inout SwitchScanner, at time: Int) -> [String] {
        s.due(at: ms(time))
        return s.highlighted.map(\.id)
    }

    @Test("Auto scan: the first press starts it; each row an interval (the first half as long again); it stops after its cycles")
    func autoTimeline() {
        var s = scanner(.auto)
        #expect(s.highlighted.isEmpty && s.nextDeadline == nil, "nothing runs before the switch")
        #expect(s.switchChanged(.select, down: true, at: .zero) == nil)
        #expect(highlighted(&s, at: 1499) == ["q", "w", "e"])
        #expect(highlighted(&s, at: 1500) == ["a", "s"])
        #expect(highlighted(&s, at: 2500) == ["space"])
        #expect(highlighted(&s, at: 3500) == ["q", "w", "e"], "round again")
        #expect(highlighted(&s, at: 5500) == ["space"])
        #expect(highlighted(&s, at: 6500) == [], "two cycles and no select: stopped")
        #expect(s.nextDeadline == nil, "no wake-ups once stopped")
        #expect(s.switchChanged(.select, down: true, at: ms(9000)) == nil, "a press starts it again, selecting nothing")
        #expect(highlighted(&s, at: 9000) == ["q", "w", "e"])
    }

    @Test("A press stamped before steps made late (the keyboard was busy) selects what still showed; one after them, what they lit")
    func pressBeforeLateSteps() {
        var s = scanner(.auto)
        _ = s.switchChanged(.select, down: true, at: .zero)
        _ = s.switchChanged(.select, down: false, at: ms(100))
        // q w e showed until the keyboard stepped, late, at 2700: two steps at once, to space.
        #expect(highlighted(&s, at: 2700) == ["space"])
        #expect(s.switchChanged(.select, down: true, at: ms(2700), pressedAt: ms(2600)) == nil)
        #expect(s.highlighted.map(\.id) == ["q"], "into the row that showed")
        _ = s.switchChanged(.select, down: false, at: ms(2750))

        var late = scanner(.auto)
        _ = late.switchChanged(.select, down: true, at: .zero)
        #expect(highlighted(&late, at: 2700) == ["space"])
        #expect(late.switchChanged(.select, down: true, at: ms(2800), pressedAt: ms(2750))?.id == "space", "pressed after the steps showed")

        // Steps made on the press's arrival (the deadline and the press read together) never showed.
        var together = scanner(.auto)
        _ = together.switchChanged(.select, down: true, at: .zero)
        #expect(together.switchChanged(.select, down: true, at: ms(1600), pressedAt: ms(1450)) == nil)
        #expect(together.highlighted.map(\.id) == ["q"])
        // w shows on time, e late: a press between selects w.
        #expect(highlighted(&together, at: 3100) == ["w"])
        #expect(highlighted(&together, at: 4300) == ["e"])
        #expect(together.switchChanged(.select, down: true, at: ms(4300), pressedAt: ms(4150))?.id == "w")
    }

    @Test("Auto scan: a select goes into the row, a second types its key, then back to the first row")
    func autoSelect() {
        var s = scanner(.auto)
        _ = s.switchChanged(.select, down: true, at: .zero)
        #expect(highlighted(&s, at: 1600) == ["a", "s"])
        #expect(s.switchChanged(.select, down: true, at: ms(1600)) == nil)
        _ = s.switchChanged(.select, down: false, at: ms(1700))
        #expect(highlighted(&s, at: 3099) == ["a"])
        #expect(highlighted(&s, at: 3100) == ["s"])
        #expect(s.switchChanged(.select, down: true, at: ms(3200))?.id == "s")
        #expect(s.flash?.id == "s" && s.flash?.until == ms(3400))
        #expect(highlighted(&s, at: 3400) == ["q", "w", "e"])
        #expect(s.flash == nil)
        #expect(s.stepDeadline == ms(4700), "the first row again, with the first item's delay")
    }

    @Test("Auto scan: a row of one key is typed by selecting the row")
    func singleKeyRow() {
        var s = scanner(.auto)
        _ = s.switchChanged(.select, down: true, at: .zero)
        #expect(highlighted(&s, at: 2500) == ["space"])
        #expect(s.switchChanged(.select, down: true, at: ms(2600))?.id == "space")
    }

    @Test("Auto scan: a row's keys go round its cycles, then the rows go on from that row")
    func keysCycles() {
        var s = scanner(.auto)
        _ = s.switchChanged(.select, down: true, at: .zero)
        _ = s.switchChanged(.select, down: true, at: ms(1600))
        #expect(highlighted(&s, at: 3100) == ["s"])
        #expect(highlighted(&s, at: 4100) == ["a"])
        #expect(highlighted(&s, at: 5100) == ["s"])
        #expect(highlighted(&s, at: 6100) == ["a", "s"], "back to the rows, on that row")
        #expect(highlighted(&s, at: 7100) == ["space"])
    }

    @Test("Step scan: one switch moves, the other selects; nothing moves by itself")
    func step() {
        var s = scanner(.step)
        _ = s.switchChanged(.next, down: true, at: .zero)
        _ = s.switchChanged(.next, down: false, at: ms(100))
        #expect(highlighted(&s, at: 60_000) == ["q", "w", "e"], "it waits for the switch")
        #expect(s.nextDeadline == nil)
        for t in [1000, 2000] {
            _ = s.switchChanged(.next, down: true, at: ms(t))
            _ = s.switchChanged(.next, down: false, at: ms(t + 100))
        }
        #expect(s.highlighted.map(\.id) == ["space"])
        _ = s.switchChanged(.next, down: true, at: ms(3000))
        _ = s.switchChanged(.next, down: false, at: ms(3100))
        #expect(s.highlighted.map(\.id) == ["q", "w", "e"], "round the rows")
        #expect(s.switchChanged(.select, down: true, at: ms(4000)) == nil)
        _ = s.switchChanged(.next, down: true, at: ms(5000))
        _ = s.switchChanged(.next, down: false, at: ms(5100))
        #expect(s.switchChanged(.select, down: true, at: ms(6000))?.id == "w")
        #expect(s.highlighted.map(\.id) == ["q", "w", "e"])
        // Past a row's last key: back to the rows, on that row.
        _ = s.switchChanged(.select, down: true, at: ms(7000))
        for t in [8000, 9000, 10000] {
            _ = s.switchChanged(.next, down: true, at: ms(t))
            _ = s.switchChanged(.next, down: false, at: ms(t + 100))
        }
        #expect(s.level == .rows && s.highlighted.map(\.id) == ["q", "w", "e"])
    }

    @Test("Step scan: the move switch held past the threshold moves again every interval until let go (user scan)")
    func heldSwitch() {
        var s = scanner(.step)
        _ = s.switchChanged(.next, down: true, at: .zero)
        _ = s.switchChanged(.next, down: false, at: ms(50))
        _ = s.switchChanged(.next, down: true, at: ms(1000))
        #expect(s.highlighted.map(\.id) == ["a", "s"])
        #expect(highlighted(&s, at: 1499) == ["a", "s"])
        #expect(highlighted(&s, at: 1500) == ["space"])
        #expect(highlighted(&s, at: 2500) == ["q", "w", "e"])
        _ = s.switchChanged(.next, down: false, at: ms(2600))
        #expect(s.nextDeadline == nil)
        #expect(highlighted(&s, at: 9000) == ["q", "w", "e"])
    }

    @Test("Directed scan: arrows move from key to key, round the edges, up and down to the nearest key across; select stays")
    func directed() {
        var s = scanner(.directed)
        _ = s.switchChanged(.right, down: true, at: .zero)
        #expect(s.highlighted.map(\.id) == ["q"], "the first press shows where it starts")
        func press(_ role: SwitchRole, _ t: Int) -> String? {
            let tapped = s.switchChanged(role, down: true, at: ms(t))
            _ = s.switchChanged(role, down: false, at: ms(t + 50))
            return tapped?.id
        }
        _ = press(.right, 100)
        #expect(s.highlighted.map(\.id) == ["w"])
        _ = press(.down, 200)
        #expect(s.highlighted.map(\.id) == ["a"], "a's centre (40) is w's (60) nearest of a and s: 20 against 20, the first")
        _ = press(.left, 300)
        #expect(s.highlighted.map(\.id) == ["s"], "round the left edge")
        _ = press(.up, 400)
        #expect(s.highlighted.map(\.id) == ["w"], "w's centre (60) and e's (100) are as near s's (80): the first")
        _ = press(.up, 500)
        #expect(s.highlighted.map(\.id) == ["space"], "round the top")
        #expect(press(.select, 1000) == "space")
        #expect(s.highlighted.map(\.id) == ["space"])
        #expect(s.nextDeadline == ms(1200), "only the flash's end")
    }

    @Test("A select within a third of a second of the last flash does not flash")
    func flashRate() {
        var s = scanner(.directed)
        _ = s.switchChanged(.select, down: true, at: .zero)
        #expect(s.switchChanged(.select, down: true, at: ms(100))?.id == "q")
        #expect(s.flash?.until == ms(300))
        s.due(at: ms(300))
        #expect(s.switchChanged(.select, down: true, at: ms(400))?.id == "q")
        #expect(s.flash == nil, "300 ms after the last flash began")
        #expect(s.switchChanged(.select, down: true, at: ms(434))?.id == "q")
        #expect(s.flash?.until == ms(634))
    }

    @Test("New rows: a row still there keeps the place; at the top, or with the row gone, the top again (directed: the same or the nearest key)")
    func newRows() {
        var s = scanner(.auto)
        _ = s.switchChanged(.select, down: true, at: .zero)
        #expect(highlighted(&s, at: 1500) == ["a", "s"])
        s.setRows(Self.rows, at: ms(1600))
        #expect(s.highlighted.map(\.id) == ["a", "s"])
        let withStrip = [[Self.key("suggestion:0", 0, -40), Self.key("suggestion:1", 60, -40)]] + Self.rows
        s.setRows(withStrip, at: ms(1700))
        #expect(s.highlighted.map(\.id) == ["a", "s"], "the strip's words came while the scan was on a row")
        #expect(s.switchChanged(.select, down: true, at: ms(1800)) == nil)
        #expect(s.switchChanged(.select, down: true, at: ms(1900))?.id == "a")
        s.setRows(Self.rows, at: ms(1950))
        s.setRows(withStrip, at: ms(2000))
        #expect(s.highlighted.map(\.id) == ["suggestion:0", "suggestion:1"], "after a tap, the strip's new words first")
        #expect(s.stepDeadline == ms(3500))
        s.setRows([[Self.key("x", 0, 0)]], at: ms(2100))
        #expect(s.highlighted.map(\.id) == ["x"], "the row gone: the top")
        s.setRows([], at: ms(2200))
        #expect(!s.scanning && s.nextDeadline == nil)

        var d = scanner(.directed)
        _ = d.switchChanged(.select, down: true, at: .zero)
        _ = d.switchChanged(.right, down: true, at: ms(10))
        d.setRows(withStrip, at: ms(20))
        #expect(d.highlighted.map(\.id) == ["w"])
        d.setRows([[Self.key("x", 45, 0)]], at: ms(30))
        #expect(d.highlighted.map(\.id) == ["x"])
    }

    @Test("Rows as the eye reads them: by their tops, each left to right; a tall key with the upper row")
    func rowsOfFrames() {
        func frame(_ id: String, _ x: Int, _ y: Int, height: Int = 40) -> KeyFrame {
            KeyFrame(index: 0, id: id, key: Key(.character(id)), rect: Rect(x: x, y: y, width: 40, height: height))
        }
        let frames = [frame("b", 40, 1), frame("a", 0, 0), frame("enter", 80, 0, height: 80), frame("c", 0, 41), frame("d", 40, 40),
                      frame("hidden", 0, 90)]
        let rows = ScanRows.rows(frames) { $0.id != "hidden" }
        #expect(rows.map { $0.map(\.id) } == [["a", "b", "enter"], ["c", "d"]])
    }
}
