/// The library's observers of published events (`OnScreenKeyboard.observe`),
/// by number, as both backends keep them.
public struct EventObservers {
    private var handlers: [(id: Int, names: Set<String>?, handler: (PublishedEvent) -> Void)] = []
    private var last = 0
    /// Whether typed text may reach observers at all (`--keys` on the keyboard).
    public let keysAllowed: Bool

    public init(keysAllowed: Bool) { self.keysAllowed = keysAllowed }

    /// Whether anyone observes.
    public var isEmpty: Bool { handlers.isEmpty }

    /// Adds an observer of some event names (nil: all); returns its number.
    public mutating func add(names: Set<String>?, _ handler: @escaping (PublishedEvent) -> Void) -> Int {
        last += 1
        handlers.append((last, names, handler))
        return last
    }

    /// Removes an observer.
    public mutating func remove(_ id: Int) { handlers.removeAll { $0.id == id } }

    /// Tells the observers of its name, in the order they came; what was typed only when keys are allowed.
    public func publish(_ event: PublishedEvent) {
        if event.isPrivate, !keysAllowed { return }
        for h in handlers where h.names?.contains(event.name) ?? true { h.handler(event) }
    }
}
