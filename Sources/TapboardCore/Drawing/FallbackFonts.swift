/// Where a label's characters the theme's font lacks are drawn from, on X11
/// and Wayland alike: the CJK fonts Debian ships, tried in turn.
public enum FallbackFonts {
    /// Families tried in turn for a character the theme's font lacks.
    public static let families = ["Noto Sans CJK SC", "Noto Sans CJK JP", "Noto Sans CJK KR", "WenQuanYi Micro Hei",
                                  "Droid Sans Fallback", "Unifont"]

    /// Whether a character is of the scripts a theme's Latin font often lacks
    /// (from Hangul jamo up: Chinese, Japanese, Korean); others are not looked for elsewhere.
    public static func mayNeed(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x1100 }

    /// Whether a label has such a character.
    public static func mayNeed(_ label: String) -> Bool { label.unicodeScalars.contains(where: mayNeed) }
}
