/// One sample of a gesture: where the contact was, and when.
public struct GesturePoint: Hashable, Sendable {
    /// Window pixels (fractions allowed: touch devices report them).
    public var x, y: Double
    /// When the sample was taken, on the session's clock.
    public var time: Duration

    /// Makes a sample.
    public init(x: Double, y: Double, time: Duration = .zero) { self.x = x; self.y = y; self.time = time }

    /// Makes a sample at a window point.
    public init(_ point: Point, time: Duration = .zero) { self.init(x: Double(point.x), y: Double(point.y), time: time) }
}

/// The letter keys of a page at one window size, as gestures see them: their
/// characters, rectangles and centres, and the typical key's size, which is
/// the unit every swipe distance is measured in.
public struct SwipeKeys: Hashable, Sendable {
    /// One letter key.
    public struct LetterKey: Hashable, Sendable {
        /// What it types, lower case (`a`, `ä`, `й`).
        public var character: String
        /// Its frame in window pixels.
        public var rect: Rect
        /// Its centre in window pixels, unrounded.
        public var x, y: Double
    }

    /// The page's letter keys in reading order.
    public let keys: [LetterKey]
    /// The median letter key's width and height in pixels (at least 1).
    public let keyWidth, keyHeight: Double
    /// The rectangle holding every letter key.
    public let area: Rect
    /// Each key's index by its character's only scalar.
    let indexByScalar: [Unicode.Scalar: Int]

    /// The letter keys among a laid-out page's frames: keys typing one letter
    /// (a character action of one scalar when lower-cased); a letter on two
    /// keys counts once, the first in reading order.
    public init(frames: [KeyFrame]) {
        var keys: [LetterKey] = []
        var index: [Unicode.Scalar: Int] = [:]
        for frame in frames {
            guard case .character(let c) = frame.key.action else { continue }
            let lower = c.lowercased()
            guard lower.unicodeScalars.count == 1, let scalar = lower.unicodeScalars.first,
                  scalar.properties.isAlphabetic, index[scalar] == nil else { continue }
            let r = frame.rect
            index[scalar] = keys.count
            keys.append(LetterKey(character: lower, rect: r, x: Double(r.x) + Double(r.width) / 2, y: Double(r.y) + Double(r.height) / 2))
        }
        self.keys = keys
        indexByScalar = index
        func median(_ values: [Int]) -> Double { values.isEmpty ? 1 : Double(max(values.sorted()[values.count / 2], 1)) }
        keyWidth = median(keys.map(\.rect.width))
        keyHeight = median(keys.map(\.rect.height))
        area = keys.dropFirst().reduce(keys.first?.rect ?? Rect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1.rect) }
    }

    /// The key typing this lower-case letter, if the page has one.
    public func index(of letter: Unicode.Scalar) -> Int? { indexByScalar[letter] }

    /// The letters of the keys, in reading order: two pages with the same letters share a word index.
    public var letters: [String] { keys.map(\.character) }

    /// The key whose rectangle holds the point, if any.
    public func key(at x: Double, _ y: Double) -> Int? {
        let p = Point(x: Int(x.rounded(.down)), y: Int(y.rounded(.down)))
        return keys.firstIndex { $0.rect.contains(p) }
    }

    /// Distance from a point to a key's centre in key sizes: across in key
    /// widths, down in key heights, so the keys around one are about 1 away.
    func keyDistance(_ key: Int, _ x: Double, _ y: Double) -> Double {
        let dx = (x - keys[key].x) / keyWidth, dy = (y - keys[key].y) / keyHeight
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The keys whose centres lie within `radius` key sizes of the point, nearest first.
    public func keys(near x: Double, _ y: Double, radius: Double) -> [Int] {
        var found: [(Int, Double)] = []
        for k in keys.indices {
            let d = keyDistance(k, x, y)
            if d <= radius { found.append((k, d)) }
        }
        return found.sorted { $0.1 < $1.1 }.map(\.0)
    }
}
