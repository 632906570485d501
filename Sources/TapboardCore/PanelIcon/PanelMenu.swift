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
        /// Auto-show on or off, at once and kept in the settings file.
        case autoShow(Bool)
        case quit

        /// What the session is told when the item is chosen.
        public var sessionInput: SessionInput {
            switch self {
            case .toggleKeyboard: .control(.command(.toggle))
            case .layout(let name): .control(.layout(name))
            case .theme(let name): .control(.changeSetting("theme", name))
            case .autoShow(let on): .control(.changeSetting("auto-show", on ? "true" : "false"))
            case .quit: .control(.command(.quit))
            }
        }
    }

    public private(set) var items: [Item] = []
    private var actions: [Int32: Action] = [:]

    /// The menu for a keyboard shown or not, with these layouts (the one shown named).
    /// `themes`: those to choose from (none: no theme submenu), `themeShown` the one in use;
    /// `autoShow`: whether the keyboard shows for text fields by itself (nil: no such item).
    public init(shown: Bool, layouts: [String], layoutShown: String, themes: [String] = [], themeShown: String = "", autoShow: Bool? = nil) {
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
        if let autoShow {
            add(6, label: "Show automatically", .autoShow(!autoShow), toggle: .checkmark, on: autoShow)
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
