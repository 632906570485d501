// scripts/bench-swipe: accuracy and speed of the gesture decoder
// on gestures from a model of human strokes, for words drawn by frequency from
// a text that is not the lexicon's source; or (`--context`) for words taken in
// the text's order, each decoded with and without the previous word's prior
// (`NextWordPrior`, through the suggestion engine), from the same strokes.
//
// The model is not the decoder's template: the finger aims near each key's
// centre (a Gaussian offset of a quarter key), moves between aims as
// overlapping minimum-jerk strokes (each stroke starts before the last one
// ends, so corners are cut and the aims are not reached), overshoots the last
// key a little, and is sampled every 8-20 ms (as X motion events arrive) at
// whole pixels. Every decode is timed, with the index built beforehand (its
// building is timed separately: that is the pause a first gesture could see).
import Foundation
import TapboardCore

struct Options {
    var layout = "en-US"
    var files: [String] = []
    var seed: UInt64 = 2014
    var count = 2000
    var json = false
    var lexiconDirectory = "Lexicons"
    var parameters: [(String, Double)] = []
    var verbose = false
    /// Debugging: every drawn word is this one, its gestures and candidates printed.
    var only: String?
    /// Words in the text's order, each with the text before it: decoded without and with the context prior.
    var context = false
    /// With `context`: the engine learns the text as it is walked (as if typed), and the decoder gets the learned words.
    var learn = false
    /// With `context`: λ for `NextWordPrior.bonus` (tuning; its default otherwise).
    var contextWeight = NextWordPrior.weight
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("bench-swipe: \(message)\n".utf8))
    exit(64)
}

func parseOptions() -> Options {
    var o = Options()
    var args = CommandLine.arguments.dropFirst()
    func value(_ name: String) -> String {
        guard let v = args.popFirst() else { fail("\(name) needs a value") }
        return v
    }
    while let a = args.popFirst() {
        switch a {
        case "--layout": o.layout = value(a)
        case "--words": o.files.append(value(a))
        case "--seed": o.seed = UInt64(value(a)) ?? { fail("--seed: expected a number") }()
        case "--count": o.count = Int(value(a)) ?? { fail("--count: expected a number") }()
        case "--lexicons": o.lexiconDirectory = value(a)
        case "--json": o.json = true
        case "--verbose": o.verbose = true
        case "--only": o.only = value(a)
        case "--context": o.context = true
        case "--learn": o.learn = true
        case "--set":
            // Tuning: --set name=value for a SwipeParameters field.
            let pair = value(a).split(separator: "=")
            guard pair.count == 2, let v = Double(pair[1]) else { fail("--set: expected name=value") }
            if pair[0] == "contextWeight" { o.contextWeight = v } else { o.parameters.append((String(pair[0]), v)) }
        case "-h", "--help":
            print("usage: tapboard-swipe [--layout L] --words FILE... [--seed N] [--count N] [--context [--learn]] [--lexicons DIR] [--json] [--verbose] [--set name=value]")
            exit(0)
        default: fail("unknown argument \(a)")
        }
    }
    if o.files.isEmpty { fail("give a text with --words FILE") }
    if o.count < 1 { fail("--count must be 1 or more") }
    if o.learn && !o.context { fail("--learn needs --context") }
    if o.context && o.only != nil { fail("--only is for the words drawn by frequency, not --context") }
    return o
}

/// SplitMix64: small, fast, and the same sequence on every machine for a seed.
struct Random {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    mutating func uniform() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * uniform() }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    /// Standard normal (Box-Muller).
    mutating func gaussian() -> Double {
        let u = max(uniform(), 1e-300), v = uniform()
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}

/// Words are runs of letters with an apostrophe or hyphen only between two letters (as bench-predict),
/// with where each is in `chars`.
func words(in chars: [Character]) -> [(word: String, range: Range<Int>)] {
    var out: [(word: String, range: Range<Int>)] = []
    var i = 0
    while i < chars.count {
        guard chars[i].isLetter else { i += 1; continue }
        var j = i + 1
        while j < chars.count {
            if chars[j].isLetter { j += 1 } else if (chars[j] == "'" || chars[j] == "-"), j + 1 < chars.count, chars[j + 1].isLetter { j += 2 } else { break }
        }
        out.append((String(chars[i ..< j]), i ..< j))
        i = j
    }
    return out
}

