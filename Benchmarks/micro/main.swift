// Micro-benchmarks: geometry, hit testing and the state machine in
// TapboardCore, and, with an X display, drawing through the real renderer with
// XSync, so the server's drawing time is included. scripts/micro-bench runs them
// under a fresh Xvfb; arguments pass to swift-benchmark (--filter, --format, ...).

import Benchmark
import Glibc
import TapboardCatalog
import TapboardCore
import TapboardX11

/// Writes a note to standard error, so it never mixes into a JSON or CSV report.
func note(_ text: String) {
    let line = Array((text + "\n").utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// Keeps a result alive so the optimiser cannot drop the work that made it.
@inline(never)
func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Holds state that a benchmark closure changes from one iteration to the next.
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

let layout = Layout.enUS
let theme = Theme.default
let wide = Size(width: 1920, height: 640)
let phone = Size(width: 390, height: 216)
let gridStep = 16

func name(_ size: Size) -> String { "\(size.width)x\(size.height)" }

/// The points of a grid over the window, every `gridStep` pixels.
func grid(_ size: Size) -> [Point] {
    stride(from: gridStep / 2, to: size.height, by: gridStep).flatMap { y in
        stride(from: gridStep / 2, to: size.width, by: gridStep).map { x in Point(x: x, y: y) }
    }
}

// MARK: - TapboardCore

func coreSuite() -> BenchmarkSuite {
    BenchmarkSuite(name: "core") { suite in
        for size in [wide, phone] {
            for page in layout.pages {
                suite.benchmark("Geometry.frames \(page.name) \(name(size))") {
                    consume(Geometry.frames(for: page, in: size, theme: theme))
                }
            }
        }

        for size in [wide, phone] {
            let frames = Geometry.frames(for: layout.pages[0], in: size, theme: theme)
            let points = grid(size)
            suite.benchmark("hitTest \(name(size)) grid of \(points.count) points") {
                var sum = 0
                for p in points { sum &+= Geometry.hitTest(p, in: frames, bounds: size) ?? -1 }
                consume(sum)
            }
        }

        // A tap on a letter: two events, each returning its effects.
        let frames = Geometry.frames(for: layout.pages[0], in: wide, theme: theme)
        let q = frames.first { $0.id == "q" }!, w = frames.first { $0.id == "w" }!
        let tapping = Box(KeyboardState(layout: layout))
        var t = Duration.zero
        suite.benchmark("KeyboardState.handle tap on q (began+ended)") {
            t += .seconds(1)
            consume(tapping.value.handle(.touch(.began, point: q.rect.center, key: q.index), at: t))
            consume(tapping.value.handle(.touch(.ended, point: q.rect.center, key: q.index), at: t + .milliseconds(50)))
        }

        // The same tap through the whole session, as the X side drives it: one batch
        // (hit testing, the state machine, the plan), the injector's answer, the drawing commands.
        let session = Box(try! KeyboardSession(KeyboardConfiguration(), screen: ScreenInfo(size: Size(width: wide.width, height: 1080))))
        var clock = Duration.seconds(1)
        let qCentre = session.value.keyFrames.first { $0.id == "q" }!.rect.center
        suite.benchmark("KeyboardSession.handle tap on q (one batch, answered)") {
            clock += .seconds(1)
            for command in session.value.handle([.contact(.began, id: .pointer, point: qCentre), .contact(.ended, id: .pointer, point: qCentre)], at: clock) {
                if case .type(let keystrokes, _) = command {
                    consume(session.value.handle(.injected(typed: keystrokes.count, readyAt: nil), at: clock))
                }
            }
        }

        // A held contact sliding between two letters: one event each time.
        let dragging = Box(KeyboardState(layout: layout))
        _ = dragging.value.handle(.touch(.began, point: q.rect.center, key: q.index), at: .zero)
        let onW = Box(false)
        suite.benchmark("KeyboardState.handle drag move q<->w") {
            onW.value.toggle()
            let target = onW.value ? w : q
            consume(dragging.value.handle(.touch(.moved, point: target.rect.center, key: target.index), at: .seconds(1)))
        }

        // What the Wayland keyboard's first frame paints with the CPU: every key body
        // of the letters page at a 1280x288 dock, each look drawn once into a tile
        // (as its renderer keeps them), then copied to its key.
        let dock = Size(width: 1280, height: 288)
        let dockFrames = Geometry.frames(for: layout.pages[0], in: dock, theme: theme)
        let dockScale = theme.scale(forHeight: dock.height)
        let covered = dockFrames.map { $0.rect.height + Int((theme.style(.character).shadowOffset * dockScale).rounded(.up)) }
        suite.benchmark("PixelCanvas key bodies letters \(name(dock))") {
            let canvas = PixelCanvas(width: dock.width, height: dock.height)
            var tiles: [KeyBody: PixelCanvas] = [:]
            for (frame, height) in zip(dockFrames, covered) {
                let body = KeyBody(style: theme.style(.character), pressed: false, width: frame.rect.width, height: height,
                                   icon: nil, scale: dockScale, background: theme.background)
                let tile = tiles[body] ?? {
                    let t = PixelCanvas(width: body.width, height: body.height)
                    body.draw(keyHeight: frame.rect.height, on: t)
                    tiles[body] = t
                    return t
                }()
                canvas.copy(Rect(x: 0, y: 0, width: body.width, height: body.height), from: tile, to: Point(x: frame.rect.x, y: frame.rect.y))
            }
            consume(canvas)
        }

        // A swipe's trail over the keys, as the Wayland keyboard draws it at each
        // motion: "keyboard" drawn across the letters, eight points between centres.
        let centres = "keyboard".compactMap { c in dockFrames.first { $0.id == String(c) }?.rect.center }
        let trail = zip(centres, centres.dropFirst()).flatMap { a, b in
            (0 ..< 8).map { i in Point(x: a.x + (b.x - a.x) * i / 8, y: a.y + (b.y - a.y) * i / 8) }
        }
        let trailCanvas = PixelCanvas(width: dock.width, height: dock.height)
        suite.benchmark("PixelCanvas trail of a swiped word \(name(dock)) (\(trail.count) points)") {
            for shape in TrailShapes.fills(trail, scale: dockScale, accent: theme.style(.accent).background) {
                trailCanvas.fill(shape.points, shape.color)
            }
        }
    }
}

// MARK: - Suggestions

/// A lexicon or pairs file's text, or nil when it cannot be read: the catalog's
/// reader, with room for lexicons far larger than the layout files it is sized for.
func readLexiconText(_ path: String) -> String? {
    try? FileLocations.read(path, limit: 1 << 30)
}

/// 64 MiB, twice the last-level cache here, walked a cache line at a time.
nonisolated(unsafe) let evictionBuffer: UnsafeMutablePointer<UInt8> = {
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 64 << 20)
    // Touched once, so every page is mapped (and not the one shared zero page).
    for i in stride(from: 0, to: 64 << 20, by: 4096) { buffer[i] = UInt8(truncatingIfNeeded: i >> 12) }
    return buffer
}()

/// Pushes everything else out of the data caches and the TLB. Read, not
/// written: dirty lines written back during the measured part made it noisy.
@inline(never)
func evictCaches() {
    var sum: UInt8 = 0
    for i in stride(from: 0, to: evictionBytes, by: 64) { sum &+= evictionBuffer[i] }
    evictionSink = sum
}

/// How much `evictCaches` reads: 64 MiB, or TAPBOARD_EVICT_MB (less under callgrind's simulated caches).
let evictionBytes = min(getenv("TAPBOARD_EVICT_MB").flatMap { Int(String(cString: $0)) } ?? 64, 64) << 20

/// Where `evictCaches` leaves its sum, so its reads are not optimised away.
nonisolated(unsafe) var evictionSink: UInt8 = 0

/// The first 120 characters of scripts/bench's pangrams: what its hand's pace (8 taps/s) types.
let handText = Array("the quick brown fox jumps over the lazy dog pack my box with five dozen liquor jugs how vexingly quick daft zebras jump sphinx of black quartz judge my vow ".prefix(120))

/// Completions from the English lexicon (Lexicons/en.txt, from scripts/make-lexicons),
/// and the strip's work per keystroke with its pairs, when they are there.
func lexiconSuite() -> BenchmarkSuite? {
    guard let text = readLexiconText("Lexicons/en.txt") else {
        note("note: lexicon benchmarks skipped: no Lexicons/en.txt (scripts/make-lexicons 50000 en)")
        return nil
    }
    let start = ContinuousClock.now
    guard let lexicon = try? Lexicon(text: text) else { return nil }
    note("note: Lexicon of \(lexicon.count) words read in \(ContinuousClock.now - start)")
    let pairs = readLexiconText("Lexicons/en.pairs.txt").flatMap { try? WordPairs(text: $0) }
    // The session's engine: the letters page's neighbours at the bench's size, and
    // the text typed once before (learned words and pairs, the lexicon's tops found).
    var warm = SuggestionEngine(lexicon: lexicon, shippedPairs: pairs)
    let letters = Geometry.frames(for: layout.pages[0], in: Size(width: 800, height: 240), theme: theme)
    warm.corrector = Corrector(neighbours: KeyNeighbours(frames: letters, fold: lexicon.fold))
    func typeHandText(_ engine: inout SuggestionEngine) -> Int {
        var shown = 0
        for c in handText {
            engine.typed(.text(String(c)))
            shown += engine.suggestions(limit: 5, shift: .off).count
        }
        return shown
    }
    _ = typeHandText(&warm)
    warm.resetText()
    return BenchmarkSuite(name: "lexicon", settings: TimeUnit(.us)) { suite in
        for prefix in ["t", "th", "the", "con", "inter", "str", "cafe"] {
            suite.benchmark("completions of '\(prefix)', 3") { consume(lexicon.completions(of: prefix, limit: 3)) }
        }
        // Letters that begin no word: the corrector's search, short and long.
        for typed in ["qiu", "vexingl", "vexingly"] {
            suite.benchmark("corrections of '\(typed)', 15") { consume(warm.corrector.corrections(of: typed, in: lexicon, limit: 15)) }
        }
        suite.benchmark("strip: 120 keystrokes typed, 5 suggestions after each") {
            var engine = warm
            consume(typeHandText(&engine))
        }
        // At a hand's pace the X server and the application run between two
        // keystrokes, and the keyboard's code and data are out of the caches:
        // each keystroke here comes after a walk through 64 MiB (not measured).
        let cold = Box((engine: warm, at: 0))
        suite.benchmark("strip: one keystroke of the 120, caches evicted before it", settings: Iterations(1200)) { state in
            if cold.value.at == handText.count { cold.value = (warm, 0) }
            evictCaches()
            let c = handText[cold.value.at]
            cold.value.at += 1
            try state.measure {
                cold.value.engine.typed(.text(String(c)))
                consume(cold.value.engine.suggestions(limit: 5, shift: .off))
            }
        }
    }
}

// MARK: - The session at a hand's pace

/// A tap's whole way through the session (hit testing, the state machine, the
/// strip's words, the plan) for each character of `handText`, caches evicted
/// before each as between a hand's taps, with the strip (the shipped English
/// lexicon and pairs) and without: their ratio is what the 8/s CPU target
/// holds to 1.5, without the X side's share.
func sessionSuite() -> BenchmarkSuite? {
    guard readLexiconText("Lexicons/en.txt") != nil else { return nil }
    let size = Size(width: 800, height: 280)
    let storage = SuggestionFiles(lexiconDirectories: ["Lexicons"], learnedDirectory: nil)
    func makeSession(strip: Bool) -> (session: KeyboardSession, centres: [Character: Point]) {
        var configuration = KeyboardConfiguration()
        configuration.geometry = WindowGeometry()
        (configuration.geometry.width, configuration.geometry.height) = (size.width, size.height)
        if strip {
            configuration.suggestions = SuggestionSettings(languages: storage.languagesWithLexicon(["en"]))
        }
        var session = try! KeyboardSession(configuration, screen: ScreenInfo(size: Size(width: 1280, height: 800)))
        // As the keyboard runs with no delegate listening.
        session.notifiesDelegate = false
        _ = session.start(at: .seconds(1))
        var centres: [Character: Point] = [:]
        for frame in session.keyFrames {
            if frame.id == "space" { centres[" "] = frame.rect.center }
            if frame.id.count == 1, let c = frame.id.first { centres[c] = frame.rect.center }
        }
        return (session, centres)
    }
    /// Taps one character as the X side does: its letter typed ahead when it can be, the injector's answers.
    func tap(_ session: inout KeyboardSession, _ point: Point, at time: Duration, offered: ((Int) -> Void)? = nil) {
        let inputs: [SessionInput] = [.contact(.began, id: .pointer, point: point), .contact(.ended, id: .pointer, point: point)]
        let started = threadCPUTime()
        var commands = session.handle(inputs, at: time) { keystroke in
            offered?(threadCPUTime() - started)
            consume(keystroke)
            return true
        }
        while let i = commands.firstIndex(where: { if case .type = $0 { true } else { false } }) {
            guard case .type(let keystrokes, _) = commands.remove(at: i) else { break }
            commands += session.handle(.injected(typed: keystrokes.count, readyAt: nil), at: time)
        }
        // A language's files, read as the X side reads them (once, at the first tap).
        for case .files(let request) in commands {
            if let answer = storage.carryOut(request).answer { consume(session.handle(answer, at: time)) }
        }
        consume(commands)
        if let due = session.nextDeadline, due <= time { consume(session.handle(.deadlinePassed, at: time)) }
    }
    // Each keyboard typed the text once before (the lexicon read, its tops found), as after a while in use.
    var keyboards: [(session: KeyboardSession, centres: [Character: Point])] = [makeSession(strip: true), makeSession(strip: false)]
    var clock = Duration.seconds(2)
    for c in handText {
        clock += .milliseconds(125)
        for k in keyboards.indices { tap(&keyboards[k].session, keyboards[k].centres[c]!, at: clock) }
    }
    // One box each: a session reached through a tuple in an array was copied at every tap (callgrind).
    let sessions = keyboards.map { Box($0.session) }, centres = keyboards.map(\.centres)
    // The array's copies let go, so each box's session is the only one: a shared
    // one copied its engine's tables at the first tap that changed them.
    keyboards = []
    let cold = Box((at: 0, clock: clock))
    return BenchmarkSuite(name: "session", settings: TimeUnit(.us)) { suite in
        // The two keyboards in turn, so both see the same machine (a VM's speed drifts between runs):
        // the measurement is the pair; each tap's own CPU time goes to `sessionTimes`.
        suite.benchmark("session: one tap with the strip and one without, at 8/s, caches evicted before each", settings: Iterations(2400)) { state in
            if cold.value.at == handText.count { cold.value.at = 0 }
            let c = handText[cold.value.at]
            cold.value.at += 1
            cold.value.clock += .milliseconds(125)
            try state.measure {
                for k in 0 ..< 2 where sessionOnly.map({ $0 == k }) ?? true {
                    evictCaches()
                    let started = threadCPUTime()
                    tap(&sessions[k].value, centres[k][c]!, at: cold.value.clock) { offerTimes[k].append(Double($0)) }
                    sessionTimes[k].append(Double(threadCPUTime() - started))
                }
            }
        }
    }
}

/// TAPBOARD_SESSION_ONLY=strip or plain: only that keyboard taps in the measured
/// loop (both type the text once before), for callgrind counts of one at a time.
let sessionOnly: Int? = switch getenv("TAPBOARD_SESSION_ONLY").map({ String(cString: $0) }) {
case "strip": 0
case "plain": 1
default: nil
}

/// CPU time of the calling thread, ns.
func threadCPUTime() -> Int {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return ts.tv_sec * 1_000_000_000 + ts.tv_nsec
}

/// The session benchmark's taps, ns of CPU: with the strip, then without.
nonisolated(unsafe) var sessionTimes: [[Double]] = [[], []]
/// The same taps' CPU up to the moment the letter is offered to the transport (what a tap's latency waits for).
nonisolated(unsafe) var offerTimes: [[Double]] = [[], []]

// MARK: - TapboardX11

/// Drawing benchmarks on one keyboard; `shown` maps its window so presenting copies pixels to the screen.
func x11Suite(_ keyboard: OffscreenKeyboard, shown: Bool) -> BenchmarkSuite {
    let tag = "\(name(keyboard.size)) (\(shown ? "shown" : "hidden"))"
    return BenchmarkSuite(name: "x11", settings: TimeUnit(.us)) { suite in
        // The floor under every figure below: one round trip to the server with nothing to draw.
        suite.benchmark("XSync alone \(tag)") {
            keyboard.sync()
        }

        suite.benchmark("full redraw \(tag)") {
            keyboard.drawAll()
            keyboard.sync()
        }

        // A press on a letter: its highlight and its preview. The release before it is not timed.
        suite.benchmark("press q \(tag)") { state in
            keyboard.release()
            keyboard.sync()
            try state.measure {
                try! keyboard.press(keyID: "q")
                keyboard.sync()
            }
        }

        // A press on a key without preview: the highlight alone.
        suite.benchmark("press shift (no preview) \(tag)") { state in
            keyboard.release()
            keyboard.sync()
            try state.measure {
                try! keyboard.press(keyID: "shift")
                keyboard.sync()
            }
        }

        // The release of a held letter: highlight off, preview hidden.
        suite.benchmark("release q \(tag)") { state in
            try! keyboard.press(keyID: "q")
            keyboard.sync()
            try state.measure {
                keyboard.release()
                keyboard.sync()
            }
        }

        // A tap on the page key (its press is drawn too), then the new page in full.
        suite.benchmark("page switch letters<->symbols \(tag)") {
            keyboard.release()
            let target = keyboard.state.page.name == Page.letters ? Page.symbols : Page.letters
            try! keyboard.switchPage(to: target)
            keyboard.sync()
        }

        // The preview balloon alone; hiding it before is not timed.
        suite.benchmark("preview open q \(tag)") { state in
            if keyboard.state.page.name != Page.letters { try! keyboard.switchPage(to: Page.letters) }
            keyboard.hidePreview()
            keyboard.sync()
            try state.measure {
                try! keyboard.showPreview(keyID: "q")
                keyboard.sync()
            }
        }
    }
}

/// Which emoji the installed font draws whole, for all of Emoji/emoji.txt with their skin tones (what the
/// emoji page asks once, when it first opens); the first call, which opens the emoji font and HarfBuzz, is noted.
func emojiSuite(_ keyboard: OffscreenKeyboard, display: String) -> BenchmarkSuite? {
    guard let text = try? FileLocations.read("Emoji/emoji.txt", limit: 1 << 24) else {
        note("note: emoji benchmark skipped: no Emoji/emoji.txt")
        return nil
    }
    var emoji: [String] = []
    for line in text.split(separator: "\n").dropFirst() {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count >= 2 else { continue }
        emoji.append(String(fields[1]))
        if fields.count > 2 { emoji += fields[2].split(separator: " ").map(String.init) }
    }
    let start = ContinuousClock.now
    let drawable = keyboard.drawableEmoji(emoji).filter { $0 }.count
    note("note: drawableEmoji: \(drawable) of \(emoji.count) emoji drawn whole; the first call (emoji font and HarfBuzz opened) took \(ContinuousClock.now - start)")
    // A page of 40 emoji keys (4 rows of 10), as the emoji page shows them; its first drawing makes their pictures.
    let rows = (0 ..< 4).map { r in "      - [" + emoji[r * 10 ..< r * 10 + 10].map { "{char: \"\($0)\"}" }.joined(separator: ", ") + "]" }
    var page: OffscreenKeyboard?
    if let source = try? LayoutFile.decode("name: e\npages:\n  - name: e\n    rows:\n" + rows.joined(separator: "\n") + "\n", file: "emoji.yaml") {
        let begun = ContinuousClock.now
        page = try? OffscreenKeyboard(displayName: display, size: Size(width: 1280, height: 320), source: source)
        page?.sync()
        note("note: a page of 40 emoji keys, first drawn (fonts opened, pictures made): \(ContinuousClock.now - begun)")
    }
    return BenchmarkSuite(name: "emoji", settings: TimeUnit(.ms)) { suite in
        suite.benchmark("drawableEmoji, all \(emoji.count)") { consume(keyboard.drawableEmoji(emoji)) }
        if let page {
            suite.benchmark("full redraw, 40 emoji keys 1280x320") {
                page.drawAll()
                page.sync()
            }
        }
    }
}

// MARK: - Run

var suites = [coreSuite()] + [lexiconSuite(), sessionSuite()].compactMap { $0 }
var keyboards: [OffscreenKeyboard] = []
if let display = getenv("DISPLAY").map({ String(cString: $0) }), !display.isEmpty {
    do {
        let hidden = try OffscreenKeyboard(displayName: display, size: wide, layout: layout, theme: theme)
        let shown = try OffscreenKeyboard(displayName: display, size: wide, layout: layout, theme: theme)
        shown.map()
        keyboards = [hidden, shown]
        suites += [x11Suite(hidden, shown: false), x11Suite(shown, shown: true)] + [emojiSuite(hidden, display: display)].compactMap { $0 }
    } catch {
        note("note: X benchmarks skipped: \(error)")
    }
} else {
    note("note: X benchmarks skipped: $DISPLAY is not set (scripts/micro-bench runs them under Xvfb)")
}

// The median ("time"), with the fastest run and the 90th percentile next to it: a busy machine shows in those.
let columns = Columns(["name", "time", "min", "p90", "std", "iterations"])
let arguments = parseArguments()
var runner = BenchmarkRunner(suites: suites, settings: arguments, customDefaults: defaultSettings + [columns])
try runner.run()

// MARK: - Budgets

func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

func milliseconds(_ ns: Double) -> String {
    let ms = ns / 1_000_000
    return ms < 0.1 ? "\(Double(Int((ms * 10_000).rounded())) / 10_000) ms" : "\(Double(Int((ms * 1000).rounded())) / 1000) ms"
}

let budgets: [(prefix: String, limitNs: Double)] = [("full redraw 1920x640", 4_000_000), ("press q 1920x640", 500_000)]
var lines: [String] = []
for result in runner.results {
    if result.benchmarkName.hasPrefix("hitTest"), let m = median(result.measurements),
       let count = result.benchmarkName.split(separator: " ").dropLast().last.flatMap({ Double($0) }) {
        lines.append("  \(result.benchmarkName): \(Double(Int(m / count * 10)) / 10) ns per point")
    }
    for budget in budgets where result.benchmarkName.hasPrefix(budget.prefix) {
        guard let m = median(result.measurements) else { continue }
        let verdict = m < budget.limitNs ? "met" : "NOT met"
        lines.append("  \(result.benchmarkName): median \(milliseconds(m)), budget \(milliseconds(budget.limitNs)): \(verdict)")
    }
}
// After the table on the console; on standard error when the report is JSON or CSV.
let onConsole = BenchmarkSettings([defaultSettings, arguments]).format == .console
func report(_ line: String) {
    if onConsole { print(line) } else { note(line) }
}
if !sessionTimes[0].isEmpty, let with = median(sessionTimes[0]), let without = median(sessionTimes[1]) {
    let sums = sessionTimes.map { $0.reduce(0, +) }
    lines.append("  session tap at 8/s, caches evicted: with the strip \(milliseconds(with)), without \(milliseconds(without)) (medians); "
        + "CPU with ÷ without: \(Double(Int(sums[0] / sums[1] * 100)) / 100) (sums of \(sessionTimes[0].count))")
}
if let with = median(offerTimes[0]), let without = median(offerTimes[1]) {
    lines.append("  session tap at 8/s, caches evicted, input to the letter offered: with the strip \(milliseconds(with)), without \(milliseconds(without)) (medians of \(offerTimes[0].count), \(offerTimes[1].count))")
}
if !lines.isEmpty {
    report("\nPer point and budgets (medians):")
    lines.forEach(report)
}
withExtendedLifetime(keyboards) {}
