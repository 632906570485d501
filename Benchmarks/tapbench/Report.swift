import Foundation

/// Number formatting for the table.
enum Format {
    /// Milliseconds: two decimals under 10, one under 100, none above.
    static func ms(_ value: Double?) -> String {
        guard let value else { return "-" }
        switch abs(value) {
        case ..<10: return String(format: "%.2f", value)
        case ..<100: return String(format: "%.1f", value)
        default: return String(format: "%.0f", value)
        }
    }

    /// KiB as MiB with one decimal.
    static func mib(_ kib: Double) -> String { String(format: "%.1f", kib / 1024) }

    /// A KiB difference as signed MiB with two decimals (`+2.11`, `-0.20`).
    static func signedMiB(_ kib: Int) -> String { String(format: "%+.2f", Double(kib) / 1024) }

    /// A progress line: `RSS 16492 KiB (RssAnon 2208), idle 0.00 ms run time, 0 wake-ups in 10 s`.
    static func footprint(_ memory: MemoryUsage?, _ idle: IdleUsage) -> String {
        let when = idle.wakeUpSummary
        return "RSS \(memory.map { "\($0.residentKiB) KiB (RssAnon \($0.anonymousKiB))" } ?? "?"), idle "
            + "\(ms(idle.cpu.runMilliseconds)) ms run time, \(idle.wakeUps.map(String.init) ?? "?") wake-ups in \(Int(idle.seconds)) s"
            + (when.isEmpty ? "" : " (\(when))")
    }

    /// A ratio as `×1.23`.
    static func ratio(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "" }
        return value >= 100 ? String(format: "×%.0f", value) : value >= 10 ? String(format: "×%.1f", value) : String(format: "×%.2f", value)
    }
}

/// One of the performance targets (README "Performance") checked against this run.
struct TargetCheck: Codable {
    /// The figure (the table's row label).
    var figure: String
    /// Its value, as printed.
    var value: String
    /// The target, with the figure it is computed from.
    var target: String
    /// Whether it is met; nil when this run cannot tell (a keyboard not measured, a failure).
    var met: Bool?
}

/// The side-by-side table: keyboards as columns, figures as rows, each figure
/// with its ratio to Tapboard's; latencies also as a ratio to the floor's.
/// The last two columns are a row's performance target and whether it is met;
/// then a block of rows for Tapboard's modes (values in its column).
struct Table {
    /// The keyboards, in column order.
    let results: [KeyboardResult]
    /// Rows of cells; the first is the header.
    private(set) var rows: [[String]] = []
    /// The targets, in row order.
    private(set) var targets: [TargetCheck] = []

    /// The peers for the start-up target: other keyboards from Debian, not the floors.
    static let peers = ["matchbox-keyboard", "xvkbd", "onboard"]
    /// Tapboard's RSS at most this times the Swift floor's.
    static let memoryFactor = 1.2
    /// Each mode adds less than this to the plain keyboard's RSS, KiB.
    static let modeAdditionKiB = 4096
    /// CPU per 1000 taps with suggestions at most this times without.
    static let suggestionsCPUFactor = 1.5
    /// Tap latency at most this times the floor's.
    static let latencyFactor = 1.2
    /// Release to the first character of a swiped word, p95, ms.
    static let swipeP95Milliseconds = 20.0
    /// The column of tapboard run with `--no-suggestions`.
    static let noSuggestionsName = "tapboard --no-suggestions"

    private var tapboard: KeyboardResult? { results.first { $0.name == "tapboard" } }
    private var noSuggestions: KeyboardResult? { results.first { $0.name == Self.noSuggestionsName } }
    private var floor: KeyboardResult? { results.first { $0.name == "floor" } }
    private var swiftFloor: KeyboardResult? { results.first { $0.name == "swiftfloor" } }

    init(results: [KeyboardResult]) {
        self.results = results
        build()
    }

    /// Appends a row, with its target and whether it is met (blank without one).
    private mutating func add(_ row: [String], _ check: TargetCheck? = nil) {
        let met = check.map { $0.met.map { $0 ? "yes" : "NO" } ?? "n/a" } ?? ""
        rows.append(row + [check?.target ?? "", met])
        if let check { targets.append(check) }
    }

    /// A row with a cell in Tapboard's column only.
    private func tapboardRow(_ label: String, _ cell: String?) -> [String] {
        [label] + results.map { $0.name == "tapboard" ? cell ?? "-" : "" }
    }

