import CWayland
import CWaylandExtras
import Glibc
import TapboardCore

// The surface edge: surfaces, their roles (layer surface, subsurface) and
// shared-memory buffers, each owned by a small class whose deinit destroys it.
// Each holds the connection, so the display outlives what was made on it.

/// Which surface an event is about, as the seat names it: compared, never dereferenced.
struct SurfaceID: Hashable {
    fileprivate let address: UInt

    init(_ proxy: OpaquePointer) { address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(proxy))) }
}

/// A `wl_surface`: shows the buffers committed to it.
final class WaylandSurface {
    private let connection: WaylandConnection
    fileprivate let proxy: OpaquePointer
    /// Its name in the seat's events.
    let id: SurfaceID

    /// A new surface; nil when libwayland gives none (out of memory).
    init?(connection: WaylandConnection) {
        guard let made = wl_compositor_create_surface(connection.compositor) else { return nil }
        self.connection = connection
        proxy = made
        id = SurfaceID(proxy)
    }

    deinit { wl_surface_destroy(proxy) }

    /// Takes no input: touches and the pointer go to what is under it.
    func takeNoInput() {
        let region = wl_compositor_create_region(connection.compositor)
        wl_surface_set_input_region(proxy, region)
        wl_region_destroy(region)
    }

    /// Applies the state sent since the last commit.
    func commit() { wl_surface_commit(proxy) }

    /// Shows `buffer`, drawn at `scale`, where `damage` (buffer pixels) changed.
    func present(_ buffer: ShmBuffer, scale: Int, damage: Rect) {
        wl_surface_set_buffer_scale(proxy, Int32(scale))
        wl_surface_attach(proxy, buffer.proxy, 0, 0)
        wl_surface_damage_buffer(proxy, Int32(damage.x), Int32(damage.y), Int32(damage.width), Int32(damage.height))
        wl_surface_commit(proxy)
    }
}

/// Where a layer surface is anchored on its output.
struct LayerAnchor: OptionSet {
    let rawValue: UInt32
    static let top = LayerAnchor(rawValue: ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue)
    static let bottom = LayerAnchor(rawValue: ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue)
    static let left = LayerAnchor(rawValue: ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue)
    static let right = LayerAnchor(rawValue: ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue)
}

/// A surface in the layer shell (`zwlr_layer_surface_v1`) on one output, with
/// no keyboard focus ever: the keyboard's window. Destroys its role, then its surface.
final class LayerSurface {
    /// The layers the keyboard uses: above full-screen windows (an overlay), or below them.
    enum Layer { case top, overlay }

    let surface: WaylandSurface
    private let proxy: OpaquePointer
    /// Told each configure (already acknowledged), with the size given.
    var configured: (Size) -> Void = { _ in }
    /// Told when the compositor closed it (its output went away).
    var closed: () -> Void = {}

    /// A layer surface on `output` (not yet committed); nil when the compositor gave none.
    init?(connection: WaylandConnection, output: OutputObject, layer: Layer, namespace: String) {
        guard let surface = WaylandSurface(connection: connection) else { return nil }
        let shellLayer = layer == .overlay ? ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY.rawValue : ZWLR_LAYER_SHELL_V1_LAYER_TOP.rawValue
        guard let made = namespace.withCString({
            zwlr_layer_shell_v1_get_layer_surface(connection.layerShell, surface.proxy, output.proxy, shellLayer, $0)
        }) else { return nil }
        self.surface = surface
        proxy = made
        zwlr_layer_surface_v1_add_listener(proxy, &Self.listener, Unmanaged.passUnretained(self).toOpaque())
        zwlr_layer_surface_v1_set_keyboard_interactivity(proxy, 0)
    }

    deinit { zwlr_layer_surface_v1_destroy(proxy) }

    /// Anchors, size (0: the output's across an anchored pair), top and left margins and exclusive zone.
    func arrange(anchor: LayerAnchor, size: Size, top: Int = 0, left: Int = 0, exclusiveZone: Int) {
        zwlr_layer_surface_v1_set_anchor(proxy, anchor.rawValue)
        zwlr_layer_surface_v1_set_size(proxy, UInt32(size.width), UInt32(size.height))
        zwlr_layer_surface_v1_set_margin(proxy, Int32(top), 0, 0, Int32(left))
        zwlr_layer_surface_v1_set_exclusive_zone(proxy, Int32(exclusiveZone))
    }

