import CX11
import TapboardCore

/// Types keystrokes into the focused window through XTest.
///
/// A keysym in the keymap is typed with its keycode, Shift held around it when
/// it sits on the shifted level. A keysym the keymap lacks is typed through a
/// spare keycode (one the keymap leaves empty), lent as `SpareKeycodes` says:
/// remapped, announced again a while later, and only then pressed. A spare
/// keeps its keysym until it is needed for another, and all are put back at
/// exit: an application reads the mapping when it handles the key press, which
/// may be after a quick restore (the race xdotool is known for). Restoring after
/// some idle time lost characters under load in the tests, so spares are not
/// restored while running; they are keycodes no key uses.
final class Injector {
    let display: XDisplay
    private var keymap: Keymap
    private var positions: [KeySym: KeyPosition]
    private var shiftKeycode: KeyCode?
    /// The borrowed keycodes and when each may change or be pressed.
    var spares = SpareKeycodes()
    /// The keystrokes foreseen (a scripted text's next characters) that need
    /// borrowed keycodes, as their keysyms, in order: prepared before they are
    /// typed. Those before `foreseenNext` were typed.
    var foreseen: [[UInt32]] = []
    var foreseenNext = 0
    /// The application keys go to, when it answers pings (`SpareKeycodes.readerAnswers`),
    /// and the ping it has not answered yet: when it was sent, by serial.
    var reader: Window?
    var pingSerial: UInt = 0
    var pingOut: (serial: UInt, uses: UInt64)?
    /// Keycodes this injector holds down in the server at the moment.
    private var down: Set<KeyCode> = []
    /// Keycodes a keyboard killed before its exit had borrowed, put back as this one started.
    private(set) var keycodesPutBack = 0
    /// The keys of the keystroke being typed (its storage kept from one to the next).
    private var plan = KeystrokePlan { Keysyms.keysym(named: $0).map { UInt32(truncatingIfNeeded: $0) } }

    /// The root window property this injector records its borrowed keycodes in.
    private let recordProperty: String

    /// Prepares typing on a display that has the XTest extension, recording
    /// borrowed keycodes in `recordProperty` (see `borrowedProperty`).
    init(display: XDisplay, recordProperty: String = Injector.borrowedProperty) throws {
        guard display.hasXTest() else { throw X11Error.missingExtension("XTEST") }
        self.display = display
        self.recordProperty = recordProperty
        keymap = display.readKeymap()
        positions = keymap.positions()
        refreshModifiers()
        keycodesPutBack = putBackLeftovers()
        if keycodesPutBack > 0 {
            keymap = display.readKeymap()
            positions = keymap.positions()
        }
        adoptSpares()
    }

    /// The root window property listing the borrowed keycodes and what each
    /// carries (pairs of keycode and keysym), kept current while running: a
    /// keyboard killed before its exit (SIGKILL, a crash) leaves it behind for
    /// the next start to put those keycodes back.
    static let borrowedProperty = "_TAPBOARD_BORROWED_KEYCODES"
    /// The same for an embedded keyboard (`--xid`), which may run beside the
    /// user's own at a lock screen: neither takes the other's for leftovers.
    static let embeddedBorrowedProperty = "_TAPBOARD_EMBEDDED_BORROWED_KEYCODES"

    /// Empties the keycodes a previous keyboard borrowed and did not put back,
    /// where they still carry what it put there; returns how many.
    private func putBackLeftovers() -> Int {
        guard let record = display.property(recordProperty, of: display.root, type: XA_CARDINAL, maxLength: 1024) else { return 0 }
        display.deleteProperty(recordProperty, of: display.root)
        guard record.format == 32 else { return 0 }
        let values = record.items
        var restored = 0
        for pair in stride(from: 0, to: values.count - 1, by: 2) {
            let keycode = Int(values[pair]), keysym = KeySym(values[pair + 1])
            let syms = keymap.symbols(of: keycode)
            guard keysym != 0, syms.contains(keysym), syms.allSatisfy({ $0 == keysym || $0 == 0 }) else { continue }
            write(KeyCode(keycode), 0)
            restored += 1
        }
        return restored
    }

