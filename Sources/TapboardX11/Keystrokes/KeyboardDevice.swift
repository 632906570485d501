import CX11

/// The server's keyboard as the injector uses it: XTest key events, the core
/// keymap read and changed (keycode by keycode, or several at once through
/// XKB), the Shift keycode, and XKB's keymap and modifier events.
extension XDisplay {
    /// Whether the server has the XTest extension.
    func hasXTest() -> Bool {
        var ev: Int32 = 0, err: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        return XTestQueryExtension(pointer, &ev, &err, &major, &minor) != 0
    }

    /// Presses or releases a key as if on a keyboard (XTest).
    func fakeKey(_ keycode: KeyCode, pressed: Bool) {
        XTestFakeKeyEvent(pointer, UInt32(keycode), pressed ? 1 : 0, 0)
    }

    /// The keysym a key press typed with this modifier and group state (an XInput2
    /// event's), and whether that keysym is a modifier's; nil when it typed none.
    func keysym(of keycode: Int32, state: UInt32) -> (keysym: KeySym, isModifier: Bool)? {
        var consumed: UInt32 = 0, keysym: KeySym = 0
        guard XkbLookupKeySym(pointer, KeyCode(truncatingIfNeeded: keycode), state, &consumed, &keysym) != 0, keysym != 0 else { return nil }
        let isModifier = (UInt(XK_Shift_L) ... UInt(XK_Hyper_R)).contains(keysym) || (UInt(XK_ISO_Lock) ... UInt(XK_ISO_Level5_Lock)).contains(keysym)
            || keysym == UInt(XK_Mode_switch) || keysym == UInt(XK_Num_Lock)
        return (keysym, isModifier)
    }

    /// The server's core keymap.
    func readKeymap() -> Keymap {
        var lo: Int32 = 0, hi: Int32 = 0, per: Int32 = 0
        XDisplayKeycodes(pointer, &lo, &hi)
        let count = hi - lo + 1
        guard let syms = XGetKeyboardMapping(pointer, KeyCode(lo), count, &per) else {
            return Keymap(minKeycode: Int(lo), maxKeycode: Int(hi), perKeycode: 1, symbols: [])
        }
        defer { XFree(syms) }
        let all = Array(UnsafeBufferPointer(start: syms, count: Int(count) * Int(per)))
        return Keymap(minKeycode: Int(lo), maxKeycode: Int(hi), perKeycode: Int(per), symbols: all)
    }

    /// Sets the keysyms of one keycode (the server tells every client).
    func setKeysyms(_ keysyms: [KeySym], of keycode: KeyCode) {
        var syms = keysyms
        XChangeKeyboardMapping(pointer, Int32(keycode), Int32(syms.count), &syms, 1)
    }

    /// Sets the keysyms of several keycodes in one XKB request, so every client
    /// hears of them once (one notification for the range they span): each
    /// keycode one level carrying its keysym, or nothing for 0. The keys between
    /// them are written back as read, under a server grab so that no other
    /// client's change in between is undone. False without XKB (nothing written).
    func setKeysymsAtOnce(_ keysyms: [(keycode: KeyCode, keysym: KeySym)]) -> Bool {
        guard let first = keysyms.map(\.keycode).min(), let last = keysyms.map(\.keycode).max() else { return true }
        XGrabServer(pointer)
        defer { XUngrabServer(pointer) }
        // The key actions too: changing a key's width looks at them.
        guard let xkb = XkbGetMap(pointer, UInt32(XkbKeyTypesMask | XkbKeySymsMask | XkbKeyActionsMask), UInt32(XkbUseCoreKbd)) else { return false }
        defer { XkbFreeKeyboard(xkb, 0, 1) }
        for (keycode, keysym) in keysyms {
            var oneLevel = [Int32(XkbOneLevelIndex)]
            guard XkbChangeTypesOfKey(xkb, Int32(keycode), keysym == 0 ? 0 : 1, UInt32(XkbGroup1Mask), &oneLevel, nil) == Success else { return false }
            if keysym != 0 {
                guard let syms = XkbResizeKeySyms(xkb, Int32(keycode), 1) else { return false }
                syms[0] = keysym
            }
        }
        var changes = XkbMapChangesRec()
        changes.changed = UInt16(XkbKeySymsMask)
        changes.first_key_sym = first
        changes.num_key_syms = last - first + 1
        return XkbChangeMap(pointer, xkb, &changes) != 0
    }

