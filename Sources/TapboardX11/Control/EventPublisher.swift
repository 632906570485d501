import CX11
import TapboardCore

/// Sends the keyboard's published events to the windows of `tapboard events`
/// listeners (as ClientMessages, so they go only through the X server) and to
/// the library's observers.
final class EventPublisher {
    private let display: XDisplay
    /// Whether typed text may be published at all (`--keys` on the keyboard).
    let keysAllowed: Bool
    private var listeners: [(window: Window, keys: Bool)] = []
    private var observers: EventObservers

    /// The ClientMessage type of published events.
    static let eventType = "_TAPBOARD_EVENT"

    init(display: XDisplay, keysAllowed: Bool) {
        self.display = display
        self.keysAllowed = keysAllowed
        observers = EventObservers(keysAllowed: keysAllowed)
    }

    /// Whether anyone listens (so callers can skip building events).
    var hasListeners: Bool { !listeners.isEmpty || !observers.isEmpty }

    /// A `tapboard events` window to send events to, until it is destroyed.
    func addListener(_ window: Window, keys: Bool) {
        guard !listeners.contains(where: { $0.window == window }) else { return }
        // Its DestroyNotify tells when to stop sending.
        display.selectInput(window, StructureNotifyMask)
        listeners.append((window, keys))
    }

    /// Forgets a destroyed listener window; whether it was one.
    @discardableResult
    func removeListener(_ window: Window) -> Bool {
        let before = listeners.count
        listeners.removeAll { $0.window == window }
        return listeners.count != before
    }

    /// Adds a library observer for some event names (nil: all); returns its number.
    func addObserver(names: Set<String>?, _ handler: @escaping (PublishedEvent) -> Void) -> Int {
        observers.add(names: names, handler)
    }

    /// Removes a library observer.
    func removeObserver(_ id: Int) { observers.remove(id) }

    /// Publishes an event to everyone who may hear it.
    func publish(_ event: PublishedEvent) {
        // What was typed may be a password: only when the keyboard and the listener asked.
        if event.isPrivate, !keysAllowed { return }
        observers.publish(event)
        for listener in listeners {
            if event.isPrivate, !listener.keys { continue }
            for message in EventWire.encode(event, to: listener.window, display: display) {
                display.send(message, to: listener.window)
            }
        }
    }
}
