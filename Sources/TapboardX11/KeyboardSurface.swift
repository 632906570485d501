import CX11
import TapboardCore

/// What a keyboard window shows: the frames of the page shown, drawn through the
/// back-buffered renderer, and the preview popup. Carries out the drawing effects
/// of the state machine, so the on-screen keyboard and the offscreen one draw alike.
final class KeyboardSurface {
    /// Draws the keys into the window's back buffer and shows them.
    let renderer: KeyboardRenderer
    /// The magnified popup over a pressed key.
    let preview: PreviewWindow
    /// The long-press alternates over a held key.
    let callout: CalloutWindow
    /// Where the open callout's alternates are, in screen pixels.
    private(set) var calloutGeometry: CalloutGeometry?
    /// The look.
    var theme: Theme {
        didSet { renderer.theme = theme }
    }
    /// Where the keys of the page shown are, in window pixels.
    private(set) var frames: [KeyFrame] = []
    /// The page `frames` were placed for.
    private var framesPage = -1
    /// The layout generation `frames` were placed for (see `KeyboardState.layoutGeneration`).
    private var framesGeneration = -1
    /// The size `frames` were placed for.
    private var framesSize: Size?
    /// The window's size.
    var size: Size
    /// The window's top left corner on the screen, where the preview is placed from.
    var origin: Point
    /// The screen's size, which popups stay within.
    var screenSize: Size

    /// Prepares drawing into a window of this size at this place on the screen; draws nothing yet.
    init(display: XDisplay, window: Window, resources: RenderResources, theme: Theme, size: Size, origin: Point) {
        self.theme = theme
        screenSize = Size(width: display.screenSize.width, height: display.screenSize.height)
        renderer = KeyboardRenderer(display: display, window: window, resources: resources, theme: theme)
        preview = PreviewWindow(display: display, resources: resources)
        callout = CalloutWindow(display: display, resources: resources)
        self.size = size
        self.origin = origin
    }

    /// The key under a point of the window (the nearest one in a gap), nil outside the window,
    /// on the page the state shows now: a page or layout switch earlier in the same batch
    /// of events counts, though it is not drawn yet.
    func key(at point: Point, state: KeyboardState) -> Int? {
        if framesAreStale(state) { place(state) }
        return Geometry.hitTest(point, in: frames, bounds: size)
    }

    private func framesAreStale(_ state: KeyboardState) -> Bool {
        framesPage != state.pageIndex || framesGeneration != state.layoutGeneration || framesSize != size
    }

    /// Places the keys of the state's page for the window's size, without drawing.
    private func place(_ state: KeyboardState) {
        frames = Geometry.frames(for: state.page, in: size, theme: theme)
        framesPage = state.pageIndex
        framesGeneration = state.layoutGeneration
        framesSize = size
    }

    /// The callout alternate under a point of the window, while a callout is open.
    func calloutItem(at point: Point) -> Int? {
        calloutGeometry?.item(at: Point(x: point.x + origin.x, y: point.y + origin.y))
    }

    /// Carries out a drawing effect (redraw, preview); the other effects are the caller's.
    func draw(_ effect: Effect, state: KeyboardState) {
        switch effect {
        case .redraw(let keys):
            if framesAreStale(state) { relayout(state) } else {
                renderer.draw(keys.filter { $0 < frames.count }.map { appearance(frames[$0], state) })
            }
        case .redrawAll:
            relayout(state)
        case .showPreview(let index):
            guard index < frames.count, case .text(let text) = state.label(of: frames[index].key) else { break }
            var onScreen = frames[index].rect
            onScreen.x += origin.x
            onScreen.y += origin.y
            preview.show(text: text, keyOnScreen: onScreen, theme: theme,
                         keyStyle: theme.style(state.styleClass(of: frames[index].key)),
                         scale: theme.scale(forHeight: size.height))
        case .hidePreview:
            preview.hide()
        case .showCallout(let open):
            guard open.key < frames.count else { break }
            var onScreen = frames[open.key].rect
            onScreen.x += origin.x
            onScreen.y += origin.y
            let scale = theme.scale(forHeight: size.height)
            let geometry = CalloutGeometry(count: open.items.count, key: onScreen, screen: screenSize,
                                           padding: Int((4 * scale).rounded()))
            calloutGeometry = geometry
            callout.show(open, geometry: geometry, theme: theme, keyStyle: theme.style(frames[open.key].key.styleClass), scale: scale)
        case .hideCallout:
            calloutGeometry = nil
            callout.hide()
        case .type, .startTimer, .cancelTimer, .hide, .notify, .switchLayout, .run:
            break
        }
    }

    /// Carries out the drawing of a batch: a relayout or the changed keys, then the preview.
    func draw(_ plan: EffectPlan, state: KeyboardState) {
        if plan.relayout || framesAreStale(state) {
            relayout(state)
        } else if !plan.redraw.isEmpty {
            renderer.draw(plan.redraw.filter { $0 < frames.count }.map { appearance(frames[$0], state) })
        }
        switch plan.preview {
        case .show(let key)?: draw(.showPreview(key: key), state: state)
        case .hide?: draw(.hidePreview, state: state)
        case nil: break
        }
        switch plan.callout {
        case .some(.some(let open)): draw(.showCallout(open), state: state)
        case .some(.none): draw(.hideCallout, state: state)
        case .none: break
        }
    }

    /// Places the keys of the current page for the window's size and draws them all.
    func relayout(_ state: KeyboardState) {
        place(state)
        renderer.resize(to: size)
        drawAll(state)
    }

    /// Draws the background and every key of the frames placed, as the state shows them.
    func drawAll(_ state: KeyboardState) {
        renderer.drawAll(frames.map { appearance($0, state) })
    }

    private func appearance(_ frame: KeyFrame, _ state: KeyboardState) -> KeyAppearance {
        KeyAppearance(frame: frame, label: state.label(of: frame.key), styleClass: state.styleClass(of: frame.key),
                      pressed: state.pressedKey == frame.index)
    }
}
