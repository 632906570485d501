/// Images made smaller by area averaging: a colour emoji font's bitmap strike
/// (Noto Color Emoji's pictures are 136 pixels wide) brought down to a label's
/// size on Wayland, as Xft scales it on X.
public enum ImageScaling {
    /// Premultiplied BGRA pixels (`pitch` bytes a row) scaled to `newWidth` by
    /// `newHeight`: each new pixel the average of the pixels it covers, those
    /// at its edges by the share covered. Rows of `4 * newWidth` bytes.
    /// Averaging premultiplied values keeps edges against transparency clean.
    public static func downscaleBGRA(_ source: UnsafePointer<UInt8>, width: Int, height: Int, pitch: Int,
                                     newWidth: Int, newHeight: Int) -> [UInt8] {
        guard width > 0, height > 0, newWidth > 0, newHeight > 0 else { return [] }
        let columns = weights(from: width, to: newWidth), rows = weights(from: height, to: newHeight)
        // Across first, into one row of floats per source row; then down.
        var across = [Float](repeating: 0, count: height * newWidth * 4)
        for y in 0 ..< height {
            let row = source + y * pitch
            for (x, taps) in columns.enumerated() {
                var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for (c, w) in taps {
                    let p = row + c * 4
                    sum.0 += Float(p[0]) * w; sum.1 += Float(p[1]) * w; sum.2 += Float(p[2]) * w; sum.3 += Float(p[3]) * w
                }
                let i = (y * newWidth + x) * 4
                across[i] = sum.0; across[i + 1] = sum.1; across[i + 2] = sum.2; across[i + 3] = sum.3
            }
        }
        var out = [UInt8](repeating: 0, count: newHeight * newWidth * 4)
        for (y, taps) in rows.enumerated() {
            for x in 0 ..< newWidth * 4 {
                var sum: Float = 0
                for (r, w) in taps { sum += across[r * newWidth * 4 + x] * w }
                out[y * newWidth * 4 + x] = UInt8(min(255, max(0, sum + 0.5)))
            }
        }
        return out
    }

    /// For each new pixel along one axis, the old pixels it covers and the share of each, adding up to 1.
    static func weights(from old: Int, to new: Int) -> [[(Int, Float)]] {
        let step = Double(old) / Double(new)
        return (0 ..< new).map { i in
            let start = Double(i) * step, end = min(Double(i + 1) * step, Double(old))
            var taps: [(Int, Float)] = []
            var c = Int(start)
            while Double(c) < end, c < old {
                let covered = min(end, Double(c + 1)) - max(start, Double(c))
                if covered > 0 { taps.append((c, Float(covered / (end - start)))) }
                c += 1
            }
            return taps
        }
    }
}
