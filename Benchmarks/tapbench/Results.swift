/// Which edge of a tap makes a keyboard type its key.
enum FiringEdge: String, Codable {
    /// It types on button press.
    case press
    /// It types on button release.
    case release
}

/// Tap-to-KeyPress latency over many taps.
struct LatencyResult: Codable {
    /// How many taps were made.
    var taps: Int
    /// The key tapped.
    var key: String
    /// Which edge t0 was taken after.
    var edge: FiringEdge
    /// For a held key: how long the button was down before the release (t0), ms; nil for quick taps.
    var holdMilliseconds: Double?
    /// Median, ms.
    var medianMilliseconds: Double?
    /// 95th percentile (nearest rank), ms.
    var p95Milliseconds: Double?
    /// 99th percentile (nearest rank), ms.
    var p99Milliseconds: Double?
    /// Fastest, ms.
    var minMilliseconds: Double?
    /// Slowest, ms.
    var maxMilliseconds: Double?
    /// Taps after which no KeyPress came within 1 s.
    var lost: Int
    /// Typed KeyPresses beyond one per tap, or of another key.
    var extra: Int
    /// Modifier KeyPresses (Shift and the like) the keyboard sent around the keys.
    var modifierPresses: Int
    /// Every latency, ms, in tap order.
    var samples: [Double]

    /// The result of `taps` taps whose latencies were `samples`, its order statistics computed.
    init(taps: Int, key: String, edge: FiringEdge, holdMilliseconds: Double? = nil, samples: [Double],
         lost: Int, extra: Int, modifierPresses: Int) {
        self.taps = taps
        self.key = key
        self.edge = edge
        self.holdMilliseconds = holdMilliseconds
        medianMilliseconds = Statistics.median(samples)
        p95Milliseconds = Statistics.percentile(95, of: samples)
        p99Milliseconds = Statistics.percentile(99, of: samples)
        minMilliseconds = samples.min()
        maxMilliseconds = samples.max()
        self.lost = lost
        self.extra = extra
        self.modifierPresses = modifierPresses
        self.samples = samples
    }
}

/// One burst of taps spelling a sentence.
struct BurstResult: Codable {
    /// `fast` (as fast as the X server takes them) or `paced` (50 taps a second).
    var mode: String
    /// Whether a window manager (openbox) was running.
    var windowManager: Bool
    /// Taps made.
    var taps: Int
    /// Taps per second actually sent.
    var rate: Double
    /// KeyPresses that arrived, modifiers included.
    var arrived: Int
    /// Modifier KeyPresses among them (not counted as keys typed).
    var modifierPresses: Int
    /// Aligned against the expected sequence.
    var counts: AlignmentCounts
    /// The keyboard's CPU for the burst (until its last key arrived or it went quiet), per 1000 taps.
    var cpuPer1000Taps: CPUUsage
    /// The X server's CPU over the same time, per 1000 taps (it draws what the keyboard asks).
    var serverCPUPer1000Taps: CPUUsage?
    /// How long until the last key arrived, from the first tap, ms.
    var durationMilliseconds: Double
    /// Focus changes of the target during the burst, if any.
    var focusOuts: [String]
    /// The first difference between expected and typed, for reading.
    var firstDifference: String?
}

/// One keyboard's bursts under one kind of session.
struct BurstSet: Codable {
    /// Why these bursts were not measured, if they were not.
    var failure: String?
    /// As fast as the X server takes them.
    var fast: BurstResult?
    /// 50 taps a second.
    var paced: BurstResult?
    /// 8 taps a second, the start of the sentence (Tapboard's columns, no window manager).
    var hand: BurstResult?
}

/// Everything measured for one keyboard.
struct KeyboardResult: Codable {
    /// The column name.
    var name: String
    /// The program and arguments.
    var command: String?
    /// Where its key coordinates came from.
    var keySource: String
    /// Why the run stopped early, if it did ("did not start: ...", a wrong key).
    var failure: String?
    /// From exec to the window's MapNotify, ms.
    var startupMilliseconds: Double?
    /// VmRSS, RssAnon, RssFile and RssShmem 1 s after mapping.
    var memory: MemoryUsage?
    /// Threads 1 s after mapping.
    var threads: Int?
    /// CPU and wake-ups over the idle interval.
    var idle: IdleUsage?
    /// The edge it types on.
    var edge: FiringEdge?
    /// Keys verified (each typed its own keysym when tapped once).
    var verifiedKeys: String?
    /// Every startup measured (the keyboard started, mapped and stopped, then once more to keep), ms.
    var startupSamples: [Double] = []
    /// Tap latency: quick taps (press and release flushed together, or the press for a keyboard that types on press).
    var latency: LatencyResult?
    /// Latency with the key held before the release (keyboards that type on release only).
    var heldLatency: LatencyResult?
    /// Bursts without a window manager.
    var bursts: BurstSet?
    /// Bursts under openbox.
    var managedBursts: BurstSet?
    /// Other observations (focus taken, keys left down, exit status).
    var notes: [String] = []
    /// For a run of one of tapboard's modes: what it did (memory is then read 1 s after that, not after the map).
    var mode: ModeDetail?
    /// Tapboard only: its modes, each a keyboard on a server of its own.
    var modes: [KeyboardResult] = []
}

/// What a run of one of tapboard's modes (suggestions shown, after a gesture,
/// --auto-show) did on its fresh Xvfb before its memory and idle CPU were measured.
struct ModeDetail: Codable {
    /// The mode's key (`suggestions`, `swipe`, `auto-show`).
    var mode: String
    /// What was done before measuring.
    var procedure: String
    /// From the pointer leaving the keyboard after the last input to its last
    /// wake-up before 500 ms without one (its redraws and animations), ms; nil if it never went quiet.
    var settleMilliseconds: Double?
    /// The gestures' timings (the swipe mode).
    var swipe: SwipeResult?
    /// How long the first suggestions took to show, from the first tap, ms (the suggestions mode).
    var firstWordsMilliseconds: Double?
}

/// Words drawn through XTest (button held across their letters): from each
/// release to the first character in the target window.
struct SwipeResult: Codable {
    /// The words drawn, in order.
    var words: [String]
    /// What arrived after each release (a space before the word included).
    var typed: [String]
    /// Gestures whose text, spaces aside, was the word drawn.
    var matched: Int
    /// The first gesture's (which maps the word lists), ms.
    var firstMilliseconds: Double?
    /// From each release to the first KeyPress: a tap per gesture, `lost` when nothing came within 2 s.
    var latency: LatencyResult
}

/// The whole run, as written to JSON.
struct BenchReport: Codable {
    /// When it ran (ISO 8601).
    var date: String
    /// Host facts: kernel, cores, Xvfb version.
    var machine: [String: String]
    /// Parameters: taps, seed, pauses.
    var parameters: [String: String]
    /// The sentence the bursts spell.
    var sentence: String
    /// One entry per keyboard, in column order.
    var keyboards: [KeyboardResult]
    /// Figures of two keyboards measured in alternated rounds (`PairedRun`).
    var paired: [PairedResult]
    /// The printed table: rows of cells, the first row the header.
    var table: [[String]]
    /// The performance targets: each figure, its value, the target and whether it is met.
    var targets: [TargetCheck]
}
