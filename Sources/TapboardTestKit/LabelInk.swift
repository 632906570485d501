import CX11

/// A label's ink in a screenshot: the pixels unlike the background inside a
/// key, or in a whole window against its commonest colour; with tests of the
/// colours emoji are drawn in.
public struct LabelInk: CustomStringConvertible, Sendable {
    /// Every inked pixel's red, green and blue.
    public private(set) var colours: [(UInt8, UInt8, UInt8)] = []
    private var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min

    /// The ink inside a key whose top left is at `origin` in the screenshot,
    /// 4 pixels in from its edges (its border and rounded corners), against
    /// the colour at its left edge's middle.
    public init(_ shot: Screenshot, in key: PageFrames.Key, origin: (x: Int, y: Int) = (0, 0)) {
        let x0 = origin.x + Int(key.x) + 4, x1 = origin.x + Int(key.x + key.width) - 4
        let y0 = origin.y + Int(key.y) + 4, y1 = origin.y + Int(key.y + key.height) - 4
        self.init(shot, x: x0 ..< x1, y: y0 ..< y1, background: shot.pixel(x0, (y0 + y1) / 2))
    }

    /// The ink of a whole screenshot against its commonest colour.
    public init(_ shot: Screenshot) {
        var counts: [UInt32: Int] = [:]
        for i in stride(from: 0, to: shot.rgb.count, by: 3) {
            counts[UInt32(shot.rgb[i]) << 16 | UInt32(shot.rgb[i + 1]) << 8 | UInt32(shot.rgb[i + 2]), default: 0] += 1
        }
        let common = counts.max { $0.value < $1.value }?.key ?? 0
        self.init(shot, x: 0 ..< shot.width, y: 0 ..< shot.height,
                  background: (UInt8(common >> 16), UInt8(common >> 8 & 0xff), UInt8(common & 0xff)))
    }

    private init(_ shot: Screenshot, x xs: Range<Int>, y ys: Range<Int>, background bg: (UInt8, UInt8, UInt8)) {
        for y in ys where y >= 0 && y < shot.height {
            for x in xs where x >= 0 && x < shot.width {
                let p = shot.pixel(x, y)
                let d = max(abs(Int(p.0) - Int(bg.0)), abs(Int(p.1) - Int(bg.1)), abs(Int(p.2) - Int(bg.2)))
                guard d > 40 else { continue }
                colours.append(p)
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
    }

    /// How many pixels are inked.
    public var pixels: Int { colours.count }
    /// The ink's width.
    public var width: Int { colours.isEmpty ? 0 : maxX - minX + 1 }
    /// The ink's height.
    public var height: Int { colours.isEmpty ? 0 : maxY - minY + 1 }

    /// How many inked pixels pass a test of colour.
    public func count(_ test: ((UInt8, UInt8, UInt8)) -> Bool) -> Int { colours.filter(test).count }

    /// The thumbs' yellow and the flag's gold.
    public static func yellow(_ c: (UInt8, UInt8, UInt8)) -> Bool { c.0 >= 200 && c.1 >= 140 && c.2 < 100 }
    /// A medium or dark skin tone: red over green over blue, not bright.
    public static func brown(_ c: (UInt8, UInt8, UInt8)) -> Bool {
        c.0 > c.1 && c.1 > c.2 && Int(c.0) - Int(c.2) >= 40 && c.0 < 215 && c.2 >= 20
    }
    /// A strong red.
    public static func red(_ c: (UInt8, UInt8, UInt8)) -> Bool { c.0 >= 170 && c.1 < 90 && c.2 < 90 }
    /// A blue (Noto's keycaps).
    public static func blue(_ c: (UInt8, UInt8, UInt8)) -> Bool { c.2 >= 120 && Int(c.2) > Int(c.0) + 40 }

    /// Its size and how many pixels of each colour.
    public var description: String {
        "\(pixels) pixels in \(width)x\(height), yellow \(count(Self.yellow)), brown \(count(Self.brown)), red \(count(Self.red)), blue \(count(Self.blue))"
    }
}

/// A page of emoji keys, and what a backend must draw on them, for both
/// backends' tests: each picture in its colours from a colour emoji font,
/// each sequence (skin tone, ZWJ, flag, keycap) as one picture.
public enum EmojiKeys {
    /// Whether fontconfig lists a colour font (the tests that need one are skipped without).
    public static let colourFontInstalled: Bool = {
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return false }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddBool(pattern, "color", 1)
        guard let objects = FcObjectSetCreate() else { return false }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, "family")
        guard let fonts = FcFontList(nil, pattern, objects) else { return false }
        defer { FcFontSetDestroy(fonts) }
        return fonts.pointee.nfont > 0
    }()

