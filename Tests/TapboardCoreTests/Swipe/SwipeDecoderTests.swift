import Foundation
import Testing
@testable import TapboardCore

/// The gesture decoder: clean paths through a word's keys, double letters, short
/// words, paths that leave the keyboard, learned and accented words, the context
/// hook; and which point sequences are gestures at all.
struct SwipeDecoderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The English word list the keyboard ships (50,000 words).
    static let english: Lexicon = {
        let text = try! String(contentsOf: root.appendingPathComponent("Lexicons/en.txt"), encoding: .utf8)
        return try! Lexicon(text: text)
    }()

    /// A few words, for what the full list would hide.
    static let small = try! Lexicon(text: """
        # fold ée üu
        cafe\tcafé\t450
        fur\t400
        fur\tfür\t600
        hello\t550
        in\t700
        it\t700
        on\t700
        to\t760
        too\t600
        top\t500

        """)

    /// The letters page of a built-in layout as the keyboard lays it out, strip included.
    static func frames(_ layout: String = "en-US", width: Int, height: Int) -> [KeyFrame] {
        let source = try! LayoutSource.builtIn(named: layout)!
        let built = LayoutProvider().layout(for: source, width: width, strip: Theme.default.stripHeight)
        return Geometry.frames(for: built.pages[0], in: Size(width: width, height: height), theme: .default)
    }

    static let compact = frames(width: 600, height: 260)
    static let wide = frames(width: 1280, height: 300)

    /// Points every 4 pixels along straight lines between the given points, 10 ms apart.
    static func stroke(_ corners: [(Double, Double)]) -> [GesturePoint] {
        var out = [GesturePoint(x: corners[0].0, y: corners[0].1)]
        for (a, b) in zip(corners, corners.dropFirst()) {
            let steps = max(1, Int((((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).squareRoot() / 4).rounded(.up)))
            for s in 1 ... steps {
                let t = Double(s) / Double(steps)
                out.append(GesturePoint(x: a.0 + (b.0 - a.0) * t, y: a.1 + (b.1 - a.1) * t, time: .milliseconds(10 * out.count)))
            }
        }
        return out
    }

    /// A clean gesture through the centres of the keys of `letters`, in order.
    static func path(_ letters: String, on keys: SwipeKeys) -> [GesturePoint] {
        stroke(letters.unicodeScalars.map { s in
            let k = keys.keys[keys.index(of: s)!]
            return (k.x, k.y)
        })
    }

    private func decode(_ letters: String, frames: [KeyFrame], lexicon: Lexicon = SwipeDecoderTests.english, limit: Int = 3) -> [String] {
        var decoder = SwipeDecoder(lexicon: lexicon, frames: frames)
        return decoder.decode(Self.path(letters, on: decoder.keys), limit: limit).map(\.word)
    }

    @Test("A clean path through a word's key centres gives that word, on the compact and the wide layout",
          arguments: ["the", "quick", "brown", "keyboard", "world", "people", "typing", "because", "through", "language"])
    func cleanPath(word: String) {
        #expect(decode(word, frames: Self.compact).first == word)
        #expect(decode(word, frames: Self.wide).first == word)
    }

    @Test("Preparing at a gesture's start builds only the words of the letters near it, and the decode that follows reads the same words")
    func prepareAtStart() {
        var prepared = SwipeDecoder(lexicon: Self.english, frames: Self.compact)
        let empty = prepared.indexBytes
        let gesture = Self.path("world", on: prepared.keys)
        prepared.prepare(startingAt: gesture[0])
        let built = prepared.indexBytes
        #expect(built > empty)
        // Far less than every letter: only w and its neighbours.
        var everything = SwipeDecoder(lexicon: Self.english, frames: Self.compact)
        while everything.prepare() {}
        #expect((built - empty) * 3 < everything.indexBytes - empty)
        // The decode finds nothing more to build, and the word it would find cold.
        let words = prepared.decode(gesture, limit: 3).map(\.word)
        #expect(prepared.indexBytes == built)
        #expect(words == decode("world", frames: Self.compact))
        #expect(words.first == "world")
    }

    @Test("Double letters: hello is drawn h-e-l-o; too and to share one path, to is likelier and too follows it")
    func doubleLetters() {
        #expect(decode("helo", frames: Self.compact).first == "hello")
        #expect(decode("leter", frames: Self.compact).first == "letter")
        let to = decode("to", frames: Self.compact)
        #expect(to.first == "to")
        #expect(to.prefix(3).contains("too"))
    }

    @Test("Short words decode to themselves, not to a neighbour's", arguments: ["in", "on", "it", "of", "is", "at"])
    func shortWords(word: String) {
        #expect(decode(word, frames: Self.compact).first == word)
        #expect(decode(word, frames: Self.wide).first == word)
    }

    @Test("A gesture that leaves the keyboard above and comes back still decodes")
    func leavesTheKeyboard() {
        var decoder = SwipeDecoder(lexicon: Self.english, frames: Self.compact)
        let keys = decoder.keys
        func centre(_ c: Unicode.Scalar) -> (Double, Double) { let k = keys.keys[keys.index(of: c)!]; return (k.x, k.y) }
        // w, out of the window above it, back in at o, then r l d.
        let (wx, wy) = centre("w"), (ox, oy) = centre("o")
        let points = Self.stroke([(wx, wy), (wx + 10, -150), (ox - 10, -150), (ox, oy), centre("r"), centre("l"), centre("d")])
        #expect(points.contains { $0.y < 0 })
        #expect(decoder.decode(points, limit: 3).first?.word == "world")
        // Below the keyboard and beyond its right edge, lifting back on the last key.
        let (lx, ly) = centre("l")
        let hello = Self.stroke([centre("h"), centre("e"), centre("l"), (lx + 900, ly + 400), (lx, ly), centre("o")])
        #expect(decoder.decode(hello, limit: 3).map(\.word).contains("hello"))
    }

    @Test("Nothing to decode: one point, one key, points that are not numbers")
    func nothing() {
        var decoder = SwipeDecoder(lexicon: Self.english, frames: Self.compact)
        let keys = decoder.keys
        let a = keys.keys[keys.index(of: "a")!]
        #expect(decoder.decode([GesturePoint(x: a.x, y: a.y)]).isEmpty)
        #expect(decoder.decode([GesturePoint(x: a.x, y: a.y), GesturePoint(x: a.x, y: a.y)]).isEmpty)
        #expect(decoder.decode([GesturePoint(x: .nan, y: 3), GesturePoint(x: .infinity, y: 3)]).isEmpty)
        #expect(decoder.decode(Self.path("the", on: keys), limit: 0).isEmpty)
        #expect(SwipeDecoder(lexicon: Self.english, frames: []).keys.keys.isEmpty)
        var empty = SwipeDecoder(lexicon: Self.english, frames: [])
        #expect(empty.decode(Self.path("the", on: keys)).isEmpty)
    }

    @Test("Candidates: likeliest first, probabilities summing to 1, one per spelling whatever its case")
    func candidates() {
        var decoder = SwipeDecoder(lexicon: Self.english, frames: Self.compact)
        let found = decoder.decode(Self.path("us", on: decoder.keys), limit: 5)
        #expect(found.count == 5)
        #expect(zip(found, found.dropFirst()).allSatisfy { $0.score >= $1.score })
        #expect(abs(found.map(\.probability).reduce(0, +) - 1) < 1e-9)
        #expect(Set(found.map { $0.word.lowercased() }).count == found.count)
    }

    @Test("A letter without a key of its own uses its folded letter's (café on en-US); one with a key uses it (für on de)")
    func accents() {
        #expect(decode("cafe", frames: Self.compact, lexicon: Self.small).first == "café")
        let german = Self.frames("de", width: 600, height: 260)
        #expect(decode("für", frames: german, lexicon: Self.small).first == "für")
        #expect(decode("fur", frames: german, lexicon: Self.small).first == "fur")
    }

    @Test("Learned words: a word the lexicon lacks becomes swipeable; a learned word outranks a more frequent one")
    func learned() {
        var decoder = SwipeDecoder(lexicon: Self.english, frames: Self.compact)
        let path = Self.path("tapboard", on: decoder.keys)
        #expect(decoder.decode(path).first?.word != "tapboard")
        var asked: [String] = []
        let found = decoder.decode(path) { letter in
            asked.append(letter)
            return letter == "t" ? [("tapboard", 2)] : []
        }
        #expect(found.first?.word == "tapboard")
        #expect(asked.contains("t"))
        // to and too share a path; too typed often enough comes first.
        var small = SwipeDecoder(lexicon: Self.small, frames: Self.compact)
        let to = Self.path("to", on: small.keys)
        #expect(small.decode(to).first?.word == "to")
        #expect(small.decode(to, learned: { $0 == "t" ? [("too", 50_000)] : [] }).first?.word == "too")
    }

    @Test("The context hook reorders what the channels cannot tell apart")
    func contextPrior() {
        var decoder = SwipeDecoder(lexicon: Self.small, frames: Self.compact)
        let to = Self.path("to", on: decoder.keys)
        // to is 10^1.6 times as frequent as too: ln 40 ≈ 3.7 to make up.
        #expect(decoder.decode(to, contextPrior: { w, _ in w == "too" ? 4 : 0 }).first?.word == "too")
        #expect(decoder.decode(to, contextPrior: { w, _ in w == "too" ? 3 : 0 }).first?.word == "to")
        #expect(decoder.decode(to, contextPrior: { _, _ in 0 }).first?.word == "to")
    }

    @Test("The index is built a letter at a time, kept across a resize with the same letters, rebuilt for other letters")
    func index() {
        var decoder = SwipeDecoder(lexicon: Self.english, frames: Self.compact)
        #expect(decoder.indexBytes < 4096)
        #expect(decoder.decode(Self.path("quick", on: decoder.keys)).first?.word == "quick")
        let afterOne = decoder.indexBytes
        #expect(afterOne > 4096)
        var letters = 0
        while decoder.prepare() { letters += 1 }
        #expect(letters >= 20 && letters < 26)
        let built = decoder.indexBytes
        #expect(built > afterOne && built < 3_000_000)
        decoder.update(frames: Self.wide)
        #expect(decoder.indexBytes == built)
        #expect(decoder.decode(Self.path("quick", on: decoder.keys)).first?.word == "quick")
        decoder.update(frames: Self.frames("de", width: 600, height: 260))
        #expect(decoder.indexBytes < 4096)
    }

    // MARK: - Gesture or slide

    @Test("A slide to a neighbouring key is not a gesture, nor is a press that stays on its key")
    func slideIsNotAGesture() {
        for frames in [Self.compact, Self.wide] {
            let keys = SwipeKeys(frames: frames)
            #expect(!keys.isGesture(Self.path("qw", on: keys)))
            #expect(!keys.isGesture(Self.path("gh", on: keys)))
            #expect(!keys.isGesture(Self.path("ty", on: keys)))
            #expect(!keys.isGesture(Self.path("fr", on: keys)))
            let g = keys.keys[keys.index(of: "g")!]
            #expect(!keys.isGesture(Self.stroke([(g.x, g.y), (g.x + 3, g.y + 2), (g.x - 2, g.y - 3), (g.x, g.y)])))
            #expect(!keys.isGesture([]))
        }
    }

    @Test("Through two other letter keys, or several key widths, is a gesture; a press off the letters never is")
    func gesture() {
        for frames in [Self.compact, Self.wide] {
            let keys = SwipeKeys(frames: frames)
            #expect(keys.isGesture(Self.path("qe", on: keys)))  // through w to e
            #expect(keys.isGesture(Self.path("hello", on: keys)))
            #expect(keys.isGesture(Self.path("tr", on: keys)) == false)
            #expect(keys.isGesture(Self.path("trt", on: keys)) == false)  // back to the pressed key: one other
            #expect(keys.isGesture(Self.path("trtrtr", on: keys)))  // three key widths travelled
            // Grazing the corner between two keys on the way to a neighbour does not count as entering them.
            let f = keys.keys[keys.index(of: "f")!], t = keys.keys[keys.index(of: "t")!]
            #expect(!keys.isGesture(Self.stroke([(f.x, f.y), (t.x, t.y)])))
            // A press on a key that types no letter (space, shift) is not a gesture however far it goes.
            let space = frames.first { $0.key.action == .space }!.rect
            let y = Double(space.center.y)
            #expect(!keys.isGesture(Self.stroke([(Double(space.x) + 2, y), (Double(space.maxX) - 2, y)])))
        }
    }
}
