/// What a key's action does when it fires: keystrokes out (as a chord while
/// modifiers are on), shift, pages, layouts and the rest.
extension KeyboardState {
    /// Carries out an action: with modifiers on, a keystroke goes out as a chord
    /// and the modifiers of one keystroke turn off.
    mutating func fire(_ key: Key, at time: Duration) -> [Effect] {
        guard !modifiers.isEmpty else { return fireUnmodified(key, at: time) }
        switch key.action {
        case .character, .text, .space, .keysym, .return, .backspace:
            let held = Modifier.allCases.filter { modifiers[$0] != nil }
            var effects: [Effect] = []
            for effect in fireWithoutContext(key) {
                if case .type(let k) = effect { effects.append(.type(.chord(held, k))) } else { effects.append(effect) }
            }
            let before = modifiers.count
            modifiers = modifiers.filter { $0.value }
            lastModifierTap = nil
            if modifiers.count != before { effects.append(.redrawAll) }
            // A shift the user tapped goes into the chord and is used up; auto-shift is for text, not chords.
            if shift == .once && !shiftIsAuto && shiftHold == nil { effects += setShift(.off, auto: false) }
            shiftHold?.typed = true
            return effects
        default:
            return fireUnmodified(key, at: time)
        }
    }

    /// A chord is a command, not text: what it types does not count for auto-shift.
    private func fireWithoutContext(_ key: Key) -> [Effect] {
        switch key.action {
        case .character(let c): return [.type(.text(key.character(c, shift: shift == .once && shiftIsAuto ? .off : shift)))]
        case .text(let s): return [.type(.text(s))]
        case .space: return [.type(.text(" "))]
        case .keysym(let k): return [.type(.keysym(k))]
        case .return: return [.type(.keysym(.return))]
        case .backspace: return [.type(.keysym(.backSpace))]
        default: return []
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

    private mutating func fireUnmodified(_ key: Key, at time: Duration) -> [Effect] {
        if let out = text(of: key) { return [.type(.text(out))] + typed(out) }
        switch key.action {
        case .character, .text:
            return []  // typed above
        case .space:
            return [.type(.text(" "))] + typed(" ")
        case .keysym(let k):
            return [.type(.keysym(k))]
        case .return:
            context = []
            contextFromStart = true
            return [.type(.keysym(.return))] + updateAutoShift()
        case .backspace:
            if !context.isEmpty { context.removeLast() } else { contextFromStart = false }
            return [.type(.keysym(.backSpace))] + updateAutoShift()
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
            return setShift(new, auto: false)
        case .capsLock:
            lastShiftTap = nil
            return setShift(shift == .locked ? .off : .locked, auto: false)
        case .page(let name):
            guard let index = layout.pageIndex(named: name), index != pageIndex else { return [] }
            pageIndex = index
            return [.redrawAll, .notify(.pageChanged(name))]
        case .layout(let which):
            return [.switchLayout(which)]
        case .modifier(let m):
            let isDoubleTap = lastModifierTap.map { $0.modifier == m && time - $0.time <= options.doubleTapInterval } ?? false
            switch modifiers[m] {
            case nil: modifiers[m] = false
            case false? where isDoubleTap: modifiers[m] = true
            default: modifiers[m] = nil
            }
            lastModifierTap = modifiers[m] == false ? (m, time) : nil
            return [.redrawAll]
        case .hide:
            return [.hide]
        case .run(let argv):
            return [.run(argv)]
        case .suggestion(let rank):
            // The session knows the words: it types the one chosen and tells the state with `textReplaced`.
            return [.chooseSuggestion(rank)]
        }
    }
}
