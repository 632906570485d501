import Testing
@testable import TapboardCore

/// Geometry: rows fill their width exactly, keys never overlap, rows stack, widths distribute.
struct GeometryTests {
    /// One page of one built-in layout, as a test argument.
    struct PageCase: Sendable, CustomTestStringConvertible {
        let layout: Layout
        let pageIndex: Int
        var page: Page { layout.pages[pageIndex] }
        var testDescription: String { "\(layout.name)/\(page.name)" }

        /// en-US, the default, is swept at every size; the other layouts at a
        /// sample of them (the same code places them; the sweep costs minutes).
        var isDefault: Bool { layout == Layout.enUS }

        /// The widths to check.
        var widths: [Int] { isDefault ? GeometryTests.widths : Array(stride(from: 200, through: 2000, by: 151)) }
        /// The heights to check.
        var heights: [Int] { isDefault ? GeometryTests.heights : [100, 216, 684, 698] }

        /// Every page of every built-in layout, as a phone-sized and as a wide window shows it.
        static var all: [PageCase] {
            let provider = LayoutProvider()
            let sources = (try? LayoutSource.builtIn()) ?? []
            let layouts = sources.flatMap { source in
                [provider.layout(for: source, width: 0), provider.layout(for: source, width: provider.wideWidth)]
            }
            return layouts.flatMap { layout in layout.pages.indices.map { PageCase(layout: layout, pageIndex: $0) } }
        }

        /// Every page case at each of its heights.
        static var sized: [SizedCase] {
            all.flatMap { c in c.heights.map { SizedCase(page: c, height: $0) } }
        }
    }

    /// A page case at one height.
    struct SizedCase: Sendable, CustomTestStringConvertible {
        let page: PageCase
        let height: Int
        var testDescription: String { "\(page.testDescription) at height \(height)" }

    }

    /// Widths from 200 to 2000 in odd steps.
    static let widths = Array(stride(from: 200, through: 2000, by: 17))
    /// Heights from 100 to 700, with some where padding × scale lands on a half pixel (108, 180, 684)
    /// and the theme's reference height (216).
    static let heights = (Array(stride(from: 100, through: 700, by: 23)) + [108, 180, 216, 684]).sorted()

    // MARK: helpers

    /// The inset of a row at each end: fixed and relative as given (at most half
    /// the row); in units, one more share of the row as `Geometry.distribute` splits it.
    private static func inset(_ row: Row, rowWidth: Double, spacing: Double, scale: Double) -> Double {
        switch row.inset {
        case .dynamic: return 0
        case .fixed(let v): return min(max(v * scale, 0), rowWidth / 2)
        case .relative(let f): return min(max(f * rowWidth, 0), rowWidth / 2)
        case .units(let u):
            let available = max(0, rowWidth - spacing * Double(row.items.count - 1))
            let widths = Geometry.distribute(row.keys.map(\.width) + [.units(2 * u)], total: available, scale: scale)
            return min(widths.last ?? 0, available) / 2
        }
    }

    /// The frames of each top-level row (the built-in layouts have no stacks).
    private static func framesByRow(_ frames: [KeyFrame], page: Page) -> [[KeyFrame]] {
        var out: [[KeyFrame]] = []
        var start = 0
        for row in page.rows {
            let n = row.keys.count
            out.append(Array(frames[start..<min(start + n, frames.count)]))
            start += n
        }
        return out
    }

    /// Whether a position lies on a half pixel (within floating-point noise).
    private static func isHalfPixel(_ x: Double) -> Bool {
        abs(x - x.rounded(.down) - 0.5) < 1e-6
    }

