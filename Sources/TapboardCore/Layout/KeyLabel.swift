/// A drawn symbol on a key.
public enum KeyIcon: Hashable, Sendable {
    /// Shift: outline when off, filled when on for one character, filled with a bar for caps lock.
    case shift(ShiftState)
    /// Backspace: a left-pointing tag with a cross.
    case backspace
    /// Return: a hooked arrow.
    case `return`
    /// Hide: a chevron pointing down.
    case hide
    /// Next layout: a globe.
    case globe
    /// The emoji page: a smiling face.
    case smiley
    /// A search: a magnifying glass.
    case search
    /// The clipboard page: a clipboard.
    case clipboard
}

/// What a key shows: text or an icon.
public enum KeyLabel: Hashable, Sendable {
    /// Text, drawn with the theme font.
    case text(String)
    /// A symbol drawn as shapes, crisp at any size.
    case icon(KeyIcon)
}

extension Key {
    /// The label the key shows on a page in the given shift state.
    ///
    /// A label given in the layout wins; otherwise it derives from the action,
    /// so a key cannot say one thing and type another.
    public func displayLabel(shift: ShiftState, pages: [Page]) -> KeyLabel {
        if let label { return .text(label) }
        switch action {
        case .character(let c): return .text(character(c, shift: shift))
        case .text(let s): return .text(s)
        case .keysym(let k): return .text(k.displayName)
        case .shift: return .icon(.shift(shift))
        case .capsLock: return .text("caps")
        case .backspace: return .icon(.backspace)
        case .return: return .icon(.return)
        case .space: return .text("space")
        case .page(Page.emoji): return .icon(.smiley)
        case .page(Page.clipboard): return .icon(.clipboard)
        case .page(let name): return .text(pages.first { $0.name == name }?.switchLabel ?? name)
        case .layout(.next): return .icon(.globe)
        case .layout(.named(let name)): return .text(name)
        case .modifier(let m): return .text(m.label)
        // A terminal's way: ^C for ctrl+c.
        case .chord(let modifiers, let key) where modifiers == [.control] && key.isCharacter: return .text("^" + key.name.uppercased())
        case .chord(let modifiers, let key): return .text(modifiers.map(\.label).joined(separator: "+") + "+" + key.displayName)
        case .hide: return .icon(.hide)
        case .run(let argv): return .text(argv.first.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? "run")
        // The session shows the word; the key alone is blank.
        case .suggestion: return .text("")
        case .emoji(.group(let n)): return .text(n < EmojiGroups.keys.count ? EmojiGroups.keys[n].label : "")
        case .emoji(.search): return .icon(.search)
        // The session shows the search and its matches.
        case .emoji(.searchLine), .emoji(.match): return .text("")
        // The session shows the entries and where in them the page is.
        case .clipboard: return .text("")
        // The session shows the settings.
        case .settings: return .text("")
        }
    }
}

extension String {
    /// The upper-case form shift gives, when it is a single scalar: `ß` stays `ß`
    /// (not `SS`), `ΐ` stays `ΐ` (its capital needs combining marks).
    public var shiftedCharacter: String {
        let upper = uppercased()
        return upper.unicodeScalars.count == 1 ? upper : self
    }
}

extension KeySymbol {
    /// A short label for keys that type this keysym.
    public var displayName: String {
        switch name {
        case "Escape": return "Esc"
        case "Tab": return "Tab"
        case "Left": return "←"
        case "Right": return "→"
        case "Up": return "↑"
        case "Down": return "↓"
        case "Delete": return "Del"
        case "Prior": return "PgUp"
        case "Next": return "PgDn"
        case "Insert": return "Ins"
        default: return name
        }
    }
}
