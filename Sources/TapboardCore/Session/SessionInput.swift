/// A contact's id: the pointer's is `ContactID.pointer`; touches have their own.
public typealias ContactID = Int

extension ContactID {
    /// The mouse, a stylus or a touchscreen seen as a pointer (button 1).
    public static let pointer: ContactID = 0
    /// The contact `tapboard type` presses keys with: a person touching the keyboard meanwhile is another.
    public static let typing: ContactID = -1
}

/// What the session is told, in terms of no transport: X, a test, or a D-Bus call.
public enum SessionInput: Hashable, Sendable {
    /// A contact began, moved, ended or was cancelled at a point of the window.
    case contact(TouchPhase, id: ContactID, point: Point)
    /// The window is now at this frame on the screen (moved or resized, by anyone).
    case windowConfigured(Rect)
    /// The window became visible.
    case windowMapped
    /// The window was hidden (by the keyboard or by another client).
    case windowUnmapped
    /// Another client destroyed the window.
    case windowDestroyed
    /// The program the keyboard was embedded in (`--xid`) went away.
    case embedderGone
    /// The screen's size or its monitors changed.
    case screenChanged(ScreenInfo)
    /// The server's keymap changed: keystrokes waiting for a keycode may go now.
    case keymapChanged
    /// A request from outside: `tapboard show|hide|toggle|quit`, a signal, `tapboard type`.
    case control(ControlRequest)
    /// The layout and theme files were read again (SIGHUP).
    case reloaded(ReloadedFiles)
    /// The answer to `Command.type`: how many of its keystrokes went out, and when the
    /// next could go if it must wait for a borrowed keycode (nil when all went).
    case injected(typed: Int, readyAt: Duration?)
    /// Another top-level window was mapped or restacked, perhaps over the keyboard.
    case otherWindowRestacked
    /// Something gave the keyboard's window the input focus.
    case focusTaken
    /// A listener started hearing events (`tapboard events`).
    case listenerAdded
    /// The window manager made another window (not the keyboard's) the active one.
    case activeWindowChanged
    /// The focus moved (AT-SPI): to this text field, or (nil) to anything else.
    case focusChanged(FocusedField?)
    /// The input focus moved to another window (the display's word, not AT-SPI's):
    /// to a terminal that tells the accessibility bus nothing (`TerminalWindows`), or (nil) to another window.
    case windowFocusChanged(FocusedField?)
    /// The focused text field says where its caret is and what is before it (AT-SPI).
    case caretMoved(CaretText)
    /// The files of a language asked for (`FileRequest.load`), read.
    case languageLoaded(LoadedLanguage)
    /// The emoji asked for (`FileRequest.loadEmoji`), read; nil when there are none.
    case emojiLoaded(LoadedEmoji?)
    /// Another client took the clipboard (CLIPBOARD): its text may follow
    /// (`clipboardCopied`). Whether a password field has the focus is noted now,
    /// as the copy is made, not only when its text has been fetched.
    case clipboardOwnerChanged
    /// The clipboard (CLIPBOARD) was given this text by a new owner; `secret` when
    /// the owner marked it so (a password manager's hint: the text is then not
    /// fetched, and empty). Kept in the history unless secret, copied while a
    /// password field has the focus (now, or when its owner took the clipboard),
    /// or the history is off; never published.
    case clipboardCopied(String, secret: Bool)
    /// The clipboard history's file asked for (`ClipboardFileRequest.load`), read
    /// (empty when there is none, or it could not be read).
    case clipboardLoaded(ClipboardHistory)
    /// The pointer moved with no button held, to a point of the window (or
    /// beyond it while a key is held by dwell); nil when it left: dwell follows it.
    case pointerHovered(Point?)
    /// A switch (`--switch`) went down or up: switch scanning moves or
    /// selects. `pressedAt`: when it did, by the event's own time, if known
    /// (earlier than the input's when the keyboard was busy).
    case switchChanged(SwitchRole, down: Bool, pressedAt: Duration? = nil)
    /// What the settings page can choose from, and what is chosen (`Command.settings`).
    case settingsLoaded(SettingsChoices)
    /// A key was pressed on a keyboard device of the user's (not XTest's: never
    /// the keyboard's own keystrokes): `HardwareKeys` hides the keyboard.
    case hardwareKeyPressed
    /// The pointer or a touch was pressed anywhere on the screen, by any device.
    case pointerPressed
    /// A convertible was folded into a tablet (true) or opened into a laptop
    /// (false), as KWin tells it; nil where there is no such switch.
    case tabletModeChanged(Bool?)
    /// Time passed: whatever is due by now (see `KeyboardSession.nextDeadline`) is done.
    case deadlinePassed
}

/// A request from outside the keyboard.
public enum ControlRequest: Hashable, Sendable {
    /// Show, hide, toggle or quit.
    case command(ControlCommand)
    /// Tap the keys that type this text, `delay` apart, then answer the requester
    /// (an id the transport gives, an X window) with the characters that could not be typed.
    case type(String, delay: Duration, requester: UInt64)
    /// Stop typing for this requester: the touch it holds is cancelled, nothing
    /// more of its text is typed, and it is answered (`Command.typingStopped`)
    /// unless `requesterGone` (a client killed, its window destroyed).
    case stopTyping(requester: UInt64, requesterGone: Bool)
    /// `tapboard clipboard list|clear`: answered (`Command.reply`) to the
    /// requester (an id the transport gives) with the entries, newest first.
    case clipboard(ClipboardRequest, requester: UInt64)
    /// `tapboard keys`: answered (`Command.reply`) with the keys shown now.
    case keys(requester: UInt64)
    /// Show this layout, as its layout key would (a name not given is logged).
    case layout(String)
    /// Keep this setting (its name, its value as the command line gives it) in
    /// the settings file and show it, as the settings page would (the panel icon's menu).
    case changeSetting(String, String)
}

/// A text field that has the focus, as the accessibility bus describes it.
public struct FocusedField: Hashable, Sendable {
    /// What kind of field.
    public enum Kind: Hashable, Sendable {
        /// Editable text: an entry, a text view, a document.
        case text
        /// A terminal.
        case terminal
        /// A password entry: nothing typed is shown magnified, published or learned.
        case password
    }

    /// Which field (its bus name and object path): the same field keeps its id.
    public var id: String
    /// Its kind.
    public var kind: Kind
    /// Where it is on the screen, if known.
    public var extents: Rect?

    /// Makes a field.
    public init(id: String, kind: Kind, extents: Rect? = nil) {
        self.id = id; self.kind = kind; self.extents = extents
    }
}

/// Where a text field's caret is, as the field reports it: after the keyboard's
/// own keystrokes, a click elsewhere in the text, an arrow key, a paste.
public struct CaretText: Hashable, Sendable {
    /// The field (as `FocusedField.id`).
    public var fieldID: String
    /// The caret's offset in characters (Unicode scalars) from the field's start.
    public var offset: Int
    /// The text right before the caret (its last characters, perhaps not all of it).
    public var before: String

    /// Makes a report.
    public init(fieldID: String, offset: Int, before: String) {
        self.fieldID = fieldID; self.offset = offset; self.before = before
    }

    /// Whether `before` is all the text from the field's start to the caret.
    public var fromStart: Bool { before.unicodeScalars.count >= offset }
}
