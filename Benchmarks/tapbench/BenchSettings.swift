/// What a run measures and how much.
struct BenchSettings {
    /// Taps in the latency run.
    var latencyTaps = 200
    /// Taps in each burst.
    var burstTaps = 500
    /// The idle interval, s.
    var idleSeconds = 10
    /// Launches for the startup figure (the median is reported; the last launch stays for the rest).
    var startupRuns = 7
    /// Taps in the held-key latency run.
    var heldTaps = 60
    /// How long the key is held in the held-key latency run, ms.
    var holdMilliseconds = 20
    /// The random pause before each latency tap, ms.
    var pauseMilliseconds: ClosedRange<Int> = 5...35
    /// The interval between paced burst taps, ms (50 taps a second).
    var pacedIntervalMilliseconds = 20
    /// The interval between taps at a hand's pace, ms (8 taps a second: the
    /// strip looks for words after each, where at 50 a second it waits for a pause).
    var handIntervalMilliseconds = 125
    /// Taps at a hand's pace (Tapboard's two columns, no window manager: 15 s each).
    var handTaps = 120
    /// Seed for the pauses.
    var seed: UInt64 = 1
    /// Whether to run the bursts again under openbox.
    var windowManagerRuns = true
    /// Gestures in the swipe mode (words drawn, each timed from release to its first character).
    var swipeGestures = 20
    /// Tapboard's modes to measure besides the plain keyboard; `--no-suggestions` is a column of its own.
    var modes: [ModeRunner.Mode] = ModeRunner.Mode.allCases
    /// The key tapped for latency: a plain ASCII letter every keyboard has in the
    /// server's keymap (no spare-keycode remapping, no MappingNotify).
    var latencyKey: Character = "a"

    /// Pangrams, repeated and cut to the burst length: every letter and space.
    static let pangrams = "the quick brown fox jumps over the lazy dog pack my box with five dozen liquor jugs "
        + "how vexingly quick daft zebras jump sphinx of black quartz judge my vow "

    /// The words drawn in the swipe mode, in turn: common words of two to six
    /// letters (a doubled letter in "hello" and "little"), all on the letters page.
    static let swipeWords = ["hello", "world", "this", "is", "great", "the", "quick", "brown", "fox", "jumps",
                             "over", "lazy", "dog", "time", "people", "water", "little", "house", "you", "and"]

    /// The sentence a keyboard's bursts spell: the pangrams for a full keyboard,
    /// its one key repeated for the floor.
    func sentence(for spec: KeyboardSpec) -> [Character] {
        let source = Array(Self.pangrams)
        let full = (0..<burstTaps).map { source[$0 % source.count] }
        if full.allSatisfy(spec.typeable.contains) { return full }
        let only = spec.typeable.contains(latencyKey) ? latencyKey : spec.typeable.sorted().first ?? latencyKey
        return Array(repeating: only, count: burstTaps)
    }

    /// The keys verified before measuring: those of the sentence and the latency key.
    func keysToVerify(for spec: KeyboardSpec) -> [Character] {
        Set(sentence(for: spec) + [latencyKey]).filter(spec.typeable.contains).sorted()
    }
}
