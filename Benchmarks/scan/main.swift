import Foundation
import TapboardCore

// Words per minute of a simulated single-switch user (auto scan) and a dwell
// user on Tapboard, with and without the suggestion strip, beside onboard's
// row-column auto scan computed for the same user from its scan rows
// (scripts/bench-scan; the method is in README, "Switch scanning and dwell").
//
//   tapboard-scan [--intervals 0.6,0.8,1.0,1.2,1.5] [--dwells 0.6,1.0] [--max-chars N] [--seed S]
//                 [--lexicons DIR] [--onboard-rows FILE] [--json] FILE...

struct Options {
    var intervals = [0.6, 0.8, 1.0, 1.2, 1.5]
    var defaultInterval = 1.0
    var dwells = [0.6, 1.0]
    var maxChars = 1500
    var seed: UInt64 = 1
    var lexicons = "Lexicons"
    var onboardRows = "Benchmarks/scan/onboard-compact.json"
    var json = false
    var files: [String] = []
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("tapboard-scan: \(message)\n".utf8))
    exit(2)
}

func parseOptions() -> Options {
    var o = Options()
    var args = CommandLine.arguments.dropFirst()
    func value(_ name: String) -> String {
        guard let v = args.popFirst() else { fail("\(name) needs a value") }
        return v
    }
    // A value that is not what the option takes is named, not passed over.
    func seconds(_ name: String) -> [Double] {
        let text = value(name)
        let parts = text.split(separator: ",")
        let all = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !all.isEmpty, all.count == parts.count, all.allSatisfy({ $0 > 0 }) else {
            fail("\(name) '\(text)': expected seconds above 0 separated by commas")
        }
        return all
    }
    func whole(_ name: String, from least: Int) -> Int {
        let text = value(name)
        guard let n = Int(text), n >= least else { fail("\(name) '\(text)': expected a whole number from \(least)") }
        return n
    }
    while let a = args.popFirst() {
        switch a {
        case "--intervals": o.intervals = seconds(a)
        case "--dwells": o.dwells = seconds(a)
        case "--max-chars": o.maxChars = whole(a, from: 1)
        case "--seed": o.seed = UInt64(whole(a, from: 0))
        case "--lexicons": o.lexicons = value(a)
        case "--onboard-rows": o.onboardRows = value(a)
        case "--json": o.json = true
        default:
            if a.hasPrefix("-") { fail("unknown option \(a)") }
            o.files.append(a)
        }
    }
    if o.files.isEmpty { fail("no text file given") }
    return o
}

/// The text as both keyboards type it from their letters page: lower case,
/// letters, spaces, commas and full stops (no shift, no symbols page).
func normalise(_ text: String, maxChars: Int) -> String {
    var out = ""
    var space = true
    for c in text.lowercased() {
        if c.isLetter, c.isASCII {
            out.append(c)
            space = false
        } else if c == "," || c == "." {
            if !space || out.last == "," || out.last == "." { out.append(c) }
        } else if c.isWhitespace, !space {
            out.append(" ")
            space = true
        }
        if out.count >= maxChars { break }
    }
    // Whole words: the last one cut off goes.
    while let last = out.last, last != " " { out.removeLast() }
    return String(out.dropLast())
}

