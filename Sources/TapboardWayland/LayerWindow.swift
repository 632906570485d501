import TapboardCore

/// The keyboard's surface on Wayland: a layer-shell surface on one output,
/// docked at an edge (its exclusive zone the dock strip) or, floating or as an
/// overlay, at its frame's place (margins from the output's top left corner,
/// reserving nothing); no keyboard focus ever taken. Its buffers are drawn at
/// the output's scale.
/// Hidden is no surface at all (a layer surface, once unmapped, needs a new
/// initial configure anyway). The renderer paints into shared-memory buffers
/// directly: the one the compositor is not reading is first brought up to date
/// from the one it shows (what changed since it was shown last), then painted,
/// then shown.
final class LayerWindow {
    private let connection: WaylandConnection
    private let renderer: CanvasRenderer
    /// The surface in its layer role while shown.
    private var layerSurface: LayerSurface?
    /// The size the compositor gave at the last configure; nil until the first.
    private(set) var configured: Size?
    private var buffers: [SharedBuffer] = []
    /// The buffer shown last: up to date.
    private var front: SharedBuffer?
    /// Changed while the compositor held both buffers: painted from the keys
    /// as drawn when one comes back, so frames go no faster than it takes them.
    private var deferred: Rect?
    /// The output it shows on.
    private(set) var output: WaylandOutput
    /// The frame asked for, in the compositor's space (surface pixels).
    private var frame: Rect
    /// Docked at the top or bottom edge across the output, or at the frame's place.
    private let docked: DockEdge?
    /// An overlay goes on the layer above full-screen windows; the others on the one below.
    private let layer: LayerSurface.Layer
    /// Buffer pixels for each surface pixel: the output's scale.
    private(set) var bufferScale = 1
    /// Told the size the compositor gave the surface (the first one: it shows).
    var configuredTo: (Size) -> Void = { _ in }
    /// Told when the compositor closed the surface (the output went away).
    var closed: () -> Void = {}
    /// Told when the first frame after a map is committed: the keyboard shows.
    var firstFrame: () -> Void = {}
    private var framesSinceMap = 0
    /// Notes for the log.
    var note: (String) -> Void = { _ in }

    init(connection: WaylandConnection, renderer: CanvasRenderer, output: WaylandOutput, frame: Rect, mode: WindowMode) {
        self.connection = connection
        self.renderer = renderer
        self.output = output
        self.frame = frame
        if case .dock(let edge) = mode { docked = edge } else { docked = nil }
        layer = mode == .overlay ? .overlay : .top
        renderer.paint = { [unowned self] area, painter in self.paint(area, painter) }
        adopt(output)
    }

    /// Shows on `output` from the next map, drawn at its scale (and again when that changes).
    private func adopt(_ newOutput: WaylandOutput) {
        output = newOutput
        bufferScale = newOutput.scale
        newOutput.changed = { [unowned self, unowned newOutput] in
            if newOutput === self.output { self.setBufferScale(newOutput.scale) }
        }
    }

    /// Where the compositor put a surface of this size: across the output at its
    /// edge when docked, else at the frame's place.
    func placed(_ size: Size) -> Rect {
        let o = output.logicalFrame
        switch docked {
        case .top?: return Rect(x: o.x, y: o.y, width: size.width, height: size.height)
        case .bottom?: return Rect(x: o.x, y: o.maxY - size.height, width: size.width, height: size.height)
        case nil: return Rect(x: frame.x, y: frame.y, width: size.width, height: size.height)
        }
    }

    /// Anchors, size, margins and exclusive zone for the frame asked for.
    private func arrange(_ layerSurface: LayerSurface) {
        switch docked {
        case let edge?:
            layerSurface.arrange(anchor: [edge == .top ? .top : .bottom, .left, .right],
                                 size: Size(width: 0, height: frame.height), exclusiveZone: frame.height)
        case nil:
            // Top left corner anchored: the margins are the frame's offsets on the output.
            let o = output.logicalFrame
            layerSurface.arrange(anchor: [.top, .left], size: Size(width: max(frame.width, 1), height: max(frame.height, 1)),
                                 top: max(frame.y - o.y, 0), left: max(frame.x - o.x, 0), exclusiveZone: 0)
        }
    }

    /// Draws at another scale (the output's changed): the whole picture again.
    func setBufferScale(_ scale: Int) {
        guard scale != bufferScale else { return }
        bufferScale = scale
        if let size = configured { renderer.resize(to: size, pixelScale: scale) }
        showAll()
    }

