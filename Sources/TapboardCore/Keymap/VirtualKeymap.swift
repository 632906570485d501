/// The keymap a Wayland keyboard writes for its virtual keyboard
/// (`zwp_virtual_keyboard_v1`): one keysym a keycode, on its only level, so a
/// keystroke is a press and release of one keycode, with no Shift to hold and
/// none held elsewhere to change it. The bookkeeping alone; the backend
/// uploads the text and presses the keycodes.
///
/// It starts with every keysym the keyboard's layouts can type, so typing on
/// them never changes it. A keysym it lacks (`tapboard type` of any text, a
/// word of another script) takes a keycode, the least recently used of those
/// not kept; the keymap is then uploaded again, and its keycodes wait for
/// `settle` before they are pressed: a client reads a new keymap when the
/// compositor passes it on, and a key sent with it can be read with the old
/// one (wtype's first key lost in foot).
public struct VirtualKeymap: Sendable, Equatable {
    /// The first keycode (XKB's numbering; Wayland's key events carry it less 8).
    public static let firstKeycode: UInt32 = 9
    /// The last: X clients (XWayland) read keycodes up to 255 only.
    public static let lastKeycode: UInt32 = 255
    /// How long a keymap just uploaded is left before its keycodes are pressed.
    public static let settle: Duration = .milliseconds(30)

    /// The keysym on each keycode, from `firstKeycode`.
    public private(set) var keysyms: [UInt32] = []
    private var keycodes: [UInt32: UInt32] = [:]
    /// Keysyms never given up: the layouts', the modifiers' and named keys'.
    private var kept: Set<UInt32> = []
    /// Order of last use, per keycode index, for least recently used first.
    private var lastUse: [UInt64] = []
    private var uses: UInt64 = 0
    /// When the keymap last changed (nil: never since it was first uploaded).
    public private(set) var changedAt: Duration?
    /// Whether it changed since the text was last taken (`takeUpload`).
    public private(set) var needsUpload = true

    /// Keycodes never given to the layouts' keysyms, however many they have:
    /// with several scripts' layouts, the keysyms past the others' (and any
    /// character no layout has) take them in turn, least recently used first.
    public static let reserved = 48

    /// A keymap with these keysyms, kept (the first `capacity - reserved`: the
    /// first layout's come first).
    public init(keeping keysyms: [UInt32]) {
        for keysym in keysyms where keycodes[keysym] == nil && keysym != 0 {
            guard self.keysyms.count < Self.capacity - Self.reserved else { break }
            keycodes[keysym] = Self.firstKeycode + UInt32(self.keysyms.count)
            self.keysyms.append(keysym)
            lastUse.append(0)
            kept.insert(keysym)
        }
    }

    /// How many keycodes there are.
    public static var capacity: Int { Int(lastKeycode - firstKeycode + 1) }

    /// The keycode carrying a keysym, if one does.
    public func keycode(for keysym: UInt32) -> UInt32? { keycodes[keysym] }

    /// When the keycodes may be pressed: now, or once the last change has settled.
    public func readyAt(_ now: Duration) -> Duration? {
        guard let changedAt, now < changedAt + Self.settle else { return nil }
        return changedAt + Self.settle
    }

    /// Gives each keysym not yet on a keycode one: a free keycode, else the least
    /// recently used one not kept and not among `keysyms`. Returns the keysyms
    /// left without one (more than the keycodes that can be given up).
    public mutating func place(_ needed: [UInt32], at now: Duration) -> [UInt32] {
        var left: [UInt32] = []
        let wanted = Set(needed)
        for keysym in needed where keysym != 0 && keycodes[keysym] == nil {
            if keysyms.count < Self.capacity {
                keycodes[keysym] = Self.firstKeycode + UInt32(keysyms.count)
                keysyms.append(keysym)
                lastUse.append(0)
            } else {
                var victim: Int?
                for i in keysyms.indices where !kept.contains(keysyms[i]) && !wanted.contains(keysyms[i]) {
                    if victim.map({ lastUse[i] < lastUse[$0] }) ?? true { victim = i }
                }
                guard let i = victim else {
                    left.append(keysym)
                    continue
                }
                keycodes[keysyms[i]] = nil
                keysyms[i] = keysym
                keycodes[keysym] = Self.firstKeycode + UInt32(i)
            }
            changedAt = now
            needsUpload = true
        }
        return left
    }

