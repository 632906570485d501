// scripts/bench-predict: keystroke savings of the suggestion strip on a text, for
// a simulated user, beside the floor (a plain completer over the same lexicon).
//
// The user types each word letter by letter and taps the word the moment the
// strip shows it (one keystroke, its space included); a space after it is then
// not typed, and punctuation takes the inserted space's place. Learning is on,
// from nothing learned, as in real use. Savings = 1 − keystrokes ÷ characters.
import Foundation
import TapboardCore

struct Options {
    var layout = "en-US"
    var slots = 3
    var json = false
    var maxWords = Int.max
    var lexiconDirectory = "Lexicons"
    /// Read LANG.pairs.txt beside the lexicon (`--no-pairs`: the engine without them, for comparison).
    var pairs = true
    /// The engine's weights, when given (for tuning on a text that is not a test text).
    var weights: [String: Double] = [:]
    var files: [String] = []
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
        case "--suggestions": o.slots = Int(value(a)) ?? { fail("--suggestions: expected a number") }()
        case "--max-words": o.maxWords = Int(value(a)) ?? { fail("--max-words: expected a number") }()
        case "--lexicons": o.lexiconDirectory = value(a)
        case "--json": o.json = true
        case "--no-pairs": o.pairs = false
        case "--weight":
            // NAME=VALUE: lexicon, word, pair, shipped.
            let given = value(a).split(separator: "=")
            guard given.count == 2, ["lexicon", "word", "pair", "shipped"].contains(given[0]), let v = Double(given[1]) else {
                fail("--weight: expected lexicon|word|pair|shipped=NUMBER")
            }
            o.weights[String(given[0])] = v
        case "-h", "--help":
            print("usage: bench-predict [--layout L] [--suggestions N] [--max-words M] [--lexicons DIR] [--no-pairs] [--weight NAME=VALUE] [--json] FILE...")
            exit(0)
        default:
            if a.hasPrefix("-") { fail("unknown option \(a)") }
            o.files.append(a)
        }
    }
    if o.files.isEmpty { fail("give at least one text file") }
    if o.slots < 1 { fail("--suggestions must be 1 or more") }
    return o
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("bench-predict: \(message)\n".utf8))
    exit(64)
}

/// The protocol's text: `%` lines dropped, ’ as ', whitespace runs as one space, trimmed.
func normalise(_ raw: String) -> String {
    let lines = raw.split(separator: "\n", omittingEmptySubsequences: false).filter { $0 != "%" }
    var out = ""
    var space = false
    for c in lines.joined(separator: "\n").replacingOccurrences(of: "’", with: "'") {
        if c.isWhitespace { space = true; continue }
        if space, !out.isEmpty { out.append(" ") }
        space = false
        out.append(c)
    }
    return out
}

enum Token { case word(String), other(Character) }

/// Words are runs of letters with an apostrophe or hyphen only between two letters.
func tokens(_ text: String) -> [Token] {
    let chars = Array(text)
    var out: [Token] = []
    var i = 0
    while i < chars.count {
        if chars[i].isLetter {
            var j = i + 1
            while j < chars.count {
                if chars[j].isLetter { j += 1 } else if (chars[j] == "'" || chars[j] == "-"), j + 1 < chars.count, chars[j + 1].isLetter { j += 2 } else { break }
            }
            out.append(.word(String(chars[i ..< j])))
            i = j
        } else {
            out.append(.other(chars[i]))
            i += 1
        }
    }
    return out
}

struct Result {
    var words = 0, characters = 0, keystrokes = 0
    var times: [Double] = []
    var ksr: Double { 1 - Double(keystrokes) / Double(max(characters, 1)) }
}

/// What a predictor must do for the simulation.
protocol Predictor {
    var typed: TypedText { get }
    mutating func type(_ k: Keystroke)
    mutating func choose(_ s: Suggestion)
    func suggest(limit: Int, shift: ShiftState) -> [Suggestion]
}

struct Engine: Predictor {
    var engine: SuggestionEngine
    var typed: TypedText { engine.typed }
    mutating func type(_ k: Keystroke) { engine.typed(k) }
    mutating func choose(_ s: Suggestion) { engine.chose(s) }
    func suggest(limit: Int, shift: ShiftState) -> [Suggestion] { engine.suggestions(limit: limit, shift: shift) }
}

/// The floor: the most frequent words of the lexicon beginning with what was typed; it learns nothing.
struct Floor: Predictor {
    var lexicon: Lexicon
    var typed = TypedText()
    mutating func type(_ k: Keystroke) { typed.type(k) }
    mutating func choose(_ s: Suggestion) {
        for _ in 0 ..< s.delete { typed.type(.keysym(.backSpace)) }
        typed.type(.text(s.insert + " "))
    }
    func suggest(limit: Int, shift: ShiftState) -> [Suggestion] {
        let prefix = String(typed.currentWord)
        var out: [Suggestion] = []
        var seen: Set<String> = []
        for entry in lexicon.completions(of: prefix, limit: limit + 4) {
            let word = SuggestionEngine.cased(entry.word, typed: prefix, shift: shift)
            guard word != prefix, seen.insert(word).inserted else { continue }
            out.append(Suggestion(word: word, replacing: prefix, kind: .completion))
            if out.count == limit { break }
        }
        return out
    }
}

