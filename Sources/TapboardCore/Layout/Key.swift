/// How wide a key (or a stack of rows) is within its row.
public enum KeyWidth: Hashable, Sendable {
    /// An equal share of what the fixed and relative keys leave.
    case dynamic
    /// A fixed width in points (scaled with the keyboard like every theme length).
    case fixed(Double)
    /// A fraction (0...1) of the row's width left after key spacing.
    case relative(Double)
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

    /// Makes a key; the label and style class derive from the action unless given.
    public init(_ action: KeyAction, label: String? = nil, width: KeyWidth = .dynamic, style: KeyClass? = nil) {
        self.action = action
        self.label = label
        self.width = width
        self.styleClass = style ?? action.defaultStyleClass
    }
}

extension Key {
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
