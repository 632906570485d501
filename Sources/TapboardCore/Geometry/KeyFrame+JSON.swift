extension KeyAction {
    /// The action as one word plus argument, as `dump-layout` prints it (`character:q`, `page:symbols`).
    public var dumpDescription: String {
        switch self {
        case .character(let c): return "character:" + c
        case .text(let s): return "text:" + s
        case .keysym(let k): return "keysym:" + k.name
        case .page(let p): return "page:" + p
        default: return identifier
        }
    }
}

extension KeyLabel {
    /// The label as text; icons print as their names (`shift`, `backspace`).
    public var plainText: String {
        switch self {
        case .text(let s): return s
        case .icon(.shift): return "shift"
        case .icon(.backspace): return "backspace"
        case .icon(.return): return "return"
        case .icon(.hide): return "hide"
        case .icon(.globe): return "globe"
        case .icon(.smiley): return "emoji"
        case .icon(.search): return "search"
        case .icon(.clipboard): return "clipboard"
        }
    }
}

/// Writes key frames as JSON for scripts and tests.
public enum LayoutDump {
    /// The page, the size and every key's id, label, action and frame, as one JSON object.
    public static func json(page: Page, pages: [Page], size: Size, frames: [KeyFrame]) -> String {
        var out = "{\"page\":\(quote(page.name)),\"size\":{\"width\":\(size.width),\"height\":\(size.height)},\"keys\":["
        for (i, f) in frames.enumerated() {
            if i > 0 { out += "," }
            let label = f.key.displayLabel(shift: .off, pages: pages).plainText
            out += "\n{\"id\":\(quote(f.id)),\"label\":\(quote(label)),\"action\":\(quote(f.key.action.dumpDescription)),"
            out += "\"x\":\(f.rect.x),\"y\":\(f.rect.y),\"width\":\(f.rect.width),\"height\":\(f.rect.height)}"
        }
        return out + "\n]}"
    }

    /// The keys a running keyboard shows (`tapboard keys`), as one JSON object on
    /// one line: its layout and page, its frame on the screen, and each key as
    /// `json` writes it (window pixels; add the frame's origin for the screen's),
    /// with its label as shown now.
    public static func shown(layout: String, page: Page, frame: Rect, frames: [KeyFrame], label: (KeyFrame) -> String) -> String {
        var out = "{\"layout\":\(quote(layout)),\"page\":\(quote(page.name)),"
        out += "\"frame\":{\"x\":\(frame.x),\"y\":\(frame.y),\"width\":\(frame.width),\"height\":\(frame.height)},\"keys\":["
        for (i, f) in frames.enumerated() {
            if i > 0 { out += "," }
            out += "{\"id\":\(quote(f.id)),\"label\":\(quote(label(f))),\"action\":\(quote(f.key.action.dumpDescription)),"
            out += "\"x\":\(f.rect.x),\"y\":\(f.rect.y),\"width\":\(f.rect.width),\"height\":\(f.rect.height)}"
        }
        return out + "]}"
    }

    /// A JSON string literal.
    public static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
