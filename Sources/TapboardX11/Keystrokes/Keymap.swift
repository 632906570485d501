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

    /// Reads the keymap from the server.
    static func read(from display: OpaquePointer) -> Keymap {
        var lo: Int32 = 0, hi: Int32 = 0, per: Int32 = 0
        XDisplayKeycodes(display, &lo, &hi)
        let count = hi - lo + 1
        guard let syms = XGetKeyboardMapping(display, KeyCode(lo), count, &per) else {
            return Keymap(minKeycode: Int(lo), maxKeycode: Int(hi), perKeycode: 1, symbols: [])
        }
        defer { XFree(syms) }
        let all = Array(UnsafeBufferPointer(start: syms, count: Int(count) * Int(per)))
        return Keymap(minKeycode: Int(lo), maxKeycode: Int(hi), perKeycode: Int(per), symbols: all)
    }

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
                    var lower: KeySym = 0, upper: KeySym = 0
                    XConvertCase(base, &lower, &upper)
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

/// Conversions between characters and keysyms, through libxkbcommon.
enum Keysyms {
    /// The keysym that types this Unicode scalar (a legacy keysym where one exists).
    static func keysym(for scalar: Unicode.Scalar) -> KeySym? {
        let ks = xkb_utf32_to_keysym(scalar.value)
        return ks == 0 ? nil : KeySym(ks)
    }

    /// The keysym with this X name (`Return`, `EuroSign`), if it exists.
    static func keysym(named name: String) -> KeySym? {
        let ks = XStringToKeysym(name)
        return ks == 0 ? nil : ks
    }

    /// The character a keysym types, if it types one.
    static func character(for keysym: KeySym) -> Unicode.Scalar? {
        let u = xkb_keysym_to_utf32(xkb_keysym_t(truncatingIfNeeded: keysym))
        return u == 0 ? nil : Unicode.Scalar(u)
    }
}

/// Whether X has a keysym of this name (`Escape`, `F1`, `EuroSign`): layout files are checked with it.
public func keysymExists(_ name: String) -> Bool {
    Keysyms.keysym(named: name) != nil
}
