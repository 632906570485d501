/// Terminals that tell the accessibility bus nothing (xterm, rxvt, st, kitty...):
/// for `--auto-show`, their window taking the input focus is a terminal field
/// taking it, and the focus moving to another window is the field losing it.
/// Terminals built on VTE (GNOME Terminal, xfce4-terminal, Terminator) report
/// their terminal through AT-SPI and need none of this.
public enum TerminalWindows {
    /// WM_CLASS names (instance or class, compared without case) of terminals with no AT-SPI.
    public static let classes: Set<String> = [
        "xterm", "uxterm", "urxvt", "rxvt", "rxvt-unicode", "st", "st-256color", "alacritty", "kitty",
        "eterm", "aterm", "mlterm", "wezterm", "org.wezfurlong.wezterm",
    ]

    /// The prefix of the ids of fields made from terminal windows (`field(window:)`).
    public static let idPrefix = "x11-window:"

    /// Whether a window with these WM_CLASS names is such a terminal.
    public static func isTerminal(wmClass names: [String]) -> Bool {
        names.contains { classes.contains($0.lowercased()) }
    }

    /// The field a terminal window stands for. No extents: where its prompt is
    /// is not known, and keeping clear of the whole window would move the keyboard away from it.
    public static func field(window: UInt64) -> FocusedField {
        FocusedField(id: idPrefix + String(window), kind: .terminal)
    }

    /// Whether a field stands for a terminal window rather than something the accessibility bus reported.
    public static func isWindowField(_ field: FocusedField?) -> Bool {
        field?.id.hasPrefix(idPrefix) ?? false
    }
}
