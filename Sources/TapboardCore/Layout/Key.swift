/// How wide a key (or a stack of rows) is within its row.
public enum KeyWidth: Hashable, Sendable {
    /// An equal share of what the fixed and relative keys leave.
    case dynamic
    /// A fixed width in points (scaled with the keyboard like every theme length).
    case fixed(Double)
    /// A fraction (0...1) of the row's width left after key spacing.
    case relative(Double)
    /// A share of what fixed and relative keys leave, in proportion to units:
    /// a plain key is one unit, so rows adding up to the same units line up.
    case units(Double)
}

extension KeyWidth {
    /// How many units of the shared width this takes (nil for fixed and relative widths).
    var shareUnits: Double? {
        switch self {
        case .dynamic: return 1
        case .units(let u): return max(u, 0)
        case .fixed, .relative: return nil
        }
    }
}

/// The style classes of the theme; every key draws with one of them.
public enum KeyClass: String, Hashable, Sendable, CaseIterable {
    /// Keys that type characters.
    case character
    /// Shift, backspace, page switches, hide.
    case action
    /// The space bar.
    case space
    /// The accented key (return).
    case accent
    /// A modifier that is on (shift once or caps lock).
    case activeModifier
    /// A slot of the suggestion strip.
    case suggestion
}

/// One button of the keyboard.
public struct Key: Hashable, Sendable {
    /// What the key does.
    public var action: KeyAction
    /// The label shown, when it differs from what the action derives.
    public var label: String?
    /// The key's width within its row.
    public var width: KeyWidth
    /// The theme class the key draws with.
    public var styleClass: KeyClass
    /// The alternates a long press offers (`e` → `è é ê ë`), shown lower case;
    /// shift turns them upper case like the key itself.
    public var callouts: [String]
    /// What a character key types shifted, where that is not the character's
    /// upper case (Turkish `i` → `İ`); nil for the usual upper case.
    public var shifted: String?

    /// Makes a key; the label and style class derive from the action unless given.
    public init(_ action: KeyAction, label: String? = nil, width: KeyWidth = .dynamic, style: KeyClass? = nil,
                callouts: [String] = []) {
        self.action = action
        self.label = label
        self.width = width
        self.styleClass = style ?? action.defaultStyleClass
        self.callouts = callouts
    }
}

extension Key {
    /// What a character key shows and types in a shift state.
    public func character(_ c: String, shift: ShiftState) -> String {
        shift == .off ? c : (shifted ?? c.shiftedCharacter)
    }

    /// A key typing one character.
    public static func character(_ c: String, width: KeyWidth = .dynamic) -> Key { Key(.character(c), width: width) }
    /// The shift key.
    public static func shift(width: KeyWidth = .dynamic) -> Key { Key(.shift, width: width) }
    /// The backspace key.
    public static func backspace(width: KeyWidth = .dynamic) -> Key { Key(.backspace, width: width) }
    /// The return key.
    public static func `return`(width: KeyWidth = .dynamic) -> Key { Key(.return, width: width) }
    /// The space bar.
    public static func space(width: KeyWidth = .dynamic) -> Key { Key(.space, width: width) }
    /// A key showing another page.
    public static func page(_ name: PageName, label: String? = nil, width: KeyWidth = .dynamic) -> Key {
        Key(.page(name), label: label, width: width)
    }
    /// The key hiding the keyboard.
    public static func hide(width: KeyWidth = .dynamic) -> Key { Key(.hide, width: width) }
}
