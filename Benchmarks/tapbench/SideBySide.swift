import ArgumentParser
import Foundation
import TapboardTestKit

/// `tapbench` (`tapbench side-by-side`): Tapboard side by side with other X11
/// on-screen keyboards, a minimal XTest keyboard (the floor) and a Swift + Xlib +
/// Xft program (the Swift floor), each under a fresh Xvfb, with the
/// performance targets checked. Run through scripts/bench.
struct SideBySide: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "side-by-side",
        abstract: "Measure Tapboard side by side with other X11 on-screen keyboards under Xvfb.",
        discussion: """
            Per keyboard, on a fresh Xvfb: startup (exec to MapNotify), resident memory 1 s after mapping \
            (VmRSS, RssAnon, RssFile), CPU and wake-ups over the idle interval, tap-to-KeyPress latency, and two \
            bursts spelling a sentence (as fast as the X server takes them, and 50 taps a second); then the \
            bursts again on a fresh Xvfb with openbox. The Swift floor (swiftfloor) has no keys: startup, \
            memory and idle only.

            With tapboard, also its modes (--modes): a column for --no-suggestions (everything \
            above, so CPU per 1000 taps compares suggestions on and off), and, each on a fresh Xvfb and \
            keyboard, memory and idle CPU after the strip first shows words (suggestions), after the first \
            swiped word (swipe, which also times release to first character over --swipe-gestures words), and \
            with --auto-show shown (a private dbus-daemon and accessibility bus). Memory is read 1 s after \
            the map or the action; a freshly built binary shows more file pages (VmRSS) for a while, so \
            RssAnon is printed beside it.

            Prints one table, whose last columns are the performance targets and whether each is met (tapboard's \
            VmRSS at most 1.2x the Swift floor's, each mode adding less than 4 MiB, startup no slower than the \
            fastest peer, CPU per 1000 taps with suggestions at most 1.5x without, swipe p95 at most 20 ms, no \
            CPU while idle in any mode), and writes it, with every sample and the targets, as JSON.
            """
    )

    /// Every keyboard the bench knows, in column order.
    static let allKeyboards = ["tapboard", "floor", "swiftfloor", "matchbox-keyboard", "xvkbd", "onboard"]
    /// Other names accepted for a keyboard.
    static let aliases = ["matchbox": "matchbox-keyboard", "swift-floor": "swiftfloor"]
    /// Tapboard's modes: the --no-suggestions column, then those ModeRunner measures.
    static let allModes = ["no-suggestions"] + ModeRunner.Mode.allCases.map(\.rawValue)

    @Option(name: .long, help: ArgumentHelp("Comma-separated keyboards to measure (matchbox for matchbox-keyboard).", valueName: "names"))
    var keyboards: String = allKeyboards.joined(separator: ",")

    @Option(name: .long, help: ArgumentHelp("With tapboard, its modes to measure too: \(allModes.joined(separator: ",")), or none.", valueName: "modes"))
    var modes: String = allModes.joined(separator: ",")

    @Flag(name: .long, help: "A quick look, not a result: 50 latency taps, 20 held, 200 per burst, one startup, 3 s of idling, 8 gestures.")
    var quick = false

    @Option(name: .long, help: ArgumentHelp("Where to write the JSON.", valueName: "path"))
    var out: String = "bench/results.json"

    @Option(name: .long, help: ArgumentHelp("The tapboard binary (default: next to tapbench).", valueName: "path"))
    var tapboard: String?

    @Option(name: .long, help: ArgumentHelp("The compiled floor keyboard (default: tapbench-floor next to tapbench).", valueName: "path"))
    var floor: String?

    @Option(name: .long, help: ArgumentHelp("The compiled Swift floor (default: tapbench-swiftfloor next to tapbench).", valueName: "path"))
    var swiftfloor: String?

    @Option(name: .long, help: ArgumentHelp("Words drawn in the swipe mode (default 20; 8 with --quick).", valueName: "n"))
    var swipeGestures: Int?

    @Option(name: .long, help: ArgumentHelp("Taps in the latency run (at least 200 for a result).", valueName: "n"))
    var latencyTaps: Int?

    @Option(name: .long, help: ArgumentHelp("Taps in each burst.", valueName: "n"))
    var burstTaps: Int?

    @Option(name: .long, help: "Seed for the random pauses between latency taps.")
    var seed: UInt64 = 1

    @Flag(name: .long, help: "Skip the second session with openbox.")
    var noWindowManager = false

    @Flag(name: .long, help: "Skip the paired rounds (tapboard against the floor for latency, and against --no-suggestions at 8/s).")
    var noPairs = false

    func validate() throws {
        for name in keyboardNames where !Self.allKeyboards.contains(name) {
            throw ValidationError("unknown keyboard '\(name)'; known: \(Self.allKeyboards.joined(separator: ", "))")
        }
        for mode in modeNames where !Self.allModes.contains(mode) {
            throw ValidationError("unknown mode '\(mode)'; known: \(Self.allModes.joined(separator: ", ")), none")
        }
        if let swipeGestures, swipeGestures < 1 { throw ValidationError("--swipe-gestures must be at least 1") }
        if let latencyTaps, latencyTaps < 1 { throw ValidationError("--latency-taps must be at least 1") }
        if let burstTaps, burstTaps < 1 { throw ValidationError("--burst-taps must be at least 1") }
    }

    private var keyboardNames: [String] {
        keyboards.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .map { Self.aliases[$0] ?? $0 }
    }

    private var modeNames: [String] {
        modes.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && $0 != "none" }
    }

    func run() throws {
        ChildGuard.install()
        XConnection.reportsErrors = false
        var settings = BenchSettings()
        if quick {
            settings.latencyTaps = 50
            settings.burstTaps = 200
            settings.idleSeconds = 3
            settings.startupRuns = 1
            settings.heldTaps = 20
            settings.swipeGestures = 8
        }
        settings.swipeGestures = swipeGestures ?? settings.swipeGestures
        settings.modes = modeNames.compactMap(ModeRunner.Mode.init(rawValue:))
        settings.latencyTaps = latencyTaps ?? settings.latencyTaps
        settings.burstTaps = burstTaps ?? settings.burstTaps
        settings.seed = seed
        settings.windowManagerRuns = !noWindowManager

        let here = Tapbench.executableDirectory()
        let tapboardBinary = URL(fileURLWithPath: tapboard ?? here.appendingPathComponent("tapboard").path)
        let floorBinary = URL(fileURLWithPath: floor ?? here.appendingPathComponent("tapbench-floor").path)
        let swiftFloorBinary = URL(fileURLWithPath: swiftfloor ?? here.appendingPathComponent("tapbench-swiftfloor").path)
        let specs: [KeyboardSpec] = keyboardNames.flatMap { name -> [KeyboardSpec] in
            switch name {
            case "tapboard":
                return [.tapboard(binary: tapboardBinary)]
                    + (modeNames.contains("no-suggestions")
                        ? [.tapboard(binary: tapboardBinary, name: Table.noSuggestionsName, extra: ["--no-suggestions"])] : [])
            case "floor": return [.floor(binary: floorBinary)]
            case "swiftfloor": return [.swiftFloor(binary: swiftFloorBinary)]
            case "matchbox-keyboard": return [.matchbox(executable: Self.onPath("matchbox-keyboard"))]
            case "xvkbd": return [.xvkbd(executable: Self.onPath("xvkbd"))]
            default: return [.onboard(executable: Self.onPath("onboard"))]
            }
        }

        let loadAtStart = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
            .split(separator: " ").prefix(3).joined(separator: " ")
        let runner = Runner(settings: settings) { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
        let modeRunner = ModeRunner(settings: settings, binary: tapboardBinary, log: runner.log)
        let results = specs.map { spec -> KeyboardResult in
            var result = runner.run(spec)
            if spec.name == "tapboard" { result.modes = settings.modes.map(modeRunner.run) }
            return result
        }
        let paired = noPairs ? [] : Self.pairs(specs, settings: settings, log: runner.log)
        try? FileManager.default.removeItem(at: KeyboardSpec.dataRoot)
        var table = Table(results: results)
        print(table.render())
        if !paired.isEmpty { print("\n" + table.addPairs(paired).joined(separator: "\n")) }
        let footnotes = Self.footnotes(results, settings: settings)
        if !footnotes.isEmpty { print("\n" + footnotes.joined(separator: "\n")) }

        var machine = Self.machine()
        machine["loadAverageAtStart"] = loadAtStart
        let report = BenchReport(date: ISO8601DateFormatter().string(from: Date()), machine: machine,
                                 parameters: [
                                     "latencyTaps": "\(settings.latencyTaps)", "burstTaps": "\(settings.burstTaps)",
                                     "idleSeconds": "\(settings.idleSeconds)",
                                     "pauseMilliseconds": "\(settings.pauseMilliseconds.lowerBound)-\(settings.pauseMilliseconds.upperBound)",
                                     "pacedIntervalMilliseconds": "\(settings.pacedIntervalMilliseconds)",
                                     "seed": "\(settings.seed)", "quick": "\(quick)",
                                     "startupRuns": "\(settings.startupRuns)", "heldTaps": "\(settings.heldTaps)",
                                     "holdMilliseconds": "\(settings.holdMilliseconds)",
                                     "keyboardPlacement": BenchSession.keyboardPlacement.description,
                                     "modes": modeNames.joined(separator: ","),
                                     "swipeGestures": "\(settings.swipeGestures)",
                                     "swiftFloorFont": KeyboardSpec.swiftFloorFont,
                                 ],
                                 sentence: String(Array(BenchSettings.pangrams).prefix(settings.burstTaps)),
                                 keyboards: results, paired: paired, table: table.rows, targets: table.targets)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let url = URL(fileURLWithPath: out)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(report).write(to: url)
        print("\nwritten: \(out)")
    }

    /// The paired rounds the keyboards measured allow: tapboard's latency against
    /// the floor's, its 8/s CPU against --no-suggestions'. A pair that fails is
    /// logged and left out.
    private static func pairs(_ specs: [KeyboardSpec], settings: BenchSettings, log: @escaping (String) -> Void) -> [PairedResult] {
        guard let tapboard = specs.first(where: { $0.name == "tapboard" }) else { return [] }
        let run = PairedRun(settings: settings, log: log)
        var out: [PairedResult] = []
        if let floor = specs.first(where: { $0.name == "floor" }) {
            log("paired: tapboard and the floor, latency")
            do { out.append(try run.latency(tapboard, against: floor)) } catch { log("  paired latency: \(error)") }
        }
        if let plain = specs.first(where: { $0.name == Table.noSuggestionsName }) {
            log("paired: tapboard with and without the strip, 8/s")
            do { out.append(try run.handCPU(tapboard, against: plain)) } catch { log("  paired 8/s: \(error)") }
        }
        return out
    }

    /// Notes and key sources, one line each, under the table.
    private static func footnotes(_ results: [KeyboardResult], settings: BenchSettings) -> [String] {
        var lines: [String] = []
        for r in results {
            lines.append("[\(r.name)] keys: \(r.keySource)")
            for note in r.notes { lines.append("[\(r.name)] \(note)") }
            for mode in r.modes {
                lines.append("[\(mode.name)] \(mode.command ?? "-"): \(mode.mode?.procedure ?? "")")
                if let failure = mode.failure { lines.append("[\(mode.name)] not measured: \(failure)") }
                for note in mode.notes { lines.append("[\(mode.name)] \(note)") }
            }
        }
        return lines
    }


    /// A program on PATH, or /usr/bin/NAME (reported as not installed when missing).
    private static func onPath(_ name: String) -> URL {
        executableOnPath(name) ?? URL(fileURLWithPath: "/usr/bin/\(name)")
    }

    /// Kernel, cores and the X server, for the JSON.
    private static func machine() -> [String: String] {
        var facts: [String: String] = [:]
        var names = utsname()
        uname(&names)
        facts["kernel"] = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        facts["cores"] = "\(ProcessInfo.processInfo.activeProcessorCount)"
        facts["clockTicksPerSecond"] = "\(ProcessStats.ticksPerSecond)"
        facts["loadAverageAtEnd"] = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
            .split(separator: " ").prefix(3).joined(separator: " ")
        return facts
    }
}
