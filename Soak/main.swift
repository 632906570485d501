import CX11
import Foundation
import TapboardTestKit

// tapsoak [EVENTS] [--seed N]: random pointer traffic on the real keyboard at
// full speed under a private Xvfb (taps, drags across keys, long presses into
// callouts, page and layout switches, presses released outside the window,
// other buttons, bursts of motion), then checks that the keyboard is alive and
// answers, its RSS grew by less than 2 MB after the first 10% of the run, no key
// is down, the keymap is as before, and the target received exactly what the
// keyboard says it typed (`tapboard events --keys`).

var events = 100_000
var seed = UInt64.random(in: 1 ... 1_000_000)
var arguments = CommandLine.arguments.dropFirst()
while let a = arguments.popFirst() {
    if a == "--seed", let v = arguments.popFirst().flatMap(UInt64.init) { seed = v }
    else if let n = Int(a), n > 0 { events = n }
    else {
        FileHandle.standardError.write("usage: tapsoak [EVENTS] [--seed N]\n".data(using: .utf8)!)
        exit(2)
    }
}

/// The command that runs this soak again with the same events and seed (timing aside, the same traffic).
let replay: String = {
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return "\(exe) \(events) --seed \(seed)"
}()


/// The emoji page's group keys (the recently used, then nine groups).
enum EmojiGroupCount { static let keys = 10 }

func say(_ line: String) { FileHandle.standardOutput.write((line + "\n").data(using: .utf8)!) }

func rssKiB(_ pid: pid_t) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}

/// What `tapboard events --keys` says was typed, as the text an application reads.
func publishedText(_ output: String) -> String {
    var text = ""
    for line in output.split(separator: "\n") {
        guard let data = line.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              object["event"] as? String == "key" else { continue }
        if let t = object["text"] as? String { text += t }
        if let name = object["keysym"] as? String { text += TargetWindow.text(of: XStringToKeysym(name)) }
    }
    return text
}

/// How many characters of `typed` are missing from `received`: those left out
/// of the longest run of characters both have in the same order.
func lost(_ typed: String, _ received: String) -> Int {
    let a = Array(typed.unicodeScalars), b = Array(received.unicodeScalars)
    var row = [Int](repeating: 0, count: b.count + 1)
    for x in a {
        var diagonal = 0
        for j in b.indices {
            let above = row[j + 1]
            row[j + 1] = x == b[j] ? diagonal + 1 : max(row[j + 1], row[j])
            diagonal = above
        }
    }
    return a.count - row[b.count]
}

nonisolated(unsafe) var failures: [String] = []
/// Characters the keyboard says it typed, the target received, and typed but never received.
nonisolated(unsafe) var typedCount = 0, receivedCount = 0, lostCount = 0
func check(_ ok: Bool, _ what: String) {
    say("  \(ok ? "ok  " : "FAIL") \(what)")
    if !ok { failures.append(what) }
}

