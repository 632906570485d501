/// The keyboard's interaction logic as a value: events in, effects out.
///
/// Time is passed in with every event, so timing (double tap, repeat) is
/// tested without a clock.
public struct KeyboardState: Sendable {
    /// The layout shown.
    public private(set) var layout: Layout
    /// Index of the page shown.
    public private(set) var pageIndex: Int
    /// Shift state of the letters.
    public private(set) var shift: ShiftState
    /// The key held under the contact, if any.
    public private(set) var pressedKey: Int?
    /// The options in force.
    public var options: InteractionOptions
    /// The callout open over the pressed key, if any.
    public private(set) var callout: Callout?
    /// Counts layout replacements, so a backend knows its key frames are stale.
    public private(set) var layoutGeneration = 0
    /// Modifiers on: for the next keystroke (`false`) or until tapped again (`true`, locked).
    public private(set) var modifiers: [Modifier: Bool] = [:]
    /// The last modifier tap that can start a double tap.
    private var lastModifierTap: (modifier: Modifier, time: Duration)?

    /// The contact whose key is pressed (it may be outside every key), if any.
    private var activeContact: Int?
    /// Contacts still down whose key was committed when another landed: what they do is ignored.
    private var retired: Set<Int> = []
    /// A contact held on shift while others type: its key, the shift state before, whether they typed.
    private var shiftHold: (contact: Int, key: Int, page: Int, before: ShiftState, typed: Bool)?
    /// When the last shift tap that can start a double tap happened.
    private var lastShiftTap: Duration?
    /// Whether the current shift came from auto-shift rather than a tap.
    private var shiftIsAuto = false
    /// The last characters typed since the start or the last return, newest last;
    /// kept in memory only, to decide auto-shift.
    private var context: [Character] = []
    /// Whether `context` holds everything typed since a known start of text.
    private var contextFromStart = true
    /// When the next repeat is due, while a repeating key is held.
    private var nextRepeat: Duration?
    /// Whether the long-press timer runs for the pressed key.
    private var longPressPending = false

    /// Makes the state for a layout, on its first page.
    public init(layout: Layout, options: InteractionOptions = InteractionOptions()) {
        self.layout = layout
        self.options = options
        self.pageIndex = 0
        self.shift = options.autoShift ? .once : .off
        self.shiftIsAuto = options.autoShift
    }

    /// The page shown.
    public var page: Page { layout.pages[pageIndex] }

    /// The label a key of the current page shows now.
    public func label(of key: Key) -> KeyLabel {
        key.displayLabel(shift: shift, pages: layout.pages)
    }

    /// The style class a key draws with now (a shift key that is on shows as active).
    public func styleClass(of key: Key) -> KeyClass {
        switch key.action {
        case .shift where shift != .off: return .activeModifier
        case .capsLock where shift == .locked: return .activeModifier
        case .modifier(let m) where modifiers[m] != nil: return .activeModifier
        default: return key.styleClass
        }
    }

