import CX11

/// Where a keysym sits in the server's keymap: a keycode and whether it needs shift.
struct KeyPosition: Equatable {
    /// The keycode to press.
    var keycode: KeyCode
    /// Whether Shift must be held for this keysym (the second column).
    var shifted: Bool
}

/// A copy of the server's core keymap, read once and again on MappingNotify.
struct Keymap: Equatable {
    /// The lowest and highest keycodes of the server.
    var minKeycode: Int, maxKeycode: Int
    /// Keysyms per keycode in the core mapping.
    var perKeycode: Int
    /// All keysyms, `perKeycode` per keycode from `minKeycode`.
    var symbols: [KeySym]

    /// The keysyms of one keycode.
    func symbols(of keycode: Int) -> ArraySlice<KeySym> {
        let start = (keycode - minKeycode) * perKeycode
        guard keycode >= minKeycode, keycode <= maxKeycode, start + perKeycode <= symbols.count else { return [] }
        return symbols[start ..< start + perKeycode]
    }

    /// Every keysym reachable with no modifier or with Shift alone, first keycode winning.
    func positions() -> [KeySym: KeyPosition] {
        var table: [KeySym: KeyPosition] = [:]
        guard perKeycode > 0 else { return table }
        for level in 0 ..< min(2, perKeycode) {
            for keycode in minKeycode ... maxKeycode {
                let syms = symbols(of: keycode)
                guard syms.count > level else { continue }
                var sym = syms[syms.startIndex + level]
                if level == 1, sym == 0 {
                    // A keycode listing one keysym gives it on both levels (ICCCM), letters aside.
                    let base = syms[syms.startIndex]
                    let (lower, upper) = Keysyms.cases(of: base)
                    sym = lower == upper ? base : upper
                }
                if sym != 0, table[sym] == nil {
                    table[sym] = KeyPosition(keycode: KeyCode(keycode), shifted: level == 1)
                }
            }
        }
        return table
    }

    /// Keycodes with no keysym at all: free to borrow for keysyms the keymap lacks.
    func emptyKeycodes() -> [Int] {
        (minKeycode ... maxKeycode).filter { kc in symbols(of: kc).allSatisfy { $0 == 0 } }
    }
}
