/// What a key's action does when it fires: keystrokes out (as a chord while
/// modifiers are on), shift, pages, layouts and the rest.
extension KeyboardState {
    /// Carries out an action: with modifiers on, a keystroke goes out as a chord
    /// and the modifiers of one keystroke turn off. Effects are appended to one
    /// array all the way from the contact: a tap's keystroke goes out after them.
    mutating func fire(_ key: Key, at time: Duration, into effects: inout [Effect]) {
        guard !modifiers.isEmpty else { return fireUnmodified(key, at: time, into: &effects) }
        switch key.action {
        case .character, .text, .space, .keysym, .return, .backspace, .chord:
            var held = Modifier.allCases.filter { modifiers[$0] != nil }
            // A chord key (^C) with a modifier on too: both held.
            if case .chord(let own, let inner) = key.action {
                held = Modifier.allCases.filter { held.contains($0) || own.contains($0) }
                effects.append(.type(.chord(held, inner.keystroke)))
            } else if let keystroke = keystrokeWithoutContext(key) {
                effects.append(.type(.chord(held, keystroke)))
            }
            let before = modifiers.count
            modifiers = modifiers.filter { $0.value }
            lastModifierTap = nil
            if modifiers.count != before { effects.append(.redrawAll) }
            // A shift the user tapped goes into the chord and is used up; auto-shift is for text, not chords.
            if shift == .once && !shiftIsAuto && shiftHold == nil { setShift(.off, auto: false, into: &effects) }
            shiftHold?.typed = true
        default:
            fireUnmodified(key, at: time, into: &effects)
        }
    }

    /// A chord is a command, not text: what it types does not count for auto-shift.
    private func keystrokeWithoutContext(_ key: Key) -> Keystroke? {
        switch key.action {
        case .character(let c): .text(key.character(c, shift: shift == .once && shiftIsAuto ? .off : shift))
        case .text(let s): .text(s)
        case .space: .text(" ")
        case .keysym(let k): .keysym(k)
        case .return: .keysym(.return)
        case .backspace: .keysym(.backSpace)
        default: nil
        }
    }

    /// The text a key types now, if it types text (a character in the shift state, or its text).
    private func text(of key: Key) -> String? {
        switch key.action {
        case .character(let c): key.character(c, shift: shift)
        case .text(let s): s
        default: nil
        }
    }

    private mutating func fireUnmodified(_ key: Key, at time: Duration, into effects: inout [Effect]) {
        if let out = text(of: key) {
            // A blank key (the emoji page's past the end of a group) types nothing.
            guard !out.isEmpty else { return }
            effects.append(.type(.text(out)))
            typed(out, into: &effects)
            return
        }
        switch key.action {
        case .character, .text:
            break  // typed above
        case .space:
            effects.append(.type(.text(" ")))
            typed(" ", into: &effects)
        case .keysym(let k):
            effects.append(.type(.keysym(k)))
        case .chord(let held, let inner):
            effects.append(.type(.chord(held, inner.keystroke)))
        case .return:
            context = []
            contextFromStart = true
            effects.append(.type(.keysym(.return)))
            updateAutoShift(into: &effects)
        case .backspace:
            if !context.isEmpty { context.removeLast() } else { contextFromStart = false }
            effects.append(.type(.keysym(.backSpace)))
            updateAutoShift(into: &effects)
        case .shift:
            let isDoubleTap = lastShiftTap.map { time - $0 <= options.doubleTapInterval } ?? false
            let new: ShiftState
            if isDoubleTap && shift != .locked {
                new = .locked
                lastShiftTap = nil
            } else {
                new = shift == .off ? .once : .off
                lastShiftTap = shift == .locked ? nil : time
            }
            setShift(new, auto: false, into: &effects)
        case .capsLock:
            lastShiftTap = nil
            setShift(shift == .locked ? .off : .locked, auto: false, into: &effects)
        case .page(let name):
            guard let index = layout.pageIndex(named: name), index != pageIndex else { return }
            pageIndex = index
            // Always: a page change is published too, not only told to the delegate.
            effects += [.redrawAll, .notify(.pageChanged(name))]
        case .layout(let which):
            effects.append(.switchLayout(which))
        case .modifier(let m):
            let isDoubleTap = lastModifierTap.map { $0.modifier == m && time - $0.time <= options.doubleTapInterval } ?? false
            switch modifiers[m] {
            case nil: modifiers[m] = false
            case false? where isDoubleTap: modifiers[m] = true
            default: modifiers[m] = nil
            }
            lastModifierTap = modifiers[m] == false ? (m, time) : nil
            effects.append(.redrawAll)
        case .hide:
            effects.append(.hide)
        case .run(let argv):
            effects.append(.run(argv))
        case .suggestion(let rank):
            // The session knows the words: it types the one chosen and tells the state with `textReplaced`.
            effects.append(.chooseSuggestion(rank))
        case .emoji(let key):
            // The session has the emoji: it fills the page, searches, types the match.
            effects.append(.emoji(key))
        case .clipboard(let key):
            effects.append(.clipboard(key, .type))
        case .settings(let key):
            effects.append(.settings(key))
        }
    }
}
