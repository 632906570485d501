/// Why one keyboard's run stopped; the message goes into its column.
enum BenchError: Error, CustomStringConvertible {
    /// The program did not start or map its window.
    case didNotStart(String)
    /// Its window is not the size its key table is for.
    case wrongWindowSize(String)
    /// Tapping a key typed nothing.
    case keyTypedNothing(key: Character)
    /// Tapping a key typed another keysym, or more than one key.
    case wrongKey(key: Character, got: String)
    /// A keyboard that shows by itself (`reveal`) was still running but had not shown its window.
    case neverShown(Duration)
    /// It exited while being measured.
    case exited(String)
    /// Something the bench needs is missing or failed.
    case setup(String)
    /// A round of a paired run lost or garbled taps: its figure would not compare like with like.
    case pairedRoundUnclean(keyboard: String, counts: String)

    var description: String {
        switch self {
        case .didNotStart(let why): return "did not start: \(why)"
        case .wrongWindowSize(let why): return "wrong window size: \(why)"
        case .keyTypedNothing(let key): return "the key \(Self.name(key)) typed nothing when tapped at its centre"
        case .wrongKey(let key, let got): return "the key \(Self.name(key)) typed \(got)"
        case .neverShown(let timeout): return "never shown (its window was not mapped within \(timeout))"
        case .exited(let why): return "exited during the run: \(why)"
        case .setup(let why): return why
        case .pairedRoundUnclean(let keyboard, let counts): return "a paired round on \(keyboard) was not typed cleanly (lost/doubled/wrong \(counts))"
        }
    }

    /// `"a"` or `space`.
    static func name(_ key: Character) -> String { key == " " ? "space" : "\"\(key)\"" }
}
