import Testing
@testable import TapboardCore

/// Which focused objects are fields, from the role and states the accessibility
/// bus reports (the state sets below are what the applications sent).
struct FocusKindTests {
    private static func states(_ numbers: Int...) -> UInt64 { numbers.reduce(0) { $0 | 1 << UInt64($1) } }
    // AT-SPI states: focusable 11, focused 12, editable 7, enabled 8, sensitive 24,
    // showing 25, single-line 26, visible 30, selectable-text 38, read-only 43.
    private static let ordinary = states(8, 11, 12, 24, 25, 30)

    @Test("Chromium: an <input>, a <textarea> and a contenteditable are text; a password input a password; the page and a button nothing",
          arguments: [
              // Entry (79) with Chromium 156's state set for a focused <input>, exactly as sent.
              (79, UInt64(0x40_4700_1980), FocusedField.Kind?.some(.text)),
              // A <textarea>: an entry, multi-line (17).
              (79, UInt64(0x40_4700_1980) | 1 << 17, .text),
              // contenteditable: an editable section (85).
              (85, states(7, 8, 11, 12, 17, 24, 25, 30, 38), .text),
              // <input type=number>: an editable spin button (52).
              (52, states(7, 8, 11, 12, 24, 25, 30), .text),
              // Password text (40), as sent.
              (40, UInt64(0x40_4700_1980), .password),
              // The page: a focused document web (95), not editable, as sent.
              (95, UInt64(0x4300_1100), nil),
              // A push button (43).
              (43, states(8, 11, 12, 24, 25, 30), nil),
          ] as [(UInt32, UInt64, FocusedField.Kind?)])
    func chromium(role: UInt32, states: UInt64, kind: FocusedField.Kind?) {
        #expect(FocusedField.Kind(role: role, states: states) == kind)
    }

    @Test("Read-only text takes no typing, an <input readonly> and a read-only password field alike; a terminal still does")
    func readOnly() {
        #expect(FocusedField.Kind(role: 79, states: Self.ordinary | Self.states(7)) == .text)
        #expect(FocusedField.Kind(role: 79, states: Self.ordinary | Self.states(7, 43)) == nil)
        #expect(FocusedField.Kind(role: 79, states: Self.ordinary | Self.states(43)) == nil)
        #expect(FocusedField.Kind(role: 40, states: Self.ordinary | Self.states(7, 43)) == nil)
        #expect(FocusedField.Kind(role: 60, states: Self.ordinary | Self.states(43)) == .terminal)
    }

    @Test("The role decides for a password field and a terminal; for everything else, the editable state")
    func roles() {
        // GTK's password entry, a terminal (VTE says nothing of being editable), a label and a text view.
        #expect(FocusedField.Kind(role: 40, states: Self.ordinary | Self.states(7)) == .password)
        #expect(FocusedField.Kind(role: 60, states: Self.ordinary) == .terminal)
        #expect(FocusedField.Kind(role: 29, states: Self.ordinary) == nil)
        #expect(FocusedField.Kind(role: 61, states: Self.ordinary | Self.states(7, 17)) == .text)
        #expect(FocusedField.Kind(role: 61, states: Self.ordinary | Self.states(17)) == nil)
    }
}
