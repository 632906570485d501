/// Where the keys of the page shown are, in window pixels, placed again only
/// when the page, the layout, the window's size or the theme changed.
struct PlacedKeys: Sendable {
    /// What the keys were placed for.
    struct Basis: Equatable, Sendable {
        var page: Int
        var generation: Int
        var size: Size
        var theme: Int
    }

    /// The keys of the page, placed.
    private(set) var frames: [KeyFrame] = []
    /// Their rectangles alone, for hit testing.
    private(set) var targets = HitTargets([])
    /// The strip's slots on the page (none without a strip): the key's index and the rank of
    /// the word it shows. Found once per page, not at every keystroke (the strip looks for its slots at each).
    private(set) var stripSlots: [(index: Int, rank: Int)] = []
    private var basis: Basis?

    /// Whether the keys are placed for this basis.
    func isPlaced(for wanted: Basis) -> Bool { basis == wanted }

    /// Places the page's keys if anything they depend on changed; whether it did.
    mutating func place(_ page: Page, for wanted: Basis, theme: Theme) -> Bool {
        guard basis != wanted else { return false }
        frames = Geometry.frames(for: page, in: wanted.size, theme: theme)
        targets = HitTargets(frames)
        stripSlots = frames.compactMap { if case .suggestion(let rank) = $0.key.action { ($0.index, rank) } else { nil } }
        basis = wanted
        return true
    }
}
