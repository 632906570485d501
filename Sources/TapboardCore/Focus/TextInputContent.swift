/// What a Wayland text input says about its field (text-input-v3's content
/// type, passed on to the input method), as the kind of field the session
/// knows: a password or PIN field keeps its keys to itself, a terminal gets
/// keystrokes.
public enum TextInputContent {
    /// text-input-v3's purposes that matter here.
    static let passwordPurpose: UInt32 = 8, pinPurpose: UInt32 = 9, terminalPurpose: UInt32 = 13
    /// Its hint for data not to be kept or shown.
    static let sensitiveHint: UInt32 = 0x80
    /// The characters toolkits show in place of a hidden entry's text.
    static let maskCharacters: Set<Unicode.Scalar> = ["\u{25CF}", "\u{2022}", "*", "\u{2217}", "\u{00B7}"]

    /// The kind of field a content type and the text around the caret say it is.
    /// A GTK 3 entry that hides its text without saying its purpose is
    /// password (it sends its mask as the text: `●●●`) from its first character.
    public static func kind(purpose: UInt32, hint: UInt32, surrounding: String?) -> FocusedField.Kind {
        switch purpose {
        case passwordPurpose, pinPurpose: return .password
        case terminalPurpose: return .terminal
        default:
            if hint & sensitiveHint != 0 { return .password }
            if let text = surrounding, let first = text.unicodeScalars.first, maskCharacters.contains(first),
               text.unicodeScalars.allSatisfy({ $0 == first }) { return .password }
            return .text
        }
    }
}
