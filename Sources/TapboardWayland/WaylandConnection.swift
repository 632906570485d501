import CWayland
import Glibc
import TapboardCore

/// A connection to a Wayland compositor and the globals the keyboard binds:
/// the compositor, shared memory, the seat, the outputs, the layer shell
/// and the virtual keyboard manager. Made before the session, which is placed
/// on the outputs it reports (as monitors).
///
/// One of the module's four edge files (with `WaylandSurfaces`, `WaylandSeat`
/// and `WaylandTyping`): only they call the protocol; the globals' pointers are
/// theirs alone, the rest of the module sees Swift types.
public final class WaylandConnection {
    /// The display connection.
    let display: OpaquePointer
    /// The display's name as connected (the socket).
    public let name: String
    private var registry: OpaquePointer?
    var compositor: OpaquePointer?
    var shm: OpaquePointer?
    var seat: OpaquePointer?
    /// The outputs, in the order the compositor announced them.
    private(set) var outputs: [WaylandOutput] = []
    /// Names and logical places of the outputs (xdg-output), where offered.
    private var outputManager: OpaquePointer?
    var layerShell: OpaquePointer?
    var keyboardManager: OpaquePointer?
    var inputMethodManager: OpaquePointer?
    /// For the preview's and callout's subsurfaces.
    var subcompositor: OpaquePointer?
    /// The seat's capabilities (pointer, keyboard, touch), as it said.
    var seatCapabilities: UInt32 = 0 {
        didSet { capabilitiesChanged?(seatCapabilities) }
    }
    /// Told when the seat's capabilities change (a touchscreen plugged in).
    var capabilitiesChanged: ((UInt32) -> Void)?

