import TapboardCore

/// The X server a keyboard runs on, reached before its session is made (the
/// session places the keyboard on the screen it reports). Opening it takes
/// the display's control selection (a second keyboard is refused here, first),
/// reads the keymap and puts back the keycodes a killed keyboard left
/// borrowed, and prepares drawing.
public final class X11Connection {
    let display: XDisplay
    let matches: FontMatches
    let control: ControlWindow
    let events: EventPublisher
    let injector: Injector
    let resources: RenderResources

    /// Opens the display the configuration names (`$DISPLAY` when nil).
    public init(_ configuration: KeyboardConfiguration) throws {
        // fontconfig is set up only when a font was not kept at an earlier start
        // (`FontMatches`); then it begins at once, on its own thread.
        matches = FontMatches(path: configuration.fontMatchesPath)
        if !matches.isCurrent { RenderResources.beginFontSetup() }
        display = try XDisplay.open(name: configuration.displayName)
        matches.check(display: display)
        // Every atom the start names, in one round trip (Xlib's own WM_PROTOCOLS
        // too: it looks in the same cache), not one each before the window maps.
        let embedded = configuration.mode == .embedded
        let borrowed = embedded ? Injector.embeddedBorrowedProperty : Injector.borrowedProperty
        display.internAtoms([ControlWindow.selection(screen: display.screen), borrowed, SwitchInput.detachedProperty,
                             PointerFocus.givenProperty, PointerFocus.windowManagerProperty] + XDisplay.windowAtoms
                            + (embedded ? Embedding.atoms : []))
        // First, so a second keyboard on the display says so before anything else.
        control = try ControlWindow(display: display, replace: configuration.replace, claim: !embedded)
        events = EventPublisher(display: display, keysAllowed: configuration.publishKeys)
        injector = try Injector(display: display, recordProperty: borrowed)
        let restored = injector.keycodesPutBack
        if restored > 0 {
            notes.append("put back \(restored) keycode\(restored == 1 ? "" : "s") that a tapboard killed before its exit had borrowed")
        }
        resources = try RenderResources(display: display, matches: matches)
    }

    /// Lines to say (the program's log), until taken.
    private var notes: [String] = []

    /// What the connection has to say since last asked, one line each.
    public func takeNotes() -> [String] {
        defer { notes = [] }
        return notes
    }

    /// The screen as it is now, which the session places the keyboard on.
    public var screen: ScreenInfo { display.screenNow }
}
