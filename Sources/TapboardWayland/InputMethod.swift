import CWayland
import TapboardCore

/// The focus on Wayland, as an input method hears it (`zwp_input_method_v2`):
/// the compositor activates the input method while a text input of the focused
/// application is enabled (GTK's entries, foot), says what kind of field it is
/// and the text around the caret. What X hears from AT-SPI, this tells the
/// session: a field focused (a password or PIN field as `.password`, a
/// terminal as `.terminal`), the caret and the text before it, no field.
///
/// One input method a seat: when another has the seat (`unavailable`), the
/// keyboard does not follow the focus, and says so.
final class InputMethod {
    private let method: OpaquePointer
    /// Kept so the connection outlives the object made on it.
    private let connection: WaylandConnection
    /// The state being sent, applied at `done`.
    private var pending = State()
    /// The state applied.
    private var current = State()
    /// Which activation it is: each is a field of its own.
    private var activations = 0
    /// What it heard since last taken.
    private(set) var inputs: [SessionInput] = []
    /// The kind of the field active, as last told to the session.
    private var fieldKind: FocusedField.Kind = .text
    /// Set when another input method has the seat.
    private(set) var unavailable = false

    private struct State: Equatable {
        var active = false
        var text: String?
        var cursor = 0
        var purpose: UInt32 = 0
        var hint: UInt32 = 0
    }

    init(connection: WaylandConnection, manager: OpaquePointer, seat: OpaquePointer) {
        self.connection = connection
        method = zwp_input_method_manager_v2_get_input_method(manager, seat)
        zwp_input_method_v2_add_listener(method, &Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { zwp_input_method_v2_destroy(method) }

    /// Takes what was heard.
    func take() -> [SessionInput] {
        defer { inputs.removeAll(keepingCapacity: true) }
        return inputs
    }

    private var fieldID: String { "wayland-text-input-\(activations)" }

    /// The state sent is complete: the session hears what changed.
    private func apply() {
        let was = current
        current = pending
        // Text and content type last only for their activation.
        pending.text = nil
        if current.active && !was.active {
            activations += 1
        }
        if current.active {
            var kind = TextInputContent.kind(purpose: current.purpose, hint: current.hint, surrounding: current.text)
            // Once a password field, for the whole activation (an emptied mask is no plain text).
            if was.active, fieldKind == .password { kind = .password }
            if !was.active || kind != fieldKind {
                inputs.append(.focusChanged(FocusedField(id: fieldID, kind: kind)))
            }
            fieldKind = kind
            if let text = current.text, kind != .password {
                // The cursor is a byte offset into the UTF-8 text.
                let bytes = Array(text.utf8)
                let before = String(decoding: bytes[..<min(max(current.cursor, 0), bytes.count)], as: UTF8.self)
                // The text sent starts where the application chose; its start is taken as the field's.
                inputs.append(.caretMoved(CaretText(fieldID: fieldID, offset: before.unicodeScalars.count, before: before)))
            }
        } else if was.active {
            inputs.append(.focusChanged(nil))
        }
    }

    private static func me(_ data: UnsafeMutableRawPointer?) -> InputMethod { Unmanaged.fromOpaque(data!).takeUnretainedValue() }

    nonisolated(unsafe) private static var listener = zwp_input_method_v2_listener(
        activate: { data, _ in
            let me = me(data)
            // A new activation starts from nothing: no text, no content type (the protocol says so).
            me.pending = State(active: true)
        },
        deactivate: { data, _ in me(data).pending.active = false },
        surrounding_text: { data, _, text, cursor, _ in
            let me = me(data)
            me.pending.text = text.map { String(cString: $0) }
            me.pending.cursor = Int(cursor)
        },
        text_change_cause: { _, _, _ in },
        content_type: { data, _, hint, purpose in
            let me = me(data)
            me.pending.hint = hint
            me.pending.purpose = purpose
        },
        done: { data, _ in me(data).apply() },
        unavailable: { data, _ in
            let me = me(data)
            me.unavailable = true
            if me.current.active { me.inputs.append(.focusChanged(nil)) }
            me.current = State()
        }
    )
}
