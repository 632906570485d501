import CX11

/// The core keyboard mapping (XGetKeyboardMapping), to compare before and after.
public struct KeyboardMapping: Equatable {
    /// The first keycode.
    public var minKeycode: Int
    /// Keysyms per keycode.
    public var perKeycode: Int
    /// All keysyms, `perKeycode` per keycode from `minKeycode` on.
    public var keysyms: [KeySym]

    /// The keycodes whose keysyms differ from `other`'s, described, for failure messages.
    public func differences(from other: KeyboardMapping) -> String {
        guard minKeycode == other.minKeycode, perKeycode == other.perKeycode,
              keysyms.count == other.keysyms.count else {
            return "shape differs: \(minKeycode)/\(perKeycode)/\(keysyms.count) vs \(other.minKeycode)/\(other.perKeycode)/\(other.keysyms.count)"
        }
        var lines: [String] = []
        for index in stride(from: 0, to: keysyms.count, by: perKeycode) {
            let mine = Array(keysyms[index..<index + perKeycode])
            let theirs = Array(other.keysyms[index..<index + perKeycode])
            if mine != theirs {
                let name = { (syms: [KeySym]) in syms.map { XKeysymToString($0).map { String(cString: $0) } ?? "0x\(String($0, radix: 16))" } }
                lines.append("keycode \(minKeycode + index / perKeycode): \(name(mine)) vs \(name(theirs))")
            }
        }
        return lines.joined(separator: "; ")
    }
}

