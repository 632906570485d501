import CWayland
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
    private var surface: OpaquePointer?
    private var subsurface: OpaquePointer?
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
    var surfaceGoing: (OpaquePointer) -> Void = { _ in }

    init(connection: WaylandConnection) {
        self.connection = connection
    }

    deinit { hide() }

    /// Shows the popup at `rect` of the parent surface, drawn by `draw` into a buffer `scale` times its size.
    func show(at rect: Rect, scale newScale: Int, over parent: OpaquePointer, draw: @escaping (PixelCanvas) -> Void) {
        guard connection.subcompositor != nil, rect.width > 0, rect.height > 0 else { return }
        if placed.map({ $0.width != rect.width || $0.height != rect.height }) ?? true || newScale != scale {
            scale = newScale
            hide()
            make(over: parent)
        }
        if placed != rect, let subsurface {
            // The position is the parent's state: it moves at the parent's next commit.
            wl_subsurface_set_position(subsurface, Int32(rect.x), Int32(rect.y))
            wl_surface_commit(parent)
            placed = rect
        }
        pending = draw
        present()
    }

    /// Where it is on the keyboard's surface, when `s` is its surface.
    func origin(of s: OpaquePointer) -> Point? {
        guard s == surface, let placed else { return nil }
        return Point(x: placed.x, y: placed.y)
    }

    /// Takes the popup away.
    func hide() {
        if let surface { surfaceGoing(surface) }
        if let subsurface { wl_subsurface_destroy(subsurface) }
        if let surface { wl_surface_destroy(surface) }
        (subsurface, surface, placed) = (nil, nil, nil)
        pending = nil
        buffers = []
    }

    private func make(over parent: OpaquePointer) {
        let made = wl_compositor_create_surface(connection.compositor)
        surface = made
        // No input region: a touch on the preview goes to the keyboard under it.
        if !takesPointer {
            let region = wl_compositor_create_region(connection.compositor)
            wl_surface_set_input_region(made, region)
            wl_region_destroy(region)
        }
        subsurface = wl_subcompositor_get_subsurface(connection.subcompositor, made, parent)
        // Its frames show as it commits them, not with the keyboard's.
        wl_subsurface_set_desync(subsurface)
    }

    /// Draws what is pending into a free buffer and commits it.
    private func present() {
        guard let surface, let rect = placed, let draw = pending else { return }
        let size = Size(width: rect.width * scale, height: rect.height * scale)
        var buffer = buffers.first { !$0.busy }
        if buffer == nil, buffers.count < 2 {
            do {
                let made = try SharedBuffer(shm: connection.shm!, size: size, format: WL_SHM_FORMAT_ARGB8888.rawValue)
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
        wl_surface_set_buffer_scale(surface, Int32(scale))
        wl_surface_attach(surface, buffer.buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(size.width), Int32(size.height))
        wl_surface_commit(surface)
    }
}
