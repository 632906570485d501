import CTapboardBus
import TapboardCore

/// Why the focus cannot be followed.
public struct AccessibilityError: Error, CustomStringConvertible {
    /// One line: no session bus, no accessibility bus.
    public var description: String
}

/// The focus as the accessibility bus (AT-SPI) tells it: a field of some kind
/// taking it, or the focus leaving every field. Read with sd-bus on the
/// accessibility bus (no GLib, no libatspi): the registry is asked for
/// `object:state-changed:focused`, and each newly focused object's role, state
/// and extents are asked asynchronously, so nothing waits for an application.
/// What has the focus already when it connects is looked for in the
/// applications' active windows, asynchronously too. It turns `org.a11y.Status`
/// `IsEnabled` on, which Chromium waits for. Focus in the keyboard's own process
/// is ignored. The focused text field's caret is followed too: the text before
/// it is read when the field takes the focus and after each caret move (never a
/// password field's). Which objects are fields, and where the walk for the
/// focus at start goes, TapboardCore decides (`FocusedField.Kind`, `FocusWalk`).
public final class AccessibilityFocus {
    private var a11y: OpaquePointer?
    /// What was heard since `process()` last returned, in order.
    fileprivate var heard: [SessionInput] = []

    /// Connects; what it hears comes out of `process()`.
    public init() throws(AccessibilityError) {
        var h = tb_a11y_handlers()
        h.context = Unmanaged.passUnretained(self).toOpaque()
        h.classify = { _, role, states in
            switch FocusedField.Kind(role: role, states: states) {
            case .text: Int32(TB_FOCUS_TEXT)
            case .terminal: Int32(TB_FOCUS_TERMINAL)
            case .password: Int32(TB_FOCUS_PASSWORD)
            case nil: Int32(TB_FOCUS_AWAY)
            }
        }
        h.walk_step = { _, depth, states, bestDepth in
            let step = FocusWalk.step(depth: Int(depth), states: states, bestDepth: Int(bestDepth))
            return (step.descend ? Int32(TB_WALK_DESCEND) : 0) | (step.focused ? Int32(TB_WALK_FOCUSED) : 0)
        }
        h.focus = { context, kind, id, hasExtents, extents in
            let me = Unmanaged<AccessibilityFocus>.fromOpaque(context!).takeUnretainedValue()
            let name = id.map { String(cString: $0) } ?? ""
            let rect = hasExtents != 0 && extents != nil
                ? Rect(x: Int(extents![0]), y: Int(extents![1]), width: Int(extents![2]), height: Int(extents![3])) : nil
            switch kind {
            case Int32(TB_FOCUS_TEXT): me.heard.append(.focusChanged(FocusedField(id: name, kind: .text, extents: rect)))
            case Int32(TB_FOCUS_TERMINAL): me.heard.append(.focusChanged(FocusedField(id: name, kind: .terminal, extents: rect)))
            case Int32(TB_FOCUS_PASSWORD): me.heard.append(.focusChanged(FocusedField(id: name, kind: .password, extents: rect)))
            default: me.heard.append(.focusChanged(nil))
            }
        }
        h.caret = { context, id, offset, before in
            let me = Unmanaged<AccessibilityFocus>.fromOpaque(context!).takeUnretainedValue()
            me.heard.append(.caretMoved(CaretText(fieldID: id.map { String(cString: $0) } ?? "", offset: Int(offset),
                                                  before: before.map { String(cString: $0) } ?? "")))
        }
        var error = [CChar](repeating: 0, count: 256)
        var opened: OpaquePointer?
        guard tb_a11y_open(&opened, &h, &error, error.count) >= 0, let opened else {
            throw AccessibilityError(description: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        a11y = opened
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
}
