// Tapboard beside wvkbd on a headless sway (scripts/bench-wayland): start-up,
// resident memory, tap latency from the press to the key at a target window,
// and floods of quick taps, each keyboard on a fresh compositor, alternated.
import Foundation
import TapboardTestKit

struct Options {
    var rounds = 5
    var taps = 30
    var flood = 100
    var json = false
    var keyboards = ["tapboard", "wvkbd"]
    var tapboard: URL?

    init(_ args: [String]) throws {
        var i = 0
        func value() throws -> String {
            i += 1
            guard i < args.count else { throw HarnessError.processFailed("\(args[i - 1]) needs a value") }
            return args[i]
        }
        while i < args.count {
            switch args[i] {
            case "--rounds": rounds = Int(try value()) ?? rounds
            case "--taps": taps = Int(try value()) ?? taps
            case "--flood": flood = Int(try value()) ?? flood
            case "--keyboards": keyboards = try value().split(separator: ",").map(String.init)
            case "--tapboard": tapboard = URL(fileURLWithPath: try value())
            case "--json": json = true
            default: throw HarnessError.processFailed("unknown option \(args[i]) (--rounds N --taps N --flood N --keyboards a,b --tapboard PATH --json)")
            }
            i += 1
        }
    }
}

/// What one start of a keyboard gave.
struct Round {
    var zoneMs: Double
    var drawnMs: Double
    var rssKiB: Int
    var latenciesMs: [Double]
    var floodSent: Int
    var floodReceived: Int
    var floodExact: Bool
    /// Where the flood's text first differs from the taps, with what came there.
    var floodMismatch: String?
}

let width = 1280, height = 800, keyboardHeight = 288

/// How to start a keyboard, and where its q and w are on the output (a y of
/// nil: its q row is found by tapping down at q's x, `findRow`).
struct Spec {
    var command: URL
    var arguments: [String]
    var q: (Int, Int?)
    var w: (Int, Int?)
    /// Started hidden, shown through sm.puri.OSK0 on a session bus of its own.
    var showsOverDBus = false
}

func keyboardSpec(_ name: String, tapboard: URL) throws -> Spec {
    switch name {
    case "tapboard":
        let frames = try PageFrames.dump(binary: tapboard, size: "\(width)x\(keyboardHeight)", page: "letters")
        guard let q = frames.key("q"), let w = frames.key("w") else { throw HarnessError.processFailed("no q or w key in tapboard's layout") }
        let top = height - keyboardHeight
        return Spec(command: tapboard, arguments: ["--backend", "wayland", "--no-suggestions", "--no-dbus"],
                    q: (Int(q.x + q.width / 2), top + Int(q.y + q.height / 2)), w: (Int(w.x + w.width / 2), top + Int(w.y + w.height / 2)))
    case "wvkbd":
        guard let wvkbd = executableOnPath("wvkbd-mobintl") else { throw HarnessError.programMissing("wvkbd-mobintl", hint: "apt-get install wvkbd") }
        // Its mobile layout: q and w begin the letters' first row, after a half-key indent
        // (keys 1280/10.5 wide); which height that row is at is found by tapping.
        return Spec(command: wvkbd, arguments: ["-L", "\(keyboardHeight)"], q: (122, nil), w: (244, nil))
    case "squeekboard":
        guard let squeekboard = executableOnPath("squeekboard") else {
            throw HarnessError.programMissing("squeekboard", hint: "apt-get install squeekboard")
        }
        // Its wide US layout: ten letter keys across the first row; its own height.
        return Spec(command: squeekboard, arguments: [], q: (64, nil), w: (192, nil), showsOverDBus: true)
    default:
        throw HarnessError.processFailed("unknown keyboard \(name) (tapboard, wvkbd, squeekboard)")
    }
}

func milliseconds(_ ns: UInt64) -> Double { Double(ns) / 1e6 }

/// A D-Bus session bus of its own (squeekboard is shown over it), and its address.
func sessionBus() throws -> (ChildProcess, String) {
    guard let daemon = executableOnPath("dbus-daemon") else { throw HarnessError.programMissing("dbus-daemon", hint: "apt-get install dbus-daemon") }
    let child = try ChildProcess(daemon, ["--session", "--nofork", "--print-address=1"])
    guard spin(.seconds(5), { child.standardOutput.contains("\n") }) else { throw HarnessError.processFailed("dbus-daemon gave no address") }
    return (child, child.standardOutput.split(separator: "\n")[0].trimmingCharacters(in: .whitespaces))
}

func residentKiB(_ pid: Int32) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}

