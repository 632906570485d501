import CX11
import TapboardCore

/// Errors of driving an offscreen keyboard by key identifiers and page names.
public enum OffscreenKeyboardError: Error, CustomStringConvertible, Equatable {
    /// The page shown has no key with this identifier.
    case unknownKey(String, page: PageName)
    /// The page shown has no key that switches to this page.
    case noKeyToPage(PageName, from: PageName)

    /// A one-line message naming the key or page.
    public var description: String {
        switch self {
        case .unknownKey(let id, let page):
            return "the page '\(printable(page))' has no key '\(printable(id))'"
        case .noKeyToPage(let target, let page):
            return "the page '\(printable(page))' has no key that switches to the page '\(printable(target))'"
        }
    }
}

/// A keyboard drawn by the real renderer into a window that is not shown, driven
/// by calls instead of the pointer: for benchmarks and theme previews.
///
/// Presses go through the same `KeyboardSession` as on the on-screen keyboard
/// (hit testing, the state machine, drawing pacing) and its drawing is carried
/// out by the same surface; nothing is ever typed. Time is its own: each call
/// moves it on just far enough for the drawing held back to be due, so no
/// timer (long press, repeat) comes due between a press and its release.
/// Drawing is only sent to the server; `sync()` waits for it.
public final class OffscreenKeyboard {
    private let display: XDisplay
    private let window: KeyboardWindow
    private let resources: RenderResources
    private let surface: KeyboardSurface
    private var session: KeyboardSession
    private var clock: Duration = .seconds(1)
    private var isMapped = false
    private let storage: (any SuggestionStorage)?

    /// The interaction state: page shown, shift, key held.
    public var state: KeyboardState { session.state }

    /// Opens the display (`$DISPLAY` when nil) and draws the layout's first page into an unmapped window of this size;
    /// a language layout's `source` with `suggestions` shows the strip above it, its words from `storage`.
    public init(displayName: String?, size: Size, layout: Layout = .enUS, theme: Theme = .default,
                options: InteractionOptions = InteractionOptions(), source: LayoutSource? = nil,
                suggestions: SuggestionSettings? = nil, storage: (any SuggestionStorage)? = nil) throws {
        self.storage = storage
        display = try XDisplay.open(name: displayName)
        resources = try RenderResources(display: display)
        _ = try resources.font(family: theme.style(.character).fontFamily, pixelSize: 16)
        // At the bottom of the screen, as the default geometry places a keyboard, so previews land where they would;
        // a keyboard larger than the screen is drawn at its size all the same (it is not shown).
        var screen = display.screenNow
        screen.size = Size(width: max(screen.size.width, size.width), height: max(screen.size.height, size.height))
        screen.monitors = []
        var geometry = WindowGeometry()
        geometry.width = size.width
        geometry.height = size.height
        geometry.x = 0
        geometry.y = screen.size.height - size.height
        var configuration = source.map { KeyboardConfiguration(layouts: [$0], theme: theme, options: options, geometry: geometry) }
            ?? KeyboardConfiguration(layout: layout, theme: theme, options: options, geometry: geometry)
        configuration.suggestions = suggestions
        configuration.startHidden = true
        configuration.mode = .overlay
        session = try KeyboardSession(configuration, screen: screen)
        window = KeyboardWindow(display: display, frame: session.frame, userPlaced: true)
        surface = KeyboardSurface(display: display, window: window.id, resources: resources, theme: theme)
        perform(session.start(at: clock))
    }

    /// The window's size in pixels.
    public var size: Size { session.frame.size }

    /// Where the keys of the page shown are, in window pixels.
    public var frames: [KeyFrame] { session.keyFrames }

    /// Draws the background and every key of the page shown again.
    public func drawAll() {
        surface.draw(session.drawingOfAll())
    }

    /// Touches down at the centre of a key of the page shown and draws what that changes (highlight, preview).
    ///
    /// A contact still down is lifted first where it is, as the state machine does for a new contact.
    public func press(keyID: String) throws {
        let frame = try self.frame(keyID)
        touch(.began, at: frame.rect.center)
    }

