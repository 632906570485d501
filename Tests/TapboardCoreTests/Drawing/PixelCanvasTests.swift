import Testing
@testable import TapboardCore

@Suite("The pixel canvas Wayland's buffers are drawn with")
struct PixelCanvasTests {
    let white = Color(red: 255, green: 255, blue: 255)
    let black = Color(red: 0, green: 0, blue: 0)

    @Test("A rectangle fills exactly its pixels, clipped to the canvas")
    func rectangle() {
        let c = PixelCanvas(width: 8, height: 6)
        c.fill(Rect(x: 2, y: 1, width: 10, height: 2), white)
        #expect(c.color(x: 1, y: 1) == black)
        #expect(c.color(x: 2, y: 1) == white)
        #expect(c.color(x: 7, y: 2) == white)
        #expect(c.color(x: 2, y: 3) == black)
    }

    @Test("A polygon's edge pixels get the share of them it covers")
    func coverage() {
        let c = PixelCanvas(width: 4, height: 4)
        // x from 0.5 to 3: column 0 half covered, 1 and 2 whole, 3 not at all.
        c.fill([FPoint(x: 0.5, y: 0), FPoint(x: 3, y: 0), FPoint(x: 3, y: 4), FPoint(x: 0.5, y: 4)], white)
        #expect(c.color(x: 0, y: 2).red == 128)
        #expect(c.color(x: 1, y: 2) == white)
        #expect(c.color(x: 2, y: 2) == white)
        #expect(c.color(x: 3, y: 2) == black)
        // A triangle covers half of the square its diagonal crosses.
        let t = PixelCanvas(width: 2, height: 2)
        t.fill([FPoint(x: 0, y: 0), FPoint(x: 2, y: 0), FPoint(x: 0, y: 2)], white)
        #expect(t.color(x: 0, y: 0) == white)
        #expect(t.color(x: 1, y: 1) == black)
        #expect((120 ... 136).contains(Int(t.color(x: 1, y: 0).red)))
    }

    @Test("A rounded rectangle leaves its corner out and fills its middle")
    func rounded() {
        let c = PixelCanvas(width: 20, height: 20)
        c.fillRounded(x: 0, y: 0, width: 20, height: 20, radius: 6, white)
        #expect(c.color(x: 0, y: 0) == black)
        #expect(c.color(x: 10, y: 10) == white)
        #expect(c.color(x: 10, y: 0) == white)
        let edge = c.color(x: 1, y: 2).red
        #expect(edge > 0 && edge < 255, "the arc is anti-aliased")
    }

    @Test("A rounded rectangle's straight rows, filled at once, are the polygon's pixels",
          arguments: [(0.0, 0.0, 30.0, 24.0, 6.0), (1.25, 2.5, 17.5, 13.75, 4.5), (-3.5, -2.0, 20.0, 30.0, 3.0),
                      (2.25, 1.0, 25.0, 19.0, 0.6), (0.5, 0.5, 3.0, 28.0, 1.5), (4.0, 3.0, 20.0, 20.0, 12.0)])
    func roundedLikePolygon(shape: (Double, Double, Double, Double, Double)) {
        let (x, y, w, h, r) = shape
        let translucent = Color(red: 200, green: 40, blue: 90, alpha: 170)
        for color in [white, translucent] {
            let fast = PixelCanvas(width: 32, height: 32), polygon = PixelCanvas(width: 32, height: 32)
            fast.fillRounded(x: x, y: y, width: w, height: h, radius: r, color)
            polygon.fill(Shapes.roundedRect(x: x, y: y, width: w, height: h, radius: r), color)
            var worst = 0
            for i in 0 ..< 32 * 32 {
                let a = fast.pixels[i], b = polygon.pixels[i]
                for shift: UInt32 in [0, 8, 16, 24] {
                    worst = max(worst, abs(Int(a >> shift & 0xff) - Int(b >> shift & 0xff)))
                }
            }
            // Summing four sub-rows' shares may round an edge pixel the other way.
            #expect(worst <= 1, "at most one step apart in any channel, found \(worst)")
        }
    }

    @Test("A copy is clipped to both canvases")
    func copy() {
        let source = PixelCanvas(width: 4, height: 4)
        source.fill(Rect(x: 0, y: 0, width: 4, height: 4), white)
        let c = PixelCanvas(width: 5, height: 5)
        c.copy(Rect(x: -1, y: 0, width: 4, height: 4), from: source, to: Point(x: 3, y: 3))
        #expect(c.color(x: 3, y: 3) == black)
        #expect(c.color(x: 4, y: 4) == white)
        #expect(c.color(x: 2, y: 4) == black)
    }

    @Test("A glyph's mask mixes its colour in by coverage")
    func mask() {
        let c = PixelCanvas(width: 3, height: 1)
        let mask: [UInt8] = [0, 255, 51]
        mask.withUnsafeBufferPointer { c.blend(mask: $0.baseAddress!, width: 3, height: 1, pitch: 3, at: 0, 0, white) }
        #expect(c.color(x: 0, y: 0) == black)
        #expect(c.color(x: 1, y: 0) == white)
        #expect(c.color(x: 2, y: 0).red == 51)
    }
}

@Suite("The pixel canvas over transparency")
struct PixelCanvasAlphaTests {
    @Test("A shape's edge over a cleared canvas is partly transparent, premultiplied; over an opaque one it stays opaque")
    func edges() {
        let c = PixelCanvas(width: 4, height: 4)
        c.clear()
        c.fill([FPoint(x: 0.5, y: 0), FPoint(x: 4, y: 0), FPoint(x: 4, y: 4), FPoint(x: 0.5, y: 4)], Color(red: 255, green: 0, blue: 0))
        let edge = c.pixels[2 * 4]
        #expect(edge >> 24 == 128, "alpha by coverage")
        #expect(edge >> 16 & 0xff == 128, "red premultiplied")
        #expect(c.pixels[2 * 4 + 1] == 0xffff_0000)
        let o = PixelCanvas(width: 4, height: 4)
        o.fill(Rect(x: 0, y: 0, width: 4, height: 4), Color(red: 0, green: 0, blue: 0))
        o.fill([FPoint(x: 0.5, y: 0), FPoint(x: 4, y: 0), FPoint(x: 4, y: 4), FPoint(x: 0.5, y: 4)], Color(red: 255, green: 0, blue: 0))
        #expect(o.pixels[2 * 4] >> 24 == 0xff)
    }
}