/// A seeded generator (splitmix64): the same runs every time.
struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The switch user's reaction to a highlight, by the ".65 rule" (Simpson,
/// Koester & LoPresti 2006): at a scan interval suited to them, a user's mean
/// reaction time is 0.65 of it, and the interval is their mean plus two
/// standard deviations; so reactions are drawn from a normal distribution of
/// mean 0.65 T and deviation 0.175 T, at least 0.15 s. About 2.3% of presses
/// come after the highlight has moved on, and select the next item.
struct Reaction {
    var rng: Seeded
    mutating func sample(interval: Double) -> Double {
        // Box-Muller.
        let u1 = max(Double.ulpOfOne, Double(rng.next() >> 11) / Double(1 << 53)), u2 = Double(rng.next() >> 11) / Double(1 << 53)
        let z = (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
        return max(0.15, 0.65 * interval + 0.175 * interval * z)
    }
}

/// The English lexicon and pairs, read from files, for the strip.
final class Storage: SuggestionStorage, @unchecked Sendable {
    let lexicon: Lexicon
    let pairs: WordPairs?
    init(directory: String) {
        guard let text = try? String(contentsOfFile: directory + "/en.txt", encoding: .utf8), let read = try? Lexicon(text: text) else {
            fail("cannot read the English lexicon in \(directory)")
        }
        lexicon = read
        pairs = (try? String(contentsOfFile: directory + "/en.pairs.txt", encoding: .utf8)).flatMap { try? WordPairs(text: $0) }
    }
    func hasLexicon(for language: String) -> Bool { language == "en" }
    func lexicon(for language: String) -> Lexicon? { language == "en" ? lexicon : nil }
    func wordPairs(for language: String) -> WordPairs? { language == "en" ? pairs : nil }
    func learnedWords(for language: String) -> LearnedWords { LearnedWords() }
    func save(_ words: LearnedWords, for language: String) {}
    func takeNotes() -> [String] { [] }
}

/// Carries a session's commands out as the X side would, with time passed in, keeping the text typed.
struct Driver {
    var session: KeyboardSession
    let storage: Storage?
    var typed: [Character] = []

    init(strip: Bool, dwell: Double?, interval: Double, storage: Storage) {
        var configuration = KeyboardConfiguration(layouts: [.enUS])
        configuration.options.autoShift = false
        if let dwell { configuration.dwell = .milliseconds(Int(dwell * 1000)) } else {
            configuration.scan = ScanSettings(mode: .auto, interval: .milliseconds(Int(interval * 1000)))
        }
        if strip { configuration.suggestions = SuggestionSettings(languages: ["en"], learns: false) }
        self.storage = strip ? storage : nil
        // A compact keyboard, as on a tablet or a narrow window.
        guard let made = try? KeyboardSession(configuration, screen: ScreenInfo(size: Size(width: 600, height: 800))) else { fail("no session") }
        session = made
        perform(session.start(at: .seconds(1)), at: .seconds(1))
        send([.windowMapped, .windowConfigured(session.frame)], at: .seconds(1))
    }

    mutating func send(_ inputs: [SessionInput], at t: Duration) { perform(session.handle(inputs, at: t), at: t) }

    mutating func perform(_ commands: [Command], at t: Duration) {
        var answers: [SessionInput] = []
        for command in commands {
            switch command {
            case .type(let keystrokes, _):
                for k in keystrokes {
                    switch k {
                    case .text(let s): typed += Array(s)
                    case .keysym(let symbol) where symbol == .backSpace: if !typed.isEmpty { typed.removeLast() }
                    default: break
                    }
                }
                perform(session.handle([.injected(typed: keystrokes.count, readyAt: nil)], at: t), at: t)
            case .files(let request):
                if let storage, case .load = request, let answer = storage.carryOut(request).answer { answers.append(answer) }
            default: break
            }
        }
        for answer in answers { perform(session.handle([answer], at: t), at: t) }
    }

    mutating func run(until t: Duration) {
        while let due = session.nextDeadline, due <= t { send([.deadlinePassed], at: due) }
    }

    /// The key the user goes for next: backspace after a mistake, the strip's
    /// slot that shows the word being typed (when a space follows it), else the next character's key.
    func goal(in target: [Character]) -> String {
        guard typed.count <= target.count, Array(target[..<typed.count]) == typed else { return "backspace" }
        let next = target[typed.count]
        if storage != nil {
            let start = typed.lastIndex(of: " ").map { $0 + 1 } ?? 0
            var end = typed.count
            while end < target.count, target[end] != " " { end += 1 }
            let word = String(target[start ..< end])
            if end == target.count || target[end] == " ", word.allSatisfy(\.isLetter),
               let rank = session.suggestions.firstIndex(where: { $0.word == word }),
               let slot = session.keyFrames.first(where: { $0.key.action == .suggestion(rank) }) {
                return slot.id
            }
        }
        return next == " " ? "space" : String(next)
    }