    /// Taps a key of the page shown (what it would type is not typed) and draws what that changes.
    public func tap(keyID: String) throws {
        let centre = try frame(keyID).rect.center
        touch(.began, at: centre)
        touch(.ended, at: centre)
    }

    /// Lifts the contact outside every key, so nothing is typed, and draws what that changes.
    public func release() {
        touch(.ended, at: Point(x: -1, y: -1))
    }

    /// Taps the page shown's key that switches to a page, and draws the new page.
    public func switchPage(to page: PageName) throws {
        guard let frame = frames.first(where: { $0.key.action == .page(page) }) else {
            throw OffscreenKeyboardError.noKeyToPage(page, from: state.page.name)
        }
        touch(.began, at: frame.rect.center)
        touch(.ended, at: frame.rect.center)
    }

    /// Shows the preview balloon over a key of the page shown, as a press would.
    public func showPreview(keyID: String) throws {
        if let drawing = session.previewDrawing(forKey: try frame(keyID).index) { surface.draw(.showPreview(drawing)) }
    }

    /// Hides the preview balloon.
    public func hidePreview() {
        surface.draw(.hidePreview)
    }

    /// For each emoji, whether the installed emoji font draws it as one picture (`X11Keyboard.drawableEmoji`).
    public func drawableEmoji(_ emoji: [String]) -> [Bool] { resources.drawableEmoji(emoji, pixelSize: 16) }

    /// Shows the window, so drawing also reaches the screen as on a shown keyboard.
    public func map() {
        guard !isMapped else { return }
        window.map()
        isMapped = true
        sync()
    }

    /// What the keyboard shows, as 8-bit RGB rows of `size` (the drawing is synced first):
    /// the same pixels an on-screen keyboard of this size, layout and theme shows.
    public func snapshotRGB() -> [UInt8] {
        sync()
        return surface.renderer.backBufferRGB(size: size)
    }

    /// Sends the drawing requests and waits until the server has carried them out.
    public func sync() {
        display.sync()
        // The window's own events (exposure of a mapped window) are answered as the keyboard does.
        while display.hasEvents() {
            let event = display.nextEvent()
            if event.type == Expose {
                let e = event.xexpose
                surface.renderer.present(Rect(x: Int(e.x), y: Int(e.y), width: Int(e.width), height: Int(e.height)))
            }
        }
    }

    private func frame(_ keyID: String) throws -> KeyFrame {
        guard let frame = frames.first(where: { $0.id == keyID }) else {
            throw OffscreenKeyboardError.unknownKey(keyID, page: state.page.name)
        }
        return frame
    }

    /// A contact, then the drawing it holds back, drawn at once.
    private func touch(_ phase: TouchPhase, at point: Point) {
        perform(session.handle(.contact(phase, id: .pointer, point: point), at: clock))
        clock += KeyboardSession.drawingDelay
        perform(session.handle(.deadlinePassed, at: clock))
    }

    /// Carries out the session's commands in the order the on-screen keyboard does (`carryOutAll`).
    private func perform(_ commands: [Command]) { carryOutAll(commands) }
}

/// Drawing as the on-screen keyboard draws, the strip's files read; nothing is
/// typed (every keystroke answered as typed), published, kept or started.
extension OffscreenKeyboard: SessionExecutor {
    public func type(_ keystrokes: [Keystroke], waitingForKeycodes: Bool) -> SessionInput {
        .injected(typed: keystrokes.count, readyAt: nil)
    }

    public func files(_ request: FileRequest) -> SessionInput? {
        guard case .load = request else { return nil }
        return storage?.carryOut(request).answer
    }

    public func answer(_ input: SessionInput) -> [Command] { session.handle(input, at: clock) }

    public func carryOut(_ command: Command) {
        switch command {
        case .draw(let drawing):
            surface.draw(drawing)
        case .window(.unmap):
            surface.hidePopups()
            if isMapped { window.unmap(); isMapped = false }
        default:
            break
        }
    }
}
