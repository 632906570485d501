/// A contact's press from landing to lifting: the key under it, its preview,
/// callout and timers, another contact committing it, a shift held while others type.
extension KeyboardState {
    /// The active contact is taken away: its key does nothing.
    mutating func cancelPress(into effects: inout [Effect]) {
        if let k = pressedKey {
            cancelRepeat(into: &effects)
            cancelLongPress(into: &effects)
            pressedKey = nil
            if callout != nil {
                callout = nil
                effects.append(.hideCallout)
            }
            effects += [.hidePreview, .redraw([k])]
            notify(.pressEnded(keyAt(k)), into: &effects)
        }
        activeContact = nil
    }

    /// Another contact landed: the active one's key acts as if it lifted where it is.
    mutating func commit(at time: Duration, into effects: inout [Effect]) {
        if let open = callout {
            closeCallout(choosing: open.selected, at: time, into: &effects)
        } else {
            release(at: time, into: &effects)
        }
    }

    /// The contact lifted from an open callout: the alternate chosen (if any) is typed.
    mutating func closeCallout(choosing item: Int?, at time: Duration, into effects: inout [Effect]) {
        guard let open = callout else { return }
        activeContact = nil
        pressedKey = nil
        callout = nil
        // Typed as text (already in the shift state it was shown in), so a latched modifier applies.
        if case .clipboard(let entry) = keyAt(open.key).action {
            // An entry's callout is no text: pin, delete.
            if let item { effects.append(.clipboard(entry, item == 0 ? .pin : .delete)) }
        } else if let chosen = item.map({ open.items[$0] }) {
            fire(Key(.text(chosen)), at: time, into: &effects)
        }
        effects += [.hideCallout, .redraw([open.key])]
        notify(.pressEnded(keyAt(open.key)), into: &effects)
    }

    /// A contact on shift stays down while another lands: shift is on while it is held.
    mutating func beginShiftHold(contact: Int, key: Int, into effects: inout [Effect]) {
        cancelLongPress(into: &effects)
        shiftHold = (contact, key, pageIndex, shift, false)
        activeContact = nil
        pressedKey = nil
        if shift == .off {
            shift = .once
            effects.append(.redrawAll)
        }
        shiftIsAuto = false
    }

    /// The held shift lifts. Nothing typed while it was held: it was a tap of
    /// shift after all (rolled over onto the next key). Else shift goes off.
    /// Cancelled: shift goes back to what it was.
    mutating func endShiftHold(at time: Duration, tap: Bool, into effects: inout [Effect]) {
        guard let hold = shiftHold else { return }
        shiftHold = nil
        effects.append(.redraw([hold.key]))
        if tap && hold.page == pageIndex && hold.key < page.keys.count {
            shift = hold.before
            effects.append(.redrawAll)
            fire(keyAt(hold.key), at: time, into: &effects)
        } else if !hold.typed {
            setShift(hold.before, auto: false, into: &effects)
        } else if shift != .locked {
            setShift(.off, auto: false, into: &effects)
            updateAutoShift(into: &effects)
        }
    }

    /// The contact is now over `key` (or over none): move highlight and preview.
    /// `pressing` is true for the key a press starts on; keys reached by dragging
    /// only highlight, so sliding over backspace deletes nothing until release.
    mutating func enter(_ key: Int?, at time: Duration, pressing: Bool = false, into effects: inout [Effect]) {
        if let old = pressedKey {
            cancelRepeat(into: &effects)
            effects.append(.redraw([old]))
        }
        cancelLongPress(into: &effects)
        pressedKey = key
        guard let key else {
            effects.append(.hidePreview)
            return
        }
        // What the press needs, read in place: the whole key is copied only to fire it or to tell the delegate.
        let repeats = layout.pages[pageIndex].keys[key].action.repeats
        if pressing && repeats {
            // Repeating keys act on press, like a physical key, then repeat while held.
            fire(keyAt(key), at: time, into: &effects)
            nextRepeat = time + options.repeatDelay
            effects.append(.startTimer(.keyRepeat, deadline: time + options.repeatDelay))
        }
        if !repeats && !layout.pages[pageIndex].keys[key].callouts.isEmpty {
            longPressPending = true
            effects.append(.startTimer(.longPress, deadline: time + options.calloutDelay))
        }
        effects.append(.redraw([key]))
        effects.append(layout.pages[pageIndex].keys[key].action.showsPreview ? .showPreview(key: key) : .hidePreview)
        if pressing { notify(.pressStarted(keyAt(key)), into: &effects) }
    }

    /// The contact lifted: the key under it acts (a repeating key only if it was
    /// reached by dragging, having acted on press otherwise).
    mutating func release(at time: Duration, into effects: inout [Effect]) {
        activeContact = nil
        guard let index = pressedKey else { return }
        let key = keyAt(index)
        pressedKey = nil
        let actedOnPress = nextRepeat != nil
        cancelRepeat(into: &effects)
        cancelLongPress(into: &effects)
        // Typed first: the keystroke must not wait for any drawing.
        if !(key.action.repeats && actedOnPress) { fire(key, at: time, into: &effects) }
        effects.append(.hidePreview)
        effects.append(.redraw([index]))
        notify(.pressEnded(key), into: &effects)
    }

    private mutating func cancelLongPress(into effects: inout [Effect]) {
        if longPressPending {
            longPressPending = false
            effects.append(.cancelTimer(.longPress))
        }
    }

    private mutating func cancelRepeat(into effects: inout [Effect]) {
        if nextRepeat != nil {
            nextRepeat = nil
            effects.append(.cancelTimer(.keyRepeat))
        }
    }
}
