import CWayland
import TapboardCore

/// A popup over the keyboard's layer surface (the key preview, the callout):
/// an `xdg_popup` the layer surface parents, so it may reach above the
/// keyboard; placed at a point of the keyboard's surface, never moved by the
/// compositor, with no input region (touches go to what is under it), drawn
/// whole into a transparent buffer at each change.
final class PopupSurface {
    private let connection: WaylandConnection
    private var surface: OpaquePointer?
    private var xdgSurface: OpaquePointer?
    private var popup: OpaquePointer?
    /// Where it is on the keyboard's surface, and its size.
    private var placed: Rect?
    private var configured = false
    private var buffers: [SharedBuffer] = []
    /// What to draw once configured, or once a buffer comes back.
    private var pending: ((PixelCanvas) -> Void)?
    var note: (String) -> Void = { _ in }

    init(connection: WaylandConnection) {
        self.connection = connection
    }

    deinit { hide() }

    /// Shows the popup at `rect` of the parent layer surface, drawn by `draw`.
    func show(at rect: Rect, over parent: OpaquePointer, draw: @escaping (PixelCanvas) -> Void) {
        guard connection.wmBase != nil, rect.width > 0, rect.height > 0 else { return }
        if placed != rect {
            hide()
            make(at: rect, over: parent)
        }
        pending = draw
        present()
    }

    /// Takes the popup away.
    func hide() {
        if let popup { xdg_popup_destroy(popup) }
        if let xdgSurface { xdg_surface_destroy(xdgSurface) }
        if let surface { wl_surface_destroy(surface) }
        (popup, xdgSurface, surface, placed) = (nil, nil, nil, nil)
        configured = false
        pending = nil
        buffers = []
    }

    private func make(at rect: Rect, over parent: OpaquePointer) {
        let made = wl_compositor_create_surface(connection.compositor)
        surface = made
        // No input region: a touch on the preview goes to the keyboard under it.
        let region = wl_compositor_create_region(connection.compositor)
        wl_surface_set_input_region(made, region)
        wl_region_destroy(region)
        xdgSurface = xdg_wm_base_get_xdg_surface(connection.wmBase, made)
        xdg_surface_add_listener(xdgSurface, &Self.xdgSurfaceListener, Unmanaged.passUnretained(self).toOpaque())
        let positioner = xdg_wm_base_create_positioner(connection.wmBase)
        xdg_positioner_set_size(positioner, Int32(rect.width), Int32(rect.height))
        xdg_positioner_set_anchor_rect(positioner, Int32(rect.x), Int32(rect.y), 1, 1)
        xdg_positioner_set_anchor(positioner, XDG_POSITIONER_ANCHOR_TOP_LEFT.rawValue)
        xdg_positioner_set_gravity(positioner, XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT.rawValue)
        xdg_positioner_set_constraint_adjustment(positioner, 0)
        popup = xdg_surface_get_popup(xdgSurface, nil, positioner)
        xdg_positioner_destroy(positioner)
        zwlr_layer_surface_v1_get_popup(parent, popup)
        wl_surface_commit(made)
        placed = rect
    }

    /// Draws what is pending into a free buffer and commits it.
    private func present() {
        guard configured, let surface, let rect = placed, let draw = pending else { return }
        let size = Size(width: rect.width, height: rect.height)
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
        wl_surface_attach(surface, buffer.buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(size.width), Int32(size.height))
        wl_surface_commit(surface)
    }

    nonisolated(unsafe) private static var xdgSurfaceListener = xdg_surface_listener(
        configure: { data, xdgSurface, serial in
            let me = Unmanaged<PopupSurface>.fromOpaque(data!).takeUnretainedValue()
            xdg_surface_ack_configure(xdgSurface, serial)
            me.configured = true
            me.present()
        }
    )
}
