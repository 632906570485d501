/// The level of a key that gives a keysym, and so the modifiers held around its press.
public enum KeyLevel: UInt8, Sendable, CaseIterable {
    /// No modifier.
    case base
    /// Shift held.
    case shift
    /// AltGr held (ISO_Level3_Shift, Mod5 on X).
    case altGr
    /// Shift and AltGr held.
    case shiftAltGr
}

/// Which key a step of a plan presses or releases.
public enum PlannedKey: UInt8, Sendable {
    /// The keysym's own key in the keymap, at the level the plan holds around it.
    case keymap
    /// A keycode lent to the keysym (`SpareKeycodes` on X; a placed keycode of the
    /// virtual keymap on Wayland): the keymap has no key for it.
    case spare
    /// A modifier a chord holds around its keystroke (Control_L, Alt_L, Super_L).
    case chordModifier
    /// The modifier that selects a key's level (Shift_L, ISO_Level3_Shift).
    case levelModifier
}

/// One thing a backend does to type a keystroke, in order.
public enum KeystrokeStep: Hashable, Sendable {
    /// Press the key carrying this keysym.
    case press(UInt32, PlannedKey)
    /// Release the key carrying this keysym.
    case release(UInt32, PlannedKey)
    /// The real modifiers in effect from here (X's bits: Control 1<<2, Mod1 1<<3,
    /// Mod4 1<<6), for a transport that sends them beside its keys (Wayland).
    case modifiers(UInt32)
}

/// The keys to press and release for a keystroke, worked out once for both
/// backends: each character's keysym (`UnicodeKeysyms`), a named keysym's,
/// whether it is typed from the keymap at a level or through a spare keycode,
/// and a chord's modifiers held around what it modifies, released in reverse.
/// The backend gives where the keymap has each keysym and only presses and
/// releases the steps' keys. The steps' storage is kept from one keystroke to
/// the next: a tap plans without allocating.
public struct KeystrokePlan {
    /// The steps of the last keystroke planned.
    public private(set) var steps: [KeystrokeStep] = []
    /// How many characters or keysym names of the last keystroke have no keysym at all.
    public private(set) var unresolved = 0
    /// The keysym with an X name (`Return`, `EuroSign`), nil when none: the
    /// backend's, whose names layout files were checked against.
    private let keysymNamed: (String) -> UInt32?

    /// A plan resolving names with `keysymNamed`.
    public init(keysymNamed: @escaping (String) -> UInt32?) {
        self.keysymNamed = keysymNamed
        steps.reserveCapacity(16)
    }

    /// Shift_L, pressed for the shifted levels.
    public static let shiftKeysym: UInt32 = 0xffe1
    /// ISO_Level3_Shift (AltGr), pressed for the third and fourth levels.
    public static let altGrKeysym: UInt32 = 0xfe03

    /// Plans a keystroke. `level` says at which level the keymap gives a keysym,
    /// nil when it has none to press (or none that may be pressed now): that one
    /// goes through a spare keycode.
    public mutating func plan(_ keystroke: Keystroke, level: (UInt32) -> KeyLevel?) {
        steps.removeAll(keepingCapacity: true)
        unresolved = 0
        add(keystroke, mask: 0, level: level)
    }

    private mutating func add(_ keystroke: Keystroke, mask: UInt32, level: (UInt32) -> KeyLevel?) {
        switch keystroke {
        case .text(let text):
            // One key a scalar: a decomposed "é" is e then the combining accent, as typed.
            for scalar in text.unicodeScalars {
                guard let keysym = UnicodeKeysyms.keysym(for: scalar) else {
                    unresolved += 1
                    continue
                }
                tap(keysym, level: level(keysym))
            }
        case .keysym(let symbol):
            guard let keysym = keysymNamed(symbol.name), keysym != 0 else {
                unresolved += 1
                return
            }
            tap(keysym, level: level(keysym))
        case .chord(let modifiers, let inner):
            // Held in the order given, released in reverse, like fingers on a keyboard.
            var held = mask
            for modifier in modifiers {
                steps.append(.press(Self.keysym(of: modifier), .chordModifier))
                held |= Self.mask(of: modifier)
            }
            if held != mask { steps.append(.modifiers(held)) }
            add(inner, mask: held, level: level)
            if held != mask { steps.append(.modifiers(mask)) }
            for modifier in modifiers.reversed() { steps.append(.release(Self.keysym(of: modifier), .chordModifier)) }
        }
    }

    /// A press and release, with the level's modifiers around it (Shift outside AltGr).
    private mutating func tap(_ keysym: UInt32, level: KeyLevel?) {
        guard let level else {
            steps.append(.press(keysym, .spare))
            steps.append(.release(keysym, .spare))
            return
        }
        let shift = level == .shift || level == .shiftAltGr, altGr = level == .altGr || level == .shiftAltGr
        if shift { steps.append(.press(Self.shiftKeysym, .levelModifier)) }
        if altGr { steps.append(.press(Self.altGrKeysym, .levelModifier)) }
        steps.append(.press(keysym, .keymap))
        steps.append(.release(keysym, .keymap))
        if altGr { steps.append(.release(Self.altGrKeysym, .levelModifier)) }
        if shift { steps.append(.release(Self.shiftKeysym, .levelModifier)) }
    }

    /// The keysym pressed for a chord's modifier (Control_L, Alt_L, Super_L).
    public static func keysym(of modifier: Modifier) -> UInt32 {
        switch modifier {
        case .control: return 0xffe3
        case .alt: return 0xffe9
        case .super: return 0xffeb
        }
    }

    /// The real modifier a chord's modifier sets (Control, Mod1, Mod4).
    public static func mask(of modifier: Modifier) -> UInt32 {
        switch modifier {
        case .control: return 1 << 2
        case .alt: return 1 << 3
        case .super: return 1 << 6
        }
    }

    /// Whether every key of the plan is in the keymap and every character had
    /// a keysym: it can be typed at once, with nothing to borrow or wait for.
    public var fromKeymapOnly: Bool {
        guard unresolved == 0 else { return false }
        for step in steps {
            if case .press(_, .spare) = step { return false }
        }
        return true
    }

    /// Calls `body` with each keysym the plan presses through a spare keycode.
    public func forEachSpare(_ body: (UInt32) -> Void) {
        for step in steps {
            if case .press(let keysym, .spare) = step { body(keysym) }
        }
    }
}
