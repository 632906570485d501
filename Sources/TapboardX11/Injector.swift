import CX11
import TapboardCore

/// Types keystrokes into the focused window through XTest.
///
/// A keysym in the keymap is typed with its keycode, Shift held around it when
/// it sits on the shifted level. A keysym the keymap lacks is typed through a
/// spare keycode (one the keymap leaves empty). A spare keeps its keysym until
/// it is needed for another, least recently used first and never within
/// `reuseAge` of its last use, and all are put back at exit: an application reads
/// the mapping when it handles the key press, which may be after a quick restore
/// (the race xdotool is known for). Restoring after some idle time lost
/// characters under load in the tests, so spares are not restored while running;
/// they are keycodes no key uses.
final class Injector {
    private let display: XDisplay
    private var keymap: Keymap
    private var positions: [KeySym: KeyPosition]
    private var shiftKeycode: KeyCode?
    /// Borrowed keycodes: the keysym each carries now (0 when unmapped) and when it was last used.
    private var spares: [(keycode: KeyCode, keysym: KeySym, lastUse: UInt64, usedAt: Duration)] = []
    private var useCounter: UInt64 = 0
    /// Keycodes this injector holds down in the server at the moment.
    private var down: Set<KeyCode> = []
    /// The most keycodes borrowed at once (a keymap rarely has more empty ones).
    static let spareLimit = 64
    /// The least time between two remappings. Xlib notes a keymap change when it
    /// reads the event and forgets the changes noted while it fetches the new
    /// map, so an application that reads a second change during the fetch for
    /// the first keeps the old keysym for it (seen in the tests under load: the
    /// second remapped keycode read as NoSymbol). Keystrokes that need a remap
    /// sooner wait, in order.
    static let remapInterval: Duration = .milliseconds(50)
    /// When a keycode was last remapped.
    private var lastRemap: Duration?
    /// How long a borrowed keycode keeps what it typed before it may carry
    /// another keysym: an application looks a keycode up when it handles the
    /// press, which may come after the next remapping (Xvfb's US keymap has 19
    /// empty keycodes; Cyrillic needs 33).
    static let reuseAge: Duration = .milliseconds(250)

    /// Prepares typing on a display that has the XTest extension.
    init(display: XDisplay) throws {
        var ev: Int32 = 0, err: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(display.pointer, &ev, &err, &major, &minor) != 0 else {
            throw X11Error.missingExtension("XTEST")
        }
        self.display = display
        keymap = Keymap.read(from: display.pointer)
        positions = keymap.positions()
        refreshModifiers()
        if putBackLeftovers() > 0 {
            keymap = Keymap.read(from: display.pointer)
            positions = keymap.positions()
        }
        adoptSpares()
    }

    /// The root window property listing the borrowed keycodes and what each
    /// carries (pairs of keycode and keysym), kept current while running: a
    /// keyboard killed before its exit (SIGKILL, a crash) leaves it behind for
    /// the next start to put those keycodes back.
    static let borrowedProperty = "_TAPBOARD_BORROWED_KEYCODES"

    /// Empties the keycodes a previous keyboard borrowed and did not put back,
    /// where they still carry what it put there; returns how many.
    private func putBackLeftovers() -> Int {
        guard let record = display.property(Self.borrowedProperty, of: display.root, type: XA_CARDINAL, maxLength: 1024) else { return 0 }
        XDeleteProperty(display.pointer, display.root, display.atom(Self.borrowedProperty))
        guard record.format == 32 else { return 0 }
        let values = record.items
        var restored = 0
        for pair in stride(from: 0, to: values.count - 1, by: 2) {
            let keycode = Int(values[pair]), keysym = KeySym(values[pair + 1])
            let syms = keymap.symbols(of: keycode)
            guard keysym != 0, syms.contains(keysym), syms.allSatisfy({ $0 == keysym || $0 == 0 }) else { continue }
            remap(KeyCode(keycode), to: 0)
            restored += 1
        }
        if restored > 0 {
            logError("put back \(restored) keycode\(restored == 1 ? "" : "s") that a tapboard killed before its exit had borrowed")
        }
        return restored
    }

    /// Writes the borrowed keycodes and their keysyms to the root window (see `borrowedProperty`).
    private func recordBorrowed() {
        display.setProperty(Self.borrowedProperty, of: display.root,
                            cardinals: spares.filter { $0.keysym != 0 }.flatMap { [UInt($0.keycode), UInt($0.keysym)] })
    }

    /// Asks for the XKB events a core MappingNotify does not cover: a whole new
    /// keymap (`setxkbmap`) comes as XkbNewKeyboardNotify alone. Returns XKB's
    /// event number, nil without XKB.
    func selectKeyboardEvents() -> Int32? {
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        var major = Int32(XkbMajorVersion), minor = Int32(XkbMinorVersion)
        guard XkbQueryExtension(display.pointer, &opcode, &event, &error, &major, &minor) != 0 else { return nil }
        let newKeyboard = UInt32(XkbNewKeyboardNotifyMask)
        XkbSelectEvents(display.pointer, UInt32(XkbUseCoreKbd), newKeyboard, newKeyboard)
        // Modifier changes, to notice Shift held by another client or a physical keyboard.
        let mods = UInt(XkbModifierStateMask)
        XkbSelectEventDetails(display.pointer, UInt32(XkbUseCoreKbd), UInt32(XkbStateNotify), mods, mods)
        return event
    }

