import Testing
@testable import TapboardCore

/// Hit testing: the key under a point, or the nearest one; nothing outside the window.
struct HitTestTests {
    /// A 2 × 2 page in a 230 × 130 window at scale 1 with 10 px paddings and spacings:
    ///
    ///     a = (10, 10, 100, 50)   b = (120, 10, 100, 50)
    ///     c = (10, 70, 100, 50)   d = (120, 70, 100, 50)
    private static func fixture() -> (frames: [KeyFrame], bounds: Size) {
        var theme = Theme.default
        theme.paddings = Paddings(top: 10, bottom: 10, rowSpacing: 10, leading: 10, trailing: 10, keySpacing: 10)
        theme.referenceHeight = 130
        let page = Page(name: "p", switchLabel: "P", rows: [Row("ab"), Row("cd")])
        let bounds = Size(width: 230, height: 130)
        return (Geometry.frames(for: page, in: bounds, theme: theme), bounds)
    }

    private static let a = 0, b = 1, c = 2, d = 3

    @Test func fixtureFrames() {
        let (frames, _) = Self.fixture()
        #expect(frames.map(\.rect) == [
            Rect(x: 10, y: 10, width: 100, height: 50),
            Rect(x: 120, y: 10, width: 100, height: 50),
            Rect(x: 10, y: 70, width: 100, height: 50),
            Rect(x: 120, y: 70, width: 100, height: 50),
        ])
    }

    @Test("a point inside a key hits that key", arguments: [
        (Point(x: 60, y: 35), a), (Point(x: 10, y: 10), a), (Point(x: 109, y: 59), a),
        (Point(x: 120, y: 10), b), (Point(x: 219, y: 59), b), (Point(x: 170, y: 30), b),
        (Point(x: 10, y: 70), c), (Point(x: 109, y: 119), c),
        (Point(x: 120, y: 70), d), (Point(x: 219, y: 119), d),
    ])
    func insideKey(_ point: Point, _ expected: Int) {
        let (frames, bounds) = Self.fixture()
        #expect(Geometry.hitTest(point, in: frames, bounds: bounds) == expected)
    }

    @Test("a point in a gap hits the nearer key", arguments: [
        // Between a (last column 109) and b (first column 120).
        (Point(x: 110, y: 30), a), (Point(x: 112, y: 30), a), (Point(x: 113, y: 30), a),
        (Point(x: 116, y: 30), b), (Point(x: 117, y: 30), b), (Point(x: 119, y: 30), b),
        // Between a (last row 59) and c (first row 70).
        (Point(x: 50, y: 60), a), (Point(x: 50, y: 62), a), (Point(x: 50, y: 67), c), (Point(x: 50, y: 69), c),
        // Between c and d.
        (Point(x: 111, y: 100), c), (Point(x: 118, y: 100), d),
        // The crossing of both gaps, nearer the bottom right.
        (Point(x: 118, y: 68), d), (Point(x: 111, y: 61), a),
    ])
    func gapHitsNearer(_ point: Point, _ expected: Int) {
        let (frames, bounds) = Self.fixture()
        #expect(Geometry.hitTest(point, in: frames, bounds: bounds) == expected)
    }

    @Test("a point in the edge padding hits the nearest key", arguments: [
        (Point(x: 0, y: 0), a), (Point(x: 229, y: 0), b), (Point(x: 0, y: 129), c), (Point(x: 229, y: 129), d),
        (Point(x: 60, y: 0), a), (Point(x: 170, y: 5), b), (Point(x: 60, y: 129), c), (Point(x: 170, y: 125), d),
        (Point(x: 0, y: 30), a), (Point(x: 5, y: 100), c), (Point(x: 229, y: 30), b), (Point(x: 225, y: 100), d),
        // Left padding beside the row gap: 5 from c's top, 6 from a's last row.
        (Point(x: 5, y: 65), c), (Point(x: 5, y: 64), a),
    ])
    func paddingHitsNearest(_ point: Point, _ expected: Int) {
        let (frames, bounds) = Self.fixture()
        #expect(Geometry.hitTest(point, in: frames, bounds: bounds) == expected)
    }

    @Test("a point outside the bounds hits nothing", arguments: [
        Point(x: -1, y: 0), Point(x: 0, y: -1), Point(x: 230, y: 30), Point(x: 30, y: 130),
        Point(x: 230, y: 130), Point(x: -100, y: -100), Point(x: 10_000, y: 50), Point(x: 60, y: Int.max),
    ])
    func outsideBounds(_ point: Point) {
        let (frames, bounds) = Self.fixture()
        #expect(Geometry.hitTest(point, in: frames, bounds: bounds) == nil)
    }

    @Test func noFramesHitsNothing() {
        #expect(Geometry.hitTest(Point(x: 5, y: 5), in: [], bounds: Size(width: 10, height: 10)) == nil)
    }

    @Test func hitTestReturnsTheFramesIndexField() {
        // Frames of a subset keep their page indices; the hit test returns those, not positions.
        let (frames, bounds) = Self.fixture()
        let subset = [frames[3], frames[1]]
        #expect(Geometry.hitTest(Point(x: 170, y: 30), in: subset, bounds: bounds) == 1)
        #expect(Geometry.hitTest(Point(x: 60, y: 100), in: subset, bounds: bounds) == 3)
    }

    /// Every page of every built-in layout.
    static var pages: [GeometryTests.PageCase] { GeometryTests.PageCase.all }

    @Test("built-in pages: key centres and corners hit their key", arguments: pages,
          [Size(width: 320, height: 216), Size(width: 1024, height: 300), Size(width: 1920, height: 540), Size(width: 777, height: 333)])
    func builtInCentres(_ c: GeometryTests.PageCase, size: Size) {
        let frames = Geometry.frames(for: c.page, in: size, theme: .default)
        for f in frames {
            #expect(f.rect.width > 0 && f.rect.height > 0, "\(f.id) is empty at \(size)")
            #expect(Geometry.hitTest(f.rect.center, in: frames, bounds: size) == f.index, "centre of \(f.id)")
            #expect(Geometry.hitTest(Point(x: f.rect.x, y: f.rect.y), in: frames, bounds: size) == f.index, "top left of \(f.id)")
            #expect(Geometry.hitTest(Point(x: f.rect.maxX - 1, y: f.rect.maxY - 1), in: frames, bounds: size) == f.index,
                    "bottom right of \(f.id)")
        }
    }

    @Test("built-in pages: every point in the window hits a nearest key", arguments: pages)
    func builtInEveryPointHitsNearest(_ c: GeometryTests.PageCase) throws {
        let size = Size(width: 640, height: 240)
        let frames = Geometry.frames(for: c.page, in: size, theme: .default)
        let step = c.isDefault ? 3 : 11
        for y in stride(from: 0, to: size.height, by: step) {
            for x in stride(from: 0, to: size.width, by: step) {
                let p = Point(x: x, y: y)
                let hit = try #require(Geometry.hitTest(p, in: frames, bounds: size), "\(p) hit nothing")
                let best = frames.map { $0.rect.squaredDistance(to: p) }.min()
                #expect(frames[hit].rect.squaredDistance(to: p) == best, "\(p) hit \(frames[hit].id), not a nearest key")
                if let inside = frames.first(where: { $0.rect.contains(p) }) {
                    #expect(hit == inside.index, "\(p) is inside \(inside.id) but hit \(frames[hit].id)")
                }
            }
        }
    }
}