    /// Connects to `name` (nil: `WAYLAND_DISPLAY`, else wayland-0) and binds
    /// the globals; throws naming the first one the keyboard needs and the compositor lacks.
    public init(name: String?) throws {
        let shown = name ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
        guard let display = name.map({ wl_display_connect($0) }) ?? wl_display_connect(nil) else { throw WaylandError.cannotConnect(shown) }
        self.display = display
        self.name = shown
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, &Self.registryListener, Unmanaged.passUnretained(self).toOpaque())
        // The globals, then what they say once bound (the outputs' modes, the seat's capabilities).
        wl_display_roundtrip(display)
        if let outputManager { for output in outputs { output.object.describe(with: outputManager) } }
        wl_display_roundtrip(display)
        let needed: [(OpaquePointer?, String, String)] = [
            (compositor, "wl_compositor", "surfaces"), (shm, "wl_shm", "shared-memory buffers"),
            (seat, "wl_seat", "a seat for the pointer, touch and typing"), (outputs.first?.object.proxy, "wl_output", "an output to show on"),
            (layerShell, "zwlr_layer_shell_v1", "the layer shell, to dock at an edge"),
            (keyboardManager, "zwp_virtual_keyboard_manager_v1", "the virtual keyboard, to type"),
        ]
        if let missing = needed.first(where: { $0.0 == nil }) {
            close()
            throw WaylandError.missingProtocol(missing.1, purpose: missing.2)
        }
    }

    deinit { close() }

    private var closed = false

    /// Lets go of the globals and the connection (every object made on it is destroyed by then).
    func close() {
        guard !closed else { return }
        closed = true
        if let p = inputMethodManager { zwp_input_method_manager_v2_destroy(p) }
        if let p = keyboardManager { zwp_virtual_keyboard_manager_v1_destroy(p) }
        if let p = layerShell { zwlr_layer_shell_v1_destroy(p) }
        if let p = subcompositor { wl_subcompositor_destroy(p) }
        outputs.forEach { $0.object.destroy() }
        if let p = outputManager { zxdg_output_manager_v1_destroy(p) }
        if let p = seat { wl_seat_destroy(p) }
        if let p = shm { wl_shm_destroy(p) }
        if let p = compositor { wl_compositor_destroy(p) }
        if let p = registry { wl_registry_destroy(p) }
        wl_display_flush(display)
        wl_display_disconnect(display)
    }

    /// The connection's descriptor, for the loop's `poll()`.
    var fileDescriptor: Int32 { wl_display_get_fd(display) }

    /// Reads what the compositor sent, without blocking, and hands it to the
    /// listeners (events already read first); false when reading failed.
    func dispatchAvailable() -> Bool {
        guard wl_display_prepare_read(display) == 0 else {
            wl_display_dispatch_pending(display)
            return true
        }
        var ok = true
        var fd = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
        if poll(&fd, 1, 0) > 0 {
            ok = wl_display_read_events(display) >= 0
        } else {
            wl_display_cancel_read(display)
        }
        wl_display_dispatch_pending(display)
        return ok
    }

    /// Sends the requests made; false when the connection failed (a full socket is no failure: the rest goes later).
    @discardableResult
    func flush() -> Bool { wl_display_flush(display) >= 0 || errno == EAGAIN }

    /// Sends the requests made and waits until the compositor has handled them.
    func roundtrip() { wl_display_roundtrip(display) }

    /// The connection's error (a protocol error, a lost socket): 0 while there is none.
    var error: Int32 { wl_display_get_error(display) }

    /// Whether the compositor offers subsurfaces (for the preview and the callout).
    var offersSubsurfaces: Bool { subcompositor != nil }

    /// Whether the compositor lets a client be the seat's input method (what `--auto-show` follows on Wayland).
    public var offersInputMethod: Bool { inputMethodManager != nil }

    /// The outputs as the session's screen: each a monitor at its logical place
    /// and size (surface pixels: the mode divided by the scale), the first the
    /// primary; the screen the box around them.
    public var screen: ScreenInfo {
        let monitors = outputs.enumerated().map { i, output in
            Monitor(name: output.shownName(i), frame: output.logicalFrame, primary: i == 0)
        }
        let width = monitors.map(\.frame.maxX).max() ?? 0, height = monitors.map(\.frame.maxY).max() ?? 0
        return ScreenInfo(size: Size(width: width, height: height), monitors: monitors, dpi: 96)
    }

    /// The output a monitor of `screen` stands for.
    func output(named name: String) -> WaylandOutput? {
        outputs.enumerated().first { $0.element.shownName($0.offset) == name }?.element
    }

    private func bind(_ registry: OpaquePointer?, _ id: UInt32, _ interface: UnsafePointer<wl_interface>, _ version: UInt32) -> OpaquePointer? {
        OpaquePointer(wl_registry_bind(registry, id, interface, version))
    }

    nonisolated(unsafe) private static var registryListener = wl_registry_listener(
        global: { data, registry, id, interface, version in
            guard let data, let interface else { return }
            let me = Unmanaged<WaylandConnection>.fromOpaque(data).takeUnretainedValue()
            switch String(cString: interface) {
            case "wl_compositor": me.compositor = me.bind(registry, id, tb_wl_compositor_interface(), min(version, 4))
            case "wl_shm": me.shm = me.bind(registry, id, tb_wl_shm_interface(), 1)
            case "wl_seat" where me.seat == nil:
                me.seat = me.bind(registry, id, tb_wl_seat_interface(), min(version, 5))
                wl_seat_add_listener(me.seat, &seatListener, data)
            case "wl_output":
                guard let proxy = me.bind(registry, id, tb_wl_output_interface(), min(version, 4)) else { return }
                let output = WaylandOutput(OutputObject(proxy), globalName: id)
                me.outputs.append(output)
                if let manager = me.outputManager { output.object.describe(with: manager) }
            case "zxdg_output_manager_v1": me.outputManager = me.bind(registry, id, tb_xdg_output_manager_interface(), min(version, 3))
            case "zwlr_layer_shell_v1": me.layerShell = me.bind(registry, id, tb_layer_shell_interface(), min(version, 3))
            case "zwp_virtual_keyboard_manager_v1": me.keyboardManager = me.bind(registry, id, tb_virtual_keyboard_manager_interface(), 1)
            case "zwp_input_method_manager_v2": me.inputMethodManager = me.bind(registry, id, tb_input_method_manager_interface(), 1)
            case "wl_subcompositor": me.subcompositor = me.bind(registry, id, tb_wl_subcompositor_interface(), 1)
            default: break
            }
        },
        global_remove: { data, _, id in
            guard let data else { return }
            let me = Unmanaged<WaylandConnection>.fromOpaque(data).takeUnretainedValue()
            // An output unplugged: a layer surface on it is closed by the compositor.
            guard let i = me.outputs.firstIndex(where: { $0.globalName == id }) else { return }
            me.outputs.remove(at: i).object.destroy()
        }
    )

    nonisolated(unsafe) private static var seatListener = wl_seat_listener(
        capabilities: { data, _, capabilities in
            guard let data else { return }
            Unmanaged<WaylandConnection>.fromOpaque(data).takeUnretainedValue().seatCapabilities = capabilities
        },
        name: { _, _, _ in }
    )
}

