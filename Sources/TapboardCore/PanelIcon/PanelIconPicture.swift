/// The panel icon's picture: a keyboard, drawn at the sizes panels ask for, as
/// StatusNotifierItem's `IconPixmap` wants it (for hosts without the
/// `input-keyboard` icon in their theme).
public enum PanelIconPicture {
    /// The sizes given: panels pick the nearest.
    public static let sizes = [16, 22, 24, 32, 48]

    /// One size's pixels: 4 bytes each, A R G B, not premultiplied, rows top down.
    public static func argb(size: Int) -> [UInt8] {
        let canvas = PixelCanvas(width: size, height: size)
        let s = Double(size)
        let body = Color(hex: 0x3A3F47), key = Color(hex: 0xF2F2F2)
        let top = (s * 0.22).rounded(), height = (s * 0.56).rounded()
        canvas.fillRounded(x: 0, y: top, width: s, height: height, radius: s / 8, body)
        // Three rows of keys, the last a space bar between two keys.
        let margin = max(1, (s / 12).rounded(.down)), gap = max(1, (s / 16).rounded(.down))
        let rowHeight = ((height - 2 * margin - 2 * gap) / 3).rounded(.down)
        for row in 0 ..< 3 {
            let y = Int(top + margin + Double(row) * (rowHeight + gap))
            let columns = row == 2 ? 3 : 5
            let width = ((s - 2 * margin - Double(columns - 1) * gap) / Double(columns)).rounded(.down)
            var x = margin
            for column in 0 ..< columns {
                let w = row == 2 && column == 1 ? s - 2 * margin - 2 * (width * 0.7 + gap) : row == 2 ? (width * 0.7).rounded(.down) : width
                canvas.fill(Rect(x: Int(x), y: y, width: max(1, Int(w)), height: max(1, Int(rowHeight))), key)
                x += w + gap
            }
        }
        var out = [UInt8](repeating: 0, count: size * size * 4)
        for i in 0 ..< size * size {
            let word = canvas.pixels[i]
            let a = Int(word >> 24)
            // The canvas holds premultiplied colour; the icon wants it straight.
            func straight(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (Int(c & 0xff) * 255 + a / 2) / a)) }
            out[i * 4] = UInt8(a)
            out[i * 4 + 1] = straight(word >> 16)
            out[i * 4 + 2] = straight(word >> 8)
            out[i * 4 + 3] = straight(word)
        }
        return out
    }
}

/// The panel icon's menu: what it offers, for the keyboard as it is now.
public struct PanelMenu: Equatable, Sendable {
    /// One item: its id, the submenu it is in (0: the top), its label (nil: a separator), and its toggle.
    public struct Item: Equatable, Sendable {
        public var id: Int32
        public var parent: Int32
        public var label: String?
        public enum Toggle: Int32, Sendable { case none = 0, checkmark = 1, radio = 2 }
        public var toggle: Toggle
        public var on: Bool
        public var enabled: Bool
    }

    /// What a click on an item asks for.
    public enum Action: Equatable, Sendable {
        case toggleKeyboard
        case layout(String)
        /// This theme, kept in the settings file.
        case theme(String)
        case quit
    }

    public private(set) var items: [Item] = []
    private var actions: [Int32: Action] = [:]

    /// The menu for a keyboard shown or not, with these layouts (the one shown named).
    /// `themes`: those to choose from (none: no theme submenu), `themeShown` the one in use.
    public init(shown: Bool, layouts: [String], layoutShown: String, themes: [String] = [], themeShown: String = "") {
        add(1, label: shown ? "Hide keyboard" : "Show keyboard", .toggleKeyboard)
        if layouts.count > 1 {
            add(2, label: "Layout", nil)
            for (i, name) in layouts.enumerated() {
                add(100 + Int32(i), parent: 2, label: name, .layout(name), toggle: .radio, on: name == layoutShown)
            }
        }
        if themes.count > 1 {
            add(5, label: "Theme", nil)
            for (i, name) in themes.enumerated() {
                add(1000 + Int32(i), parent: 5, label: name, .theme(name), toggle: .radio, on: name == themeShown)
            }
        }
        add(3, label: nil, nil)
        add(4, label: "Quit", .quit)
    }

    private mutating func add(_ id: Int32, parent: Int32 = 0, label: String?, _ action: Action?, toggle: Item.Toggle = .none, on: Bool = false) {
        items.append(Item(id: id, parent: parent, label: label, toggle: toggle, on: on, enabled: true))
        actions[id] = action
    }

    /// What clicking an item asks for; nil for none (a submenu, a separator, an id no longer there).
    public func action(of id: Int32) -> Action? { actions[id] }
}