    /// The first keycode that is a Shift, if any.
    func shiftKeycode() -> KeyCode? {
        guard let map = XGetModifierMapping(pointer) else { return nil }
        defer { XFreeModifiermap(map) }
        let perModifier = Int(map.pointee.max_keypermod)
        for i in 0 ..< perModifier {
            let kc = map.pointee.modifiermap[Int(ShiftMapIndex) * perModifier + i]
            if kc != 0 { return kc }
        }
        return nil
    }

    /// Asks for the XKB events a core MappingNotify does not cover (a whole new
    /// keymap) and for modifier changes; returns XKB's event number, nil without XKB.
    func selectKeyboardEvents() -> Int32? {
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        var major = Int32(XkbMajorVersion), minor = Int32(XkbMinorVersion)
        guard XkbQueryExtension(pointer, &opcode, &event, &error, &major, &minor) != 0 else { return nil }
        let newKeyboard = UInt32(XkbNewKeyboardNotifyMask)
        XkbSelectEvents(pointer, UInt32(XkbUseCoreKbd), newKeyboard, newKeyboard)
        let mods = UInt(XkbModifierStateMask)
        XkbSelectEventDetails(pointer, UInt32(XkbUseCoreKbd), UInt32(XkbStateNotify), mods, mods)
        return event
    }

    /// The modifiers in effect now (asks the server); nil when it cannot say.
    func modifiers() -> UInt32? {
        var state = XkbStateRec()
        guard XkbGetState(pointer, UInt32(XkbUseCoreKbd), &state) == Success else { return nil }
        return UInt32(state.mods)
    }
}

/// What an XKB event says, of those `selectKeyboardEvents` asks for.
enum KeyboardChange {
    /// A whole new keymap (`setxkbmap`, or another keyboard device typing).
    case newKeymap
    /// The modifiers in effect are now these.
    case modifiers(UInt32)
    /// Something else.
    case other

    /// What an event of XKB's event number says.
    init(_ event: XEvent) {
        let any = withUnsafeBytes(of: event) { $0.load(as: XkbAnyEvent.self) }
        switch any.xkb_type {
        case XkbNewKeyboardNotify: self = .newKeymap
        case XkbStateNotify: self = .modifiers(UInt32(withUnsafeBytes(of: event) { $0.load(as: XkbStateNotifyEvent.self) }.mods))
        default: self = .other
        }
    }
}

/// Xlib's keysym names and cases (a character's keysym comes from the core's `UnicodeKeysyms`).
enum Keysyms {
    /// The keysym with this X name (`Return`, `EuroSign`), if it exists.
    static func keysym(named name: String) -> KeySym? {
        let ks = XStringToKeysym(name)
        return ks == 0 ? nil : ks
    }

    /// A keysym's X name, if it has one.
    static func name(of keysym: KeySym) -> String? {
        XKeysymToString(keysym).map { String(cString: $0) }
    }

    /// A keysym's lower and upper case (the same keysym twice when it has no case).
    static func cases(of keysym: KeySym) -> (lower: KeySym, upper: KeySym) {
        var lower: KeySym = 0, upper: KeySym = 0
        XConvertCase(keysym, &lower, &upper)
        return (lower, upper)
    }
}

/// Whether X has a keysym of this name (`Escape`, `F1`, `EuroSign`): layout files are checked with it.
public func keysymExists(_ name: String) -> Bool {
    Keysyms.keysym(named: name) != nil
}