/// The text as a person would type it: a line break inside a paragraph is a space (fortunes wrap
/// their lines), a blank line or a fortune's `%` line ends the paragraph (a line break, so the next
/// word has no previous word), runs of spaces are one.
func typedForm(_ raw: String) -> [Character] {
    var out: [Character] = []
    var pendingSpace = false
    for line in raw.replacingOccurrences(of: "’", with: "'").split(separator: "\n", omittingEmptySubsequences: false) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed == "%" {
            if let last = out.last, last != "\n" { out.append("\n") }
            pendingSpace = false
            continue
        }
        for c in trimmed {
            if c.isWhitespace { pendingSpace = true; continue }
            if pendingSpace, let last = out.last, last != "\n" { out.append(" ") }
            pendingSpace = false
            out.append(c)
        }
        pendingSpace = true
    }
    return out
}

/// The keys a person draws a word through: each letter's own key, else its folded form's; repeats once.
func keyPath(_ word: String, keys: SwipeKeys, lexicon: Lexicon) -> [Int] {
    var out: [Int] = []
    for ch in word.lowercased().unicodeScalars {
        var found: [Int] = []
        if let k = keys.index(of: ch) { found = [k] } else { found = lexicon.fold(String(ch)).unicodeScalars.compactMap { keys.index(of: $0) } }
        for k in found where out.last != k { out.append(k) }
    }
    return out
}

/// Minimum-jerk position profile: 0 at 0, 1 at 1, zero speed and acceleration at both.
func minimumJerk(_ t: Double) -> Double {
    let s = min(max(t, 0), 1)
    return s * s * s * (10 - 15 * s + 6 * s * s)
}

/// A human-like gesture through the keys.
func gesture(through path: [Int], keys: SwipeKeys, random r: inout Random) -> [GesturePoint] {
    let kw = keys.keyWidth, kh = keys.keyHeight
    // Aims: near each key's centre, not on it.
    var aims: [(x: Double, y: Double)] = path.map { k in
        (keys.keys[k].x + r.gaussian() * 0.25 * kw, keys.keys[k].y + r.gaussian() * 0.25 * kh)
    }
    // Overshoot past the last key, along the last stroke's direction.
    if aims.count >= 2 {
        let a = aims[aims.count - 2], b = aims[aims.count - 1]
        let dx = b.x - a.x, dy = b.y - a.y
        let d = max((dx * dx + dy * dy).squareRoot(), 1)
        let over = abs(r.gaussian()) * 0.3 * kw
        aims.append((b.x + dx / d * over, b.y + dy / d * over))
    }
    // Strokes: durations after Fitts' law, each starting before the previous ends.
    var strokes: [(start: Double, duration: Double, dx: Double, dy: Double)] = []
    var t = 0.0
    for i in 1 ..< aims.count {
        let dx = aims[i].x - aims[i - 1].x, dy = aims[i].y - aims[i - 1].y
        let d = ((dx / kw) * (dx / kw) + (dy / kh) * (dy / kh)).squareRoot()
        let overshoot = i == aims.count - 1 && aims.count > path.count
        let duration = (overshoot ? 60 : 90 + 80 * log2(1 + d)) * r.uniform(0.85, 1.15)
        strokes.append((t, duration, dx, dy))
        t += duration * (1 - r.uniform(0.25, 0.5))
    }
    let end = strokes.map { $0.start + $0.duration }.max() ?? 0
    func position(_ time: Double) -> (Double, Double) {
        var x = aims[0].x, y = aims[0].y
        for s in strokes {
            let f = minimumJerk((time - s.start) / s.duration)
            x += s.dx * f
            y += s.dy * f
        }
        return (x, y)
    }
    var out: [GesturePoint] = []
    var time = 0.0
    while true {
        let (x, y) = position(time)
        out.append(GesturePoint(x: x.rounded(), y: y.rounded(), time: .microseconds(Int(time * 1000))))
        if time >= end { break }
        time = min(time + r.uniform(8, 20), end)
    }
    return out
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
}

func residentKB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return 0
}

func milliseconds(_ d: Duration) -> Double { Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 }

struct Band {
    var name: String
    var range: ClosedRange<Int>
    var words = 0, top1 = 0, top3 = 0
}

/// Top-1 and top-3 overall and by word length, and the decode times.
struct Tally {
    var bands = [Band(name: "2-3", range: 2 ... 3), Band(name: "4-6", range: 4 ... 6), Band(name: "7+", range: 7 ... 99)]
    var total = Band(name: "all", range: 0 ... 999)
    var times: [Double] = []
    var misses: [String: Int] = [:]

