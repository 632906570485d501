import CWayland
import CWaylandExtras
import Glibc
import TapboardCore

/// A buffer of pixels in shared memory the compositor reads (`wl_shm`,
/// XRGB8888): drawn into through `canvas`, attached to a surface, busy until
/// the compositor releases it.
final class SharedBuffer {
    /// The pixels, drawn into in place.
    let canvas: PixelCanvas
    /// The protocol object to attach.
    private(set) var buffer: OpaquePointer?
    /// Whether the compositor may still read it (attached and not yet released).
    var busy = false
    /// What changed in the picture since this buffer was last brought up to date.
    var stale: Rect?
    private let memory: UnsafeMutableRawPointer
    private let length: Int

    /// A buffer of `size` pixels from the compositor's shared memory (opaque by default).
    init(shm: OpaquePointer, size: Size, format: UInt32 = WL_SHM_FORMAT_XRGB8888.rawValue) throws {
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
        let pool = wl_shm_create_pool(shm, fd, Int32(length))
        buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride), format)
        wl_shm_pool_destroy(pool)
        wl_buffer_add_listener(buffer, &Self.listener, Unmanaged.passUnretained(self).toOpaque())
        stale = Rect(x: 0, y: 0, width: width, height: height)
    }

    deinit {
        if let buffer { wl_buffer_destroy(buffer) }
        munmap(memory, length)
    }

    /// Told when the compositor has let go of the buffer.
    var released: (() -> Void)?

    /// Notes a changed area of the picture.
    func invalidate(_ area: Rect) { stale = stale.map { $0.union(area) } ?? area }

    nonisolated(unsafe) private static var listener = wl_buffer_listener(
        release: { data, _ in
            guard let data else { return }
            let me = Unmanaged<SharedBuffer>.fromOpaque(data).takeUnretainedValue()
            me.busy = false
            me.released?()
        }
    )
}
