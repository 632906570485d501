/// Following the focus (`--auto-show`): shown when a text field takes it,
/// hidden a moment after it leaves, clear of the field, and careful over a
/// password field.
extension KeyboardSession {
    /// Whether the keyboard follows the focus (`--auto-show`).
    public var followsFocus: Bool { configuration.autoShow }

    /// Whether a password field has the focus: no previews, nothing published, nothing learned.
    public var isSecure: Bool { focusedField?.kind == .password }

    /// The accessibility bus says the focus moved. Its "away from every field"
    /// is not for a terminal window it knows nothing of: that comes from an
    /// application losing the focus to the terminal, often after the window's own word.
    mutating func accessibleFocusChanged(_ field: FocusedField?) {
        if field == nil, TerminalWindows.isWindowField(focusedField) { return }
        focusChanged(field)
    }

    /// The display says the input focus moved to a terminal window (`field`), or
    /// to another window (nil): only a terminal window's field is left then; a field
    /// the accessibility bus reported is for it to end.
    mutating func windowFocusChanged(_ field: FocusedField?) {
        if let field {
            focusChanged(field)
        } else if TerminalWindows.isWindowField(focusedField) {
            focusChanged(nil)
        }
    }

    /// The focus moved to a field or (nil) away from every field.
    mutating func focusChanged(_ field: FocusedField?) {
        let previous = focusedField
        focusedField = field
        guard let field else {
            // Out of every field: what was typed is not before whatever has the focus now.
            if previous != nil { textContextLost() }
            // A moment's grace: focus moving between two fields passes through nothing.
            if configuration.autoShow, shown {
                // A second "away" (the field lost it, then a button got it) does not put the hide off.
                if autoHideDeadline == nil { autoHideDeadline = now + configuration.autoHideDelay }
            } else if avoiding != nil, shown {
                keepClear(of: nil)
            }
            return
        }
        autoHideDeadline = nil
        if field.id != previous?.id {
            textContextLost()
            if field.id != userHidField { userHidField = nil }
        }
        if configuration.autoShow, !shown, userHidField == nil { show() }
        keepClear(of: field.extents)
    }

    /// The focused field's caret report: a move the keyboard's keystrokes did not
    /// make (a click in the text, an arrow key, a paste) replaces what it knew of
    /// the text before the caret, for suggestions and auto-shift. Never a
    /// password field's or a terminal's (whose text holds prompts and output).
    mutating func caretMoved(_ report: CaretText) {
        guard let field = focusedField, field.id == report.fieldID, field.kind == .text,
              caret.reported(report.offset) == .moved else { return }
        textRead(TypedText(read: report.before, fromStart: report.fromStart))
        pending += state.textRead(report.before, fromStart: report.fromStart)
    }

    /// The focus left every field a while ago: hidden, and back to its place.
    mutating func autoHide() {
        autoHideDeadline = nil
        hide()
        avoiding = nil
    }

    /// `tapboard show` (or toggle): shown, whatever the focus.
    mutating func userShows() {
        userHidField = nil
        autoHideDeadline = nil
        show()
    }

    /// `tapboard hide`, the hide key: hidden, and kept hidden over this field.
    mutating func userHides() {
        userHidField = focusedField?.id
        autoHideDeadline = nil
        hide()
    }

    /// Moves the keyboard off a field it would cover, or back to its place when none is in the way.
    private mutating func keepClear(of extents: Rect?) {
        let target = extents.flatMap { clearFrame(avoiding: $0) }
        guard target != avoiding else { return }
        avoiding = target
        // Hidden or sliding, it goes there when it next shows.
        guard shown, slide == nil else { return }
        announceMove(to: target ?? restingFrame, strip: false)
    }

    /// Where the keyboard can show without covering a field: its resting frame if
    /// that is clear (nil), else the other edge of its monitor or, floating, just
    /// above or below the field; the place covering least of it when none is clear.
    func clearFrame(avoiding field: Rect) -> Rect? {
        let rest = restingFrame
        guard rest.intersects(field) else { return nil }
        let area = ((try? placement.area(on: screen)) ?? nil) ?? Rect(x: 0, y: 0, width: screen.size.width, height: screen.size.height)
        func at(y: Int) -> Rect {
            var r = rest
            r.y = min(max(y, area.y), area.maxY - rest.height)
            return r
        }
        let atBottom = rest.y + rest.height / 2 >= area.y + area.height / 2
        var candidates = [at(y: atBottom ? area.y : area.maxY - rest.height)]
        if configuration.mode == .float {
            candidates.insert(contentsOf: [at(y: field.y - rest.height), at(y: field.maxY)], at: 0)
        }
        return candidates.min { Self.overlap($0, field) < Self.overlap($1, field) }
    }

    /// How many pixels two rectangles share.
    static func overlap(_ a: Rect, _ b: Rect) -> Int {
        max(0, min(a.maxX, b.maxX) - max(a.x, b.x)) * max(0, min(a.maxY, b.maxY) - max(a.y, b.y))
    }
}
