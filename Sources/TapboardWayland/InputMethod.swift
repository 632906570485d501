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
    /// How many `done` events came: a commit names the state it applies to.
    private var serial: UInt32 = 0
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

    /// Whether text goes to the field as committed text: a text input is
    /// enabled, and it is no terminal (which wants keys, as typed).
    var commitsText: Bool { current.active && !unavailable && fieldKind != .terminal }

    /// Sends text to the field, as an input method commits it (any character,
    /// no keymap needed); nothing else is inserted meanwhile.
    func commit(_ text: String) {
        zwp_input_method_v2_commit_string(method, text)
        zwp_input_method_v2_commit(method, serial)
        // As the field will say it is, until it does.
        if let (head, tail) = split() { current.text = head + text + tail }
        current.cursor += text.utf8.count
    }

    /// Deletes the character before the caret in the field, when the text
    /// before it is known and not empty; false (nothing done) otherwise.
    func deleteBefore() -> Bool {
        guard let last = before.last else { return false }
        let length = String(last).utf8.count
        zwp_input_method_v2_delete_surrounding_text(method, UInt32(length), 0)
        zwp_input_method_v2_commit(method, serial)
        if let (head, tail) = split() { current.text = String(head.dropLast()) + tail }
        current.cursor -= length
        return true
    }

    /// The field's text before the caret, as last told.
    private var before: String { split()?.head ?? "" }

    /// The field's text before and after the caret (a byte offset), as last told.
    private func split() -> (head: String, tail: String)? {
        guard let text = current.text else { return nil }
        let bytes = Array(text.utf8)
        let cut = min(max(current.cursor, 0), bytes.count)
        return (String(decoding: bytes[..<cut], as: UTF8.self), String(decoding: bytes[cut...], as: UTF8.self))
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
        done: { data, _ in
            let me = me(data)
            me.serial &+= 1
            me.apply()
        },
        unavailable: { data, _ in
            let me = me(data)
            me.unavailable = true
            if me.current.active { me.inputs.append(.focusChanged(nil)) }
            me.current = State()
        }
    )
}