    /// A word decoded in `milliseconds`, found at `rank` among the candidates (nil: not among them).
    mutating func add(_ word: String, rank: Int?, first: String?, milliseconds: Double) {
        times.append(milliseconds)
        for b in bands.indices where bands[b].range.contains(word.count) {
            bands[b].words += 1
            if rank == 0 { bands[b].top1 += 1 }
            if rank != nil { bands[b].top3 += 1 }
        }
        total.words += 1
        if rank == 0 { total.top1 += 1 } else { misses["\(word)→\(first ?? "-")", default: 0] += 1 }
        if rank != nil { total.top3 += 1 }
    }

    var median: Double { percentile(times, 0.5) }
    var p95: Double { percentile(times, 0.95) }
    var worst: Double { times.max() ?? 0 }

    /// `top-1 A%, top-3 B%; 2-3 letters (n): a% / b%; ...`
    var text: String {
        var line = String(format: "top-1 %.1f%%, top-3 %.1f%%", pct(total.top1, total.words), pct(total.top3, total.words))
        for b in bands { line += String(format: "; %@ letters (%d): %.1f%% / %.1f%%", b.name, b.words, pct(b.top1, b.words), pct(b.top3, b.words)) }
        return line
    }

    /// `"words":N,"top1":A,"top3":B,"bands":{...},"decode_median_ms":...`
    var json: String {
        let bandJSON = bands.map { "\"\($0.name)\":{\"words\":\($0.words),\"top1\":\(String(format: "%.2f", pct($0.top1, $0.words))),\"top3\":\(String(format: "%.2f", pct($0.top3, $0.words)))}" }
        return "\"words\":\(total.words),\"top1\":\(String(format: "%.2f", pct(total.top1, total.words))),\"top3\":\(String(format: "%.2f", pct(total.top3, total.words))),"
            + "\"bands\":{\(bandJSON.joined(separator: ","))},\"decode_median_ms\":\(String(format: "%.3f", median)),\"decode_p95_ms\":\(String(format: "%.3f", p95)),"
            + "\"decode_max_ms\":\(String(format: "%.3f", worst))"
    }

    /// The commonest top-1 misses.
    var topMisses: String { misses.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(40).map { "\($0.key) ×\($0.value)" }.joined(separator: ", ") }
}

/// One stroke decoded: where the word ranked, the first candidate, how long it took, whether a prior was given.
struct Decoded {
    var rank: Int?
    var first: String?
    var milliseconds: Double
    var primed: Bool
}

func pct(_ a: Int, _ b: Int) -> Double { b == 0 ? 0 : Double(a) * 100 / Double(b) }

// MARK: - Run

let options = parseOptions()
guard let source = (try? LayoutSource.builtIn(named: options.layout)) ?? nil, let language = source.language else {
    fail("no language layout '\(options.layout)'")
}
let lexiconPath = options.lexiconDirectory + "/" + language + ".txt"
guard let lexiconText = try? String(contentsOfFile: lexiconPath, encoding: .utf8) else { fail("cannot read \(lexiconPath)") }
let lexicon: Lexicon
do { lexicon = try Lexicon(text: lexiconText) } catch { fail("\(lexiconPath): \(error)") }

var text = ""
for file in options.files {
    guard let data = FileManager.default.contents(atPath: file) else { fail("cannot read \(file)") }
    text += String(decoding: data, as: UTF8.self) + "\n"
}

// The window sizes: a compact keyboard of a phone's proportions and a wide one as on a laptop, with the strip.
let theme = Theme.default
let forms: [(name: String, size: Size)] = [("compact", Size(width: 600, height: 260)), ("wide", Size(width: 1280, height: 300))]
func frames(_ size: Size) -> [KeyFrame] {
    let layout = LayoutProvider().layout(for: source, width: size.width, strip: theme.stripHeight)
    return Geometry.frames(for: layout.pages[0], in: size, theme: theme)
}

// The shipped pairs, as the keyboard reads them (none when the language has no file): the context prior's.
let pairsPath = options.lexiconDirectory + "/" + language + ".pairs.txt"
var shippedPairs: WordPairs?
if options.context, let pairsText = try? String(contentsOfFile: pairsPath, encoding: .utf8) {
    do { shippedPairs = try WordPairs(text: pairsText) } catch { fail("\(pairsPath): \(error)") }
}

