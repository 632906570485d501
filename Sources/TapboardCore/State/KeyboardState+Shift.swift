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
        var effects: [Effect] = []
        typed(text, into: &effects)
        return effects
    }

    /// The text before the cursor was read from the field (the caret moved where
    /// the keyboard did not type): auto-shift looks at it instead.
    public mutating func textRead(_ text: String, fromStart: Bool) -> [Effect] {
        context = Array(text.suffix(4))
        contextFromStart = fromStart && context.count == text.count
        var effects: [Effect] = []
        updateAutoShift(into: &effects)
        return effects
    }

    /// After text was typed: shift once is used up, then auto-shift looks at the context.
    mutating func typed(_ text: String, into effects: inout [Effect]) {
        // One ASCII byte (most keys) without walking the text's graphemes.
        if text.utf8.count == 1, let byte = text.utf8.first, byte < 0x80 {
            context.append(Character(Unicode.Scalar(byte)))
        } else {
            context.append(contentsOf: text)
        }
        if context.count > 4 {
            // One at a time, the usual case: `removeFirst(n)` went through the generic range replacement.
            repeat { context.removeFirst() } while context.count > 4
            contextFromStart = false
        }
        lastShiftTap = nil
        // A held shift stays on for every key typed while it is held.
        if shiftHold != nil { shiftHold?.typed = true } else if shift == .once { setShift(.off, auto: false, into: &effects) }
        updateAutoShift(into: &effects)
    }

    /// Auto-shift: on at a start of text or after a sentence end and a space;
    /// an auto-shift that no longer fits (after backspace) turns off again.
    mutating func updateAutoShift(into effects: inout [Effect]) {
        guard options.autoShift, shift != .locked, shiftHold == nil else { return }
        guard layout.autoShifts else {
            if shift == .once && shiftIsAuto { setShift(.off, auto: false, into: &effects) }
            return
        }
        let atStart = context.isEmpty && contextFromStart
        let afterSentence = context.count >= 2 && context.last == " " && ".!?".contains(context[context.count - 2])
        if atStart || afterSentence {
            if shift == .off { setShift(.once, auto: true, into: &effects) }
        } else if shift == .once && shiftIsAuto {
            setShift(.off, auto: false, into: &effects)
        }
    }

    mutating func setShift(_ new: ShiftState, auto: Bool, into effects: inout [Effect]) {
        shiftIsAuto = auto && new == .once
        guard new != shift else { return }
        shift = new
        effects.append(.redrawAll)
    }
}