    private static func me(_ data: UnsafeMutableRawPointer?) -> LayerSurface? {
        data.map { Unmanaged<LayerSurface>.fromOpaque($0).takeUnretainedValue() }
    }

    nonisolated(unsafe) private static var listener = zwlr_layer_surface_v1_listener(
        configure: { data, layerSurface, serial, width, height in
            zwlr_layer_surface_v1_ack_configure(layerSurface, serial)
            guard let me = me(data) else { return }
            // The handler may let go of this object: kept alive (and the handler) until it returns.
            let handler = me.configured
            withExtendedLifetime(me) { handler(Size(width: Int(width), height: Int(height))) }
        },
        closed: { data, _ in
            guard let me = me(data) else { return }
            let handler = me.closed
            withExtendedLifetime(me) { handler() }
        }
    )
}

/// A subsurface (`wl_subsurface`) of another surface, its frames shown as it
/// commits them (desynchronized). Destroys its role, then its surface.
final class Subsurface {
    let surface: WaylandSurface
    private let proxy: OpaquePointer

    /// A new surface made a subsurface of `parent`; `input` false: it takes no input.
    /// Nil when libwayland gives no object (out of memory): the popup is not shown.
    init?(connection: WaylandConnection, over parent: WaylandSurface, input: Bool) {
        guard let surface = WaylandSurface(connection: connection),
              let made = wl_subcompositor_get_subsurface(connection.subcompositor, surface.proxy, parent.proxy) else { return nil }
        self.surface = surface
        proxy = made
        if !input { surface.takeNoInput() }
        wl_subsurface_set_desync(proxy)
    }

    deinit { wl_subsurface_destroy(proxy) }

    /// Moves it on its parent; the position is the parent's state, applied at the parent's next commit.
    func setPosition(_ p: Point) { wl_subsurface_set_position(proxy, Int32(p.x), Int32(p.y)) }
}

/// A `wl_buffer` in shared memory (`wl_shm`): its pixels as a canvas drawn into
/// in place; the memory is unmapped and the buffer destroyed with it.
final class ShmBuffer {
    /// How its pixels are read: opaque (XRGB8888) or with alpha (ARGB8888).
    enum Format { case opaque, translucent }

    /// The pixels.
    let canvas: PixelCanvas
    fileprivate let proxy: OpaquePointer
    private let connection: WaylandConnection
    private let memory: UnsafeMutableRawPointer
    private let length: Int
    /// Told when the compositor has let go of the buffer.
    var released: () -> Void = {}

    /// A buffer of `size` pixels.
    init(connection: WaylandConnection, size: Size, format: Format) throws {
        self.connection = connection
        let width = max(size.width, 1), height = max(size.height, 1)
        let stride = width * 4
        length = stride * height
        let fd = tb_memfd("tapboard-buffer")
        guard fd >= 0 else { throw WaylandError.noSharedMemory("memfd_create: errno \(errno)") }
        defer { Glibc.close(fd) }
        guard ftruncate(fd, off_t(length)) == 0 else { throw WaylandError.noSharedMemory("ftruncate: errno \(errno)") }
        guard let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            throw WaylandError.noSharedMemory("mmap: errno \(errno)")
        }
        memory = mapped
        canvas = PixelCanvas(borrowing: mapped.bindMemory(to: UInt32.self, capacity: width * height), width: width, height: height)
        let pool = wl_shm_create_pool(connection.shm, fd, Int32(length))
        let shmFormat = format == .opaque ? WL_SHM_FORMAT_XRGB8888.rawValue : WL_SHM_FORMAT_ARGB8888.rawValue
        let made = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride), shmFormat)
        wl_shm_pool_destroy(pool)
        guard let made else {
            munmap(mapped, length)
            throw WaylandError.noSharedMemory("the compositor's library gave no buffer")
        }
        proxy = made
        wl_buffer_add_listener(proxy, &Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        wl_buffer_destroy(proxy)
        munmap(memory, length)
    }

    nonisolated(unsafe) private static var listener = wl_buffer_listener(
        release: { data, _ in
            guard let data else { return }
            let me = Unmanaged<ShmBuffer>.fromOpaque(data).takeUnretainedValue()
            let handler = me.released
            withExtendedLifetime(me) { handler() }
        }
    )
}
