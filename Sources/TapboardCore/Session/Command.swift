/// How one key is to be drawn now.
public struct KeyAppearance: Hashable, Sendable {
    /// The key's frame.
    public var frame: KeyFrame
    /// What it shows.
    public var label: KeyLabel
    /// The theme class it draws with.
    public var styleClass: KeyClass
    /// Whether it is held.
    public var pressed: Bool
    /// Whether switch scanning highlights it, or just selected it.
    public var highlight: KeyHighlight

    /// Makes an appearance.
    public init(frame: KeyFrame, label: KeyLabel, styleClass: KeyClass, pressed: Bool, highlight: KeyHighlight = .none) {
        self.frame = frame; self.label = label; self.styleClass = styleClass; self.pressed = pressed; self.highlight = highlight
    }
}

/// A key marked for someone who does not tap: by switch scanning's highlight, or as just selected.
public enum KeyHighlight: Hashable, Sendable {
    /// Not marked.
    case none
    /// In the row or on the key switch scanning highlights: a ring in the theme's highlight.
    case scan
    /// Just selected by a switch: drawn pressed inside the ring, once (its flash).
    case selected
    /// The pointer resting on it (`--dwell`): the ring, and a fill rising from
    /// its bottom by eighths (`DwellPointer.fillSteps`) as the dwell time passes.
    case dwell(Int)
}

/// The preview balloon to show: its text, where, in which key style.
public struct PreviewDrawing: Hashable, Sendable {
    /// The character shown magnified.
    public var text: String
    /// Where the balloon and its key are on the screen.
    public var geometry: PreviewGeometry
    /// The style class of the key (its font and corner radius).
    public var styleClass: KeyClass
    /// The theme's scale for the keyboard's height.
    public var scale: Double
}

/// The callout to show: its alternates, where, in which key style.
public struct CalloutDrawing: Hashable, Sendable {
    /// The alternates and the one selected.
    public var callout: Callout
    /// Where its cells are on the screen.
    public var geometry: CalloutGeometry
    /// The style class of the key it belongs to.
    public var styleClass: KeyClass
    /// The theme's scale for the keyboard's height.
    public var scale: Double
}

/// Drawing the session asks for.
public enum Drawing: Hashable, Sendable {
    /// Draw the background and every key, into a buffer of this size.
    case all([KeyAppearance], size: Size)
    /// Draw these keys again.
    case keys([KeyAppearance])
    /// Show (or move) the preview balloon.
    case showPreview(PreviewDrawing)
    /// Hide the preview.
    case hidePreview
    /// Show (or update) the callout.
    case showCallout(CalloutDrawing)
    /// Close the callout.
    case hideCallout
    /// Draw with this theme from now on.
    case theme(Theme)
    /// Draw a gesture's trail over the keys (the points of its recent part,
    /// oldest first, in window pixels), in place of the last one; none: take it away.
    case trail([Point])
}

/// What the session asks of the keyboard's window and the strip it reserves.
public enum WindowChange: Hashable, Sendable {
    /// Show the window, on top.
    case map
    /// Hide it.
    case unmap
    /// Move it (a slide step); its size stays.
    case move(Point)
    /// Move and resize it (the screen changed).
    case place(Rect)
    /// Put it and its popups back on top.
    case raise
    /// Give the input focus back to the window that had it.
    case handFocusBack
    /// Follow the pointer beyond the window (true) or only inside it: while
    /// dwell holds a key, its callout may lie above the keyboard.
    case followPointer(Bool)
    /// Follow the focus (auto-show turned on while running) or stop: the
    /// transport hears which window has it and the user's keyboards' keys,
    /// the loop joins or leaves the accessibility bus.
    case followFocus(Bool)
    /// Docked: the strip reserved is this one (kept current while shown or not).
    case placeStrip(Rect)
    /// Docked: reserve the strip (the keyboard shows).
    case reserveStrip
    /// Docked: give the strip back (the keyboard is hidden).
    case releaseStrip
}

/// What the session asks the X side (or another transport) to do, in order.
public enum Command: Hashable, Sendable {
    /// Type these keystrokes in order; `waitingForKeycodes` lets one that needs a
    /// borrowed keycode not yet free stop the rest. Answered with
    /// `SessionInput.injected` once the server has handled those typed (synced:
    /// what the answer computes and draws neither delays them nor goes before
    /// them), whose commands are carried out before any after this.
    case type([Keystroke], waitingForKeycodes: Bool)
    /// These keystrokes will follow, in order (a scripted text's next characters;
    /// none: nothing foreseen any more): a transport that lends keycodes to
    /// characters its keymap lacks may prepare theirs ahead.
    case foresee([Keystroke])
    /// Draw.
    case draw(Drawing)
    /// Show, hide, move the window or reserve its strip.
    case window(WindowChange)
    /// Tell listeners and observers.
    case publish(PublishedEvent)
    /// Tell the delegate (boxed: a key event carries whole keys).
    indirect case notify(KeyboardEvent)
    /// Start a program (a run key): its name or path, then its arguments.
    case run([String])
    /// Read a language's files, or keep what was learned (see `FileRequest`).
    case files(FileRequest)
    /// Read, keep or delete the clipboard history's file (`--clipboard-history=disk`; see `ClipboardFileRequest`).
    case clipboardFile(ClipboardFileRequest)
    /// The settings page asks for what can be chosen, or keeps a change (`SessionExecutor.settings`).
    case settings(SettingsRequest)
    /// Answer a request that is answered once with a message of its own: `tapboard
    /// clipboard` (the history's entries, newest first), `tapboard keys` (the keys shown).
    case reply(requester: UInt64, ControlMessage)
    /// Answer a `tapboard type` request with the characters that could not be typed.
    case answer(requester: UInt64, untyped: String)
    /// Answer a `tapboard type` request stopped before its end (`ControlRequest.stopTyping`):
    /// `typed` characters of its text were typed, none will be after.
    case typingStopped(requester: UInt64, typed: Int)
    /// Say this on one line (stderr).
    case log(String)
    /// Leave: everything is typed and hidden; release what is held and exit with this status.
    case exit(Int32)
}
