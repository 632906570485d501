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

    /// A ratio as `×1.23`.
    static func ratio(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "" }
        return value >= 100 ? String(format: "×%.0f", value) : value >= 10 ? String(format: "×%.1f", value) : String(format: "×%.2f", value)
    }
}

/// The side-by-side table: keyboards as columns, figures as rows, each figure
/// with its ratio to Tapboard's; latencies also as a ratio to the floor's.
struct Table {
    /// The keyboards, in column order.
    let results: [KeyboardResult]

    private var tapboard: KeyboardResult? { results.first { $0.name == "tapboard" } }
    private var floor: KeyboardResult? { results.first { $0.name == "floor" } }

    /// Rows of cells; the first is the header.
    var rows: [[String]] {
        var rows: [[String]] = [["figure"] + results.map(\.name)]
        rows.append(["status"] + results.map { $0.failure ?? "ok" })
        let starts = results.map(\.startupSamples.count).max() ?? 1
        rows.append(metric("startup: exec to MapNotify (ms\(starts > 1 ? ", median of \(starts)" : ""))") { $0.startupMilliseconds })
        rows.append(metric("RSS 1 s after mapping (MiB)", format: { String(format: "%.1f", $0) }) {
            $0.residentKiB.map { Double($0) / 1024 } })
        let idle = results.first?.idleSeconds ?? 10
        rows.append(metric("idle \(Int(idle)) s: utime+stime (ms)") { $0.idle?.milliseconds })
        rows.append(metric("idle \(Int(idle)) s: scheduler run time (ms)") { $0.idle?.runMilliseconds })
        rows.append(["types the key on"] + results.map { $0.edge?.rawValue ?? "-" })
        let taps = results.compactMap { $0.latency?.taps }.max() ?? 0
        rows.append(metric("tap latency median (ms, \(taps) taps)") { $0.latency?.medianMilliseconds })
        rows.append(metric("tap latency p99 (ms)") { $0.latency?.p99Milliseconds })
        rows.append(toFloor("latency median ÷ floor") { $0.latency?.medianMilliseconds })
        rows.append(toFloor("latency p99 ÷ floor") { $0.latency?.p99Milliseconds })
        rows.append(["latency taps lost / extra keys"] + results.map { r in r.latency.map { "\($0.lost) / \($0.extra)" } ?? "-" })
        let hold = results.compactMap { $0.heldLatency?.holdMilliseconds }.first.map { Int($0) } ?? 0
        rows.append(metric("held key (\(hold) ms) latency median (ms)") { $0.heldLatency?.medianMilliseconds })
        rows.append(metric("held key latency p99 (ms)") { $0.heldLatency?.p99Milliseconds })
        rows.append(toFloor("held key median ÷ floor") { $0.heldLatency?.medianMilliseconds })
        var sessions: [(String, (KeyboardResult) -> BurstSet?)] = [("no WM", { $0.bursts })]
        if results.contains(where: { $0.managedBursts != nil }) { sessions.append(("openbox", { $0.managedBursts })) }
        for (title, pick) in sessions {
            for mode in ["fast", "paced"] {
                let burst = { (r: KeyboardResult) -> BurstResult? in mode == "fast" ? pick(r)?.fast : pick(r)?.paced }
                let label = mode == "fast" ? "burst fast, \(title)" : "burst 50/s, \(title)"
                rows.append(["\(label): lost/doubled/wrong"] + results.map { r in
                    if let b = burst(r) {
                        return b.counts.compact + (r.name == "floor" ? " (a×\(b.taps))" : "")
                            + (b.modifierPresses > 0 ? " +\(b.modifierPresses) mod" : "")
                    }
                    return pick(r)?.failure.map { "not measured: \($0)" } ?? "-"
                })
                if mode == "fast" {
                    rows.append(metric("\(label): taps/s sent", format: { String(format: "%.0f", $0) }, ratios: false) { burst($0)?.rate })
                }
                rows.append(metric("\(label): CPU ms/1000 taps (run time)") { burst($0)?.cpuPer1000Taps.runMilliseconds })
                rows.append(metric("\(label): CPU ms/1000 taps (utime+stime)") { burst($0)?.cpuPer1000Taps.milliseconds })
                rows.append(metric("\(label): X server CPU ms/1000 taps") { burst($0)?.serverCPUPer1000Taps?.runMilliseconds })
            }
        }
        return rows
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