    /// Handles one event at the given time and says what to do.
    ///
    /// Contacts have ids. A contact landing while another is down commits the
    /// other's key at once (typed as if lifted; what it does later is ignored),
    /// as phone keyboards do, except a contact held on shift: that one becomes a
    /// held shift for the keys the others type, until it lifts.
    public mutating func handle(_ event: InputEvent, at time: Duration) -> [Effect] {
        var effects: [Effect] = []
        switch event {
        case .touch(.began, let point, let key, _, let contact):
            effects.append(.notify(.touchesBegan(point)))
            if let other = activeContact {
                if other != contact, shiftHold == nil, callout == nil, let k = pressedKey, keyAt(k).action == .shift {
                    beginShiftHold(contact: other, key: k, into: &effects)
                } else {
                    commit(at: time, into: &effects)
                    if other != contact { retired.insert(other) }
                }
            }
            retired.remove(contact)
            activeContact = contact
            pressedKey = nil
            enter(key, at: time, pressing: true, into: &effects)
        case .touch(.moved, let point, let key, let item, let contact):
            effects.append(.notify(.touchesMoved(point)))
            guard contact == activeContact else { break }
            if var open = callout {
                // While the callout is open the contact picks among its alternates.
                if open.selected != item {
                    open.selected = item
                    callout = open
                    effects.append(.showCallout(open))
                }
                break
            }
            guard key != pressedKey else { break }
            let from = pressedKey
            enter(key, at: time, into: &effects)
            if let from, let key { effects.append(.notify(.draggedIn(from: keyAt(from), to: keyAt(key)))) }
        case .touch(.ended, let point, let key, let item, let contact):
            guard contact == activeContact else {
                if let hold = shiftHold, hold.contact == contact { endShiftHold(at: time, tap: !hold.typed, into: &effects) }
                retired.remove(contact)
                effects.append(.notify(.touchesEnded(point)))
                break
            }
            if callout != nil {
                closeCallout(choosing: item, at: time, into: &effects)
                effects.append(.notify(.touchesEnded(point)))
                break
            }
            if key != pressedKey {
                let from = pressedKey
                enter(key, at: time, into: &effects)
                if let from, let key { effects.append(.notify(.draggedIn(from: keyAt(from), to: keyAt(key)))) }
            }
            release(at: time, into: &effects)
            effects.append(.notify(.touchesEnded(point)))
        case .touch(.cancelled, _, _, _, let contact):
            if contact == activeContact {
                cancelPress(into: &effects)
            } else if let hold = shiftHold, hold.contact == contact {
                endShiftHold(at: time, tap: false, into: &effects)
            }
            retired.remove(contact)
            effects.append(.notify(.touchesCancelled))
        case .timer(.longPress):
            guard longPressPending, let k = pressedKey, callout == nil else { break }
            longPressPending = false
            let items = keyAt(k).callouts.map { shift == .off ? $0 : $0.shiftedCharacter }
            guard !items.isEmpty else { break }
            let open = Callout(key: k, items: items, selected: 0)
            callout = open
            effects += [.hidePreview, .showCallout(open)]
        case .timer(.keyRepeat):
            guard let due = nextRepeat, let k = pressedKey, keyAt(k).action.repeats else { break }
            effects += fire(keyAt(k), at: time)
            let next = due + options.repeatInterval
            nextRepeat = next
            effects.append(.startTimer(.keyRepeat, deadline: next > time ? next : time + options.repeatInterval))
        }
        return effects
    }

    private func keyAt(_ index: Int) -> Key { page.keys[index] }

    /// Whether a key of the page shown is held: under the active contact, or a shift held while others type.
    public func isPressed(_ index: Int) -> Bool {
        pressedKey == index || (shiftHold.map { $0.key == index && $0.page == pageIndex } ?? false)
    }

    /// Every contact is taken away (the window hidden, another layout shown): nothing more is typed.
    public mutating func cancelContacts(at time: Duration) -> [Effect] {
        var effects: [Effect] = []
        if activeContact != nil {
            cancelPress(into: &effects)
            effects.append(.notify(.touchesCancelled))
        }
        if shiftHold != nil { endShiftHold(at: time, tap: false, into: &effects) }
        retired = []
        return effects
    }

    /// The active contact is taken away: its key does nothing.
    private mutating func cancelPress(into effects: inout [Effect]) {
        if let k = pressedKey {
            cancelRepeat(into: &effects)
            cancelLongPress(into: &effects)
            pressedKey = nil
            if callout != nil {
                callout = nil
                effects.append(.hideCallout)
            }
            effects += [.hidePreview, .redraw([k]), .notify(.pressEnded(keyAt(k)))]
        }
        activeContact = nil
    }

    /// Another contact landed: the active one's key acts as if it lifted where it is.
    private mutating func commit(at time: Duration, into effects: inout [Effect]) {
        if let open = callout {
            closeCallout(choosing: open.selected, at: time, into: &effects)
        } else {
            release(at: time, into: &effects)
        }
    }

    /// The contact lifted from an open callout: the alternate chosen (if any) is typed.
    private mutating func closeCallout(choosing item: Int?, at time: Duration, into effects: inout [Effect]) {
        guard let open = callout else { return }
        activeContact = nil
        pressedKey = nil
        callout = nil
        // Typed as text (already in the shift state it was shown in), so a latched modifier applies.
        if let chosen = item.map({ open.items[$0] }) { effects += fire(Key(.text(chosen)), at: time) }
        effects += [.hideCallout, .redraw([open.key]), .notify(.pressEnded(keyAt(open.key)))]
    }