func simulate<P: Predictor>(_ predictor: inout P, tokens: [Token], slots: Int, maxWords: Int) -> Result {
    var r = Result()
    var afterChoice = false
    let clock = ContinuousClock()
    for (index, token) in tokens.enumerated() {
        switch token {
        case .other(let c):
            r.characters += String(c).unicodeScalars.count
            if afterChoice, c == " " {
                afterChoice = false
                continue
            }
            r.keystrokes += 1
            if afterChoice {
                // The keyboard's swap: the punctuation takes the inserted space's place.
                predictor.type(.keysym(.backSpace))
            }
            afterChoice = false
            predictor.type(.text(String(c)))
        case .word(let w):
            if r.words == maxWords { return r }
            r.words += 1
            r.characters += w.unicodeScalars.count
            afterChoice = false
            var prefix = ""
            let letters = Array(w)
            while true {
                // The keyboard's auto-shift: on at a sentence's start, before its first letter.
                let shift: ShiftState = prefix.isEmpty && predictor.typed.atSentenceStart ? .once : .off
                let start = clock.now
                let shown = predictor.suggest(limit: slots, shift: shift)
                r.times.append(Double((clock.now - start).components.attoseconds) / 1e15)
                if let hit = shown.first(where: { $0.word == w }) {
                    r.keystrokes += 1
                    predictor.choose(hit)
                    // The last word: its space is left, as the keyboard leaves it.
                    afterChoice = index + 1 < tokens.count
                    break
                }
                if prefix.count == letters.count { break }
                let c = letters[prefix.count]
                prefix.append(c)
                r.keystrokes += 1
                predictor.type(.text(String(c)))
            }
        }
    }
    return r
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
}

let options = parseOptions()
guard let source = (try? LayoutSource.builtIn(named: options.layout)) ?? nil, let language = source.language else {
    fail("no language layout '\(options.layout)'")
}
let lexiconPath = options.lexiconDirectory + "/" + language + ".txt"
guard let lexiconText = try? String(contentsOfFile: lexiconPath, encoding: .utf8) else { fail("cannot read \(lexiconPath)") }
let lexicon: Lexicon
do { lexicon = try Lexicon(text: lexiconText) } catch { fail("\(lexiconPath): \(error)") }
// Neighbours as on a compact keyboard of a phone's proportions.
let size = Size(width: 600, height: 260)
let layout = LayoutProvider().layout(for: source, width: size.width)
let frames = Geometry.frames(for: layout.pages[0], in: size, theme: .default)
let neighbours = KeyNeighbours(frames: frames, fold: lexicon.fold)
// The shipped pairs, as the keyboard reads them: none when the language has no file.
let pairsPath = options.lexiconDirectory + "/" + language + ".pairs.txt"
var shippedPairs: WordPairs?
if options.pairs, let pairsText = try? String(contentsOfFile: pairsPath, encoding: .utf8) {
    do { shippedPairs = try WordPairs(text: pairsText) } catch { fail("\(pairsPath): \(error)") }
}

for file in options.files {
    guard let data = FileManager.default.contents(atPath: file) else { fail("cannot read \(file)") }
    let text = normalise(String(decoding: data, as: UTF8.self))
    let toks = tokens(text)
    var engine = Engine(engine: SuggestionEngine(lexicon: lexicon, shippedPairs: shippedPairs, learns: true))
    if let w = options.weights["lexicon"] { engine.engine.lexiconWeight = w }
    if let w = options.weights["word"] { engine.engine.wordWeight = w }
    if let w = options.weights["pair"] { engine.engine.pairWeight = w }
    if let w = options.weights["shipped"] { engine.engine.shippedPairWeight = w }
    engine.engine.corrector = Corrector(neighbours: neighbours)
    let ours = simulate(&engine, tokens: toks, slots: options.slots, maxWords: options.maxWords)
    var floorPredictor = Floor(lexicon: lexicon)
    let floor = simulate(&floorPredictor, tokens: toks, slots: options.slots, maxWords: options.maxWords)
    let median = percentile(ours.times, 0.5), p99 = percentile(ours.times, 0.99)
    if options.json {
        print("{\"file\":\"\(file)\",\"layout\":\"\(options.layout)\",\"suggestions\":\(options.slots),\"words\":\(ours.words),"
            + "\"characters\":\(ours.characters),\"keystrokes\":\(ours.keystrokes),\"ksr\":\(String(format: "%.4f", ours.ksr)),"
            + "\"floor_ksr\":\(String(format: "%.4f", floor.ksr)),\"keystrokes_per_char\":\(String(format: "%.4f", 1 - ours.ksr)),"
            + "\"shipped_pairs\":\(shippedPairs != nil),\"median_ms\":\(String(format: "%.4f", median)),\"p99_ms\":\(String(format: "%.4f", p99)),\"learned_words\":\(engine.engine.learned.words.count)}")
    } else {
        print(String(format: "%@ (%@, %d suggestions%@): %d words, %d characters; savings %.1f%% (floor %.1f%%, %+.1f points), %.3f keystrokes/char; suggestions median %.3f ms, p99 %.3f ms",
                     file, options.layout, options.slots, shippedPairs == nil ? "" : ", shipped pairs", ours.words, ours.characters, ours.ksr * 100, floor.ksr * 100,
                     (ours.ksr - floor.ksr) * 100, 1 - ours.ksr, median, p99))
    }
}
