import Testing
@testable import TapboardCore

@Suite("Colour bitmaps made smaller")
struct ImageScalingTests {
    private func scaled(_ pixels: [UInt8], width: Int, height: Int, to w: Int, _ h: Int) -> [UInt8] {
        pixels.withUnsafeBufferPointer {
            ImageScaling.downscaleBGRA($0.baseAddress!, width: width, height: height, pitch: width * 4, newWidth: w, newHeight: h)
        }
    }

    @Test("Halved, each pixel is the average of the four it covers")
    func halved() {
        // 4x2: a white opaque square on the left, transparent on the right.
        var image = [UInt8](repeating: 0, count: 4 * 2 * 4)
        for y in 0 ..< 2 { for x in 0 ..< 2 { for c in 0 ..< 4 { image[(y * 4 + x) * 4 + c] = 255 } } }
        #expect(scaled(image, width: 4, height: 2, to: 2, 1) == [255, 255, 255, 255, 0, 0, 0, 0])
        // One opaque pixel of four: a quarter.
        var one = [UInt8](repeating: 0, count: 2 * 2 * 4)
        for c in 0 ..< 4 { one[c] = 200 }
        #expect(scaled(one, width: 2, height: 2, to: 1, 1) == [50, 50, 50, 50])
    }

    @Test("Three pixels into two: the middle one shared by both halves")
    func fractional() {
        let image: [UInt8] = [90, 0, 0, 255, 30, 0, 0, 255, 0, 0, 0, 255]
        // Each new pixel covers 1.5 old ones: (90 + 30 / 2) / 1.5 = 70, (30 / 2 + 0) / 1.5 = 10.
        #expect(scaled(image, width: 3, height: 1, to: 2, 1) == [70, 0, 0, 255, 10, 0, 0, 255])
        for taps in ImageScaling.weights(from: 136, to: 21) {
            #expect(abs(taps.reduce(0) { $0 + $1.1 } - 1) < 0.0001)
        }
    }
}