    /// Writes the borrowed keycodes and their keysyms to the root window (see `borrowedProperty`).
    private func recordBorrowed() {
        display.setProperty(recordProperty, of: display.root,
                            cardinals: spares.borrowed.flatMap { [UInt($0.keycode), UInt($0.keysym)] })
    }

    /// Asks for the XKB events a core MappingNotify does not cover: a whole new
    /// keymap (`setxkbmap`) comes as XkbNewKeyboardNotify alone; and modifier
    /// changes, to notice Shift held by another client or a physical keyboard.
    /// Returns XKB's event number, nil without XKB.
    /// With XKB, many keycodes are changed in one request (`SpareKeycodes.batched`).
    func selectKeyboardEvents() -> Int32? {
        let event = display.selectKeyboardEvents()
        spares.batched = event != nil
        return event
    }

    /// An XKB event: a new keymap is read again (returns true); a modifier change is noted.
    /// `clock` is read when a new keymap came.
    func handleKeyboardEvent(_ event: XEvent, clock: () -> Duration) -> Bool {
        switch KeyboardChange(event) {
        case .newKeymap:
            keymapChanged()
            // Applications reload their whole keymap now (also when the keyboard a
            // key comes from changes, a physical one to XTest): a remapping that
            // arrives during that reload is forgotten, so the next one waits.
            spares.keymapReplaced(at: clock())
            return true
        case .modifiers(let mods): modifiersSeen = mods
        case .other: break
        }
        return false
    }

    /// The modifiers in effect as last heard from the server (XkbStateNotify);
    /// our own Shift around a keystroke shows here for a moment too.
    var modifiersSeen: UInt32 = 0
    /// The modifiers that change which keysym a keycode gives: Shift, and Mod5 (AltGr, level 3).
    static let levelModifiers = UInt32(ShiftMask | Mod5Mask)

    /// Whether another client (a second keyboard, a physical key) holds a
    /// modifier that would change a keycode's keysym. Asks the server only when
    /// the events last heard say one may be.
    private func othersHoldLevelModifier() -> Bool {
        guard modifiersSeen & Self.levelModifiers != 0, let mods = display.modifiers() else { return false }
        modifiersSeen = mods
        return modifiersSeen & Self.levelModifiers != 0
    }

    /// Rereads the keymap after a MappingNotify; keeps borrowed keycodes still carrying what was put there.
    func keymapChanged() {
        keymap = display.readKeymap()
        positions = keymap.positions()
        refreshModifiers()
        // A new keymap (setxkbmap) empties or refills borrowed keycodes: one that
        // no longer carries its keysym is dropped (and adopted again if empty).
        spares.keep { keycode, keysym in
            let symbols = keymap.symbols(of: Int(keycode))
            return keysym == 0 ? symbols.allSatisfy { $0 == 0 }
                : symbols.contains(KeySym(keysym)) && symbols.allSatisfy { $0 == KeySym(keysym) || $0 == 0 }
        }
        adoptSpares()
        // Borrowed keycodes are typed through `spares`, which keeps their use times.
        let borrowed = Set(spares.spares.map { KeyCode($0.keycode) })
        positions = positions.filter { !borrowed.contains($0.value.keycode) }
    }

    private func refreshModifiers() {
        shiftKeycode = display.shiftKeycode()
    }

    /// Fills the pool of spare keycodes from keycodes with no keysym, highest first.
    private func adoptSpares() {
        spares.adopt(keymap.emptyKeycodes().map { UInt32($0) })
    }