    /// A contact on shift stays down while another lands: shift is on while it is held.
    private mutating func beginShiftHold(contact: Int, key: Int, into effects: inout [Effect]) {
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
    private mutating func endShiftHold(at time: Duration, tap: Bool, into effects: inout [Effect]) {
        guard let hold = shiftHold else { return }
        shiftHold = nil
        effects.append(.redraw([hold.key]))
        if tap && hold.page == pageIndex && hold.key < page.keys.count {
            shift = hold.before
            effects.append(.redrawAll)
            effects += fire(keyAt(hold.key), at: time)
        } else if !hold.typed {
            effects += setShift(hold.before, auto: false)
        } else if shift != .locked {
            effects += setShift(.off, auto: false)
            effects += updateAutoShift()
        }
    }

    /// The contact is now over `key` (or over none): move highlight and preview.
    /// `pressing` is true for the key a press starts on; keys reached by dragging
    /// only highlight, so sliding over backspace deletes nothing until release.
    private mutating func enter(_ key: Int?, at time: Duration, pressing: Bool = false, into effects: inout [Effect]) {
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
        let k = keyAt(key)
        if pressing && k.action.repeats {
            // Repeating keys act on press, like a physical key, then repeat while held.
            effects += fire(k, at: time)
            nextRepeat = time + options.repeatDelay
            effects.append(.startTimer(.keyRepeat, deadline: time + options.repeatDelay))
        }
        if !k.callouts.isEmpty && !k.action.repeats {
            longPressPending = true
            effects.append(.startTimer(.longPress, deadline: time + options.calloutDelay))
        }
        effects.append(.redraw([key]))
        effects.append(k.action.showsPreview ? .showPreview(key: key) : .hidePreview)
        if pressing { effects.append(.notify(.pressStarted(k))) }
    }

    /// The contact lifted: the key under it acts (a repeating key only if it was
    /// reached by dragging, having acted on press otherwise).
    private mutating func release(at time: Duration, into effects: inout [Effect]) {
        activeContact = nil
        guard let index = pressedKey else { return }
        let key = keyAt(index)
        pressedKey = nil
        let actedOnPress = nextRepeat != nil
        cancelRepeat(into: &effects)
        cancelLongPress(into: &effects)
        // Typed first: the keystroke must not wait for any drawing.
        var fired = key.action.repeats && actedOnPress ? [] : fire(key, at: time)
        fired.append(contentsOf: [Effect.hidePreview, .redraw([index]), .notify(.pressEnded(key))])
        effects += fired
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

    /// Carries out an action: with modifiers on, a keystroke goes out as a chord
    /// and the modifiers of one keystroke turn off.
    private mutating func fire(_ key: Key, at time: Duration) -> [Effect] {
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

    /// Shows another layout (the globe key, a resize between compact and wide):
    /// the page of the same name if it has one, else its first; shift and what
    /// was typed carry over, a press in progress ends.
    public mutating func replaceLayout(_ new: Layout) -> [Effect] {
        var effects: [Effect] = []
        effects += cancelContacts(at: .zero)
        let pageName = page.name
        let changed = new.name != layout.name
        layout = new
        layoutGeneration += 1
        pageIndex = new.pageIndex(named: pageName) ?? 0
        effects.append(.redrawAll)
        if changed { effects.append(.notify(.layoutChanged(new.name))) }
        return effects
    }

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
    private mutating func typed(_ text: String) -> [Effect] {
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
    private mutating func updateAutoShift() -> [Effect] {
        guard options.autoShift, shift != .locked, shiftHold == nil else { return [] }
        let atStart = context.isEmpty && contextFromStart
        let afterSentence = context.count >= 2 && context.last == " " && ".!?".contains(context[context.count - 2])
        if atStart || afterSentence {
            return shift == .off ? setShift(.once, auto: true) : []
        }
        return shift == .once && shiftIsAuto ? setShift(.off, auto: false) : []
    }

    private mutating func setShift(_ new: ShiftState, auto: Bool) -> [Effect] {
        shiftIsAuto = auto && new == .once
        guard new != shift else { return [] }
        shift = new
        return [.redrawAll]
    }
}