// The tokens of the text as typed. Words the lexicon lacks cannot be decoded (counted apart), nor
// words on one key (a tap); they still stand before the next word in --context.
let characters = typedForm(text)
let located = words(in: characters)
let tokens = located.map { $0.word.lowercased() }
var inLexicon: [String: Bool] = [:]
for w in Set(tokens) { inLexicon[w] = lexicon.words(matching: w).contains { $0.word.lowercased() == w } }
let firstKeys = SwipeKeys(frames: frames(forms[0].size))
let swipeableAt = tokens.indices.filter { Set(keyPath(tokens[$0], keys: firstKeys, lexicon: lexicon)).count >= 2 }
let usableAt = swipeableAt.filter { inLexicon[tokens[$0]] ?? false }
guard !usableAt.isEmpty else { fail("no word of the text is in the lexicon") }
var random = Random(seed: options.seed)
// By frequency: a token drawn at random. In --context: `count` tokens evenly spaced through the
// text from an offset the seed draws, in order, so each has the words before it.
let sample: [Int]
if options.context {
    let n = min(options.count, usableAt.count)
    let stride = Double(usableAt.count) / Double(n)
    let offset = random.uniform() * stride
    sample = (0 ..< n).map { usableAt[min(usableAt.count - 1, Int(offset + Double($0) * stride))] }
} else {
    sample = (0 ..< options.count).map { _ in usableAt[random.below(usableAt.count)] }
}
func drawn(_ i: Int) -> String { options.only ?? tokens[i] }

