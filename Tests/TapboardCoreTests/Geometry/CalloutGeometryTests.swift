import Testing
@testable import TapboardCore

/// Where a callout sits over its key, kept on the screen, and which alternate a point picks.
struct CalloutGeometryTests {
    static let screen = Size(width: 1000, height: 800)
    /// A 40×50 key at (100, 200): three cells of it are 120 wide, 128 with 4 px padding each side.
    static let key = Rect(x: 100, y: 200, width: 40, height: 50)

    @Test func cellsAreAboveTheKeyOneKeyWideStartingOverIt() {
        let g = CalloutGeometry(count: 3, key: Self.key, screen: Self.screen, padding: 4)
        #expect(g.key == Self.key)
        // Height: a key and the padding; bottom edge half a padding above the key.
        #expect(g.frame == Rect(x: 96, y: 140, width: 128, height: 58))
        #expect(g.cells == [
            Rect(x: 100, y: 144, width: 40, height: 50),
            Rect(x: 140, y: 144, width: 40, height: 50),
            Rect(x: 180, y: 144, width: 40, height: 50),
        ])
        #expect(g.frame.maxY < Self.key.y)
        #expect(g.cells[0].x == Self.key.x)
    }

    @Test func withoutPadding() {
        let g = CalloutGeometry(count: 2, key: Rect(x: 10, y: 100, width: 30, height: 40), screen: Self.screen, padding: 0)
        #expect(g.frame == Rect(x: 10, y: 60, width: 60, height: 40))
        #expect(g.cells == [Rect(x: 10, y: 60, width: 30, height: 40), Rect(x: 40, y: 60, width: 30, height: 40)])
    }

    @Test func pushedLeftAtTheRightEdge() {
        let key = Rect(x: 960, y: 200, width: 40, height: 50)
        let g = CalloutGeometry(count: 3, key: key, screen: Self.screen, padding: 4)
        #expect(g.frame == Rect(x: 872, y: 140, width: 128, height: 58))
        #expect(g.frame.maxX == Self.screen.width)
        #expect(g.cells.map(\.x) == [876, 916, 956])
        // Only as far as needed: one pixel from the edge it stays over the key.
        let near = CalloutGeometry(count: 3, key: Rect(x: 875, y: 200, width: 40, height: 50), screen: Self.screen, padding: 4)
        #expect(near.frame.x == 871)
        #expect(near.cells[0].x == 875)
    }

    @Test func keptAtXZeroOrMore() {
        // Wider than the screen: pinned to the left edge.
        let wide = CalloutGeometry(count: 30, key: Self.key, screen: Self.screen, padding: 4)
        #expect(wide.frame == Rect(x: 0, y: 140, width: 1208, height: 58))
        #expect(wide.cells.first?.x == 4)
        // A key at the left edge: the padding does not push it off the screen.
        let left = CalloutGeometry(count: 2, key: Rect(x: 0, y: 200, width: 40, height: 50), screen: Self.screen, padding: 4)
        #expect(left.frame.x == 0)
        #expect(left.cells.map(\.x) == [4, 44])
    }

    @Test func keptAtYZeroOrMore() {
        let g = CalloutGeometry(count: 2, key: Rect(x: 100, y: 20, width: 40, height: 50), screen: Self.screen, padding: 4)
        #expect(g.frame.y == 0)
        #expect(g.cells.map(\.y) == [4, 4])
    }

    @Test func itemByColumnWithinTheBand() {
        let g = CalloutGeometry(count: 3, key: Self.key, screen: Self.screen, padding: 4)
        // Cells start at x 100, 140, 180; the band runs from y 115 (half a cell above) to 275 (half a key below).
        #expect(g.item(at: Point(x: 100, y: 160)) == 0)
        #expect(g.item(at: Point(x: 139, y: 160)) == 0)
        #expect(g.item(at: Point(x: 140, y: 160)) == 1)
        #expect(g.item(at: Point(x: 179, y: 160)) == 1)
        #expect(g.item(at: Point(x: 180, y: 160)) == 2)
        #expect(g.item(at: Point(x: 219, y: 160)) == 2)
        // The padding at each end belongs to the nearest cell.
        #expect(g.item(at: Point(x: 96, y: 160)) == 0)
        #expect(g.item(at: Point(x: 223, y: 160)) == 2)
        // Down over the key and below it, still by column.
        #expect(g.item(at: Point(x: 150, y: 225)) == 1)
        #expect(g.item(at: Point(x: 190, y: 274)) == 2)
        #expect(g.item(at: Point(x: 110, y: 115)) == 0)
    }

    @Test func noItemOutsideTheBand() {
        let g = CalloutGeometry(count: 3, key: Self.key, screen: Self.screen, padding: 4)
        #expect(g.item(at: Point(x: 150, y: 114)) == nil)
        #expect(g.item(at: Point(x: 150, y: 0)) == nil)
        #expect(g.item(at: Point(x: 150, y: 275)) == nil)
        #expect(g.item(at: Point(x: 150, y: 700)) == nil)
        #expect(g.item(at: Point(x: 95, y: 160)) == nil)
        #expect(g.item(at: Point(x: 0, y: 160)) == nil)
        #expect(g.item(at: Point(x: 224, y: 160)) == nil)
        #expect(g.item(at: Point(x: 900, y: 160)) == nil)
    }

    @Test func itemOfACalloutPushedLeft() {
        let g = CalloutGeometry(count: 3, key: Rect(x: 960, y: 200, width: 40, height: 50), screen: Self.screen, padding: 4)
        // Over the key itself is the last cell, which sits above it.
        #expect(g.item(at: Point(x: 970, y: 225)) == 2)
        #expect(g.item(at: Point(x: 880, y: 160)) == 0)
        #expect(g.item(at: Point(x: 871, y: 160)) == nil)
    }

    @Test func noCellsNoItem() {
        let g = CalloutGeometry(count: 0, key: Self.key, screen: Self.screen, padding: 4)
        #expect(g.cells == [])
        #expect(g.item(at: Point(x: 100, y: 160)) == nil)
    }
}
