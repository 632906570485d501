import CX11
import TapboardCore

/// What a keyboard window shows: the keys, drawn through the back-buffered
/// renderer, and the preview and callout popups. Carries out the session's
/// drawing, so the on-screen keyboard and the offscreen one draw alike.
final class KeyboardSurface {
    /// Draws the keys into the window's back buffer and shows them.
    let renderer: KeyboardRenderer
    /// The magnified popup over a pressed key.
    let preview: PreviewWindow
    /// The long-press alternates over a held key.
    let callout: CalloutWindow
    /// The look.
    private(set) var theme: Theme {
        didSet { renderer.theme = theme }
    }

    /// Prepares drawing into a window; draws nothing yet.
    init(display: XDisplay, window: Window, resources: RenderResources, theme: Theme) {
        self.theme = theme
        renderer = KeyboardRenderer(display: display, window: window, resources: resources, theme: theme)
        preview = PreviewWindow(display: display, resources: resources)
        callout = CalloutWindow(display: display, resources: resources)
    }

    /// Carries out one drawing command.
    func draw(_ drawing: Drawing) {
        switch drawing {
        case .all(let keys, let size):
            renderer.resize(to: size)
            renderer.drawAll(keys)
        case .keys(let keys):
            renderer.draw(keys)
        case .showPreview(let p):
            preview.show(text: p.text, geometry: p.geometry, theme: theme, keyStyle: theme.style(p.styleClass), scale: p.scale)
        case .hidePreview:
            preview.hide()
        case .showCallout(let c):
            callout.show(c.callout, geometry: c.geometry, theme: theme, keyStyle: theme.style(c.styleClass), scale: c.scale)
        case .hideCallout:
            callout.hide()
        case .theme(let new):
            theme = new
        case .trail(let points):
            renderer.drawTrail(points)
        }
    }

    /// Whether a window is one of the popups.
    func owns(_ window: Window) -> Bool { preview.owns(window) || callout.owns(window) }

    /// Puts the popups that show back on top.
    func raisePopups() {
        preview.raise()
        callout.raise()
    }

    /// Hides both popups.
    func hidePopups() {
        preview.hide()
        callout.hide()
    }
}