    /// A layout file: the page `emoji`, a single picture, sequences of each kind, and a key whose callout is 👍🏽 👍🏿,
    /// all in the top row (their preview and callout show above the keyboard).
    public static let layout = """
        name: emoji
        pages:
          - name: emoji
            rows:
              - [{char: 👍}, {char: 👍🏽}, {char: 👨‍👩‍👧}, {char: 🇩🇪}, {char: 1️⃣}, {char: 🏳️‍🌈}, {char: 😀, callouts: "👍🏽 👍🏿"}]
              - [a, b, backspace]
        """

    /// What is wrong with the emoji keys in a screenshot where the page's top left is at `origin`: one line each, none when all is right.
    public static func problems(_ shot: Screenshot, frames: PageFrames, origin: (x: Int, y: Int) = (0, 0)) -> [String] {
        var problems: [String] = []
        func ink(_ label: String) -> LabelInk? {
            guard let key = frames.key(label) else {
                problems.append("no key \(label): \(frames.keys.map(\.id))")
                return nil
            }
            return LabelInk(shot, in: key, origin: origin)
        }
        guard let thumb = ink("👍"), let tone = ink("👍🏽"), let family = ink("👨‍👩‍👧"), let flag = ink("🇩🇪"),
              let keycap = ink("1️⃣"), let rainbow = ink("🏳️‍🌈") else { return problems }
        // One emoji's size: the thumb's ink is about one em tall.
        let em = thumb.height
        if em < 8 { problems.append("👍 is \(thumb.width)x\(thumb.height)") }
        if thumb.count(LabelInk.yellow) <= 20 { problems.append("👍 is not yellow: \(thumb)") }
        if tone.count(LabelInk.brown) <= 20 || tone.count(LabelInk.yellow) > tone.count(LabelInk.brown) / 4 {
            problems.append("👍🏽 is not a brown thumb: \(tone)")
        }
        if flag.count(LabelInk.red) <= 10 || flag.count(LabelInk.yellow) <= 10 { problems.append("🇩🇪 has no red and gold: \(flag)") }
        if keycap.count(LabelInk.blue) <= 20 { problems.append("1️⃣ is not a blue keycap: \(keycap)") }
        if rainbow.count(LabelInk.red) <= 5 || rainbow.count(LabelInk.blue) <= 5 { problems.append("🏳️‍🌈 is not a rainbow: \(rainbow)") }
        // Noto's family is grey figures on a tile: drawn, but not in colour.
        if family.pixels <= em * em / 4 { problems.append("👨‍👩‍👧 is not drawn: \(family)") }
        // Drawn in pieces, each would be two or three emoji wide.
        for (label, ink) in [("👍🏽", tone), ("👨‍👩‍👧", family), ("🇩🇪", flag), ("1️⃣", keycap), ("🏳️‍🌈", rainbow)]
        where ink.width <= em / 2 || ink.width > em * 3 / 2 {
            problems.append("\(label) is \(ink.width) pixels wide, one emoji is about \(em)")
        }
        return problems
    }
}

extension Screenshot {
    /// The red, green and blue of a pixel.
    public func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let i = (y * width + x) * 3
        return (rgb[i], rgb[i + 1], rgb[i + 2])
    }
}
