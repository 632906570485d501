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
    /// The keys of the keystroke being typed (its storage kept from one to the next).
    private var plan = KeystrokePlan(keysymNamed: VirtualKeyboard.keysym(named:))
    /// The keysyms a keystroke needs keycodes for (kept, like the plan's).
    private var needed: [UInt32] = []

    /// A virtual keyboard on the seat, its keymap holding what `layouts` type.
    init(connection: WaylandConnection, layouts: [Layout]) throws {
        keyboard = try VirtualKeyboardDevice(connection: connection)
        let typed = VirtualKeymap.typed(by: layouts)
        var keysyms = typed.keysyms.compactMap(Self.keysym(named:))
        keysyms += typed.characters.compactMap { $0.unicodeScalars.first.flatMap(UnicodeKeysyms.keysym(for:)) }
        keymap = VirtualKeymap(keeping: keysyms)
        try upload()
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

    /// Plans a keystroke: the keymap takes any keysym onto a keycode of its own, at its only level.
    private func planKeys(_ keystroke: Keystroke) {
        plan.plan(keystroke) { _ in .base }
    }

    /// Gives the keystroke's keysyms keycodes, uploading a changed keymap;
    /// returns when its keys may be pressed, nil for now.
    func prepare(_ keystroke: Keystroke, now: Duration) -> Duration? {
        planKeys(keystroke)
        needed.removeAll(keepingCapacity: true)
        for step in plan.steps {
            if case .press(let keysym, _) = step { needed.append(keysym) }
        }
        _ = keymap.place(needed, at: now)
        if keymap.needsUpload { try? upload() }
        return keymap.readyAt(now)
    }

    /// Types the keystroke now if every key it presses has a settled keycode
    /// (a tap's letter typed ahead of its batch); whether it did.
    func typeAtOnce(_ keystroke: Keystroke, now: Duration, time: UInt32) -> Bool {
        guard keymap.readyAt(now) == nil else { return false }
        planKeys(keystroke)
        guard plan.unresolved == 0 else { return false }
        for step in plan.steps {
            if case .press(let keysym, _) = step, keymap.keycode(for: keysym) == nil { return false }
        }
        carryOut(time: time)
        return true
    }

    /// Types a keystroke with the keymap as it is; returns how many of its
    /// characters or keysyms had no keysym or no keycode.
    func type(_ keystroke: Keystroke, time: UInt32) -> Int {
        planKeys(keystroke)
        return carryOut(time: time)
    }

    /// Presses and releases the keys of the plan, and sends a chord's modifiers beside them.
    @discardableResult
    private func carryOut(time: UInt32) -> Int {
        var failed = plan.unresolved
        for step in plan.steps {
            switch step {
            case .press(let keysym, let key):
                guard let code = keymap.keycode(for: keysym) else {
                    failed += 1
                    continue
                }
                // A chord's modifiers are kept in the keymap: only typed keysyms compete for keycodes.
                if key != .chordModifier { keymap.used(keysym) }
                self.key(code, pressed: true, time: time)
            case .release(let keysym, _):
                if let code = keymap.keycode(for: keysym) { key(code, pressed: false, time: time) }
            case .modifiers(let mask):
                setModifiers(mask)
            }
        }
        return failed
    }

    /// Sends the real modifiers' mask (the keymap's Control, Mod1 and Mod4 are X's bits) if it changed.
    private func setModifiers(_ mask: UInt32) {
        guard mask != modifiers else { return }
        modifiers = mask
        keyboard.modifiers(mask)
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