    /// An XKB event: a new keymap is read again (returns true); a modifier change is noted.
    func handleKeyboardEvent(_ event: XEvent) -> Bool {
        let any = withUnsafeBytes(of: event) { $0.load(as: XkbAnyEvent.self) }
        switch any.xkb_type {
        case XkbNewKeyboardNotify:
            keymapChanged()
            // Applications reload their whole keymap now (also when the keyboard a
            // key comes from changes, a physical one to XTest): a remapping that
            // arrives during that reload is forgotten, so the next one waits.
            lastRemap = Clock.now()
            return true
        case XkbStateNotify: modifiersSeen = UInt32(withUnsafeBytes(of: event) { $0.load(as: XkbStateNotifyEvent.self) }.mods)
        default: break
        }
        return false
    }

    /// The modifiers in effect as last heard from the server (XkbStateNotify);
    /// our own Shift around a keystroke shows here for a moment too.
    private var modifiersSeen: UInt32 = 0
    /// The modifiers that change which keysym a keycode gives: Shift, and Mod5 (AltGr, level 3).
    private static let levelModifiers = UInt32(ShiftMask | Mod5Mask)

    /// Whether another client (a second keyboard, a physical key) holds a
    /// modifier that would change a keycode's keysym. Asks the server only when
    /// the events last heard say one may be.
    private func othersHoldLevelModifier() -> Bool {
        guard modifiersSeen & Self.levelModifiers != 0 else { return false }
        var state = XkbStateRec()
        guard XkbGetState(display.pointer, UInt32(XkbUseCoreKbd), &state) == Success else { return false }
        modifiersSeen = UInt32(state.mods)
        return modifiersSeen & Self.levelModifiers != 0
    }

    /// Rereads the keymap after a MappingNotify; keeps borrowed keycodes still carrying what was put there.
    func keymapChanged() {
        keymap = Keymap.read(from: display.pointer)
        positions = keymap.positions()
        refreshModifiers()
        spares.removeAll { spare in
            !keymap.symbols(of: Int(spare.keycode)).allSatisfy { $0 == spare.keysym || $0 == 0 }
        }
        adoptSpares()
        // Borrowed keycodes are typed through `borrow`, which keeps their use times.
        let borrowed = Set(spares.map(\.keycode))
        positions = positions.filter { !borrowed.contains($0.value.keycode) }
    }

    private func refreshModifiers() {
        shiftKeycode = nil
        if let map = XGetModifierMapping(display.pointer) {
            defer { XFreeModifiermap(map) }
            let perModifier = Int(map.pointee.max_keypermod)
            for i in 0 ..< perModifier {
                let kc = map.pointee.modifiermap[Int(ShiftMapIndex) * perModifier + i]
                if kc != 0 { shiftKeycode = kc; break }
            }
        }
    }

    /// Fills the pool of spare keycodes from keycodes with no keysym, highest first.
    private func adoptSpares() {
        let taken = Set(spares.map(\.keycode))
        for kc in keymap.emptyKeycodes().reversed() where spares.count < Self.spareLimit {
            if !taken.contains(KeyCode(kc)) { spares.append((KeyCode(kc), 0, 0, .zero)) }
        }
    }

    /// When a keystroke can be typed without remapping a keycode that typed
    /// something less than `reuseAge` ago: nil for now.
    func readyTime(for keystroke: Keystroke, now: Duration) -> Duration? {
        var needed = Set<KeySym>()
        func collect(_ k: Keystroke) {
            switch k {
            case .text(let text):
                for scalar in text.unicodeScalars {
                    if let ks = Keysyms.keysym(for: scalar), !canTypeFromKeymap(ks) { needed.insert(ks) }
                }
            case .keysym(let symbol):
                if let ks = Keysyms.keysym(named: symbol.name), !canTypeFromKeymap(ks) { needed.insert(ks) }
            case .chord(_, let inner):
                collect(inner)
            }
        }
        collect(keystroke)
        let missing = needed.filter { ks in !spares.contains { $0.keysym == ks } }
        guard !missing.isEmpty else { return nil }
        // The spares that would be taken, least recently used first: ready once the youngest is old enough.
        let candidates = spares.sorted { $0.lastUse < $1.lastUse }.prefix(missing.count)
        guard candidates.count == missing.count else { return nil }  // too many at once: type what can be
        var ready = candidates.map { $0.keysym == 0 ? Duration.zero : $0.usedAt + Self.reuseAge }.max() ?? .zero
        if let last = lastRemap { ready = max(ready, last + Self.remapInterval) }
        return ready > now ? ready : nil
    }

    private func canTypeFromKeymap(_ keysym: KeySym) -> Bool {
        // With Shift or AltGr held elsewhere, `tap` goes through a borrowed keycode.
        guard let pos = positions[keysym], modifiersSeen & Self.levelModifiers == 0 else { return false }
        return !(pos.shifted && shiftKeycode == nil)
    }

