/// The keyboard's interaction logic as a value: events in, effects out.
///
/// Time is passed in with every event, so timing (double tap, repeat) is
/// tested without a clock.
public struct KeyboardState: Sendable {
    /// The layout shown.
    public private(set) var layout: Layout
    // Set from the extensions in KeyboardState+*.swift, hence `internal(set)`
    // and the internal state below: outside the module all of it stays read-only or hidden.
    /// Index of the page shown.
    public internal(set) var pageIndex: Int
    /// Shift state of the letters.
    public internal(set) var shift: ShiftState
    /// The key held under the contact, if any.
    public internal(set) var pressedKey: Int?
    /// The options in force.
    public var options: InteractionOptions
    /// The callout open over the pressed key, if any.
    public internal(set) var callout: Callout?
    /// Counts layout replacements, so a backend knows its key frames are stale.
    public private(set) var layoutGeneration = 0
    /// Modifiers on: for the next keystroke (`false`) or until tapped again (`true`, locked).
    public internal(set) var modifiers: [Modifier: Bool] = [:]
    /// The last modifier tap that can start a double tap.
    var lastModifierTap: (modifier: Modifier, time: Duration)?

    /// The contact whose key is pressed (it may be outside every key), if any.
    var activeContact: Int?
    /// Contacts still down whose key was committed when another landed: what they do is ignored.
    private var retired: Set<Int> = []
    /// A contact held on shift while others type: its key, the shift state before, whether they typed.
    var shiftHold: (contact: Int, key: Int, page: Int, before: ShiftState, typed: Bool)?
    /// When the last shift tap that can start a double tap happened.
    var lastShiftTap: Duration?
    /// Whether the current shift came from auto-shift rather than a tap.
    var shiftIsAuto = false
    /// The last characters typed since the start or the last return, newest last;
    /// kept in memory only, to decide auto-shift.
    var context: [Character] = []
    /// Whether `context` holds everything typed since a known start of text.
    var contextFromStart = true
    /// When the next repeat is due, while a repeating key is held.
    var nextRepeat: Duration?
    /// Whether the long-press timer runs for the pressed key.
    var longPressPending = false
    /// Whether the effects carry the delegate's contact events (touches, presses,
    /// drags): off when nobody listens, so a tap copies and boxes no key for them.
    /// Page and layout changes are always told: they are published as well.
    public var notifies = true

    /// Makes the state for a layout, on its first page.
    public init(layout: Layout, options: InteractionOptions = InteractionOptions()) {
        self.layout = layout
        self.options = options
        self.pageIndex = 0
        self.shift = options.autoShift && layout.autoShifts ? .once : .off
        self.shiftIsAuto = options.autoShift && layout.autoShifts
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
        handle(event, at: time, into: &effects)
        return effects
    }

    /// The same, its effects appended to `effects` (a batch's, without an array between).
    public mutating func handle(_ event: InputEvent, at time: Duration, into effects: inout [Effect]) {
        switch event {
        case .touch(.began, let point, let key, _, let contact):
            notify(.touchesBegan(point), into: &effects)
            if let other = activeContact {
                if other != contact, shiftHold == nil, callout == nil, let k = pressedKey, keyAt(k).action == .shift {
                    beginShiftHold(contact: other, key: k, into: &effects)
                } else {
                    commit(at: time, into: &effects)
                    if other != contact { retired.insert(other) }
                }
            }
            if !retired.isEmpty { retired.remove(contact) }
            activeContact = contact
            pressedKey = nil
            enter(key, at: time, pressing: true, into: &effects)
        case .touch(.moved, let point, let key, let item, let contact):
            notify(.touchesMoved(point), into: &effects)
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
            if let from, let key { notify(.draggedIn(from: keyAt(from), to: keyAt(key)), into: &effects) }
        case .touch(.ended, let point, let key, let item, let contact):
            guard contact == activeContact else {
                if let hold = shiftHold, hold.contact == contact { endShiftHold(at: time, tap: !hold.typed, into: &effects) }
                retired.remove(contact)
                notify(.touchesEnded(point), into: &effects)
                break
            }
            if callout != nil {
                closeCallout(choosing: item, at: time, into: &effects)
                notify(.touchesEnded(point), into: &effects)
                break
            }
            if key != pressedKey {
                let from = pressedKey
                enter(key, at: time, into: &effects)
                if let from, let key { notify(.draggedIn(from: keyAt(from), to: keyAt(key)), into: &effects) }
            }
            release(at: time, into: &effects)
            notify(.touchesEnded(point), into: &effects)
        case .touch(.cancelled, _, _, _, let contact):
            if contact == activeContact {
                cancelPress(into: &effects)
            } else if let hold = shiftHold, hold.contact == contact {
                endShiftHold(at: time, tap: false, into: &effects)
            }
            retired.remove(contact)
            notify(.touchesCancelled, into: &effects)
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
            fire(keyAt(k), at: time, into: &effects)
            let next = due + options.repeatInterval
            nextRepeat = next
            effects.append(.startTimer(.keyRepeat, deadline: next > time ? next : time + options.repeatInterval))
        }
    }

    func keyAt(_ index: Int) -> Key { page.keys[index] }

    /// Appends a contact event for the delegate when someone listens; built only then.
    func notify(_ event: @autoclosure () -> KeyboardEvent, into effects: inout [Effect]) {
        if notifies { effects.append(.notify(event())) }
    }

    /// Whether a key of the page shown is held: under the active contact, or a shift held while others type.
    public func isPressed(_ index: Int) -> Bool {
        pressedKey == index || (shiftHold.map { $0.key == index && $0.page == pageIndex } ?? false)
    }

    /// Every contact is taken away (the window hidden, another layout shown): nothing more is typed.
    public mutating func cancelContacts(at time: Duration) -> [Effect] {
        var effects: [Effect] = []
        if activeContact != nil {
            cancelPress(into: &effects)
            notify(.touchesCancelled, into: &effects)
        }
        if shiftHold != nil { endShiftHold(at: time, tap: false, into: &effects) }
        retired = []
        return effects
    }

    /// A page's rows replaced (the emoji page filled, the letters' strip made the
    /// search's): its keys placed again, and drawn when it shows. Keys keep their
    /// places only when the rows keep their shape; a press in progress is not touched.
    public mutating func replaceRows(ofPage index: Int, with rows: [Row]) -> [Effect] {
        layout.pages[index].rows = rows
        layoutGeneration += 1
        return index == pageIndex ? [.redrawAll] : []
    }

    /// Shows a page of the layout by name (the session's: a search ends on the letters).
    public mutating func showPage(named name: PageName) -> [Effect] {
        guard let index = layout.pageIndex(named: name), index != pageIndex else { return [] }
        pageIndex = index
        return [.redrawAll, .notify(.pageChanged(name))]
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
}
