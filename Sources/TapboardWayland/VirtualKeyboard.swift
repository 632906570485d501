import CWaylandExtras
import TapboardCore

/// Types on Wayland through a virtual keyboard (`zwp_virtual_keyboard_v1`)
/// whose keymap the keyboard writes (`VirtualKeymap`): every character of its
/// layouts has a keycode from the start; another takes one, the keymap goes
/// to the compositor again, and its keys wait for it to settle.
final class VirtualKeyboard {
    private let keyboard: VirtualKeyboardDevice
    private var keymap: VirtualKeymap
    /// Keycodes held down in the compositor at the moment (released at exit).
    private var down: Set<UInt32> = []
    /// The modifiers mask last sent.
    private var modifiers: UInt32 = 0

    /// A virtual keyboard on the seat, its keymap holding what `layouts` type.
    init(connection: WaylandConnection, layouts: [Layout]) throws {
        keyboard = try VirtualKeyboardDevice(connection: connection)
        let typed = VirtualKeymap.typed(by: layouts)
        var keysyms = typed.keysyms.compactMap(Self.keysym(named:))
        keysyms += typed.characters.compactMap { $0.unicodeScalars.first.flatMap(Self.keysym(for:)) }
        keymap = VirtualKeymap(keeping: keysyms)
        try upload()
    }

    /// The keysym that types a Unicode scalar (a legacy keysym where one exists).
    static func keysym(for scalar: Unicode.Scalar) -> UInt32? {
        let ks = xkb_utf32_to_keysym(scalar.value)
        return ks == 0 ? nil : ks
    }

    /// The keysym with this name (`Return`, `EuroSign`), if it exists.
    static func keysym(named name: String) -> UInt32? {
        let ks = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
        return ks == 0 ? nil : ks
    }

    private static func name(of keysym: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let n = Int(xkb_keysym_get_name(keysym, &buffer, buffer.count))
        guard n > 0, n < buffer.count else { return "0x" + String(keysym, radix: 16) }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Sends the keymap, if it changed, in a sealed file of its own.
    private func upload() throws {
        guard let text = keymap.takeUpload(name: Self.name(of:)) else { return }
        try keyboard.sendKeymap(text)
    }

    /// The keysyms a keystroke presses.
    private func keysyms(_ keystroke: Keystroke) -> [UInt32] {
        switch keystroke {
        case .text(let text): return text.unicodeScalars.compactMap(Self.keysym(for:))
        case .keysym(let symbol): return Self.keysym(named: symbol.name).map { [$0] } ?? []
        case .chord(let mods, let inner): return mods.compactMap { Self.keysym(named: $0.keysym.name) } + keysyms(inner)
        }
    }

    /// Gives the keystroke's keysyms keycodes, uploading a changed keymap;
    /// returns when its keys may be pressed, nil for now.
    func prepare(_ keystroke: Keystroke, now: Duration) -> Duration? {
        _ = keymap.place(keysyms(keystroke), at: now)
        if keymap.needsUpload { try? upload() }
        return keymap.readyAt(now)
    }

    /// Whether the keystroke is one character the keymap has a settled keycode for.
    func canTypeAtOnce(_ keystroke: Keystroke, now: Duration) -> Bool {
        guard case .text(let text) = keystroke, text.unicodeScalars.count == 1,
              let ks = text.unicodeScalars.first.flatMap(Self.keysym(for:)), keymap.keycode(for: ks) != nil else { return false }
        return keymap.readyAt(now) == nil
    }

    /// Types a keystroke with the keymap as it is; returns what had no keycode.
    func type(_ keystroke: Keystroke, time: UInt32) -> [String] {
        var failed: [String] = []
        switch keystroke {
        case .text(let text):
            for scalar in text.unicodeScalars {
                if let ks = Self.keysym(for: scalar), tap(ks, time: time) { continue }
                failed.append(String(scalar))
            }
        case .keysym(let symbol):
            if let ks = Self.keysym(named: symbol.name), tap(ks, time: time) { break }
            failed.append(symbol.name)
        case .chord(let mods, let inner):
            // Held in the order given, released in reverse, like fingers on a keyboard.
            var held: [UInt32] = []
            for m in mods {
                guard let ks = Self.keysym(named: m.keysym.name), let code = keymap.keycode(for: ks) else {
                    failed.append(m.keysym.name)
                    continue
                }
                key(code, pressed: true, time: time)
                held.append(code)
            }
            setModifiers(mods)
            failed += type(inner, time: time)
            setModifiers([])
            for code in held.reversed() { key(code, pressed: false, time: time) }
        }
        return failed
    }

    /// The modifiers' mask the keymap's real modifiers give (Control, Mod1, Mod4).
    private func setModifiers(_ mods: [Modifier]) {
        var mask: UInt32 = 0
        for m in mods {
            switch m {
            case .control: mask |= 1 << 2
            case .alt: mask |= 1 << 3
            case .super: mask |= 1 << 6
            }
        }
        guard mask != modifiers else { return }
        modifiers = mask
        keyboard.modifiers(mask)
    }

    private func tap(_ keysym: UInt32, time: UInt32) -> Bool {
        guard let code = keymap.keycode(for: keysym) else { return false }
        keymap.used(keysym)
        key(code, pressed: true, time: time)
        key(code, pressed: false, time: time)
        return true
    }

    private func key(_ code: UInt32, pressed: Bool, time: UInt32) {
        // Wayland's key events carry the evdev code: XKB's less 8.
        keyboard.key(code - 8, pressed: pressed, time: time)
        if pressed { down.insert(code) } else { down.remove(code) }
    }

    /// Releases every key held and every modifier, and lets go of the device.
    func releaseAll(time: UInt32) {
        for code in down { keyboard.key(code - 8, pressed: false, time: time) }
        down = []
        if modifiers != 0 { keyboard.modifiers(0) }
        modifiers = 0
    }
}
