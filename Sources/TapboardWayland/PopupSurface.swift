import TapboardCore

/// A popup over the keyboard's surface (the key preview, the callout): a
/// subsurface of the layer surface, which may reach above it, with no input
/// region (touches go to the key under it) and, being part of the keyboard's
/// surface, never given the keyboard focus (compositors give some `xdg_popup`s
/// of layer surfaces the focus, and the keys typed would go to the keyboard
/// itself). Drawn whole into a transparent buffer at each change. The callout
/// takes the pointer with dwell: resting on an alternate above the keyboard
/// selects it, and no grab is needed to follow the pointer there.
final class PopupSurface {
    private let connection: WaylandConnection
    private var subsurface: Subsurface?
    /// Where it is on the keyboard's surface, and its size (surface pixels).
    private var placed: Rect?
    /// Buffer pixels for each surface pixel.
    private var scale = 1
    private var buffers: [SharedBuffer] = []
    /// What to draw once a buffer comes back.
    private var pending: ((PixelCanvas) -> Void)?
    var note: (String) -> Void = { _ in }
    /// The pointer's events over it come to it (the callout with dwell), instead of to what is under it.
    var takesPointer = false
    /// Told before its surface goes, so the pointer on it is known to be off it.
    var surfaceGoing: (SurfaceID) -> Void = { _ in }

    init(connection: WaylandConnection) {
        self.connection = connection
    }

    deinit { hide() }

    /// Shows the popup at `rect` of the parent surface, drawn by `draw` into a buffer `scale` times its size.
    func show(at rect: Rect, scale newScale: Int, over parent: WaylandSurface, draw: @escaping (PixelCanvas) -> Void) {
        guard connection.offersSubsurfaces, rect.width > 0, rect.height > 0 else { return }
        if placed.map({ $0.width != rect.width || $0.height != rect.height }) ?? true || newScale != scale {
            scale = newScale
            hide()
            make(over: parent)
        }
        if placed != rect, let subsurface {
            // The position is the parent's state: it moves at the parent's next commit.
            subsurface.setPosition(Point(x: rect.x, y: rect.y))
            parent.commit()
            placed = rect
        }
        pending = draw
        present()
    }

    /// Where it is on the keyboard's surface, when `s` is its surface.
    func origin(of s: SurfaceID) -> Point? {
        guard s == subsurface?.surface.id, let placed else { return nil }
        return Point(x: placed.x, y: placed.y)
    }

    /// Takes the popup away.
    func hide() {
        if let subsurface { surfaceGoing(subsurface.surface.id) }
        (subsurface, placed) = (nil, nil)
        pending = nil
        buffers = []
    }

    private func make(over parent: WaylandSurface) {
        // No input region: a touch on the preview goes to the keyboard under it.
        // Its frames show as it commits them, not with the keyboard's.
        subsurface = Subsurface(connection: connection, over: parent, input: takesPointer)
    }

    /// Draws what is pending into a free buffer and commits it.
    private func present() {
        guard let surface = subsurface?.surface, let rect = placed, let draw = pending else { return }
        let size = Size(width: rect.width * scale, height: rect.height * scale)
        var buffer = buffers.first { !$0.busy }
        if buffer == nil, buffers.count < 2 {
            do {
                let made = try SharedBuffer(connection: connection, size: size, format: .translucent)
                made.released = { [unowned self] in self.present() }
                buffers.append(made)
                buffer = made
            } catch {
                note("\(error)")
                return
            }
        }
        // Both held: drawn when one comes back.
        guard let buffer else { return }
        pending = nil
        buffer.canvas.clear()
        draw(buffer.canvas)
        buffer.busy = true
        surface.present(buffer.memory, scale: scale, damage: Rect(x: 0, y: 0, width: size.width, height: size.height))
    }
}
