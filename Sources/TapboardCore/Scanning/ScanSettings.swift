/// How a switch user moves through the keys (`--scan`).
public enum ScanMode: String, CaseIterable, Hashable, Sendable {
    /// One switch: the highlight moves by itself, row by row, then key by key in the row chosen; the switch selects.
    case auto
    /// Two switches: one moves the highlight to the next row or key, the other selects.
    case step
    /// Arrow-like switches move the highlight from key to key in their direction; another selects.
    case directed
}

/// What a switch does when pressed (`--switch [ROLE=]KEY`).
public enum SwitchRole: String, CaseIterable, Hashable, Sendable {
    /// Selects the highlighted row or key (every mode); in auto scan, also starts the scan.
    case select
    /// Moves to the next row or key (step scan).
    case next
    /// Move the highlight to the key above, below, left or right (directed scan).
    case up, down, left, right

    /// The roles switches take in a mode when none is named, in the order they are given.
    public static func defaults(for mode: ScanMode) -> [SwitchRole] {
        switch mode {
        case .auto: [.select]
        case .step: [.next, .select]
        case .directed: [.right, .down, .select, .left, .up]
        }
    }
}

/// Switch scanning's settings: its mode and timing (`--scan`, the scan file).
public struct ScanSettings: Hashable, Sendable {
    /// How the highlight moves.
    public var mode: ScanMode
    /// How long each row or key stays highlighted in auto scan; in step and
    /// directed scan, how often a held switch moves it again.
    public var interval: Duration
    /// Added to the first item each time a row or the rows are entered, to find where the scan is.
    public var firstItemDelay: Duration
    /// How many times auto scan goes through the rows with no select before it
    /// stops (until the switch is pressed), and through a row's keys before it goes back to the rows.
    public var cycles: Int
    /// A switch that moves the highlight, held this long, moves it again every interval while held (user scan).
    public var holdThreshold: Duration
    /// How long the selected key flashes.
    public var flash: Duration

    /// The shortest time from one flash's start to the next: at most three a
    /// second, under the rate that can set off photosensitive seizures.
    public static let flashSpacing: Duration = .milliseconds(334)

    /// Settings with the defaults; the first item's delay is half the interval unless given.
    public init(mode: ScanMode = .auto, interval: Duration = .milliseconds(1000), firstItemDelay: Duration? = nil,
                cycles: Int = 3, holdThreshold: Duration = .milliseconds(500), flash: Duration = .milliseconds(200)) {
        self.mode = mode; self.interval = interval; self.firstItemDelay = firstItemDelay ?? interval / 2
        self.cycles = cycles; self.holdThreshold = holdThreshold; self.flash = flash
    }
}