    /// Whether the text is typed: the strip's word leaves a space after the last.
    func done(_ target: [Character]) -> Bool {
        typed == target || (typed.count == target.count + 1 && typed.last == " " && Array(typed.dropLast()) == target)
    }
}

/// What a run took: seconds, switch presses (or dwells), scan steps seen.
struct Run {
    var seconds = 0.0
    var presses = 0
    var steps = 0
    var characters = 0
    var wpm: Double { seconds > 0 ? Double(characters) / 5 / (seconds / 60) : 0 }
}

func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }

/// One switch, auto scan, on Tapboard: the user presses, a reaction time after
/// the highlight reaches their goal's row, then its key; held 0.1 s.
func tapboardScan(_ text: String, interval: Double, strip: Bool, storage: Storage, seed: UInt64) -> Run {
    let target = Array(text)
    var driver = Driver(strip: strip, dwell: nil, interval: interval, storage: storage)
    var reaction = Reaction(rng: Seeded(state: seed))
    var run = Run(characters: target.count)
    let start = Duration.seconds(2)
    var now = start
    let hold = Duration.milliseconds(100)
    let limit = start + .seconds(Double(target.count) * interval * 60)
    // When what is lit now lit up: the user reacts from then.
    var litAt = start
    func press(after reacting: Double) {
        let t = max(now, litAt + .seconds(reacting))
        driver.run(until: t)
        driver.send([.switchChanged(.select, down: true)], at: t)
        driver.run(until: t + hold)
        driver.send([.switchChanged(.select, down: false)], at: t + hold)
        now = t + hold
        litAt = t
        run.presses += 1
    }
    while !driver.done(target), now < limit {
        driver.run(until: now)
        let lit = driver.session.scanHighlighted
        if lit.isEmpty {
            // Not scanning (at first, or it went round its cycles): the switch starts it.
            press(after: reaction.sample(interval: interval))
            continue
        }
        let goal = driver.goal(in: target)
        if lit.count > 1 ? lit.contains(goal) : lit == [goal] {
            press(after: reaction.sample(interval: interval))
            continue
        }
        // On to the next highlight.
        guard driver.session.nextDeadline != nil else { break }
        while let due = driver.session.nextDeadline, driver.session.scanHighlighted == lit {
            driver.send([.deadlinePassed], at: due)
            now = due
        }
        litAt = now
        run.steps += 1
    }
    run.seconds = seconds(now - start)
    if !driver.done(target) { run.seconds = .infinity }
    return run
}

/// Dwell on Tapboard: the pointer goes to the goal (Fitts' law) and rests the dwell time.
func tapboardDwell(_ text: String, dwell: Double, strip: Bool, storage: Storage) -> Run {
    let target = Array(text)
    var driver = Driver(strip: strip, dwell: dwell, interval: 1, storage: storage)
    var run = Run(characters: target.count)
    let start = Duration.seconds(2)
    var now = start
    var at: Point?
    let limit = start + .seconds(Double(target.count) * 60)
    while !driver.done(target), now < limit {
        let goal = driver.goal(in: target)
        guard let key = driver.session.keyFrames.first(where: { $0.id == goal }) else { break }
        let centre = key.rect.center
        if let from = at, from == centre {
            // The same key again: off it and back.
            now = now + .seconds(pointing(distance: Double(key.rect.width), width: Double(key.rect.width)) * 2)
            driver.send([.pointerHovered(nil)], at: now)
        } else if let from = at {
            let distance = Double(abs(from.x - centre.x) + abs(from.y - centre.y))
            now = now + .seconds(pointing(distance: distance, width: Double(min(key.rect.width, key.rect.height))))
        }
        let typed = driver.typed
        driver.send([.pointerHovered(centre)], at: now)
        at = centre
        run.presses += 1
        // Resting until the keystroke comes.
        while driver.typed == typed, let due = driver.session.nextDeadline {
            driver.send([.deadlinePassed], at: due)
            now = due
        }
    }
    run.seconds = seconds(now - start)
    if !driver.done(target) { run.seconds = .infinity }
    return run
}

