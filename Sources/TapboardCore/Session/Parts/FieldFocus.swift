/// The text field that has the focus, as the accessibility bus and the
/// display tell it, and where its caret should be after the keyboard's keystrokes.
struct FieldFocus: Sendable {
    /// The text field that has the focus, if any.
    private(set) var field: FocusedField?
    /// Where its caret should be after the keyboard's keystrokes.
    private(set) var caret = CaretTracker()
    /// The text before the caret as far as it is known: what the keyboard typed
    /// there, or read from the field; nothing after the focus moved or a key that moves the caret.
    private(set) var before = TypedText(fromStart: false)

    /// The accessibility bus says the focus moved. Its "away from every field"
    /// is not for a terminal window it knows nothing of: that comes from an
    /// application losing the focus to the terminal, often after the window's
    /// own word. Whether it is taken (then `move(to:)`).
    func takesAccessible(_ new: FocusedField?) -> Bool {
        !(new == nil && TerminalWindows.isWindowField(field))
    }

    /// The display says the input focus moved to a terminal window (`new`), or
    /// to another window (nil): only a terminal window's field is left then; a
    /// field the accessibility bus reported is for it to end. Whether it is taken.
    func takesWindow(_ new: FocusedField?) -> Bool {
        new != nil || TerminalWindows.isWindowField(field)
    }

    /// The focus moved to a field or (nil) away from every field; the field it left.
    mutating func move(to new: FocusedField?) -> FocusedField? {
        let previous = field
        field = new
        return previous
    }

    /// What was typed is not before the caret any more: where it is is not known.
    mutating func forgetCaret() {
        caret = CaretTracker()
        before = TypedText(fromStart: false)
    }

    /// The text before the caret was read from the field.
    mutating func textRead(_ text: TypedText) { before = text }

    /// A keystroke went out into the field.
    mutating func sent(_ keystroke: Keystroke) {
        caret.sent(keystroke)
        // A password is never kept.
        if field?.kind == .password { before = TypedText(fromStart: false) } else { before.type(keystroke) }
    }

    /// Whether a caret report is a move the keyboard's keystrokes did not make
    /// (a click in the text, an arrow key, a paste) in a text field that has the
    /// focus: never a password field's or a terminal's (whose text holds prompts and output).
    mutating func movedByOthers(_ report: CaretText) -> Bool {
        guard let field, field.id == report.fieldID, field.kind == .text else { return false }
        return caret.reported(report.offset) == .moved
    }
}
