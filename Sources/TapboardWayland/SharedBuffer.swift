import TapboardCore

/// A buffer of pixels the compositor reads (a `ShmBuffer`): drawn into
/// through `canvas`, attached to a surface, busy until the compositor releases it.
final class SharedBuffer {
    /// The protocol object and its memory.
    let memory: ShmBuffer
    /// The pixels, drawn into in place.
    var canvas: PixelCanvas { memory.canvas }
    /// Whether the compositor may still read it (attached and not yet released).
    var busy = false
    /// What changed in the picture since this buffer was last brought up to date.
    var stale: Rect?
    /// Told when the compositor has let go of the buffer.
    var released: (() -> Void)?

    /// A buffer of `size` pixels from the compositor's shared memory (opaque by default).
    init(connection: WaylandConnection, size: Size, format: ShmBuffer.Format = .opaque) throws {
        memory = try ShmBuffer(connection: connection, size: size, format: format)
        stale = Rect(x: 0, y: 0, width: memory.canvas.width, height: memory.canvas.height)
        memory.released = { [unowned self] in
            self.busy = false
            self.released?()
        }
    }

    /// Notes a changed area of the picture.
    func invalidate(_ area: Rect) { stale = stale.map { $0.union(area) } ?? area }
}
