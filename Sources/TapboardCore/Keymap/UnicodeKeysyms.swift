/// The keysym that types a Unicode scalar, as libxkbcommon's
/// `xkb_utf32_to_keysym` gives it, in pure Swift: Latin-1's printable
/// characters are their own keysyms, about 750 others have a legacy keysym
/// (`Cyrillic_ze`, `EuroSign`, `BackSpace` for U+0008), and every other one is
/// `0x1000000 | scalar`. Both backends type with these keysyms, and the X
/// keymap lists the legacy ones: a Unicode keysym for `з` would find no key on
/// a Russian keymap and borrow a spare keycode for a character it has.
public enum UnicodeKeysyms {
    /// The keysym for a scalar; nil for the non-characters, which have none.
    @inlinable
    public static func keysym(for scalar: Unicode.Scalar) -> UInt32? {
        let cp = scalar.value
        if (0x20 ... 0x7e).contains(cp) || (0xa0 ... 0xff).contains(cp) { return cp }
        if cp <= 0xffff, let legacy = legacyKeysym(cp) { return legacy }
        if (0xfdd0 ... 0xfdef).contains(cp) || cp & 0xfffe == 0xfffe { return nil }
        return 0x100_0000 | cp
    }

    /// The legacy keysym of a scalar below U+10000, by binary search of `legacy`.
    @usableFromInline
    static func legacyKeysym(_ cp: UInt32) -> UInt32? {
        let table = legacy
        var lo = 0, hi = table.count
        while lo < hi {
            let mid = (lo &+ hi) >> 1
            let key = table[mid] >> 16
            if key == cp { return table[mid] & 0xffff }
            if key < cp { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }
}
