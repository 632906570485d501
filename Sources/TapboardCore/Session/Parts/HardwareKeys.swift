/// Out of the way of a hardware keyboard (`--auto-show`): a key pressed on a
/// keyboard device (not XTest's, so never the keyboard's own keystrokes nor
/// `xdotool`'s) hides the keyboard, and auto-show holds off while the user
/// types there: Tab to the next field does not bring it back. A press of the
/// pointer or a touch anywhere ends the hold, and the next field focused shows
/// it again (`tapboard show` and the panel icon show it at any time). A
/// convertible opened into a laptop (KWin's tablet mode off) holds it off the
/// same way until it is folded back, when a field focused shows it at once.
struct HardwareKeys: SessionPart {
    /// Whether it may be on: unless `--no-hide-on-hardware-keys` or embedded; on while auto-show is.
    let allowed: Bool
    /// Whether auto-show is held off since a hardware key, or while a convertible is a laptop.
    private(set) var holding = false
    /// Whether a convertible is opened into a laptop (KWin's tablet mode off):
    /// held off until it is folded again, whatever the pointer does.
    private(set) var laptop = false
    /// When a field took the focus while held off: the press that chose it may
    /// be heard just after (the accessibility bus read before the display).
    private var fieldHeldAt: Duration?

    /// How late the pointer's press may be heard after the focus it gave a field.
    static let lateness: Duration = .milliseconds(500)

    init(allowed: Bool = false) { self.allowed = allowed }

    mutating func take(_ input: SessionInput, _ core: inout SessionCore, showing: [Bool]) {
        guard allowed, core.configuration.autoShow else {
            // Auto-show turned off: nothing held for it any more.
            if holding { release(&core) }
            return
        }
        switch input {
        case .hardwareKeyPressed:
            holding = true
            fieldHeldAt = nil
            core.presentation.holdAutoShow(&core.out)
        case .tabletModeChanged(let tablet):
            if tablet == false {
                laptop = true
                holding = true
                fieldHeldAt = nil
                core.presentation.holdAutoShow(&core.out)
            } else if laptop {
                laptop = false
                release(&core)
                // Folded into a tablet with a field focused: the keyboard is wanted now.
                if tablet == true, let field = core.focus.field { core.presentation.fieldFocused(field, after: nil, autoShow: true, &core.out) }
            }
        case .pointerPressed where holding && !laptop:
            holding = false
            core.presentation.releaseAutoShow()
            // The field this press chose was heard first: shown for it now.
            if let heldAt = fieldHeldAt, core.now - heldAt <= Self.lateness, let field = core.focus.field {
                core.presentation.fieldFocused(field, after: nil, autoShow: true, &core.out)
            }
            fieldHeldAt = nil
        case .focusChanged(let field?) where holding, .windowFocusChanged(let field?) where holding:
            if core.focus.field?.id == field.id { fieldHeldAt = core.now }
        case .control(.command(.show)), .control(.command(.toggle)):
            // The user asked for it: no more holding off.
            if core.presentation.shown { release(&core) }
        default:
            break
        }
    }

    private mutating func release(_ core: inout SessionCore) {
        holding = false
        laptop = false
        fieldHeldAt = nil
        core.presentation.releaseAutoShow()
    }
}