    /// Makes the keymap changes a keystroke needs that are due (a keycode
    /// remapped, or announced again before its first press; see `SpareKeycodes`);
    /// returns when to come back, nil when it can be typed now. A remapping the
    /// keystroke after it (`next`) needs may go with them.
    func prepare(_ keystroke: Keystroke, next: Keystroke?, now: Duration) -> Duration? {
        // With Shift or AltGr held elsewhere (as last heard), `type` goes through borrowed keycodes.
        let levelsFree = modifiersSeen & Self.levelModifiers == 0
        let upcoming = (next.map { spareKeysyms($0, levelsFree: levelsFree).sorted() } ?? []) + upcomingKeysyms
        let needed = spareKeysyms(keystroke, levelsFree: levelsFree)
        while true {
            switch spares.step(for: needed, upcoming: upcoming, now: now) {
            case .ready: return nil
            case .wait(let until):
                pingIfWaiting()
                return until
            case .change(let changes): apply(changes)
            }
        }
    }

    /// The keysyms of a keystroke that must go through a borrowed keycode.
    func spareKeysyms(_ keystroke: Keystroke, levelsFree: Bool) -> Set<UInt32> {
        planKeys(keystroke, levelsFree: levelsFree)
        var needed = Set<UInt32>()
        plan.forEachSpare { needed.insert($0) }
        return needed
    }

    /// Plans a keystroke on the keymap as it is: a keysym is typed from its key
    /// at the level it sits on, unless Shift is needed and the server has none,
    /// or `levelsFree` is false (another client holds Shift or AltGr): then
    /// through a borrowed keycode that gives it on every level, so the character
    /// is still the key's and the other client's modifiers stay as they are.
    private func planKeys(_ keystroke: Keystroke, levelsFree: Bool) {
        let positions = positions, hasShift = shiftKeycode != nil
        plan.plan(keystroke) { keysym in
            guard levelsFree, let pos = positions[KeySym(keysym)], hasShift || !pos.shifted else { return nil }
            return pos.shifted ? .shift : .base
        }
    }

    /// Types a keystroke; returns how many of its characters or keysyms could not be typed.
    @discardableResult
    func type(_ keystroke: Keystroke, now: Duration) -> Int {
        planKeys(keystroke, levelsFree: !othersHoldLevelModifier())
        guard !foreseen.isEmpty else { return carryOut(now: now) }
        var keysyms: [UInt32] = []
        plan.forEachSpare { keysyms.append($0) }
        typedForeseen(keysyms.sorted())
        let failed = carryOut(now: now)
        // A text typed in a flood: the application is asked when it has read this far (after the presses, in order).
        if !keysyms.isEmpty { pingIfWaiting() }
        return failed
    }

    /// Presses and releases the keys of the plan; returns how many keys had no
    /// keycode (a missing modifier, no spare left), with what had no keysym.
    @discardableResult
    private func carryOut(now: Duration) -> Int {
        var failed = plan.unresolved
        for step in plan.steps {
            switch step {
            case .press(let keysym, let key):
                guard let keycode = keycode(for: keysym, key, pressing: now) else {
                    failed += 1
                    continue
                }
                press(keycode)
            case .release(let keysym, let key):
                if let keycode = keycode(for: keysym, key, pressing: nil) { release(keycode) }
            case .modifiers:
                break  // X's key events carry the modifiers of the keys held.
            }
        }
        return failed
    }

    /// The keycode that types a planned key. A spare is borrowed as it is
    /// pressed (`pressing`: the time), and found again as it is released.
    private func keycode(for keysym: UInt32, _ key: PlannedKey, pressing: Duration?) -> KeyCode? {
        switch key {
        case .keymap, .chordModifier: return positions[KeySym(keysym)]?.keycode
        case .levelModifier: return keysym == KeystrokePlan.shiftKeysym ? shiftKeycode : nil
        case .spare:
            if let now = pressing { return borrow(for: keysym, now: now) }
            return spares.keycode(carrying: keysym).map { KeyCode($0) }
        }
    }

