/// What changed about the keyboard's frame on the screen.
public enum FrameEventKind: String, Hashable, Sendable, CaseIterable {
    case willShow, didShow, willHide, didHide, willChangeFrame, didChangeFrame
}

/// What the keyboard tells applications and scripts (`tapboard events`, library
/// observers), so they can move their content clear of it.
public enum PublishedEvent: Hashable, Sendable {
    /// The keyboard shows, hides or moves: its frame before and after, in screen
    /// pixels, and how long the change takes (zero when at once).
    case frame(FrameEventKind, start: Rect, end: Rect, duration: Duration)
    /// Another page is shown.
    case pageChanged(PageName)
    /// Another layout is shown.
    case layoutChanged(String)
    /// Text was typed: only published when both the keyboard and the listener
    /// asked for it (`--keys`), since it may be a password.
    case typed(String)
    /// A key with no text was typed (`BackSpace`, `Return`, `Left`), by keysym
    /// name; published like `typed`.
    case typedKeysym(String)
    /// A key typed with modifiers held (Ctrl+BackSpace, Ctrl+C): the modifiers,
    /// and the text or keysym name of the key; published like `typed`.
    case typedChord([Modifier], text: String?, keysym: String?)
    /// The words the suggestion strip shows now, likeliest first; published like `typed`.
    case suggestions([String])
    /// The keys switch scanning highlights now, by id (none when no scan runs);
    /// published like `typed`, since the highlight's path tells what is selected.
    case scan([String])

    /// Whether it tells what the user types: only for `--publish-keys` and listeners asking for keys.
    public var isPrivate: Bool {
        switch self {
        case .typed, .typedKeysym, .typedChord, .suggestions, .scan: return true
        case .frame, .pageChanged, .layoutChanged: return false
        }
    }

    /// The event's name in JSON (`didShow`, `pageChanged`, `key`).
    public var name: String {
        switch self {
        case .frame(let kind, _, _, _): return kind.rawValue
        case .pageChanged: return "pageChanged"
        case .layoutChanged: return "layoutChanged"
        case .typed, .typedKeysym, .typedChord: return "key"
        case .suggestions: return "suggestions"
        case .scan: return "scan"
        }
    }

    /// One JSON object on one line, for `tapboard events`.
    public var jsonLine: String {
        func rect(_ r: Rect) -> String { "{\"x\":\(r.x),\"y\":\(r.y),\"width\":\(r.width),\"height\":\(r.height)}" }
        switch self {
        case .frame(let kind, let start, let end, let duration):
            let ms = Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
            return "{\"event\":\"\(kind.rawValue)\",\"startFrame\":\(rect(start)),\"endFrame\":\(rect(end)),\"duration\":\(ms)}"
        case .pageChanged(let page):
            return "{\"event\":\"pageChanged\",\"page\":\(LayoutDump.quote(page))}"
        case .layoutChanged(let layout):
            return "{\"event\":\"layoutChanged\",\"layout\":\(LayoutDump.quote(layout))}"
        case .typed(let text):
            return "{\"event\":\"key\",\"text\":\(LayoutDump.quote(text))}"
        case .typedKeysym(let name):
            return "{\"event\":\"key\",\"keysym\":\(LayoutDump.quote(name))}"
        case .typedChord(let modifiers, let text, let keysym):
            let key = text.map { "\"text\":\(LayoutDump.quote($0))" } ?? "\"keysym\":\(LayoutDump.quote(keysym ?? ""))"
            return "{\"event\":\"key\",\"modifiers\":[\(modifiers.map { LayoutDump.quote($0.rawValue) }.joined(separator: ","))],\(key)}"
        case .suggestions(let words):
            return "{\"event\":\"suggestions\",\"words\":[\(words.map(LayoutDump.quote).joined(separator: ","))]}"
        case .scan(let keys):
            return "{\"event\":\"scan\",\"keys\":[\(keys.map(LayoutDump.quote).joined(separator: ","))]}"
        }
    }
}
