/// The name of an X keysym, as X spells it (`Return`, `BackSpace`, `Escape`, `F1`).
public struct KeySymbol: Hashable, Sendable, CustomStringConvertible {
    /// The keysym's name, resolved to a number by the backend.
    public var name: String

    /// Makes a keysym from its X name.
    public init(_ name: String) { self.name = name }

    /// The keysym's name.
    public var description: String { name }

    /// Deletes the character before the cursor.
    public static let backSpace = KeySymbol("BackSpace")
    /// Ends a line.
    public static let `return` = KeySymbol("Return")
    /// Moves to the next field.
    public static let tab = KeySymbol("Tab")
    /// Cancels.
    public static let escape = KeySymbol("Escape")

    /// Whether the name is one character, typed as that character (a chord's `c`), not a keysym's name.
    public var isCharacter: Bool { name.unicodeScalars.count == 1 }

    /// The keystroke it types: its character, or the keysym.
    var keystroke: Keystroke { isCharacter ? .text(name) : .keysym(self) }
}

/// The name of a page within a layout (`letters`, `symbols`, `more-symbols`).
public typealias PageName = String

/// Which layout a layout key switches to.
public enum LayoutSwitch: Hashable, Sendable {
    /// The next of the layouts the keyboard was given, wrapping around (the globe key).
    case next
    /// The layout with this name, if the keyboard was given it.
    case named(String)
}

/// A modifier held around the next keystroke (tap), or every keystroke (double tap).
public enum Modifier: String, Hashable, Sendable, CaseIterable {
    /// Control.
    case control = "ctrl"
    /// Alt (Meta in terminals).
    case alt
    /// Super (the Windows or Command key).
    case `super`

    /// The keysym pressed for it.
    public var keysym: KeySymbol {
        switch self {
        case .control: return KeySymbol("Control_L")
        case .alt: return KeySymbol("Alt_L")
        case .super: return KeySymbol("Super_L")
        }
    }

    /// What its key shows.
    public var label: String {
        switch self {
        case .control: return "ctrl"
        case .alt: return "alt"
        case .super: return "super"
        }
    }
}

/// What a key does when it is tapped.
public enum KeyAction: Hashable, Sendable {
    /// Types one character; shift and caps lock turn it upper case.
    case character(String)
    /// Types a string exactly as written, whatever the shift state.
    case text(String)
    /// Types a named keysym (`Escape`, `Tab`, `Left`).
    case keysym(KeySymbol)
    /// Shift for the next character; double tap for caps lock.
    case shift
    /// Caps lock on or off.
    case capsLock
    /// Deletes the character before the cursor, repeating while held.
    case backspace
    /// Ends the line.
    case `return`
    /// Types a space.
    case space
    /// Shows another page of the layout.
    case page(PageName)
    /// Switches to another layout.
    case layout(LayoutSwitch)
    /// Ctrl, Alt or Super for the next key; a double tap keeps it on until tapped again.
    case modifier(Modifier)
    /// A character (a name of one character) or a keysym typed with modifiers
    /// held, in one tap (`ctrl+c`: a terminal's ^C). Not an `indirect` key
    /// action: every key's copies would go through a box's code.
    case chord([Modifier], KeySymbol)
    /// Hides the keyboard.
    case hide
    /// Starts a program: the program's name or path, then its arguments; no
    /// shell. Layout files get it only when trusted (see `LayoutFile.decode`).
    case run([String])
    /// Types the suggestion the strip shows at this rank (0: the likeliest), and a space.
    case suggestion(Int)
    /// A key of the emoji page that types no emoji itself: a group, the search.
    case emoji(EmojiKey)
    /// A key of the clipboard page: an entry of the history, or its next screen.
    case clipboard(ClipboardKey)
    /// A key of the settings page (the session shows what each says).
    case settings(SettingsKey)
}

/// The keys of the clipboard page.
public enum ClipboardKey: Hashable, Sendable {
    /// The entry at this place of the screen shown (0: the newest there); the session shows and types it.
    case entry(Int)
    /// The next screen of entries (after the last, the first).
    case more
}

/// What a clipboard entry's key does: a tap types it, its callout pins or deletes it.
public enum ClipboardChoice: Hashable, Sendable {
    case type, pin, delete

    /// The callout of an entry: pin (or unpin), delete.
    public static let callout = ["📌", "✕"]
}

/// The keys of the emoji page (and of its search) other than the emoji.
public enum EmojiKey: Hashable, Sendable {
    /// Shows a group of emoji (`EmojiGroups.keys`; 0: the recently used),
    /// or the next screen of the group shown.
    case group(Int)
    /// Starts a search by name: the letter keys type into the search line.
    case search
    /// The search line, with what was typed into it: tapping it ends the search.
    case searchLine
    /// The search's match at this rank (0: the best), which the session shows.
    case match(Int)
}

/// The groups the emoji page's keys show, in their order: the recently used,
/// then the groups of Unicode's emoji list, each shown by one of its emoji.
public enum EmojiGroups {
    /// The group's name in the emoji list (nil: the recently used) and what its key shows.
    public static let keys: [(name: String?, label: String)] = [
        (nil, "🕘"), ("Smileys & Emotion", "😀"), ("People & Body", "👋"), ("Animals & Nature", "🐻"),
        ("Food & Drink", "🍔"), ("Travel & Places", "🚗"), ("Activities", "⚽"), ("Objects", "💡"),
        ("Symbols", "🔣"), ("Flags", "🏁"),
    ]
}

extension KeyAction {
    /// Whether pressing this key shows the magnified preview above it.
    public var showsPreview: Bool {
        switch self {
        case .character, .text: return true
        default: return false
        }
    }

    /// Whether this key fires on press and repeats while held (backspace).
    public var repeats: Bool {
        // A pattern, not `==`: the synthesized comparison walks every case's payload.
        if case .backspace = self { true } else { false }
    }

    /// The key class whose theme style this action uses unless the key sets one.
    public var defaultStyleClass: KeyClass {
        switch self {
        case .character, .text: return .character
        case .space: return .space
        case .return: return .accent
        case .suggestion, .emoji(.match), .emoji(.searchLine): return .suggestion
        case .clipboard(.entry): return .character
        default: return .action
        }
    }

    /// A short identifier for the key, unique within a page once duplicates are numbered.
    public var identifier: String {
        switch self {
        case .character(let c): return c
        case .text(let s): return "text:" + s
        case .keysym(let k): return k.name
        case .shift: return "shift"
        case .capsLock: return "capslock"
        case .backspace: return "backspace"
        case .return: return "return"
        case .space: return "space"
        case .page(let p): return "page:" + p
        case .layout(.next): return "layout:next"
        case .layout(.named(let n)): return "layout:" + n
        case .modifier(let m): return m.rawValue
        case .hide: return "hide"
        case .run(let argv): return "run:" + argv.joined(separator: " ")
        case .suggestion(let rank): return "suggestion-" + decimalText(rank + 1)
        case .emoji(.group(let n)): return "emoji-group-" + decimalText(n + 1)
        case .emoji(.search): return "emoji-search"
        case .emoji(.searchLine): return "emoji-search-line"
        case .emoji(.match(let rank)): return "emoji-match-" + decimalText(rank + 1)
        case .clipboard(.entry(let n)): return "clipboard-entry-" + decimalText(n + 1)
        case .clipboard(.more): return "clipboard-more"
        case .chord(let modifiers, let key): return modifiers.map(\.rawValue).joined(separator: "+") + "+" + key.name
        case .settings(let key): return "settings-" + key.identifier
        }
    }
}