    /// Types again a key press a held switch's grab took from the application:
    /// the keysym it typed, with the Control, Alt and Super it had held; a
    /// modifier's own press is left out (its state rides on the keys after it).
    func typeAgain(keycode: Int32, state: UInt32, now: Duration) {
        guard let (keysym, isModifier) = display.keysym(of: keycode, state: state), !isModifier,
              let name = Keysyms.name(of: keysym) else { return }
        var modifiers: [Modifier] = []
        if state & UInt32(ControlMask) != 0 { modifiers.append(.control) }
        if state & UInt32(Mod1Mask) != 0 { modifiers.append(.alt) }
        if state & UInt32(Mod4Mask) != 0 { modifiers.append(.super) }
        let key = Keystroke.keysym(KeySymbol(name))
        type(modifiers.isEmpty ? key : .chord(modifiers, key), now: now)
    }

    /// Types a keystroke whose keys are all in the keymap, at once; false
    /// (nothing typed) for anything else, which `type` may have to borrow a
    /// keycode for. A tap's letter typed ahead of its batch: no wait to work out.
    func typeFromKeymap(_ keystroke: Keystroke) -> Bool {
        planKeys(keystroke, levelsFree: !othersHoldLevelModifier())
        guard plan.fromKeymapOnly else { return false }
        // The plan found its characters' keys; a chord's modifiers are looked up here.
        for case .press(let keysym, .chordModifier) in plan.steps where positions[KeySym(keysym)] == nil { return false }
        carryOut(now: .zero)
        return true
    }

    /// A spare keycode carrying the keysym: one that already does (prepared by
    /// `prepare`), or one lent at once (quitting, or a modifier held elsewhere
    /// since the keystroke was prepared).
    private func borrow(for ks: UInt32, now: Duration) -> KeyCode? {
        if spares.keycode(carrying: ks) == nil {
            guard let change = spares.lendNow(ks, at: now) else { return nil }
            apply([change])
        }
        guard let keycode = spares.keycode(carrying: ks) else { return nil }
        spares.pressed(ks, at: now)
        return KeyCode(keycode)
    }

    /// Carries out keymap changes in order.
    func apply(_ changes: [SpareKeycodes.Change]) {
        // Recorded before the remapping: a kill between the two leaves a record of a keycode not yet changed, which is harmless.
        if changes.contains(where: { if case .remap = $0 { true } else { false } }) { recordBorrowed() }
        if spares.batched, changes.count > 1 {
            if display.setKeysymsAtOnce(changes.map { (KeyCode($0.keycode), KeySym($0.keysym)) }) {
                let written = Set(changes.map { KeyCode($0.keycode) })
                positions = positions.filter { !written.contains($0.value.keycode) }
                return
            }
            spares.batched = false  // no XKB after all: keycode by keycode from now on
        }
        for change in changes { write(KeyCode(change.keycode), KeySym(change.keysym)) }
    }

    /// Sets a keycode's keysyms (an announcement writes the same ones again: the server tells every client).
    private func write(_ keycode: KeyCode, _ keysym: KeySym) {
        // Both levels carry the keysym, so a Shift held elsewhere does not change it.
        display.setKeysyms([keysym, keysym], of: keycode)
        positions = positions.filter { $0.value.keycode != keycode }
    }

    /// Puts every borrowed keycode back to no keysym (at exit), and the record
    /// of them away. Not when another keyboard took the display over
    /// (`--replace`): that one puts them back from the record as it starts, and
    /// may already be borrowing keycodes of its own.
    func restoreSpares(replaced: Bool = false) {
        guard !replaced else { return }
        for keycode in spares.returnAll() { write(KeyCode(keycode), 0) }
        display.deleteProperty(recordProperty, of: display.root)
    }

    /// Releases every key this injector holds down.
    func releaseAll() {
        for kc in down { display.fakeKey(kc, pressed: false) }
        down.removeAll()
    }

    private func press(_ keycode: KeyCode) {
        down.insert(keycode)
        display.fakeKey(keycode, pressed: true)
    }

    private func release(_ keycode: KeyCode) {
        display.fakeKey(keycode, pressed: false)
        down.remove(keycode)
    }
}