    private static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
    }

    /// A theme with the given paddings at scale 1 for `referenceHeight`.
    private static func theme(top: Double = 0, bottom: Double = 0, leading: Double = 0, trailing: Double = 0,
                              rowSpacing: Double = 10, keySpacing: Double = 10, referenceHeight: Double) -> Theme {
        var t = Theme.default
        t.paddings = Paddings(top: top, bottom: bottom, rowSpacing: rowSpacing,
                              leading: leading, trailing: trailing, keySpacing: keySpacing)
        t.referenceHeight = referenceHeight
        return t
    }

    // MARK: built-in layouts at many sizes

    @Test("every row fills the row area exactly", arguments: PageCase.sized)
    func rowsFillWidthExactly(_ sized: SizedCase) throws {
        let c = sized.page, height = sized.height
        let theme = Theme.default
        let page = c.page
        for row in page.rows {
            for item in row.items {
                guard case .key = item else { Issue.record("built-in rows are expected to hold keys only"); return }
            }
        }
        let scale = theme.scale(forHeight: height)
        let p = theme.paddings
        let requestedSpacing = p.keySpacing * scale
        // Checked with plain comparisons (thousands of sizes); each failure is recorded with its size.
        func fail(_ message: String, _ width: Int, _ r: Int) {
            Issue.record("\(message) (row \(r) at \(width)x\(height))")
        }
        for width in c.widths {
            let frames = Geometry.frames(for: page, in: Size(width: width, height: height), theme: theme)
            try #require(frames.count == page.keys.count)
            let x0 = p.leading * scale, x1 = Double(width) - p.trailing * scale
            for (r, (row, rowFrames)) in zip(page.rows, Self.framesByRow(frames, page: page)).enumerated() {
                // Gaps shrink when they would take more than half a narrow row.
                let n = Double(row.items.count)
                let spacing = n > 1 ? min(requestedSpacing, (x1 - x0) / (2 * (n - 1))) : requestedSpacing
                let first = try #require(rowFrames.first), last = try #require(rowFrames.last)
                let inset = Self.inset(row, rowWidth: x1 - x0, spacing: spacing, scale: scale)
                let left = Int((x0 + inset).rounded())
                let union = rowFrames.dropFirst().reduce(first.rect) { $0.union($1.rect) }
                if union.x != left || first.rect.x != left { fail("row starts at \(union.x), row area at \(left)", width, r) }
                if union.maxX != last.rect.maxX { fail("a key reaches past the last key", width, r) }
                let rightEdge = x1 - inset
                if Self.isHalfPixel(rightEdge) {
                    // A row area ending on a half pixel: see rowsEndTogetherOnHalfPixelEdges (known issue).
                    let candidates = [Int(rightEdge.rounded(.down)), Int(rightEdge.rounded(.up))]
                    if !candidates.contains(last.rect.maxX) { fail("row ends at \(last.rect.maxX), row area at \(rightEdge)", width, r) }
                } else {
                    let right = Int(rightEdge.rounded())
                    if last.rect.maxX != right { fail("row ends at \(last.rect.maxX), row area at \(right)", width, r) }
                }
                // One row: the same top and height for every key, keys left to right.
                for f in rowFrames where f.rect.y != first.rect.y || f.rect.height != first.rect.height {
                    fail("\(f.id) at \(f.rect) is not in line with \(first.id) at \(first.rect)", width, r)
                }
                for (a, b) in zip(rowFrames, rowFrames.dropFirst()) {
                    let gap = Double(b.rect.x - a.rect.maxX)
                    if gap < spacing - 1 || gap > spacing + 1 {
                        fail("gap between \(a.id) and \(b.id) is \(gap), key spacing \(spacing)", width, r)
                    }
                }
                // Rounding spreads: keys of equal width spec differ by one pixel at most.
                let dynamicWidths = rowFrames.filter { $0.key.width == .dynamic || $0.key.width == .units(1) }.map(\.rect.width)
                if let lo = dynamicWidths.min(), let hi = dynamicWidths.max(), hi - lo > 1 {
                    fail("dynamic widths \(dynamicWidths)", width, r)
                }
            }
        }
    }

    /// When the row area ends on a half pixel (height 684: trailing 3 × 684/216 = 9.5), the last key's
    /// right edge is the rounding of a sum of widths and spacings that lands a hair above or below .5,
    /// so rows of one page end one pixel apart and not at the rounded row edge.
    @Test("rows end together when the row area ends on a half pixel", arguments: PageCase.all)
    func rowsEndTogetherOnHalfPixelEdges(_ c: PageCase) {
        let theme = Theme.default
        var ragged: [String] = []
        for height in stride(from: 108, through: 700, by: 72) {
            let scale = theme.scale(forHeight: height)
            for width in c.widths {
                let right = Int((Double(width) - theme.paddings.trailing * scale).rounded())
                let frames = Geometry.frames(for: c.page, in: Size(width: width, height: height), theme: theme)
                for (row, rowFrames) in zip(c.page.rows, Self.framesByRow(frames, page: c.page)) where row.inset == .fixed(0) {
                    if let last = rowFrames.last, last.rect.maxX != right {
                        ragged.append("\(width)x\(height): \(last.id) ends at \(last.rect.maxX), row area at \(right)")
                    }
                }
            }
        }
        let shortRows = ragged.count
        #expect(shortRows == 0, "e.g. \(ragged.prefix(3))")
    }

    @Test("rows of the letters page end at the same pixel at 1908 x 684")
    func lettersRowsEndTogetherExample() {
        let frames = Geometry.frames(for: Layout.enUS.pages[0], in: Size(width: 1908, height: 684), theme: .default)
        let byID = Dictionary(uniqueKeysWithValues: frames.map { ($0.id, $0.rect) })
        // Left edges: 3 × 684/216 = 9.5 rounds to 10; the right edge 1908 - 9.5 = 1898.5 to 1899.
        #expect(byID["q"]?.x == 10)
        #expect(byID["page:symbols"]?.x == 10)
        #expect([byID["p"]?.maxX, byID["backspace"]?.maxX, byID["return"]?.maxX] == [1899, 1899, 1899])
    }

    @Test("keys never overlap and stay inside the window", arguments: PageCase.sized)
    func keysDoNotOverlap(_ sized: SizedCase) {
        let c = sized.page, height = sized.height
        for width in c.widths {
            let frames = Geometry.frames(for: c.page, in: Size(width: width, height: height), theme: .default)
            let rects = frames.map(\.rect)
            for (i, a) in rects.enumerated() {
                if a.x < 0 || a.y < 0 || a.maxX > width || a.maxY > height || a.width < 0 || a.height < 0 {
                    Issue.record("\(frames[i].id) \(a) outside \(width)x\(height)")
                }
                for j in (i + 1)..<rects.count where Self.overlaps(a, rects[j]) {
                    Issue.record("\(frames[i].id) \(a) overlaps \(frames[j].id) \(rects[j]) at \(width)x\(height)")
                }
            }
        }
    }

    @Test("rows stack top to bottom and fill the height, at every height 100...700", arguments: PageCase.all)
    func rowsStackTopToBottom(_ c: PageCase) throws {
        let theme = Theme.default
        let p = theme.paddings
        let rowCount = c.page.rows.count
        for height in 100...700 {
            let scale = theme.scale(forHeight: height)
            let top = Int((p.top * scale).rounded())
            let bottomEdge = Double(height) - p.bottom * scale
            let rowHeight = (bottomEdge - p.top * scale - p.rowSpacing * scale * Double(rowCount - 1)) / Double(rowCount)
            let width = 300 + height * 2
            let frames = Geometry.frames(for: c.page, in: Size(width: width, height: height), theme: theme)
            let rowFrames = Self.framesByRow(frames, page: c.page)
            let rows = rowFrames.compactMap { $0.first?.rect }
            try #require(rows.count == rowCount)
            for (r, keys) in rowFrames.enumerated() where keys.contains(where: { $0.rect.y != rows[r].y || $0.rect.maxY != rows[r].maxY }) {
                Issue.record("keys of row \(r) are not in line at height \(height)")
            }
            if rows[0].y != top { Issue.record("first row starts at \(rows[0].y), not \(top), at height \(height)") }
            let bottom = Int(bottomEdge.rounded())
            if rows[rowCount - 1].maxY != bottom {
                Issue.record("last row ends at \(rows[rowCount - 1].maxY), not \(bottom), at height \(height)")
            }
            for (a, b) in zip(rows, rows.dropFirst()) {
                let gap = Double(b.y - a.maxY)
                if !(a.maxY < b.y) || gap < p.rowSpacing * scale - 1 || gap > p.rowSpacing * scale + 1 {
                    Issue.record("row gap \(gap), row spacing \(p.rowSpacing * scale), at height \(height)")
                }
            }
            for r in rows where Double(r.height) < rowHeight - 1 || Double(r.height) > rowHeight + 1 {
                Issue.record("row height \(r.height), expected about \(rowHeight), at height \(height)")
            }
        }
    }

    @Test("frames carry index, identifier and key in reading order; identifiers unique", arguments: PageCase.all)
    func identifiersUniquePerPage(_ c: PageCase) {
        let frames = Geometry.frames(for: c.page, in: Size(width: 1000, height: 300), theme: .default)
        #expect(frames.map(\.index) == Array(c.page.keys.indices))
        #expect(frames.map(\.id) == c.page.keyIdentifiers)
        #expect(frames.map(\.key) == c.page.keys)
        #expect(Set(frames.map(\.id)).count == frames.count, "duplicate identifiers: \(frames.map(\.id))")
    }

    @Test func frameIsPureFunctionOfInputs() {
        let page = Layout.enUS.pages[0]
        let a = Geometry.frames(for: page, in: Size(width: 777, height: 255), theme: .default)
        let b = Geometry.frames(for: page, in: Size(width: 777, height: 255), theme: .default)
        #expect(a == b)
        #expect(page == Layout.enUS.pages[0])
    }

    @Test func builtInLettersRowsAtReferenceSize() {
        // 1000x216 is scale 1: paddings 3/3 left/right, 8 top, 4 bottom, spacing 6 and 11.
        let frames = Geometry.frames(for: Layout.enUS.pages[0], in: Size(width: 1000, height: 216), theme: .default)
        let byID = Dictionary(uniqueKeysWithValues: frames.map { ($0.id, $0.rect) })
        // Row height: (216 - 8 - 4 - 3 * 11) / 4 = 42.75.
        // Row 1: 10 keys in 994 - 54 = 940 → 94 each.
        #expect(byID["q"] == Rect(x: 3, y: 8, width: 94, height: 43))
        #expect(byID["w"] == Rect(x: 103, y: 8, width: 94, height: 43))
        #expect(byID["p"] == Rect(x: 903, y: 8, width: 94, height: 43))
        // Row 2: 9 keys and half a key's inset at each end, 10 units in 994 - 48 = 946:
        // the inset is 47.3.
        #expect(byID["a"]?.x == 50)
        #expect(byID["l"]?.maxX == 950)
        #expect(byID["a"]?.y == 62)
        // Bottom row ends at 216 - 4.
        #expect(byID["return"]?.maxX == 997)
        #expect(byID["return"]?.maxY == 212)
        #expect(byID["page:symbols"]?.x == 3)
    }

    // MARK: fixtures

    @Test func nestedStackSplitsTheHeight() {
        let page = Page(name: "p", switchLabel: "P", rows: [
            Row([.key(.character("a")), .stack([Row("bc"), Row("de")], width: .dynamic), .key(.character("f"))]),
        ])
        let frames = Geometry.frames(for: page, in: Size(width: 320, height: 100), theme: Self.theme(referenceHeight: 100))
        #expect(frames.map(\.id) == ["a", "b", "c", "d", "e", "f"])
        // Three columns of (320 - 2 * 10) / 3 = 100; the stack's rows of (100 - 10) / 2 = 45.
        #expect(frames.map(\.rect) == [
            Rect(x: 0, y: 0, width: 100, height: 100),
            Rect(x: 110, y: 0, width: 45, height: 45),
            Rect(x: 165, y: 0, width: 45, height: 45),
            Rect(x: 110, y: 55, width: 45, height: 45),
            Rect(x: 165, y: 55, width: 45, height: 45),
            Rect(x: 220, y: 0, width: 100, height: 100),
        ])
    }

    @Test func nestedStackWithFixedWidthAndWeights() {
        let page = Page(name: "p", switchLabel: "P", rows: [
            Row([.stack([Row(keys: [.character("1")], heightWeight: 3), Row(keys: [.character("2")])], width: .fixed(50)),
                 .key(.character("x"))]),
        ])
        // Height 200 at reference 100: scale 2, so spacing 20, fixed 50 → 100.
        let frames = Geometry.frames(for: page, in: Size(width: 420, height: 200), theme: Self.theme(referenceHeight: 100))
        // Stack rows: (200 - 20) split 3:1 → 135 and 45.
        #expect(frames.map(\.rect) == [
            Rect(x: 0, y: 0, width: 100, height: 135),
            Rect(x: 0, y: 155, width: 100, height: 45),
            Rect(x: 120, y: 0, width: 300, height: 200),
        ])
    }

    @Test func rowHeightWeights() {
        let page = Page(name: "p", switchLabel: "P", rows: [
            Row(keys: [.character("a")], heightWeight: 2),
            Row(keys: [.character("b")]),
            Row(keys: [.character("c")], heightWeight: 1),
        ])
        let frames = Geometry.frames(for: page, in: Size(width: 100, height: 420), theme: Self.theme(referenceHeight: 420))
        // (420 - 2 * 10) = 400 split 2:1:1.
        #expect(frames.map(\.rect) == [
            Rect(x: 0, y: 0, width: 100, height: 200),
            Rect(x: 0, y: 210, width: 100, height: 100),
            Rect(x: 0, y: 320, width: 100, height: 100),
        ])
    }

    @Test func paddingsAndInsetsScaleWithHeight() {
        let page = Page(name: "p", switchLabel: "P", rows: [
            Row("ab", inset: .fixed(10)),
            Row("cd", inset: .relative(0.25)),
        ])
        let theme = Self.theme(top: 4, bottom: 2, leading: 5, trailing: 15, rowSpacing: 3, keySpacing: 5, referenceHeight: 50)
        // Height 100: scale 2. Area x 10...570 (560 wide), y 8...96, rows of (88 - 6) / 2 = 41.
        let frames = Geometry.frames(for: page, in: Size(width: 600, height: 100), theme: theme)
        #expect(frames.map(\.rect) == [
            // inset 20: 30...550, available 520 - 10 = 510 → 255 each.
            Rect(x: 30, y: 8, width: 255, height: 41),
            Rect(x: 295, y: 8, width: 255, height: 41),
            // inset 140: 150...430, available 280 - 10 = 270 → 135 each.
            Rect(x: 150, y: 55, width: 135, height: 41),
            Rect(x: 295, y: 55, width: 135, height: 41),
        ])
    }

    @Test func insetNeverExceedsHalfTheRow() {
        let page = Page(name: "p", switchLabel: "P", rows: [Row("a", inset: .fixed(1000))])
        let frames = Geometry.frames(for: page, in: Size(width: 200, height: 100), theme: Self.theme(referenceHeight: 100))
        #expect(frames.map(\.rect) == [Rect(x: 100, y: 0, width: 0, height: 100)])
    }

    @Test func mixedWidthsInARow() {
        let page = Page(name: "p", switchLabel: "P", rows: [
            Row(keys: [.character("a", width: .fixed(40)), .character("b"), .character("c", width: .relative(0.5)), .character("d")]),
        ])
        // Width 430, spacing 10: available 400. Fixed 40 at scale 1, relative 200, two dynamic of 80.
        let frames = Geometry.frames(for: page, in: Size(width: 430, height: 100), theme: Self.theme(referenceHeight: 100))
        #expect(frames.map(\.rect.width) == [40, 80, 200, 80])
        #expect(frames.map(\.rect.x) == [0, 50, 140, 350])
        #expect(frames.last?.rect.maxX == 430)
        // Height 200: scale 2, spacing 20; available 370; fixed 80, relative 185, dynamic (370 - 265) / 2 = 52.5.
        let tall = Geometry.frames(for: page, in: Size(width: 430, height: 200), theme: Self.theme(referenceHeight: 100))
        #expect(tall.map(\.rect.x) == [0, 100, 173, 378])
        #expect(tall.map(\.rect.maxX) == [80, 153, 358, 430])
    }

    @Test func roundingLeftoversSpreadAndRowIsExact() {
        // 7 keys in 100 px with spacing 1: widths 94 / 7 = 13.43 each.
        let page = Page(name: "p", switchLabel: "P", rows: [Row("abcdefg")])
        let frames = Geometry.frames(for: page, in: Size(width: 100, height: 10),
                                     theme: Self.theme(keySpacing: 1, referenceHeight: 10))
        #expect(frames.first?.rect.x == 0)
        #expect(frames.last?.rect.maxX == 100)
        #expect(frames.map(\.rect.width).reduce(0, +) + 6 == 100)
        #expect(Set(frames.map(\.rect.width)).isSubset(of: [13, 14]))
        for (a, b) in zip(frames, frames.dropFirst()) { #expect(b.rect.x - a.rect.maxX == 1) }
    }

    // MARK: distribute

    private static func sum(_ xs: [Double]) -> Double { xs.reduce(0, +) }

    /// Expects `distribute` to give these sizes, each within 1e-9.
    private static func expectDistribute(_ widths: [KeyWidth], total: Double, scale: Double, _ expected: [Double],
                                         sourceLocation: SourceLocation = #_sourceLocation) {
        let sizes = Geometry.distribute(widths, total: total, scale: scale)
        let close = sizes.count == expected.count && zip(sizes, expected).allSatisfy { abs($0 - $1) < 1e-9 }
        #expect(close, "distribute(\(widths), total: \(total), scale: \(scale)) = \(sizes), expected \(expected)",
                sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        [KeyWidth.dynamic],
        [.dynamic, .dynamic, .dynamic],
        [.fixed(30), .dynamic, .relative(0.2)],
        [.relative(0.3), .relative(0.3), .dynamic, .dynamic],
        [.relative(0.7), .relative(0.7)],
        [.fixed(500), .fixed(700), .dynamic],
        [.fixed(10), .fixed(20)],
        [.relative(0.1), .relative(0.2)],
        [.fixed(200), .relative(0.9), .dynamic],
        [.fixed(-5), .dynamic],
    ], [997.0, 1.0, 333.3])
    func distributeSumsToTotal(_ widths: [KeyWidth], total: Double) {
        for scale in [0.25, 1, 1.7, 8] {
            let sizes = Geometry.distribute(widths, total: total, scale: scale)
            #expect(sizes.count == widths.count)
            #expect(abs(Self.sum(sizes) - total) < 1e-9, "\(widths) at scale \(scale): \(sizes)")
            #expect(sizes.allSatisfy { $0 >= 0 })
        }
    }

    @Test func distributeDynamicSharesTheRest() {
        Self.expectDistribute([.dynamic, .dynamic, .dynamic, .dynamic], total: 100, scale: 1, [25, 25, 25, 25])
        Self.expectDistribute([.fixed(20), .dynamic, .relative(0.5), .dynamic], total: 200, scale: 1, [20, 40, 100, 40])
        Self.expectDistribute([.relative(0.25), .dynamic], total: 400, scale: 3, [100, 300])
    }

    @Test func distributeFixedScalesWithScale() {
        Self.expectDistribute([.fixed(30), .dynamic], total: 200, scale: 1, [30, 170])
        Self.expectDistribute([.fixed(30), .dynamic], total: 200, scale: 2, [60, 140])
        Self.expectDistribute([.fixed(30), .dynamic], total: 200, scale: 0.5, [15, 185])
        // Relative widths do not scale with the theme scale.
        Self.expectDistribute([.relative(0.1), .dynamic], total: 200, scale: 4, [20, 180])
    }

    @Test func distributeOverSubscriptionShrinksProportionally() {
        // Asked 150 + 450 = 600 of 300: everything halves, dynamic keys get nothing.
        Self.expectDistribute([.fixed(150), .fixed(450), .dynamic], total: 300, scale: 1, [75, 225, 0])
        // Relative 0.8 + 0.8 of 100 = 160: each 50.
        Self.expectDistribute([.relative(0.8), .relative(0.8)], total: 100, scale: 1, [50, 50])
        // Mixed: fixed 100 at scale 2 = 200, relative 0.5 of 200 = 100; 300 asked of 200.
        let mixed = Geometry.distribute([.fixed(100), .relative(0.5)], total: 200, scale: 2)
        #expect(abs(mixed[0] - 400.0 / 3) < 1e-9 && abs(mixed[1] - 200.0 / 3) < 1e-9, "\(mixed)")
    }

    @Test func distributeUnderSubscriptionWithoutDynamicGrows() {
        Self.expectDistribute([.fixed(10), .fixed(30)], total: 80, scale: 1, [20, 60])
        Self.expectDistribute([.relative(0.1), .relative(0.3)], total: 100, scale: 1, [25, 75])
    }

    @Test func distributeExactFitLeavesDynamicEmpty() {
        Self.expectDistribute([.fixed(40), .relative(0.6), .dynamic], total: 100, scale: 1, [40, 60, 0])
    }

    @Test func distributeClampsNegativeWidths() {
        Self.expectDistribute([.fixed(-10), .relative(-0.5), .dynamic], total: 90, scale: 1, [0, 0, 90])
    }

    @Test func distributeEmpty() {
        Self.expectDistribute([], total: 100, scale: 1, [])
    }

    @Test("distribute adds up to total even when every width is zero")
    func distributeAllZeroWidths() {
        // Documented: "The result always adds up to `total`". With only zero widths
        // and no dynamic key nothing is scaled and the row stays empty.
        let sizes = Geometry.distribute([.fixed(0), .relative(0)], total: 100, scale: 1)
        #expect(abs(Self.sum(sizes) - 100) < 1e-9, "\(sizes)")
    }

    // MARK: identifiers

    @Test func duplicateIdentifiersAreNumbered() {
        let page = Page(name: "p", switchLabel: "P", rows: [
            Row([Key.character("."), Key.space(), Key.character("."), Key.space(), Key.character(".")]),
        ])
        #expect(page.keyIdentifiers == [".", "space", ".-2", "space-2", ".-3"])
    }

    @Test("identifiers stay unique when a key's own identifier looks numbered")
    func identifiersUniqueWithNumberedLookalike() {
        let page = Page(name: "p", switchLabel: "P", rows: [
            Row(keys: [Key(.text("a")), Key(.text("a")), Key(.text("a-2"))]),
        ])
        #expect(Set(page.keyIdentifiers).count == 3, "\(page.keyIdentifiers)")
    }

    // MARK: Rect and scale

    @Test func rectBasics() {
        let r = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(r.maxX == 40 && r.maxY == 60)
        #expect(r.center == Point(x: 25, y: 40))
        #expect(r.contains(Point(x: 10, y: 20)))
        #expect(r.contains(Point(x: 39, y: 59)))
        #expect(!r.contains(Point(x: 40, y: 30)))
        #expect(!r.contains(Point(x: 20, y: 60)))
        #expect(!r.contains(Point(x: 9, y: 30)))
        #expect(r.union(Rect(x: 0, y: 50, width: 5, height: 20)) == Rect(x: 0, y: 20, width: 40, height: 50))
    }

    @Test(arguments: [
        (Point(x: 15, y: 25), 0),
        (Point(x: 7, y: 25), 9),         // 3 left of x = 10
        (Point(x: 40, y: 25), 1),        // one right of the last column (39)
        (Point(x: 42, y: 25), 9),
        (Point(x: 15, y: 16), 16),       // 4 above
        (Point(x: 15, y: 61), 4),        // 2 below the last row (59)
        (Point(x: 7, y: 16), 9 + 16),    // diagonal
    ])
    func rectSquaredDistance(_ point: Point, _ expected: Int) {
        let r = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(r.squaredDistance(to: point) == expected)
    }

    @Test func themeScaleFollowsHeightWithinBounds() {
        let t = Theme.default
        #expect(t.scale(forHeight: 216) == 1)
        #expect(t.scale(forHeight: 432) == 2)
        #expect(t.scale(forHeight: 108) == 0.5)
        #expect(t.scale(forHeight: 10) == 0.25)
        #expect(t.scale(forHeight: 100_000) == 8)
    }
}