    /// Types a keystroke; returns the characters or keysym names that could not be typed.
    @discardableResult
    func type(_ keystroke: Keystroke, now: Duration) -> [String] {
        var failed: [String] = []
        switch keystroke {
        case .text(let text):
            for scalar in text.unicodeScalars {
                if let ks = Keysyms.keysym(for: scalar), tap(ks, now: now) { continue }
                failed.append(String(scalar))
            }
        case .keysym(let symbol):
            if let ks = Keysyms.keysym(named: symbol.name), tap(ks, now: now) { break }
            failed.append(symbol.name)
        case .chord(let modifiers, let inner):
            // Held in the order given, released in reverse, like fingers on a keyboard.
            var held: [KeyCode] = []
            for m in modifiers {
                guard let ks = Keysyms.keysym(named: m.keysym.name), let pos = positions[ks] else {
                    failed.append(m.keysym.name)
                    continue
                }
                press(pos.keycode)
                held.append(pos.keycode)
            }
            failed += type(inner, now: now)
            for kc in held.reversed() { release(kc) }
        }
        return failed
    }

    /// Presses and releases the key for a keysym, with Shift around it when needed.
    /// While another client holds Shift or AltGr, through a borrowed keycode
    /// that gives the keysym on every level, so the character is still the key's
    /// and the other client's modifiers stay as they are.
    private func tap(_ keysym: KeySym, now: Duration) -> Bool {
        if tapFromKeymap(keysym) { return true }
        guard let kc = borrow(for: keysym, now: now) else { return false }
        press(kc)
        release(kc)
        return true
    }

    /// Presses and releases the keysym's own key, Shift around it when needed;
    /// false when the keymap has no such key or another client holds a level modifier.
    private func tapFromKeymap(_ keysym: KeySym) -> Bool {
        guard let pos = positions[keysym], !(pos.shifted && shiftKeycode == nil), !othersHoldLevelModifier() else { return false }
        let useShift = pos.shifted
        if useShift, let s = shiftKeycode { press(s) }
        press(pos.keycode)
        release(pos.keycode)
        if useShift, let s = shiftKeycode { release(s) }
        return true
    }

    /// Types one character whose keysym the keymap has, at once; false (nothing
    /// typed) for anything else, which `type` may have to borrow a keycode for.
    /// A tap's letter typed ahead of its batch: one keymap lookup, no wait to work out.
    func typeFromKeymap(_ keystroke: Keystroke) -> Bool {
        guard case .text(let text) = keystroke, let scalar = text.unicodeScalars.first,
              text.unicodeScalars.count == 1, let keysym = Keysyms.keysym(for: scalar) else { return false }
        return tapFromKeymap(keysym)
    }

    /// A spare keycode carrying the keysym: one that already does, or the least recently used.
    private func borrow(for keysym: KeySym, now: Duration) -> KeyCode? {
        useCounter += 1
        if let i = spares.firstIndex(where: { $0.keysym == keysym }) {
            spares[i].lastUse = useCounter
            spares[i].usedAt = now
            return spares[i].keycode
        }
        guard let i = spares.indices.min(by: { spares[$0].lastUse < spares[$1].lastUse }) else { return nil }
        spares[i].keysym = keysym
        spares[i].lastUse = useCounter
        spares[i].usedAt = now
        lastRemap = now
        // Recorded before the remapping: a kill between the two leaves a record of a keycode not yet changed, which is harmless.
        recordBorrowed()
        remap(spares[i].keycode, to: keysym)
        return spares[i].keycode
    }

    private func remap(_ keycode: KeyCode, to keysym: KeySym) {
        // Both levels carry the keysym, so a Shift held elsewhere does not change it.
        var syms: [KeySym] = [keysym, keysym]
        XChangeKeyboardMapping(display.pointer, Int32(keycode), 2, &syms, 1)
        positions = positions.filter { $0.value.keycode != keycode }
    }

    /// Puts every borrowed keycode back to no keysym (at exit), and the record
    /// of them away. Not when another keyboard took the display over
    /// (`--replace`): that one puts them back from the record as it starts, and
    /// may already be borrowing keycodes of its own.
    func restoreSpares(replaced: Bool = false) {
        guard !replaced else { return }
        for i in spares.indices where spares[i].keysym != 0 {
            spares[i].keysym = 0
            remap(spares[i].keycode, to: 0)
        }
        XDeleteProperty(display.pointer, display.root, display.atom(Self.borrowedProperty))
    }

    /// Releases every key this injector holds down.
    func releaseAll() {
        for kc in down { XTestFakeKeyEvent(display.pointer, UInt32(kc), 0, 0) }
        down.removeAll()
    }

    private func press(_ keycode: KeyCode) {
        down.insert(keycode)
        XTestFakeKeyEvent(display.pointer, UInt32(keycode), 1, 0)
    }

    private func release(_ keycode: KeyCode) {
        XTestFakeKeyEvent(display.pointer, UInt32(keycode), 0, 0)
        down.remove(keycode)
    }
}
