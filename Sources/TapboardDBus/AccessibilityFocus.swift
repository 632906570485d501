import CTapboardBus
import Glibc
import TapboardCore

/// Why the focus cannot be followed.
public struct AccessibilityError: Error, CustomStringConvertible {
    /// One line: no session bus, no accessibility bus.
    public var description: String
}

/// The focus as the accessibility bus (AT-SPI) tells it: a field of some kind
/// taking it, or the focus leaving every field, and the focused text field's
/// caret with the text before it. Read with sd-bus on the accessibility bus (no
/// GLib, no libatspi); it turns `org.a11y.Status` `IsEnabled` on, which
/// Chromium waits for. The C client only sends requests and relays what
/// arrives; `AccessibleFocusTracker` (TapboardCore) decides everything: which
/// object is the focused field and of what kind, what to ask of which object,
/// the walk for what has the focus at start, whose caret is read (never a
/// password field's). This class carries events from the one to the other and
/// requests back.
public final class AccessibilityFocus {
    private var a11y: OpaquePointer?
    /// Every decision.
    private var tracker = AccessibleFocusTracker(ownProcess: UInt32(bitPattern: getpid()))
    /// What was heard since `process()` last returned, in order.
    private var heard: [SessionInput] = []

    /// Connects and starts looking for what has the focus already; what it hears comes out of `process()`.
    public init() throws(AccessibilityError) {
        var error = [CChar](repeating: 0, count: 256)
        var opened: OpaquePointer?
        let context = Unmanaged.passUnretained(self).toOpaque()
        let handler: tb_a11y_handler = { context, event in
            guard let context, let event, let relayed = AccessibilityFocus.event(event.pointee) else { return }
            Unmanaged<AccessibilityFocus>.fromOpaque(context).takeUnretainedValue().handle(relayed)
        }
        guard tb_a11y_open(&opened, handler, context, &error, error.count) >= 0, let opened else {
            throw AccessibilityError(description: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        a11y = opened
        // What has the focus already (a kiosk's application usually starts first).
        carry(tracker.start())
    }

    deinit { tb_a11y_close(a11y) }

    /// The accessibility bus's address (`unix:path=...`), as the session bus gave it.
    public var busAddress: String { a11y.map { String(cString: tb_a11y_address($0)) } ?? "" }

    /// The connection's descriptor, for the keyboard's loop.
    public var fileDescriptor: Int32 { a11y.map { tb_a11y_fd($0) } ?? -1 }

    /// Handles what has arrived: the focus changes and caret reports heard, in
    /// order, as the session's inputs; `connected` is false when the connection
    /// is gone (then it is closed).
    public func process() -> (heard: [SessionInput], connected: Bool) {
        guard let a11y else { return ([], false) }
        let connected = tb_a11y_process(a11y) >= 0
        if !connected {
            tb_a11y_close(a11y)
            self.a11y = nil
        }
        defer { heard = [] }
        return (heard, connected)
    }

    /// One relayed event through the tracker.
    private func handle(_ event: AccessibleEvent) {
        carry(tracker.handle(event))
    }

    /// Sends what the tracker asks and keeps what it reports; a request that
    /// cannot be sent goes back to it as failed, in turn.
    private func carry(_ outcome: AccessibleFocusTracker.Outcome) {
        var outcomes = [outcome]
        var next = 0
        while next < outcomes.count {
            heard += outcomes[next].reports
            for request in outcomes[next].requests where !send(request) {
                outcomes.append(tracker.handle(.answered(request: request.id, .failed)))
            }
            next += 1
        }
    }

    /// Sends a request; false when it could not be.
    private func send(_ request: AccessibleRequest) -> Bool {
        guard let a11y else { return false }
        let (question, start, end): (tb_a11y_question, Int32, Int32) = switch request.question {
        case .process: (TB_ASK_PROCESS, 0, 0)
        case .role: (TB_ASK_ROLE, 0, 0)
        case .states: (TB_ASK_STATES, 0, 0)
        case .extents: (TB_ASK_EXTENTS, 0, 0)
        case .children: (TB_ASK_CHILDREN, 0, 0)
        case .caretOffset: (TB_ASK_CARET_OFFSET, 0, 0)
        case .text(let from, let to): (TB_ASK_TEXT, Int32(clamping: from), Int32(clamping: to))
        }
        return tb_a11y_ask(a11y, request.id, question, request.object.sender, request.object.path, start, end) >= 0
    }

    /// A relayed C event as the tracker's; nil for a signal without its object.
    private static func event(_ e: tb_a11y_event) -> AccessibleEvent? {
        if e.type == TB_EVENT_REPLY { return .answered(request: e.request, e.failed != 0 ? .failed : answer(e)) }
        guard let sender = e.sender, let path = e.path else { return nil }
        let object = AccessibleObject(sender: String(cString: sender), path: String(cString: path))
        switch e.type {
        case TB_EVENT_FOCUSED_STATE: return .focusedStateChanged(object, gained: e.detail != 0)
        case TB_EVENT_FOCUS: return .focused(object)
        case TB_EVENT_BOUNDS_CHANGED: return .boundsChanged(object)
        case TB_EVENT_CARET_MOVED: return .caretMoved(object, offset: Int(e.detail))
        default: return nil
        }
    }

    /// A reply's answer, of the kind its question asked for.
    private static func answer(_ e: tb_a11y_event) -> AccessibleAnswer {
        switch e.question {
        case TB_ASK_PROCESS: return .process(e.number)
        case TB_ASK_ROLE: return .role(e.number)
        case TB_ASK_STATES: return .states(e.states)
        case TB_ASK_EXTENTS:
            return .extents(Rect(x: Int(e.extents.0), y: Int(e.extents.1), width: Int(e.extents.2), height: Int(e.extents.3)))
        case TB_ASK_CHILDREN:
            guard let list = e.children else { return .children([]) }
            return .children((0 ..< e.child_count).compactMap { i in
                guard let sender = list[2 * i], let path = list[2 * i + 1] else { return nil }
                return AccessibleObject(sender: String(cString: sender), path: String(cString: path))
            })
        case TB_ASK_CARET_OFFSET: return .caretOffset(Int(e.offset))
        case TB_ASK_TEXT: return e.text.map { .text(String(cString: $0)) } ?? .failed
        default: return .failed
        }
    }
}
