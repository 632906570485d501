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
    /// The protocol object.
    private let method: InputMethodObject
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

    init(_ method: InputMethodObject) {
        self.method = method
        method.heard = { [unowned self] in self.heard($0) }
    }

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
        method.commit(text, serial: serial)
        // As the field will say it is, until it does.
        if let (head, tail) = split() { current.text = head + text + tail }
        current.cursor += text.utf8.count
    }

    /// Deletes the character before the caret in the field, when the text
    /// before it is known and not empty; false (nothing done) otherwise.
    func deleteBefore() -> Bool {
        guard let last = before.last else { return false }
        let length = String(last).utf8.count
        method.deleteBefore(bytes: length, serial: serial)
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

    /// One event of the input method.
    private func heard(_ event: InputMethodObject.Event) {
        switch event {
        case .activate:
            // A new activation starts from nothing: no text, no content type (the protocol says so).
            pending = State(active: true)
        case .deactivate: pending.active = false
        case let .surroundingText(text, cursor):
            pending.text = text
            pending.cursor = cursor
        case let .contentType(hint, purpose):
            pending.hint = hint
            pending.purpose = purpose
        case .done:
            serial &+= 1
            apply()
        case .unavailable:
            unavailable = true
            if current.active { inputs.append(.focusChanged(nil)) }
            current = State()
        }
    }
}