/// Spins (sleeping 0.1 ms) until the condition holds or the time is up.
func spin(_ timeout: Duration, _ condition: () -> Bool) -> Bool {
    let end = MonotonicClock.now + UInt64(timeout.components.seconds) * 1_000_000_000 + UInt64(timeout.components.attoseconds / 1_000_000_000)
    while MonotonicClock.now < end {
        if condition() { return true }
        usleep(100)
    }
    return condition()
}

func run(_ name: String, options: Options, tapboard: URL) throws -> Round {
    var spec = try keyboardSpec(name, tapboard: tapboard)
    let sway = try HeadlessSway(width: width, height: height)
    defer { sway.stop() }
    let pointer = try WaylandPointer(sway)
    defer { pointer.close() }
    let target = try WaylandKeyTarget(sway)
    defer { target.close() }
    guard spin(.seconds(10), { target.focused && !target.heights.isEmpty }) else { throw HarnessError.processFailed("the target window never had the focus") }
    let fullHeight = target.heights.last?.height ?? height
    let rows = 4
    let before = try sway.screenshot(x: 0, y: height - 40, width: width, height: rows)
    var environment = sway.environment
    var bus: ChildProcess?
    if spec.showsOverDBus {
        let (daemon, address) = try sessionBus()
        bus = daemon
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
    }
    defer { _ = bus?.terminate() }
    let started = MonotonicClock.now
    let child = try ChildProcess(spec.command, spec.arguments, environment: environment)
    defer { _ = child.terminate() }
    if spec.showsOverDBus {
        // Shown as soon as its name answers (each try is a busctl run: a few ms of resolution).
        guard let busctl = executableOnPath("busctl") else { throw HarnessError.programMissing("busctl", hint: "apt-get install systemd") }
        guard spin(.seconds(15), {
            (try? ChildProcess.run(busctl, ["--user", "call", "sm.puri.OSK0", "/sm/puri/OSK0", "sm.puri.OSK0", "SetVisible", "b", "true"],
                                   environment: environment)) != nil
        }) else { throw HarnessError.processFailed("\(name) never answered on sm.puri.OSK0: \(child.standardError.suffix(400))") }
    }
    guard spin(.seconds(15), { (target.heights.last?.height ?? fullHeight) < fullHeight || !child.isRunning }), child.isRunning else {
        throw HarnessError.processFailed("\(name) reserved no zone: \(child.standardError)")
    }
    let zone = target.heights.last!.at - started
    // Drawn: the strip's pixels changed (grim's own time is the resolution).
    var drawnAt: UInt64 = 0
    guard spin(.seconds(15), {
        guard let now = try? sway.screenshot(x: 0, y: height - 40, width: width, height: rows), now != before else { return false }
        drawnAt = MonotonicClock.now
        return true
    }) else { throw HarnessError.processFailed("\(name) drew nothing") }
    // Resident memory a second after the start.
    let settle = started + 1_000_000_000
    if MonotonicClock.now < settle { usleep(useconds_t((settle - MonotonicClock.now) / 1000)) }
    let rss = residentKiB(child.pid)
    // A keyboard whose layout file is not read here: its q row found by tapping down at q's x.
    if spec.q.1 == nil {
        let top = target.heights.last?.height ?? (height - keyboardHeight)
        var found: Int?
        for y in stride(from: top + 4, to: height, by: 8) {
            let count = target.presses.count
            pointer.tap(spec.q.0, y)
            _ = spin(.milliseconds(300), { target.presses.count > count })
            if target.presses.count > count, target.presses[count].text == "q" {
                found = y
                break
            }
        }
        guard let row = found else { throw HarnessError.processFailed("\(name): no tap on its left edge typed q") }
        // The middle of the row: on until another key types.
        var end = row
        while end + 4 < height {
            let count = target.presses.count
            pointer.tap(spec.q.0, end + 4)
            _ = spin(.milliseconds(300), { target.presses.count > count })
            guard target.presses.count > count, target.presses[count].text == "q" else { break }
            end += 4
        }
        spec.q.1 = (row + end) / 2
        spec.w.1 = spec.q.1
    }
    let q = (spec.q.0, spec.q.1!), w = (spec.w.0, spec.w.1!)
    // Latency: the pointer rests on the key (sway moves its focus a frame after the motion), then a quick tap.
    var latencies: [Double] = []
    for i in 0 ..< options.taps {
        let (x, y) = i % 2 == 0 ? q : w
        pointer.move(to: x > 0 ? x - 1 : x + 1, y)
        usleep(50_000)
        pointer.move(to: x, y)
        let count = target.presses.count
        let pressed = MonotonicClock.now
        pointer.button(down: true)
        pointer.button(down: false)
        guard spin(.seconds(2), { target.presses.count > count }) else { continue }
        latencies.append(milliseconds(target.presses[count].at - pressed))
    }
    // The flood: quick taps on q and w in turn, 5 ms apart, as fast as a drumming hand.
    usleep(700_000)
    target.clear()
    var expected = ""
    for i in 0 ..< options.flood {
        let (x, y) = i % 2 == 0 ? q : w
        pointer.move(to: x, y)
        pointer.button(down: true)
        pointer.button(down: false)
        expected += i % 2 == 0 ? "q" : "w"
        usleep(5_000)
    }
    _ = spin(.seconds(3), { target.presses.count >= options.flood })
    usleep(300_000)
    let received = target.text
    var mismatch: String?
    if received != expected {
        let at = zip(received, expected).prefix { $0 == $1 }.count
        mismatch = "at \(at): received \(String(received.dropFirst(max(at - 3, 0)).prefix(12)).debugDescription), tapped \(String(expected.dropFirst(max(at - 3, 0)).prefix(12)).debugDescription)"
    }
    return Round(zoneMs: milliseconds(zone), drawnMs: milliseconds(drawnAt - started), rssKiB: rss, latenciesMs: latencies,
                 floodSent: options.flood, floodReceived: received.count, floodExact: received == expected, floodMismatch: mismatch)
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    guard !s.isEmpty else { return .nan }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func percentile(_ xs: [Double], _ p: Double) -> Double {
    let s = xs.sorted()
    guard !s.isEmpty else { return .nan }
    return s[min(s.count - 1, Int((Double(s.count) * p).rounded(.up)) - 1)]
}

do {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    let tapboard = try options.tapboard ?? Keyboard.locateBinary()
    var rounds: [String: [Round]] = [:]
    for r in 0 ..< options.rounds {
        // Alternated, so drift on the machine falls on both.
        for name in r % 2 == 0 ? options.keyboards : options.keyboards.reversed() {
            let round = try run(name, options: options, tapboard: tapboard)
            rounds[name, default: []].append(round)
            FileHandle.standardError.write(Data(String(format: "round %d %@: zone %.1f ms, drawn %.1f ms, RSS %d KiB, tap median %.2f ms, flood %d/%d%@\n",
                                                       r + 1, name, round.zoneMs, round.drawnMs, round.rssKiB, median(round.latenciesMs),
                                                       round.floodReceived, round.floodSent, round.floodExact ? " exact" : " (\(round.floodMismatch ?? ""))").utf8))
        }
    }
    var table: [[String: Any]] = []
    for name in options.keyboards {
        let rs = rounds[name] ?? []
        let taps = rs.flatMap(\.latenciesMs)
        table.append([
            "keyboard": name,
            "startup_zone_ms": median(rs.map(\.zoneMs)),
            "startup_drawn_ms": median(rs.map(\.drawnMs)),
            "rss_kib": Int(median(rs.map { Double($0.rssKiB) })),
            "tap_median_ms": median(taps), "tap_p90_ms": percentile(taps, 0.9),
            "taps_answered": taps.count, "taps_sent": rs.count * options.taps,
            "flood_received": rs.map(\.floodReceived).reduce(0, +), "flood_sent": rs.map(\.floodSent).reduce(0, +),
            "flood_exact_rounds": rs.filter(\.floodExact).count, "rounds": rs.count,
        ])
    }
    if options.json {
        let data = try JSONSerialization.data(withJSONObject: table, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    } else {
        print("| keyboard | start-up, zone reserved (ms) | start-up, drawn (ms) | RSS (KiB) | tap latency median / p90 (ms) | flood received (exact rounds) |")
        print("|---|---:|---:|---:|---:|---:|")
        for row in table {
            print(String(format: "| %@ | %.1f | %.0f | %d | %.2f / %.2f | %d of %d (%d of %d) |",
                         row["keyboard"] as! String, row["startup_zone_ms"] as! Double, row["startup_drawn_ms"] as! Double,
                         row["rss_kib"] as! Int, row["tap_median_ms"] as! Double, row["tap_p90_ms"] as! Double,
                         row["flood_received"] as! Int, row["flood_sent"] as! Int, row["flood_exact_rounds"] as! Int, row["rounds"] as! Int))
        }
    }
} catch {
    FileHandle.standardError.write(Data("tapbench-wayland: \(error)\n".utf8))
    exit(1)
}
