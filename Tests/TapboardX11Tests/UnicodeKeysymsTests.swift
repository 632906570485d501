import CX11
import TapboardCore
import Testing

/// The core's table against the library it was made from (no display needed).
@Suite("Characters' keysyms")
struct UnicodeKeysymsTests {
    @Test("The core gives every scalar the keysym libxkbcommon gives it")
    func sameAsXkbcommon() {
        var differing: [String] = []
        for value in UInt32(0) ... 0x10_ffff {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let xkb = xkb_utf32_to_keysym(value)
            let core = UnicodeKeysyms.keysym(for: scalar) ?? 0
            if core != xkb && differing.count < 10 { differing.append("U+\(String(value, radix: 16)): \(String(core, radix: 16)) for \(String(xkb, radix: 16))") }
        }
        #expect(differing.isEmpty, "\(differing)")
    }
}
