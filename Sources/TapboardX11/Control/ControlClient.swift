import CX11
import Glibc
import TapboardCore

/// A control client's connection to the keyboard running on a display
/// (`tapboard show`, `type`, `events`): finds it through the selection, hears
/// when it goes, sends it requests and reads what it says back. Requests and
/// answers are `ControlLine` lines in properties of a window of the client's
/// (`ControlWindow.requestProperty`, `answerProperty`), rung for by a
/// ClientMessage. The waiting (signals, time) is the caller's:
/// `fileDescriptor` goes into its `poll()`.
public final class ControlClient: ControlChannel {
    private let display: XDisplay
    /// The running keyboard's control window.
    private let owner: Window
    /// The window of our own the requests wait in and the answers come to; made when first needed.
    private var helper: Window?
    /// A published event's line until its last piece comes (`EventWire`).
    private var eventLine: [UInt8] = []
    /// Messages read and not yet asked for (one answer property may hold several).
    private var queued: [ControlMessage] = []
    /// Whether requests wait in the helper's property that the keyboard has not taken.
    private var untaken = false

    /// Connects to the display (`$DISPLAY` when nil) and finds the keyboard there.
    public init(displayName: String?) throws {
        display = try XDisplay.open(name: displayName)
        owner = display.selectionOwner(ControlWindow.selection(screen: display.screen))
        guard owner != 0 else { throw X11Error.notRunning(display.name) }
        // Its DestroyNotify comes when the keyboard has gone.
        display.selectInput(owner, StructureNotifyMask)
    }

    /// The helper window goes first: the keyboard stops typing for a requester whose window goes.
    deinit { if let helper { display.destroy(helper) } }

    /// The display's name as opened.
    public var displayName: String { display.name }

    /// The connection's descriptor, for `poll()`.
    public var fileDescriptor: Int32 { display.fileDescriptor }

    /// Sends a request: its line at the end of the helper's request property,
    /// then a ClientMessage naming the helper; waits until the server has both.
    public func send(_ request: ControlClientRequest) {
        let requester = helperWindow()
        display.appendProperty(ControlWindow.requestProperty, of: requester, utf8: ControlLine.encode(request))
        var event = display.clientMessage(ControlWindow.commandType, to: owner)
        event.xclient.data.l.1 = Int(bitPattern: UInt(requester))
        display.send(event, to: owner)
        display.sync()
    }

    /// Waits until the keyboard has taken every request (deleted the property):
    /// the helper, and the requests in it, go with this client.
    public func delivered(within timeout: Duration) -> Bool {
        let end = Self.monotonicNow() + timeout
        display.sync()
        while true {
            while display.hasEvents() { read(display.nextEvent()) }
            if !untaken { return true }
            let now = Self.monotonicNow()
            if queued.contains(.gone) || now >= end { return false }
            var pfd = pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let (seconds, attoseconds) = (end - now).components
            _ = poll(&pfd, 1, Int32(clamping: max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)))
        }
    }

    /// CLOCK_MONOTONIC, not `ContinuousClock.now`: that is in Swift's concurrency
    /// runtime, and this file is linked into the keyboard, which would then carry
    /// the runtime and libdispatch (~120 KiB more resident at start).
    private static func monotonicNow() -> Duration {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return .seconds(ts.tv_sec) + .nanoseconds(ts.tv_nsec)
    }

    /// The next message of those that have arrived (reading the connection
    /// once if none is queued); nil when there is none yet.
    public func pendingMessage() -> ControlMessage? {
        while queued.isEmpty, display.hasEvents() { read(display.nextEvent()) }
        return queued.isEmpty ? nil : queued.removeFirst()
    }

    /// The next message, waiting for it.
    public func nextMessage() -> ControlMessage {
        while queued.isEmpty { read(display.nextEvent()) }
        return queued.removeFirst()
    }

    /// Takes what an event says: the keyboard gone, requests taken, answers, published events.
    private func read(_ e: XEvent) {
        if e.type == DestroyNotify && e.xdestroywindow.window == owner {
            queued.append(.gone)
            return
        }
        guard let helper else { return }
        if e.type == PropertyNotify, e.xproperty.window == helper {
            if e.xproperty.atom == display.atom(ControlWindow.requestProperty) {
                untaken = e.xproperty.state == PropertyNewValue
            } else if e.xproperty.atom == display.atom(ControlWindow.answerProperty), e.xproperty.state == PropertyNewValue {
                takeAnswers(from: helper)
            }
            return
        }
        guard e.type == ClientMessage, e.xclient.window == helper else { return }
        if let event = EventWire.decode(e.xclient, display: display, line: &eventLine) { queued.append(.event(event)) }
    }

    /// Reads and deletes the answers waiting in the helper's property (a line
    /// that cannot be read is dropped: keyboard and client come from one build).
    private func takeAnswers(from helper: Window) {
        guard let taken = display.takeProperty(display.atom(ControlWindow.answerProperty), of: helper, maxBytes: 1 << 26, delete: true) else { return }
        for line in ControlLine.lines(String(decoding: taken.bytes, as: UTF8.self)) {
            if let message = ControlLine.message(line) { queued.append(message) }
        }
    }

    private func helperWindow() -> Window {
        if let helper { return helper }
        // Its PropertyNotify events say when requests are taken and answers come.
        let made = display.createWindow(.inputOnly, overrideRedirect: true, eventMask: PropertyChangeMask)
        helper = made
        return made
    }
}
