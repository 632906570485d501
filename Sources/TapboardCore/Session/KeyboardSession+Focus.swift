/// Following the focus (`--auto-show`): shown when a text field takes it,
/// hidden a moment after it leaves, clear of the field, and careful over a
/// password field.
extension KeyboardSession {
    /// Frames of a slide come this often.
    public static let slideFrame = WindowPresentation.slideFrame
    /// The least time between two raises of the window.
    public static let raiseInterval = WindowPresentation.raiseInterval

    /// Whether the keyboard follows the focus (`--auto-show`).
    public var followsFocus: Bool { configuration.autoShow }

    /// Whether a password field has the focus, or every field counts as one
    /// (secure mode): no previews, nothing published, nothing learned.
    public var isSecure: Bool { core.isSecure }

    /// Where the keyboard shows instead of its resting frame, to keep clear of the focused field.
    public var avoiding: Rect? { core.presentation.avoiding }

    /// The focus moved to a field or (nil) away from every field.
    mutating func focusChanged(_ field: FocusedField?) {
        let previous = core.focus.move(to: field)
        // Out of every field, or into another: what was typed is not before whatever has the focus now.
        if field.map({ $0.id != previous?.id }) ?? (previous != nil) { textContextLost() }
        core.presentation.fieldFocused(field, after: previous, autoShow: configuration.autoShow, &core.out)
        // A terminal's keys above the letters while it has the focus (nothing else leaves it: a field, or none).
        if core.choice.terminalFocused(field?.kind == .terminal) {
            core.pending += core.state.replaceLayout(core.choice.buildShown(width: frame.width))
        }
    }

    /// The focused field's caret report: a move the keyboard's keystrokes did not
    /// make replaces what it knew of the text before the caret, for suggestions and auto-shift.
    mutating func caretMoved(_ report: CaretText) {
        guard core.focus.movedByOthers(report) else { return }
        textRead(TypedText(read: report.before, fromStart: report.fromStart))
        core.pending += core.state.textRead(report.before, fromStart: report.fromStart)
    }

    /// `tapboard hide`, the hide key: hidden, and kept hidden over this field.
    mutating func userHides() {
        core.presentation.userHides(over: focusedField?.id, &core.out)
    }
}