    /// Notes that a keysym's keycode was pressed (it is given up last).
    public mutating func used(_ keysym: UInt32) {
        guard let keycode = keycodes[keysym] else { return }
        uses += 1
        lastUse[Int(keycode - Self.firstKeycode)] = uses
    }

    /// The keymap's text, for the compositor, once a change is to be sent;
    /// `name` gives each keysym's name as XKB reads it.
    public mutating func takeUpload(name: (UInt32) -> String) -> String? {
        guard needsUpload else { return nil }
        needsUpload = false
        return text(name: name)
    }

    /// The modifiers' keysyms and the real modifier each sets.
    static let modifierMap: [(keysym: UInt32, modifier: String)] = [
        (0xffe1, "Shift"), (0xffe3, "Control"), (0xffe9, "Mod1"), (0xffeb, "Mod4"), (0xfe03, "Mod5"),
    ]

    /// The keymap in XKB's text format: the keycodes, the standard types and
    /// compatibility (for the modifiers' actions), one keysym per key.
    public func text(name: (UInt32) -> String) -> String {
        var out = "xkb_keymap {\nxkb_keycodes \"tapboard\" {\nminimum = 8;\nmaximum = \(Self.lastKeycode);\n"
        for i in keysyms.indices {
            let code = Self.firstKeycode + UInt32(i)
            out += "<K\(code)> = \(code);\n"
        }
        out += "};\nxkb_types \"tapboard\" { include \"complete\" };\n"
        out += "xkb_compatibility \"tapboard\" { include \"complete\" };\n"
        out += "xkb_symbols \"tapboard\" {\n"
        for (i, keysym) in keysyms.enumerated() {
            out += "key <K\(Self.firstKeycode + UInt32(i))> { [ \(name(keysym)) ] };\n"
        }
        for (keysym, modifier) in Self.modifierMap {
            if let code = keycodes[keysym] { out += "modifier_map \(modifier) { <K\(code)> };\n" }
        }
        out += "};\n};\n"
        return out
    }
}

extension VirtualKeymap {
    /// The named keysyms any keyboard may press: the layouts' action keys,
    /// the modifiers of chords, and the keys `tapboard type` and run keys name.
    public static let namedKeys = [
        "BackSpace", "Return", "Tab", "Escape", "Delete", "Insert", "Home", "End", "Page_Up", "Page_Down",
        "Left", "Right", "Up", "Down", "Shift_L", "Control_L", "Alt_L", "Super_L",
        "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12",
    ]

    /// What keys of these layouts type, as characters (each key's, shifted and
    /// not, its alternates) and keysym names, in the order met; printable
    /// ASCII first, as a terminal's keys and `tapboard type` use it most.
    public static func typed(by layouts: [Layout]) -> (characters: [String], keysyms: [String]) {
        var characters = (0x20 ... 0x7e).map { String(UnicodeScalar(UInt8($0))) }
        var seen = Set(characters)
        var names = namedKeys
        var named = Set(names)
        func add(_ text: String) {
            for scalar in text.unicodeScalars where seen.insert(String(scalar)).inserted { characters.append(String(scalar)) }
        }
        func visit(_ rows: [Row]) {
            for row in rows {
                for item in row.items {
                    switch item {
                    case .stack(let stacked, _): visit(stacked)
                    case .key(let key):
                        switch key.action {
                        case .character(let c):
                            add(c)
                            add(key.character(c, shift: .once))
                        case .text(let t): add(t)
                        case .keysym(let symbol) where named.insert(symbol.name).inserted: names.append(symbol.name)
                        default: break
                        }
                        for alternate in key.callouts {
                            add(alternate)
                            add(alternate.shiftedCharacter)
                        }
                    }
                }
            }
        }
        for layout in layouts {
            for page in layout.pages { visit(page.rows) }
        }
        return (characters, names)
    }
}