do {
    let desktop = try Desktop()
    let before = desktop.tapper.keyboardMapping()
    // No settings page: random taps there would change the layouts and theme under the soak.
    let keyboard = try desktop.launchKeyboard(arguments: ["--layouts", "en-US,ru", "--publish-keys", "--settings", "none"])
    let listener = try desktop.listen(["--keys"])
    let area = keyboard.actual
    let tapper = desktop.tapper
    var random = SeededGenerator(seed: seed)
    say("tapsoak: \(events) events, seed \(seed), keyboard pid \(keyboard.child.pid) at \(area)")

    func inside() -> ScreenPoint {
        area.screenPoint(x: Double.random(in: 1 ..< Double(area.width - 1), using: &random),
                         y: Double.random(in: 1 ..< Double(area.height - 1), using: &random))
    }
    func outside() -> ScreenPoint {
        ScreenPoint(x: Int32.random(in: 0 ..< 1280, using: &random), y: Int32.random(in: 0 ..< Int32(area.y), using: &random))
    }

    // Warm-up: each page's first showing once, before the traffic, so that the
    // growth checked after its first 10% is growth, not a first use: the emoji
    // page reads its files, opens the emoji font and (for the flags) HarfBuzz.
    // Until the keyboard has done with what it was given: its CPU time stops
    // moving (two reads 200 ms apart agree); each page is drawn, not only switched past.
    func settle() {
        func cpuTime() -> String {
            (try? String(contentsOfFile: "/proc/\(keyboard.child.pid)/stat", encoding: .utf8))
                .map { $0.split(separator: " ").dropFirst(13).prefix(2).joined(separator: " ") } ?? ""
        }
        tapper.sync()
        var cpu = cpuTime()
        while true {
            usleep(200_000)
            let now = cpuTime()
            if now == cpu { return }
            cpu = now
        }
    }
    // Each layout's emoji words are read at its first emoji page; the flags are shaped (HarfBuzz).
    for _ in 0 ..< 2 {
        try keyboard.tap("letters", "page:emoji")
        settle()
        for group in 2 ... EmojiGroupCount.keys {
            try keyboard.tap("emoji", "emoji-group-\(group)")
            settle()
        }
        try keyboard.tap("emoji", "page:clipboard")
        try keyboard.tap("clipboard", "page:letters")
        try keyboard.tap("letters", "layout:next")
        settle()
    }

    let start = ContinuousClock.now
    var sent = 0, rssAtTenth = 0, longPresses = 0
    while sent < events {
        if rssAtTenth == 0, sent >= events / 10 {
            tapper.sync()
            rssAtTenth = rssKiB(keyboard.child.pid)
        }
        let roll = Int.random(in: 0 ..< 1000, using: &random)
        switch roll {
        case 0 ..< 550:  // a tap
            tapper.queueMotion(to: inside()); tapper.queueButton(down: true); tapper.queueButton(down: false)
            sent += 3
        case 550 ..< 700:  // a drag across keys
            tapper.queueMotion(to: inside()); tapper.queueButton(down: true)
            let steps = Int.random(in: 2 ... 8, using: &random)
            for _ in 0 ..< steps { tapper.queueMotion(to: inside()) }
            tapper.queueButton(down: false)
            sent += steps + 3
        case 700 ..< 760:  // pressed inside, released outside the window
            tapper.queueMotion(to: inside()); tapper.queueButton(down: true)
            tapper.queueMotion(to: outside()); tapper.queueButton(down: false)
            sent += 4
        case 760 ..< 800:  // other buttons
            tapper.queueMotion(to: inside())
            tapper.otherButton(UInt32.random(in: 2 ... 5, using: &random))
            sent += 3
        case 800 ..< 960:  // a burst of motion, no button
            let steps = Int.random(in: 5 ... 30, using: &random)
            for _ in 0 ..< steps { tapper.queueMotion(to: inside()) }
            sent += steps
        case 960 ..< 990:  // a short hold: repeats backspace if it is one
            tapper.queueMotion(to: inside()); tapper.queueButton(down: true); tapper.flush()
            usleep(UInt32.random(in: 50_000 ... 150_000, using: &random))
            tapper.queueButton(down: false)
            sent += 3
        default:  // a long press into a callout (rarer with long runs: each waits past the callout delay)
            if Int.random(in: 0 ..< max(1, events / 5000), using: &random) == 0 {
                tapper.queueMotion(to: inside()); tapper.queueButton(down: true); tapper.flush()
                usleep(450_000)
                tapper.queueMotion(to: ScreenPoint(x: Int32.random(in: 0 ..< 1280, using: &random),
                                                   y: Int32(area.y) + Int32.random(in: -80 ..< 40, using: &random)))
                tapper.queueButton(down: false)
                sent += 4
                longPresses += 1
            }
        }
        tapper.flush()
        // The target reads as it goes, as a live application does: one that reads
        // late sees borrowed keycodes as they are when it reads (see SpareKeycodes.reuseAge).
        desktop.target.handlePending()
        // The hide key may have hidden it: shown again now and then (SIGUSR1).
        if sent % 500 < 4 { keyboard.child.send(SIGUSR1) }
    }
    tapper.sync()
    let elapsed = ContinuousClock.now - start
    say("sent \(sent) events (\(longPresses) long presses) in \(elapsed), \(Int(Double(sent) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))) events/s")

    // Everything typed arrives: the published text and the target's text stop changing and agree.
    var lastChange = ContinuousClock.now, seen = (0, 0)
    let settle = Deadline(.seconds(60))
    while !settle.hasPassed {
        desktop.target.handleEvents(until: Deadline(.milliseconds(100)))
        let now = (desktop.target.text.unicodeScalars.count, listener.standardOutput.utf8.count)
        if now != seen { seen = now; lastChange = ContinuousClock.now }
        if ContinuousClock.now - lastChange > .seconds(2) { break }
    }
    let rssEnd = rssKiB(keyboard.child.pid)
    let typed = publishedText(listener.standardOutput)
    let received = desktop.target.text
    typedCount = typed.unicodeScalars.count
    receivedCount = received.unicodeScalars.count
    lostCount = lost(typed, received)
    say("typed \(typed.unicodeScalars.count) characters; RSS \(rssAtTenth) KiB at 10%, \(rssEnd) KiB at the end")

    check(keyboard.isRunning, "the keyboard is alive")
    let show = try ChildProcess(try Keyboard.locateBinary(), ["show", "--display", desktop.xvfb.displayName])
    check(show.wait(until: Deadline(.seconds(5))) == .exited(0), "it answers a command (tapboard show)")
    check(rssEnd - rssAtTenth < 2048, "RSS grew by less than 2 MB after the first 10% (\(rssEnd - rssAtTenth) KiB)")
    check(tapper.keysDown().isEmpty, "no key is down (\(tapper.keysDown()))")
    check(received == typed, "the target received what the keyboard says it typed (\(received.unicodeScalars.count) vs \(typed.unicodeScalars.count) characters)")
    if received != typed {
        let common = zip(received.unicodeScalars, typed.unicodeScalars).prefix { $0 == $1 }.count
        say("    first difference at character \(common): before \(String(typed.unicodeScalars.prefix(common)).unicodeScalars.map { String($0.value, radix: 16) }), received \(String(received.unicodeScalars.dropFirst(common).prefix(20)).debugDescription), typed \(String(typed.unicodeScalars.dropFirst(common).prefix(20)).debugDescription)")
        // The presses around it, as the target read them (modifiers add none of the text, so a few more).
        say("    presses up to there:\n" + desktop.target.pressLog.split(separator: "\n").prefix(common + 12).suffix(16).joined(separator: "\n"))
    }
    let status = keyboard.terminate()
    check(status == .exited(0), "SIGTERM: exit 0 (\(status.map(\.description) ?? "no exit"))")
    check(tapper.keyboardMapping() == before, "the keymap equals the one before start")
    check(keyboard.standardError.isEmpty, "nothing on stderr\(keyboard.standardError.isEmpty ? "" : ": " + keyboard.standardError.prefix(300))")
} catch {
    say("tapsoak: \(error) (seed \(seed))")
    say("replay: \(replay)")
    exit(2)
}
// One line for scripts (scripts/soak-seeds reads it): the seed, what was typed and what arrived.
say("tapsoak: seed \(seed), \(events) events, typed \(typedCount), received \(receivedCount), lost \(lostCount): "
    + (failures.isEmpty ? "passed" : "FAILED: \(failures.joined(separator: "; "))"))
if !failures.isEmpty { say("replay: \(replay)") }
exit(failures.isEmpty ? 0 : 1)