/// Pointing time by Fitts' law (Shannon form), a = 0.2 s and b = 0.3 s a bit:
/// an assumption for a head pointer, not a measured figure.
func pointing(distance: Double, width: Double) -> Double { 0.2 + 0.3 * log2(distance / max(width, 1) + 1) }

/// onboard's auto scan (1.4, Compact layout, its defaults but the interval):
/// a press starts the scan with the first group lit at once; a select enters
/// the group, the row, then types the key, each level starting at its first
/// item at once and moving on every interval; the key flashes 0.5 s before it
/// is sent, and the scan is idle after, so every character needs a press to
/// start again. A level gone round twice with no select goes idle. The same
/// user as for Tapboard, a late press selecting the next item.
func onboardScan(_ text: String, interval: Double, groups: [[[String]]], seed: UInt64) -> Run {
    var reaction = Reaction(rng: Seeded(state: seed))
    var run = Run(characters: text.count)
    let cycles = 2, flash = 0.5
    var typed: [Character] = []
    let target = Array(text)
    var t = 0.0
    /// One level: items lit from `t` on, the user pressing a reaction time after the wanted one lights;
    /// the item selected, or nil when the level went round its cycles unselected.
    func level(_ count: Int, wanted: Int?) -> Int? {
        var lit = 0, passes = 0
        while true {
            if lit == wanted {
                let r = reaction.sample(interval: interval)
                let chosen = lit + Int(r / interval)
                if chosen / count + passes >= cycles, chosen >= count { t += Double(count - lit) * interval; return nil }
                t += r
                run.presses += 1
                run.steps += chosen - lit
                return chosen % count
            }
            t += interval
            run.steps += 1
            lit += 1
            if lit == count {
                lit = 0
                passes += 1
                if passes >= cycles { return nil }
            }
        }
    }
    func find(_ char: String) -> (group: Int, row: Int, key: Int)? {
        for (g, group) in groups.enumerated() {
            for (r, row) in group.enumerated() { if let k = row.firstIndex(of: char) { return (g, r, k) } }
        }
        return nil
    }
    let limit = Double(target.count) * interval * 60
    while typed != target, t < limit {
        let wanted: String
        if typed.count <= target.count, Array(target[..<typed.count]) == typed {
            wanted = target[typed.count] == " " ? "space" : String(target[typed.count])
        } else {
            wanted = "backspace"
        }
        guard let place = find(wanted) else { fail("onboard's rows have no key for \(wanted)") }
        // The start press.
        t += reaction.sample(interval: interval)
        run.presses += 1
        guard let g = level(groups.count, wanted: place.group) else { continue }
        let rows = groups[g]
        // A level of one item is skipped (its only item is entered at once).
        let r: Int?
        if rows.count == 1 { r = 0 } else { r = level(rows.count, wanted: g == place.group ? place.row : nil) }
        guard let r else { continue }
        let keys = rows[r]
        let k: Int?
        if keys.count == 1 { k = 0 } else { k = level(keys.count, wanted: g == place.group && r == place.row ? place.key : nil) }
        guard let k else { continue }
        t += flash
        let char = keys[k]
        if char == "backspace" { if !typed.isEmpty { typed.removeLast() } } else if char == "space" { typed.append(" ") } else if char.count == 1 {
            typed.append(Character(char))
        }
    }
    run.seconds = typed == target ? t : .infinity
    return run
}