    private mutating func build() {
        rows = [["figure"] + results.map(\.name) + ["target", "met"]]
        add(["status"] + results.map { $0.failure ?? "ok" })
        let starts = results.map(\.startupSamples.count).max() ?? 1
        let startupLabel = "startup: exec to MapNotify (ms\(starts > 1 ? ", median of \(starts)" : ""))"
        add(metric(startupLabel) { $0.startupMilliseconds }, startupCheck(startupLabel))
        let rssLabel = "RSS 1 s after mapping (MiB, VmRSS)"
        add(metric(rssLabel, format: Format.mib) { $0.memory.map { Double($0.residentKiB) } }, memoryCheck(rssLabel))
        add(metric("  of which RssAnon (MiB)", format: Format.mib) { $0.memory.map { Double($0.anonymousKiB) } })
        add(metric("  of which RssFile (MiB)", format: Format.mib) { $0.memory.map { Double($0.fileKiB) } })
        let idle = results.compactMap { $0.idle?.seconds }.first ?? 10
        add(metric("idle \(Int(idle)) s: utime+stime (ms)") { $0.idle?.cpu.milliseconds })
        let idleLabel = "idle \(Int(idle)) s: scheduler run time (ms)"
        add(metric(idleLabel) { $0.idle?.cpu.runMilliseconds }, idleColumnsCheck(idleLabel))
        add(metric("idle \(Int(idle)) s: wake-ups", format: { String(format: "%.0f", $0) }, ratios: false) { $0.idle?.wakeUps.map(Double.init) })
        add(["types the key on"] + results.map { $0.edge?.rawValue ?? "-" })
        let taps = results.compactMap { $0.latency?.taps }.max() ?? 0
        add(metric("tap latency median (ms, \(taps) taps)") { $0.latency?.medianMilliseconds })
        add(metric("tap latency p99 (ms)") { $0.latency?.p99Milliseconds })
        add(toFloor("latency median ÷ floor") { $0.latency?.medianMilliseconds })
        add(toFloor("latency p99 ÷ floor") { $0.latency?.p99Milliseconds })
        add(["latency taps lost / extra keys"] + results.map { r in r.latency.map { "\($0.lost) / \($0.extra)" } ?? "-" })
        let hold = results.compactMap { $0.heldLatency?.holdMilliseconds }.first.map { Int($0) } ?? 0
        add(metric("held key (\(hold) ms) latency median (ms)") { $0.heldLatency?.medianMilliseconds })
        add(metric("held key latency p99 (ms)") { $0.heldLatency?.p99Milliseconds })
        add(toFloor("held key median ÷ floor") { $0.heldLatency?.medianMilliseconds })
        var sessions: [(String, (KeyboardResult) -> BurstSet?)] = [("no WM", { $0.bursts })]
        if results.contains(where: { $0.managedBursts != nil }) { sessions.append(("openbox", { $0.managedBursts })) }
        for (title, pick) in sessions {
            // A hand's pace (8/s) was tapped on Tapboard's columns without a window manager only.
            let hand = results.contains { pick($0)?.hand != nil } ? ["hand"] : []
            for mode in ["fast", "paced"] + hand {
                let burst = { (r: KeyboardResult) -> BurstResult? in
                    switch mode {
                    case "fast": pick(r)?.fast
                    case "paced": pick(r)?.paced
                    default: pick(r)?.hand
                    }
                }
                let label = switch mode {
                case "fast": "burst fast, \(title)"
                case "paced": "burst 50/s, \(title)"
                default: "burst 8/s, \(title)"
                }
                add(["\(label): lost/doubled/wrong"] + results.map { r in
                    if let b = burst(r) {
                        return b.counts.compact + (r.name == "floor" ? " (a×\(b.taps))" : "")
                            + (b.modifierPresses > 0 ? " +\(b.modifierPresses) mod" : "")
                    }
                    return pick(r)?.failure.map { "not measured: \($0)" } ?? "-"
                })
                if mode == "fast" {
                    add(metric("\(label): taps/s sent", format: { String(format: "%.0f", $0) }, ratios: false) { burst($0)?.rate })
                }
                add(metric("\(label): CPU ms/1000 taps (run time)") { burst($0)?.cpuPer1000Taps.runMilliseconds })
                if tapboard != nil, noSuggestions != nil {
                    let ratioLabel = "\(label): CPU with ÷ --no-suggestions"
                    let on = tapboard.flatMap(burst)?.cpuPer1000Taps.runMilliseconds
                    let off = noSuggestions.flatMap(burst)?.cpuPer1000Taps.runMilliseconds
                    let ratio = on.flatMap { on in off.flatMap { $0 > 0 ? on / $0 : nil } }
                    add(tapboardRow(ratioLabel, ratio.map { Format.ratio($0) }),
                        TargetCheck(figure: ratioLabel, value: ratio.map { Format.ratio($0) } ?? "-",
                                    target: "≤ \(Format.ratio(Self.suggestionsCPUFactor))", met: ratio.map { $0 <= Self.suggestionsCPUFactor }))
                }
                add(metric("\(label): CPU ms/1000 taps (utime+stime)") { burst($0)?.cpuPer1000Taps.milliseconds })
                add(metric("\(label): X server CPU ms/1000 taps") { burst($0)?.serverCPUPer1000Taps?.runMilliseconds })
            }
        }
        if tapboard != nil { buildModes() }
    }

