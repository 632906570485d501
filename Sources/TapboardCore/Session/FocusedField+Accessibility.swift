/// Which focused objects are fields, as the accessibility bus (AT-SPI) describes
/// them: a role and a set of states, the numbers of at-spi2-core's
/// `atspi-constants.h`.
extension FocusedField.Kind {
    /// The AT-SPI roles that decide a kind by themselves.
    public enum Role {
        /// ROLE_PASSWORD_TEXT: GTK's and Qt's hidden entries, `<input type=password>`.
        public static let passwordText: UInt32 = 40
        /// ROLE_TERMINAL: VTE and other terminals, which take keys but say nothing of being editable.
        public static let terminal: UInt32 = 60
    }

    /// The AT-SPI states that count.
    public enum State {
        /// STATE_EDITABLE: its text can be changed (an entry, a text view, a `contenteditable`).
        public static let editable = 7
        /// STATE_READ_ONLY: its text can be selected but not changed.
        public static let readOnly = 43
    }

    /// The kind of field an object with this AT-SPI role and state set (bit n for
    /// state n) is, or nil when it takes no typing: a button, a page, a read-only text.
    /// Toolkits agree on roles less than on states: an editable object is text,
    /// whatever its role (Chromium's `<input>` is an entry, its `contenteditable` a
    /// section, its `<input type=number>` a spin button).
    public init?(role: UInt32, states: UInt64) {
        func has(_ state: Int) -> Bool { states >> UInt64(state) & 1 == 1 }
        // A terminal takes keys whatever its text says of itself (its scrollback is read-only).
        if role == Role.terminal {
            self = .terminal
        } else if has(State.readOnly) {
            return nil
        } else if role == Role.passwordText {
            self = .password
        } else if has(State.editable) {
            self = .text
        } else {
            return nil
        }
    }
}