var results: [String] = []
for form in forms {
    var decoder = SwipeDecoder(lexicon: lexicon, frames: frames(form.size))
    for (name, v) in options.parameters {
        switch name {
        case "points": decoder.parameters.points = Int(v)
        case "startRadius": decoder.parameters.startRadius = v
        case "endRadius": decoder.parameters.endRadius = v
        case "lengthSlack": decoder.parameters.lengthSlack = v
        case "lengthShare": decoder.parameters.lengthShare = v
        case "locationSigma": decoder.parameters.locationSigma = v
        case "shapeSigma": decoder.parameters.shapeSigma = v
        case "frequencyWeight": decoder.parameters.frequencyWeight = v
        case "shortlist": decoder.parameters.shortlist = Int(v)
        case "warpedSigma": decoder.parameters.warpedSigma = v
        case "warpBand": decoder.parameters.warpBand = v
        case "overshoot": decoder.parameters.overshoot = v
        default: fail("--set: no parameter '\(name)'")
        }
    }
    let keys = decoder.keys
    let clock = ContinuousClock()
    // Cold: a fresh decoder's first gesture builds the words of the letters near its start.
    var coldTimes: [Double] = []
    var coldRandom = Random(seed: options.seed &+ 2)
    for i in sample.prefix(50) {
        var fresh = decoder
        let points = gesture(through: keyPath(drawn(i), keys: keys, lexicon: lexicon), keys: keys, random: &coldRandom)
        let start = clock.now
        _ = fresh.decode(points, limit: 3)
        coldTimes.append(milliseconds(clock.now - start))
    }
    // The index, letter by letter, as the session would build it when idle.
    let rssBefore = residentKB()
    var buildTimes: [Double] = []
    while true {
        let start = clock.now
        let more = decoder.prepare()
        if !more { break }
        buildTimes.append(milliseconds(clock.now - start))
    }
    let rssAfter = residentKB()

    // The sample in order, one stroke a word. In --context each stroke is decoded twice, without
    // and with the prior of the text before it (its making timed with that decode), in turns
    // first and second so neither gains from the other's warm caches or loses to a busy machine.
    var plain = Tally(), primed = Tally()
    var fixed = 0, broken = 0, withPrior = 0
    var gestureRandom = Random(seed: options.seed &+ 1)
    var engine = SuggestionEngine(lexicon: lexicon, shippedPairs: shippedPairs, learns: options.learn)
    var fed = 0
    for (n, i) in sample.enumerated() {
        let word = drawn(i)
        if options.context {
            // The engine follows the text up to the word, as the session's does while it is typed.
            for c in characters[fed ..< located[i].range.lowerBound] { engine.typed(.text(String(c))) }
            fed = located[i].range.lowerBound
        }
        let path = keyPath(word, keys: keys, lexicon: lexicon)
        let points = gesture(through: path, keys: keys, random: &gestureRandom)
        let learned = engine.learned
        let weight = options.contextWeight
        func decode(prior: Bool) -> Decoded {
            let start = clock.now
            let context = prior ? engine.nextWordPrior(for: engine.typed) : nil
            let candidates = decoder.decode(points, limit: 3, learned: learned.isEmpty ? nil : { first in
                learned.words(beginningWith: first).map { (word: $0.word, weight: learned.weight($0.use)) }
            }, contextPrior: context.map { context in { context.bonus($0, frequency: $1, weight: weight) } })
            let time = milliseconds(clock.now - start)
            if options.only != nil {
                print(path.map { keys.keys[$0].character }.joined(), points.map { "(\(Int($0.x)),\(Int($0.y)))" }.joined(separator: " "))
                print("  →", candidates.map { "\($0.word) \(String(format: "%.2f", $0.score))" }.joined(separator: ", "))
            }
            return Decoded(rank: candidates.firstIndex { $0.word.lowercased() == word }, first: candidates.first?.word, milliseconds: time, primed: context != nil)
        }
        guard options.context else {
            let a = decode(prior: false)
            plain.add(word, rank: a.rank, first: a.first, milliseconds: a.milliseconds)
            continue
        }
        let a: Decoded, b: Decoded
        if n % 2 == 0 { a = decode(prior: false); b = decode(prior: true) } else { b = decode(prior: true); a = decode(prior: false) }
        plain.add(word, rank: a.rank, first: a.first, milliseconds: a.milliseconds)
        primed.add(word, rank: b.rank, first: b.first, milliseconds: b.milliseconds)
        if b.primed { withPrior += 1 }
        if a.rank != 0 && b.rank == 0 { fixed += 1 }
        if a.rank == 0 && b.rank != 0 { broken += 1 }
    }

    let size = "\(form.size.width)x\(form.size.height)"
    let build = String(format: "before any index, first decode median %.1f ms, max %.1f ms; index %.0f ms in all (%.1f ms the largest letter), %d KB (RSS +%d KB)",
                       percentile(coldTimes, 0.5), coldTimes.max() ?? 0, buildTimes.reduce(0, +), buildTimes.max() ?? 0, decoder.indexBytes / 1024, rssAfter - rssBefore)
    let buildJSON = "\"index_build_ms\":\(String(format: "%.1f", buildTimes.reduce(0, +))),\"index_build_max_letter_ms\":\(String(format: "%.2f", buildTimes.max() ?? 0)),"
        + "\"cold_decode_median_ms\":\(String(format: "%.2f", percentile(coldTimes, 0.5))),\"cold_decode_max_ms\":\(String(format: "%.2f", coldTimes.max() ?? 0)),"
        + "\"index_bytes\":\(decoder.indexBytes),\"rss_growth_kb\":\(rssAfter - rssBefore),\"text_tokens\":\(tokens.count),"
        + "\"in_lexicon_share\":\(String(format: "%.4f", Double(usableAt.count) / Double(max(swipeableAt.count, 1))))"
    func times(_ t: Tally) -> String { String(format: "decode median %.3f ms, p95 %.3f ms, max %.2f ms", t.median, t.p95, t.worst) }
    guard options.context else {
        if options.json {
            results.append("{\"layout\":\"\(options.layout)\",\"form\":\"\(form.name)\",\"size\":\"\(size)\",\"seed\":\(options.seed),\(plain.json),\(buildJSON)}")
        } else {
            results.append("\(options.layout) \(form.name) \(size), \(plain.total.words) words (seed \(options.seed)): \(plain.text); \(times(plain)); \(build)")
            if options.verbose { results.append("  top-1 misses: " + plain.topMisses) }
        }
        continue
    }
    let source = (shippedPairs == nil ? "no shipped pairs" : "the shipped pairs") + (options.learn ? ", learning the text" : "")
    if options.json {
        results.append("{\"layout\":\"\(options.layout)\",\"form\":\"\(form.name)\",\"size\":\"\(size)\",\"seed\":\(options.seed),\"context\":true,\"learn\":\(options.learn),"
            + "\"shipped_pairs\":\(shippedPairs != nil),\"context_weight\":\(options.contextWeight),\"with_prior\":{\(primed.json)},\"without_prior\":{\(plain.json)},"
            + "\"words_with_prior\":\(withPrior),\"fixed\":\(fixed),\"broken\":\(broken),\(buildJSON)}")
    } else {
        results.append("\(options.layout) \(form.name) \(size), \(primed.total.words) words in the text's order (seed \(options.seed)), \(source):")
        results.append("  without prior: \(plain.text); \(times(plain))")
        results.append(String(format: "  with prior (λ %.2f): ", options.contextWeight) + "\(primed.text); \(times(primed)) (the prior made with the decode)")
        results.append("  \(withPrior) words had a previous word with pairs; the prior made \(fixed) words first, and \(broken) no longer first; \(build)")
        if options.verbose {
            results.append("  top-1 misses without prior: " + plain.topMisses)
            results.append("  top-1 misses with prior: " + primed.topMisses)
        }
    }
}
if !options.json {
    print(String(format: "%@: %d word tokens, %.1f%% of the swipeable ones in the lexicon (the rest skipped)", options.files.joined(separator: " "),
                 tokens.count, Double(usableAt.count) * 100 / Double(max(swipeableAt.count, 1))))
}
for r in results { print(r) }