/// onboard's scan groups from its dumped rows: rows of character keys by the
/// key's character (`space`, `backspace` for those), other keys by their id.
func onboardGroups(_ path: String) -> [[[String]]] {
    guard let data = FileManager.default.contents(atPath: path),
          let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
          let rows = json["rows"] as? [[[String: Any]]] else { fail("cannot read onboard's rows in \(path)") }
    var groups: [Int: [[String]]] = [:]
    for row in rows {
        let priority = row.first?["scan_priority"] as? Int ?? 0
        let keys = row.map { key -> String in
            let id = key["id"] as? String ?? ""
            if id == "SPCE" { return "space" }
            if id == "BKSP" { return "backspace" }
            if key["kind"] as? String == "char", let c = key["char"] as? String { return c }
            return id
        }
        groups[priority, default: []].append(keys)
    }
    return groups.keys.sorted().map { groups[$0]! }
}

let options = parseOptions()
let storage = Storage(directory: options.lexicons)
let groups = onboardGroups(options.onboardRows)
for file in options.files {
    guard let data = FileManager.default.contents(atPath: file) else { fail("cannot read \(file)") }
    let text = normalise(String(decoding: data, as: UTF8.self), maxChars: options.maxChars)
    var lines: [String] = []
    var atDefault: (with: Run, without: Run, onboard: Run)?
    for interval in options.intervals {
        let with = tapboardScan(text, interval: interval, strip: true, storage: storage, seed: options.seed)
        let without = tapboardScan(text, interval: interval, strip: false, storage: storage, seed: options.seed)
        let onboard = onboardScan(text, interval: interval, groups: groups, seed: options.seed)
        if interval == options.defaultInterval { atDefault = (with, without, onboard) }
        lines.append(String(format: "  scan %.1f s: Tapboard %.2f wpm with the strip (%.2f steps, %.2f presses a character), %.2f without (%.2f, %.2f); onboard %.2f (%.2f, %.2f)",
                            interval, with.wpm, Double(with.steps) / Double(with.characters), Double(with.presses) / Double(with.characters),
                            without.wpm, Double(without.steps) / Double(without.characters), Double(without.presses) / Double(without.characters),
                            onboard.wpm, Double(onboard.steps) / Double(onboard.characters), Double(onboard.presses) / Double(onboard.characters)))
    }
    var dwellLines: [String] = [], dwellJSON: [String] = []
    for dwell in options.dwells {
        let with = tapboardDwell(text, dwell: dwell, strip: true, storage: storage)
        let without = tapboardDwell(text, dwell: dwell, strip: false, storage: storage)
        dwellLines.append(String(format: "  dwell %.1f s: Tapboard %.2f wpm with the strip (%.2f rests a character), %.2f without (%.2f)",
                                 dwell, with.wpm, Double(with.presses) / Double(with.characters), without.wpm, Double(without.presses) / Double(without.characters)))
        dwellJSON.append(String(format: "{\"dwell\":%.2f,\"wpm_with_strip\":%.3f,\"wpm_without_strip\":%.3f}", dwell, with.wpm, without.wpm))
    }
    if options.json {
        guard let d = atDefault else { fail("--intervals must include the default interval, \(options.defaultInterval) s") }
        print(String(format: "{\"file\":\"%@\",\"characters\":%d,\"interval\":%.2f,\"wpm_with_strip\":%.3f,\"wpm_without_strip\":%.3f,\"onboard_wpm\":%.3f,"
                     + "\"steps_per_char_with_strip\":%.3f,\"steps_per_char_without_strip\":%.3f,\"onboard_steps_per_char\":%.3f,\"dwell\":[%@]}",
                     file, text.count, options.defaultInterval, d.with.wpm, d.without.wpm, d.onboard.wpm,
                     Double(d.with.steps) / Double(text.count), Double(d.without.steps) / Double(text.count),
                     Double(d.onboard.steps) / Double(text.count), dwellJSON.joined(separator: ",")))
    } else {
        print("\(file): \(text.count) characters")
        for line in lines + dwellLines { print(line) }
    }
}