    /// Tapboard's modes: memory and its addition over the plain keyboard, idle CPU, swipe timings.
    private mutating func buildModes() {
        guard let tapboard else { return }
        add(["tapboard modes (a fresh keyboard each)"] + results.map { _ in "" })
        let plain = tapboard.memory
        for mode in (noSuggestions.map { [$0] } ?? []) + tapboard.modes {
            let title: String
            switch mode.mode.flatMap({ ModeRunner.Mode(rawValue: $0.mode) }) {
            case .suggestions: title = "suggestions, 1 s after 1st words"
            case .swipe: title = "swipe, 1 s after 1st gesture"
            case .autoShow: title = "--auto-show, 1 s after shown"
            case nil: title = mode.mode?.mode ?? "--no-suggestions, 1 s after map"
            }
            add(tapboardRow("\(title): RSS (MiB, VmRSS / RssAnon)",
                            mode.memory.map { "\(Format.mib(Double($0.residentKiB))) / \(Format.mib(Double($0.anonymousKiB)))" }
                                ?? mode.failure.map { "not measured: \($0)" }))
            let added = mode.memory.flatMap { m in plain.map { m.minus($0) } }
            let addedText = added.map { "\(Format.signedMiB($0.residentKiB)) / \(Format.signedMiB($0.anonymousKiB))" }
            add(tapboardRow("  added over plain tapboard (MiB)", addedText),
                TargetCheck(figure: "RSS added: \(title)", value: addedText ?? "-",
                            target: "< +\(Self.modeAdditionKiB / 1024) MiB (VmRSS)", met: added.map { $0.residentKiB < Self.modeAdditionKiB }))
            // The --no-suggestions column's idle interval has its row and target above.
            if mode.mode != nil, let idle = mode.idle {
                let when = idle.wakeUpSummary
                let text = "\(Format.ms(idle.cpu.runMilliseconds)) / \(idle.wakeUps.map(String.init) ?? "?")" + (when.isEmpty ? "" : " (\(when))")
                add(tapboardRow("  then idle \(Int(idle.seconds)) s: run time (ms) / wake-ups", text),
                    TargetCheck(figure: "idle CPU: \(title)", value: text, target: "0 / 0", met: idle.isZero))
            }
        }
        if let swipeMode = tapboard.modes.first(where: { $0.mode?.mode == ModeRunner.Mode.swipe.rawValue }) {
            let swipe = swipeMode.mode?.swipe
            let latency = swipe?.latency
            let label = "swipe: release to 1st char p95 (ms, \(latency?.taps ?? 0) words)"
            let value = latency?.p95Milliseconds.map { Format.ms($0) }
            add(tapboardRow(label, value ?? swipeMode.failure.map { "not measured: \($0)" }),
                TargetCheck(figure: label, value: value ?? "-", target: "≤ \(Format.ms(Self.swipeP95Milliseconds))",
                            met: latency?.p95Milliseconds.map { $0 <= Self.swipeP95Milliseconds && latency?.lost == 0 }))
            add(tapboardRow("swipe: median / 1st word / slowest (ms)", swipe.map {
                "\(Format.ms($0.latency.medianMilliseconds)) / \(Format.ms($0.firstMilliseconds)) / \(Format.ms($0.latency.maxMilliseconds))" }))
            add(tapboardRow("swipe: words typed as drawn, lost", swipe.map { "\($0.matched)/\($0.latency.taps), \($0.latency.lost) lost" }))
        }
        if let suggestions = tapboard.modes.first(where: { $0.mode?.mode == ModeRunner.Mode.suggestions.rawValue }),
           let shown = suggestions.mode?.firstWordsMilliseconds {
            add(tapboardRow("suggestions: 1st words after the 1st tap (ms)", Format.ms(shown)))
        }
    }

    /// Tapboard's start-up against the fastest peer's.
    private func startupCheck(_ label: String) -> TargetCheck? {
        guard let tapboard else { return nil }
        let fastest = results.filter { Self.peers.contains($0.name) && $0.startupMilliseconds != nil }
            .min { $0.startupMilliseconds! < $1.startupMilliseconds! }
        let value = Format.ms(tapboard.startupMilliseconds)
        guard let fastest, let peer = fastest.startupMilliseconds else {
            return TargetCheck(figure: label, value: value, target: "≤ fastest peer (none measured)", met: nil)
        }
        return TargetCheck(figure: "\(label), against the fastest peer (\(fastest.name))", value: value,
                           target: "≤ fastest peer, \(Format.ms(peer))",
                           met: tapboard.startupMilliseconds.map { $0 <= peer })
    }