    /// The keyboard's surface while shown (or asked for).
    var surface: WaylandSurface? { layerSurface?.surface }

    /// Whether a surface is shown (or asked for).
    var isMapped: Bool { layerSurface != nil }

    /// Makes the surface and asks the compositor for its size (configure follows).
    func map() {
        guard layerSurface == nil else { return }
        // Its output went away (the compositor closed the surface then): the first one left.
        if output.isGone {
            guard let other = connection.outputs.first else {
                note("no output to show the keyboard on")
                return
            }
            adopt(other)
        }
        // An empty input region would let touches through; the default (all of it) takes them.
        guard let made = LayerSurface(connection: connection, output: output.object, layer: layer, namespace: "tapboard") else { return }
        layerSurface = made
        made.configured = { [unowned self] size in self.configure(size) }
        made.closed = { [unowned self] in
            self.unmap()
            self.closed()
        }
        arrange(made)
        made.surface.commit()
        configured = nil
        framesSinceMap = 0
    }

    /// Takes the surface away.
    func unmap() {
        (layerSurface, configured) = (nil, nil)
        buffers = []
        front = nil
        deferred = nil
    }

    /// Asks for another frame (the session placed the keyboard again); docked, only its height counts.
    func place(_ newFrame: Rect) {
        guard newFrame != frame else { return }
        frame = newFrame
        guard let layerSurface else { return }
        arrange(layerSurface)
        layerSurface.surface.commit()
    }

    /// Paints an area of the picture into a buffer the compositor is not
    /// reading, brought up to date first, and shows it. Before the first
    /// configure (or at another size than the renderer's), nothing: the whole
    /// picture is painted once the surface is configured (`showAll`).
    func paint(_ area: Rect, _ painter: (PixelCanvas) -> Void) {
        guard layerSurface != nil, let size = pixelSize, renderer.size == size else { return }
        guard let buffer = freeBuffer(size) else {
            deferred = deferred.map { $0.union(area) } ?? area
            return
        }
        var damage = area
        if let stale = buffer.stale {
            if let front, front !== buffer, front.stale == nil {
                buffer.canvas.copy(stale, from: front.canvas, to: Point(x: stale.x, y: stale.y))
                damage = damage.union(stale)
            } else {
                // Nothing up to date to copy from: the whole picture.
                renderer.paintAll(into: buffer.canvas)
                damage = Rect(x: 0, y: 0, width: size.width, height: size.height)
            }
            buffer.stale = nil
        }
        painter(buffer.canvas)
        for other in buffers where other !== buffer { other.invalidate(damage) }
        commit(buffer, damage: damage)
    }

    /// Paints the whole picture and shows it (the surface configured, or its buffers made again).
    func showAll() {
        guard let size = pixelSize, renderer.size == size else { return }
        for buffer in buffers { buffer.invalidate(Rect(x: 0, y: 0, width: size.width, height: size.height)) }
        front = nil
        paint(Rect(x: 0, y: 0, width: size.width, height: size.height)) { renderer.paintAll(into: $0) }
    }

    /// The configured size in buffer pixels.
    private var pixelSize: Size? {
        configured.map { Size(width: $0.width * bufferScale, height: $0.height * bufferScale) }
    }

    /// A buffer of this size the compositor is not reading, of two; nil while it holds both.
    private func freeBuffer(_ size: Size) -> SharedBuffer? {
        if let first = buffers.first, first.canvas.width != size.width || first.canvas.height != size.height {
            buffers = []
            front = nil
        }
        if let free = buffers.first(where: { !$0.busy }) { return free }
        guard buffers.count < 2 else { return nil }
        do {
            let made = try SharedBuffer(connection: connection, size: size)
            made.released = { [unowned self] in self.bufferReleased() }
            buffers.append(made)
            return made
        } catch {
            note("\(error)")
            return nil
        }
    }

    /// A buffer came back: what changed meanwhile is painted into it and shown.
    private func bufferReleased() {
        guard let area = deferred else { return }
        deferred = nil
        paint(renderer.covering(area)) { renderer.paintArea(area, into: $0) }
    }

    private func commit(_ buffer: SharedBuffer, damage: Rect) {
        buffer.busy = true
        front = buffer
        surface?.present(buffer.memory, scale: bufferScale, damage: damage)
        framesSinceMap += 1
        if framesSinceMap == 1 { firstFrame() }
    }

    /// The compositor gave the surface a size (the configure already acknowledged).
    private func configure(_ size: Size) {
        guard size != configured else { return }
        configured = size
        configuredTo(size)
    }
}