/// An output's protocol objects (`wl_output`, and `zxdg_output_v1` where offered):
/// what they say goes to `heard`; destroyed once, when the output goes or the connection closes.
final class OutputObject {
    /// What an output says of itself.
    enum Event {
        case position(Point), mode(Size), scale(Int), name(String), done
        case logicalPosition(Point), logicalSize(Size)
    }

    let proxy: OpaquePointer
    private var xdgOutput: OpaquePointer?
    /// Destroyed: the output went away, or the connection closed.
    private(set) var isDestroyed = false
    /// Told each thing the compositor says of the output.
    var heard: (Event) -> Void = { _ in }

    init(_ proxy: OpaquePointer) {
        self.proxy = proxy
        wl_output_add_listener(proxy, &Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    // Already done when the connection closed (or the output went): a no-op then.
    deinit { destroy() }

    /// Asks xdg-output for its name and logical place (once).
    func describe(with manager: OpaquePointer) {
        guard xdgOutput == nil, !isDestroyed else { return }
        xdgOutput = zxdg_output_manager_v1_get_xdg_output(manager, proxy)
        zxdg_output_v1_add_listener(xdgOutput, &Self.xdgListener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Lets go of the protocol objects (the output went away, or the connection closes).
    func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        if let xdgOutput { zxdg_output_v1_destroy(xdgOutput) }
        xdgOutput = nil
        if wl_proxy_get_version(proxy) >= 3 { wl_output_release(proxy) } else { wl_output_destroy(proxy) }
    }

    private static func tell(_ data: UnsafeMutableRawPointer?, _ event: Event) {
        guard let data else { return }
        Unmanaged<OutputObject>.fromOpaque(data).takeUnretainedValue().heard(event)
    }

    nonisolated(unsafe) private static var listener = wl_output_listener(
        geometry: { data, _, x, y, _, _, _, _, _, _ in tell(data, .position(Point(x: Int(x), y: Int(y)))) },
        mode: { data, _, flags, width, height, _ in
            guard flags & UInt32(WL_OUTPUT_MODE_CURRENT.rawValue) != 0 else { return }
            tell(data, .mode(Size(width: Int(width), height: Int(height))))
        },
        done: { data, _ in tell(data, .done) },
        scale: { data, _, factor in tell(data, .scale(max(Int(factor), 1))) },
        name: { data, _, name in
            guard let name else { return }
            tell(data, .name(String(cString: name)))
        },
        description: { _, _, _ in }
    )

    nonisolated(unsafe) private static var xdgListener = zxdg_output_v1_listener(
        logical_position: { data, _, x, y in tell(data, .logicalPosition(Point(x: Int(x), y: Int(y)))) },
        logical_size: { data, _, width, height in tell(data, .logicalSize(Size(width: Int(width), height: Int(height)))) },
        done: { _, _ in },
        name: { data, _, name in
            guard let name else { return }
            tell(data, .name(String(cString: name)))
        },
        description: { _, _, _ in }
    )
}