    /// Tapboard's VmRSS against 1.2 times the Swift floor's.
    private func memoryCheck(_ label: String) -> TargetCheck? {
        guard let tapboard else { return nil }
        let value = tapboard.memory.map { Format.mib(Double($0.residentKiB)) } ?? "-"
        guard let floorKiB = swiftFloor?.memory?.residentKiB else {
            return TargetCheck(figure: label, value: value, target: "≤ \(Self.memoryFactor) × swiftfloor (not measured)", met: nil)
        }
        let limit = Double(floorKiB) * Self.memoryFactor
        return TargetCheck(figure: label, value: value, target: "≤ \(Self.memoryFactor) × swiftfloor = \(Format.mib(limit))",
                           met: tapboard.memory.map { Double($0.residentKiB) <= limit })
    }

    /// No CPU at all while idle, for tapboard and its --no-suggestions column.
    private func idleColumnsCheck(_ label: String) -> TargetCheck? {
        let columns = [tapboard, noSuggestions].compactMap { $0 }
        guard !columns.isEmpty else { return nil }
        let usages = columns.map(\.idle)
        let value = zip(columns, usages).map { r, u in
            "\(r.name): \(u.map { "\(Format.ms($0.cpu.runMilliseconds)) ms, \($0.wakeUps.map(String.init) ?? "?") wake-ups" } ?? "-")"
        }.joined(separator: "; ")
        let met: Bool? = usages.contains { $0 == nil } ? nil : usages.allSatisfy { $0!.isZero }
        return TargetCheck(figure: "idle CPU: " + columns.map(\.name).joined(separator: " and "), value: value,
                           target: "0 (\(columns.count == 2 ? "both tapboard columns" : "tapboard"))", met: met)
    }

    /// A numeric row with each value's ratio to Tapboard's.
    private func metric(_ label: String, format: (Double) -> String = Format.ms, ratios: Bool = true,
                        _ value: (KeyboardResult) -> Double?) -> [String] {
        let base = tapboard.flatMap(value)
        return [label] + results.map { r in
            guard let v = value(r) else { return "-" }
            guard ratios, r.name != "tapboard", let base, base > 0 else { return format(v) }
            return "\(format(v)) (\(Format.ratio(v / base)))"
        }
    }

    /// A row of each value divided by the floor's.
    private func toFloor(_ label: String, _ value: (KeyboardResult) -> Double?) -> [String] {
        let base = floor.flatMap(value)
        return [label] + results.map { r in
            guard let v = value(r), let base, base > 0 else { return "-" }
            return Format.ratio(v / base)
        }
    }

    /// The rows as aligned text columns, long cells wrapped.
    func render(width: Int = 34) -> String {
        let wrapped: [[[String]]] = rows.map { row in
            row.enumerated().map { index, cell in
                index == 0 ? [cell] : Self.wrap(cell, width: width)
            }
        }
        let columns = rows.first?.count ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in wrapped { for (i, lines) in row.enumerated() { widths[i] = max(widths[i], lines.map(\.count).max() ?? 0) } }
        var out: [String] = []
        for (r, row) in wrapped.enumerated() {
            let height = row.map(\.count).max() ?? 1
            for line in 0..<height {
                let cells = row.enumerated().map { i, lines -> String in
                    let text = line < lines.count ? lines[line] : ""
                    return i == 0 ? text.padding(toLength: widths[i], withPad: " ", startingAt: 0)
                        : String(repeating: " ", count: widths[i] - text.count) + text
                }
                out.append(cells.joined(separator: "  "))
            }
            if r == 0 { out.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
        return out.joined(separator: "\n")
    }

    /// Splits a long cell at spaces into lines of at most `width`.
    private static func wrap(_ text: String, width: Int) -> [String] {
        guard text.count > width else { return [text] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

extension Table {
    /// The paired runs' lines, printed under the table; their ratio targets
    /// join `targets` (the latency one is checked only here).
    mutating func addPairs(_ paired: [PairedResult]) -> [String] {
        var lines = ["paired (two keyboards on two live servers, tapped in alternated rounds or interleaved):"]
        for pair in paired {
            let ratio = pair.ratio
            let check = TargetCheck(figure: "paired: \(pair.figure), \(pair.names[0]) ÷ \(pair.names[1])",
                                    value: Format.ratio(ratio), target: "≤ \(Format.ratio(pair.limit))",
                                    met: ratio.map { $0 <= pair.limit })
            targets.append(check)
            let met = check.met.map { $0 ? "yes" : "NO" } ?? "-"
            lines.append("  \(pair.figure): \(pair.names[0]) \(Format.ms(pair.values[0])), \(pair.names[1]) \(Format.ms(pair.values[1])): "
                         + "\(check.value) (\(pair.how), \(pair.tapsEach) taps each)  target \(check.target)  \(met)")
        }
        return lines
    }
}
