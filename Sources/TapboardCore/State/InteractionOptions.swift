/// Options of the interaction, with the defaults of a phone keyboard.
public struct InteractionOptions: Hashable, Sendable {
    /// Shift on at start and after ". ", "! ", "? " and return.
    public var autoShift: Bool
    /// The longest gap between two shift taps that makes caps lock.
    public var doubleTapInterval: Duration
    /// How long a repeating key is held before it repeats.
    public var repeatDelay: Duration
    /// The time between repeats.
    public var repeatInterval: Duration
    /// How long a key with callouts is held before they open.
    public var calloutDelay: Duration

    /// Makes options; the defaults are the usual ones.
    public init(autoShift: Bool = true, doubleTapInterval: Duration = .milliseconds(300),
                repeatDelay: Duration = .milliseconds(500), repeatInterval: Duration = .microseconds(66_667),
                calloutDelay: Duration = .milliseconds(400)) {
        self.autoShift = autoShift
        self.doubleTapInterval = doubleTapInterval
        self.repeatDelay = repeatDelay
        self.repeatInterval = repeatInterval
        self.calloutDelay = calloutDelay
    }
}
