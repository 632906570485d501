/// The text typed before the cursor, as far as the keyboard knows it, and the
/// shift state it decides: shift once used up, auto-shift at a sentence's start.
extension KeyboardState {
    /// Text typed for the keyboard by someone else (a suggestion chosen, punctuation
    /// taking a space's place): `deleting` characters taken back, then `text`;
    /// shift once is used up and auto-shift looks again, as after a key.
    public mutating func textReplaced(deleting: Int, inserting text: String) -> [Effect] {
        for _ in 0 ..< deleting {
            if context.isEmpty { contextFromStart = false } else { context.removeLast() }
        }
        return typed(text)
    }

    /// The text before the cursor was read from the field (the caret moved where
    /// the keyboard did not type): auto-shift looks at it instead.
    public mutating func textRead(_ text: String, fromStart: Bool) -> [Effect] {
        context = Array(text.suffix(4))
        contextFromStart = fromStart && context.count == text.count
        return updateAutoShift()
    }

    /// After text was typed: shift once is used up, then auto-shift looks at the context.
    mutating func typed(_ text: String) -> [Effect] {
        context.append(contentsOf: text)
        if context.count > 4 {
            context.removeFirst(context.count - 4)
            contextFromStart = false
        }
        lastShiftTap = nil
        var effects: [Effect] = []
        // A held shift stays on for every key typed while it is held.
        if shiftHold != nil { shiftHold?.typed = true } else if shift == .once { effects += setShift(.off, auto: false) }
        return effects + updateAutoShift()
    }

    /// Auto-shift: on at a start of text or after a sentence end and a space;
    /// an auto-shift that no longer fits (after backspace) turns off again.
    mutating func updateAutoShift() -> [Effect] {
        guard options.autoShift, shift != .locked, shiftHold == nil else { return [] }
        let atStart = context.isEmpty && contextFromStart
        let afterSentence = context.count >= 2 && context.last == " " && ".!?".contains(context[context.count - 2])
        if atStart || afterSentence {
            return shift == .off ? setShift(.once, auto: true) : []
        }
        return shift == .once && shiftIsAuto ? setShift(.off, auto: false) : []
    }

    mutating func setShift(_ new: ShiftState, auto: Bool) -> [Effect] {
        shiftIsAuto = auto && new == .once
        guard new != shift else { return [] }
        shift = new
        return [.redrawAll]
    }
}
