/// The phase of a pointer or touch contact.
public enum TouchPhase: Hashable, Sendable {
    /// The contact went down.
    case began
    /// It moved while down.
    case moved
    /// It lifted.
    case ended
    /// The system took it away (a grab, the window hidden).
    case cancelled
}

/// The timers the state machine asks for.
public enum TimerID: Hashable, Sendable {
    /// The next repeat of a held repeating key.
    case keyRepeat
    /// A key with callouts held long enough to open them.
    case longPress
}

/// What the state machine is told.
public enum InputEvent: Hashable, Sendable {
    /// A contact at a point, with the key found there by hit testing (nil outside
    /// every key), while a callout is open the callout item under it (nil
    /// outside the callout), and the contact's id (several may be down at once).
    case touch(TouchPhase, point: Point, key: Int?, calloutItem: Int? = nil, contact: Int = 0)
    /// A timer the state machine started has come due.
    case timer(TimerID)
}

/// The shift state of the letters.
public enum ShiftState: Hashable, Sendable {
    /// Lower case.
    case off
    /// Upper case for the next character only.
    case once
    /// Caps lock: upper case until shift is tapped again.
    case locked
}

/// What is typed into the focused application.
public enum Keystroke: Hashable, Sendable {
    /// Characters, typed one by one.
    case text(String)
    /// A named keysym, typed as a key press and release.
    case keysym(KeySymbol)
    /// A keystroke with modifiers held around it (`ctrl` + `c`).
    indirect case chord([Modifier], Keystroke)
}

/// What the delegate hears about presses and contacts.
public enum KeyboardEvent: Hashable, Sendable {
    /// A press started on a key.
    case pressStarted(Key)
    /// A press ended on a key (typed or not).
    case pressEnded(Key)
    /// A held press slid from one key onto another.
    case draggedIn(from: Key, to: Key)
    /// A contact went down at a point.
    case touchesBegan(Point)
    /// A contact moved.
    case touchesMoved(Point)
    /// A contact lifted.
    case touchesEnded(Point)
    /// A contact was cancelled.
    case touchesCancelled
    /// Another page is shown.
    case pageChanged(PageName)
    /// Another layout is shown.
    case layoutChanged(String)
}

/// The long-press alternates of a key, open above it.
public struct Callout: Hashable, Sendable {
    /// The key they belong to.
    public var key: Int
    /// The alternates as shown and typed (upper case when shifted).
    public var items: [String]
    /// The alternate under the contact; nil when it is off the callout.
    public var selected: Int?

    /// Makes a callout.
    public init(key: Int, items: [String], selected: Int?) {
        self.key = key; self.items = items; self.selected = selected
    }
}

/// What the backend carries out after an event, in order.
public enum Effect: Hashable, Sendable {
    /// Type this into the focused application.
    case type(Keystroke)
    /// These keys changed look and need drawing.
    case redraw([Int])
    /// Everything changed (page, shift labels): relayout if needed and draw all.
    case redrawAll
    /// Show the preview over this key.
    case showPreview(key: Int)
    /// Hide the preview.
    case hidePreview
    /// Show (or update) the callout.
    case showCallout(Callout)
    /// Close the callout.
    case hideCallout
    /// Show another layout (the backend finds it and calls `KeyboardState.replaceLayout`).
    case switchLayout(LayoutSwitch)
    /// Fire `timer` at this time (replacing an earlier deadline for it).
    case startTimer(TimerID, deadline: Duration)
    /// Forget this timer.
    case cancelTimer(TimerID)
    /// Hide the keyboard.
    case hide
    /// Start a program (a run key): its name or path, then its arguments.
    case run([String])
    /// Type the suggestion shown at this rank.
    case chooseSuggestion(Int)
    /// A key of the emoji page that is no emoji (the session carries it out).
    case emoji(EmojiKey)
    /// A key of the clipboard page, tapped or its callout chosen (the session has the entries).
    case clipboard(ClipboardKey, ClipboardChoice)
    /// A key of the settings page (the session carries it out).
    case settings(SettingsKey)
    /// Tell the delegate. Boxed: a key event carries whole keys, and every
    /// other effect would be copied at that size.
    indirect case notify(KeyboardEvent)
}

extension Keystroke {
    /// The modifiers held and the key they hold them around, a chord within a chord unfolded.
    public var chordParts: (modifiers: [Modifier], key: Keystroke) {
        guard case .chord(let outer, let inner) = self else { return ([], self) }
        let (more, key) = inner.chordParts
        return (outer + more.filter { !outer.contains($0) }, key)
    }
}
