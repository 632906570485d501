import CWayland
import TapboardCore

/// The keyboard's surface on Wayland: a layer-shell surface at an edge of the
/// output, its exclusive zone the dock strip, no keyboard focus ever taken.
/// Hidden is no surface at all (a layer surface, once unmapped, needs a new
/// initial configure anyway). Shows the renderer's back canvas through two
/// shared-memory buffers, copying only what changed into the one the
/// compositor is not reading.
final class LayerWindow {
    private let connection: WaylandConnection
    private let renderer: CanvasRenderer
    /// The surface and its layer role while shown.
    private(set) var surface: OpaquePointer?
    private var layerSurface: OpaquePointer?
    /// The size the compositor gave at the last configure; nil until the first.
    private(set) var configured: Size?
    private var buffers: [SharedBuffer] = []
    /// Something changed that no free buffer could show yet: shown at the next release.
    private var waiting = false
    /// The height asked for, and whether the strip under it is reserved (dock) or not (overlay).
    private var height: Int
    private let edge: UInt32
    private let reserves: Bool
    /// Told the size the compositor gave the surface (the first one: it shows).
    var configuredTo: (Size) -> Void = { _ in }
    /// Told when the compositor closed the surface (the output went away).
    var closed: () -> Void = {}
    /// Told when the first frame after a map is committed: the keyboard shows.
    var firstFrame: () -> Void = {}
    private var framesSinceMap = 0
    /// Notes for the log.
    var note: (String) -> Void = { _ in }

    init(connection: WaylandConnection, renderer: CanvasRenderer, height: Int, mode: WindowMode) {
        self.connection = connection
        self.renderer = renderer
        self.height = height
        switch mode {
        case .dock(.top): (edge, reserves) = (ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue, true)
        case .dock(.bottom): (edge, reserves) = (ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue, true)
        case .float, .overlay: (edge, reserves) = (ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue, false)
        }
        renderer.present = { [unowned self] area in self.invalidate(area) }
    }

    /// Whether a surface is shown (or asked for).
    var isMapped: Bool { surface != nil }

    /// Makes the surface and asks the compositor for its size (configure follows).
    func map() {
        guard surface == nil else { return }
        surface = wl_compositor_create_surface(connection.compositor)
        // An empty input region would let touches through; the default (all of it) takes them.
        let layer = UInt32(ZWLR_LAYER_SHELL_V1_LAYER_TOP.rawValue)
        layerSurface = "tapboard".withCString {
            zwlr_layer_shell_v1_get_layer_surface(connection.layerShell, surface, connection.output, layer, $0)
        }
        zwlr_layer_surface_v1_add_listener(layerSurface, &Self.layerListener, Unmanaged.passUnretained(self).toOpaque())
        let sides = ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue
        zwlr_layer_surface_v1_set_anchor(layerSurface, edge | sides)
        zwlr_layer_surface_v1_set_size(layerSurface, 0, UInt32(height))
        zwlr_layer_surface_v1_set_exclusive_zone(layerSurface, reserves ? Int32(height) : 0)
        zwlr_layer_surface_v1_set_keyboard_interactivity(layerSurface, 0)
        wl_surface_commit(surface)
        configured = nil
        framesSinceMap = 0
    }

    /// Takes the surface away.
    func unmap() {
        if let layerSurface { zwlr_layer_surface_v1_destroy(layerSurface) }
        if let surface { wl_surface_destroy(surface) }
        (layerSurface, surface, configured) = (nil, nil, nil)
        buffers = []
        waiting = false
    }

    /// Asks for another height (the session placed the keyboard again).
    func resize(height newHeight: Int) {
        guard newHeight != height else { return }
        height = newHeight
        guard let layerSurface else { return }
        zwlr_layer_surface_v1_set_size(layerSurface, 0, UInt32(height))
        zwlr_layer_surface_v1_set_exclusive_zone(layerSurface, reserves ? Int32(height) : 0)
        wl_surface_commit(surface)
    }

    /// Marks an area of the back canvas as changed, and shows it.
    func invalidate(_ area: Rect) {
        for buffer in buffers { buffer.invalidate(area) }
        show()
    }

    /// Copies what changed into a buffer the compositor is not reading and commits it.
    func show() {
        guard let surface, let size = configured, renderer.size == size else { return }
        if buffers.count != 2 || buffers[0].canvas.width != size.width || buffers[0].canvas.height != size.height {
            do {
                buffers = try (0 ..< 2).map { _ in try SharedBuffer(shm: connection.shm!, size: size) }
            } catch {
                note("\(error)")
                return
            }
            for buffer in buffers { buffer.released = { [unowned self] in if self.waiting { self.show() } } }
        }
        guard let buffer = buffers.first(where: { !$0.busy }) else {
            waiting = true
            return
        }
        waiting = false
        guard var area = buffer.stale else { return }
        // The trail is drawn over fresh keys: the whole of it copied again where it is touched.
        if let trail = renderer.trailArea, area.intersection(trail) != nil { area = area.union(trail) }
        buffer.stale = nil
        buffer.canvas.copy(area, from: renderer.canvas, to: Point(x: area.x, y: area.y))
        renderer.drawTrail(on: buffer.canvas)
        buffer.busy = true
        wl_surface_attach(surface, buffer.buffer, 0, 0)
        wl_surface_damage_buffer(surface, Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
        wl_surface_commit(surface)
        framesSinceMap += 1
        if framesSinceMap == 1 { firstFrame() }
    }

    nonisolated(unsafe) private static var layerListener = zwlr_layer_surface_v1_listener(
        configure: { data, layerSurface, serial, width, height in
            guard let data else { return }
            let me = Unmanaged<LayerWindow>.fromOpaque(data).takeUnretainedValue()
            zwlr_layer_surface_v1_ack_configure(layerSurface, serial)
            let size = Size(width: Int(width), height: Int(height))
            guard size != me.configured else { return }
            me.configured = size
            me.configuredTo(size)
        },
        closed: { data, _ in
            guard let data else { return }
            let me = Unmanaged<LayerWindow>.fromOpaque(data).takeUnretainedValue()
            me.unmap()
            me.closed()
        }
    )
}
