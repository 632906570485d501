/// Paths in key sizes: the gesture's points held to the keys and resampled,
/// a template's points along its keys' centres, and the shape both are compared by.
extension SwipeDecoder {
    /// A gesture's points in key sizes, held to the keys' area (half a key around it), repeats dropped.
    func prepared(_ gesture: [GesturePoint]) -> (x: [Double], y: [Double], length: Double)? {
        let a = keys.area
        let x0 = Double(a.x) - keys.keyWidth / 2, x1 = Double(a.maxX) + keys.keyWidth / 2
        let y0 = Double(a.y) - keys.keyHeight / 2, y1 = Double(a.maxY) + keys.keyHeight / 2
        var xs: [Double] = [], ys: [Double] = []
        xs.reserveCapacity(gesture.count)
        ys.reserveCapacity(gesture.count)
        var length = 0.0
        for point in gesture where point.x.isFinite && point.y.isFinite {
            let x = min(max(point.x, x0), x1) / keys.keyWidth, y = min(max(point.y, y0), y1) / keys.keyHeight
            if let lx = xs.last, let ly = ys.last {
                let d = ((x - lx) * (x - lx) + (y - ly) * (y - ly)).squareRoot()
                if d == 0 { continue }
                length += d
            }
            xs.append(x)
            ys.append(y)
        }
        return xs.count >= 2 ? (xs, ys, length) : nil
    }

    /// `n` points evenly spaced along a polyline.
    func resampled(_ path: (x: [Double], y: [Double], length: Double), _ n: Int) -> (x: [Double], y: [Double]) {
        var ox = [Double](repeating: 0, count: n), oy = [Double](repeating: 0, count: n)
        let step = path.length / Double(n - 1)
        var i = 0
        var walked = 0.0  // length up to point i
        for k in 0 ..< n {
            let target = Double(k) * step
            while i + 1 < path.x.count - 1 {
                let seg = Self.distance(path.x[i], path.y[i], path.x[i + 1], path.y[i + 1])
                if walked + seg >= target { break }
                walked += seg
                i += 1
            }
            let seg = Self.distance(path.x[i], path.y[i], path.x[i + 1], path.y[i + 1])
            let t = seg > 0 ? min(max((target - walked) / seg, 0), 1) : 0
            ox[k] = path.x[i] + (path.x[i + 1] - path.x[i]) * t
            oy[k] = path.y[i] + (path.y[i + 1] - path.y[i]) * t
        }
        return (ox, oy)
    }

    /// A template's `tx.count` points evenly spaced along its keys' centres.
    func resample(_ templateKeys: UnsafeBufferPointer<UInt8>, length: Double, into tx: inout [Double], _ ty: inout [Double]) {
        let n = tx.count
        let step = length / Double(n - 1)
        let keyCount = cx.count
        var seg = 0
        var walked = 0.0
        var a = Int(templateKeys[0]), b = Int(templateKeys[1])
        var segLength = between[a * keyCount + b]
        for k in 0 ..< n {
            let target = Double(k) * step
            while walked + segLength < target, seg + 2 < templateKeys.count {
                walked += segLength
                seg += 1
                a = b
                b = Int(templateKeys[seg + 1])
                segLength = between[a * keyCount + b]
            }
            let t = segLength > 0 ? min(max((target - walked) / segLength, 0), 1) : 0
            tx[k] = cx[a] + (cx[b] - cx[a]) * t
            ty[k] = cy[a] + (cy[b] - cy[a]) * t
        }
    }

    /// The points moved to their centroid and scaled so the larger side of their box is 1.
    static func normalised(_ p: (x: [Double], y: [Double])) -> (x: [Double], y: [Double]) {
        let n = Double(p.x.count)
        var mx = 0.0, my = 0.0
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for i in p.x.indices {
            mx += p.x[i]; my += p.y[i]
            minX = min(minX, p.x[i]); maxX = max(maxX, p.x[i]); minY = min(minY, p.y[i]); maxY = max(maxY, p.y[i])
        }
        mx /= n; my /= n
        let size = max(maxX - minX, maxY - minY)
        let scale = size > 0 ? 1 / size : 1
        return (p.x.map { ($0 - mx) * scale }, p.y.map { ($0 - my) * scale })
    }

    static func distance(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
        ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot()
    }
}
