import CWayland
import CX11
import Foundation

/// A Wayland window for the benchmarks that notes each key it receives, with
/// the monotonic time it was read at (as `TargetWindow` does on X): a plain
/// xdg toplevel, its keys decoded with the keymap the compositor sends (the
/// virtual keyboard's own), read on a thread of its own. It also notes when
/// the compositor resized it (a keyboard's exclusive zone).
public final class WaylandKeyTarget: @unchecked Sendable {
    /// One key press received.
    public struct Press: Sendable {
        /// `MonotonicClock.now` when it was read.
        public var at: UInt64
        /// What it typed (empty for a key with no text).
        public var text: String
    }

    private let display: OpaquePointer
    private var registry: OpaquePointer?
    private var compositor: OpaquePointer?
    private var shm: OpaquePointer?
    private var wmBase: OpaquePointer?
    private var seat: OpaquePointer?
    private var keyboard: OpaquePointer?
    private var surface: OpaquePointer?
    private var xdgSurface: OpaquePointer?
    private var toplevel: OpaquePointer?
    private var buffer: OpaquePointer?
    private let lock = NSLock()
    private var xkbContext: OpaquePointer?
    private var xkbKeymap: OpaquePointer?
    private var xkbState: OpaquePointer?
    /// The thread reading the compositor's events, joined at `close()`.
    private var reader: pthread_t?
    private var stopping = false
    private var _presses: [Press] = []
    private var _heights: [(at: UInt64, height: Int)] = []
    private var _focused = false

    /// Opens a window with this app id on the compositor of `sway` and reads its events until `close()`.
    public init(_ sway: HeadlessSway, appID: String = "keytarget") throws {
        guard let display = wl_display_connect(sway.runtimeDirectory + "/" + sway.socketName) else {
            throw HarnessError.processFailed("cannot connect to the Wayland compositor at \(sway.runtimeDirectory)")
        }
        self.display = display
        xkbContext = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
        let me = Unmanaged.passUnretained(self).toOpaque()
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, &Self.registryListener, me)
        wl_display_roundtrip(display)
        guard let compositor, wmBase != nil, seat != nil, shm != nil else {
            throw HarnessError.processFailed("the compositor lacks wl_compositor, xdg_wm_base, wl_shm or wl_seat")
        }
        xdg_wm_base_add_listener(wmBase, &Self.wmBaseListener, me)
        keyboard = wl_seat_get_keyboard(seat)
        wl_keyboard_add_listener(keyboard, &Self.keyboardListener, me)
        surface = wl_compositor_create_surface(compositor)
        xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface)
        xdg_surface_add_listener(xdgSurface, &Self.xdgSurfaceListener, me)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        xdg_toplevel_add_listener(toplevel, &Self.toplevelListener, me)
        appID.withCString { xdg_toplevel_set_app_id(toplevel, $0) }
        wl_surface_commit(surface)
        wl_display_roundtrip(display)
        var t = pthread_t()
        let started = pthread_create(&t, nil, { me in
            Unmanaged<WaylandKeyTarget>.fromOpaque(me!).takeUnretainedValue().read()
            return nil
        }, me)
        guard started == 0 else { throw HarnessError.processFailed("cannot start the target's reading thread: error \(started)") }
        reader = t
    }

    deinit { close() }

    /// Stops reading and closes the window and the connection.
    public func close() {
        lock.lock()
        let running = reader != nil && !stopping
        stopping = true
        lock.unlock()
        guard running else { return }
        // Wakes the reading thread: the compositor answers the sync.
        wl_display_sync(display)
        wl_display_flush(display)
        if let reader { pthread_join(reader, nil) }
        reader = nil
        wl_display_disconnect(display)
    }

    private func read() {
        while true {
            lock.lock()
            let stop = stopping
            lock.unlock()
            if stop || wl_display_dispatch(display) < 0 { break }
        }
    }

    /// The presses received so far, in order.
    public var presses: [Press] {
        lock.lock()
        defer { lock.unlock() }
        return _presses
    }

    /// The text received so far.
    public var text: String { presses.map(\.text).joined() }

    /// Forgets the presses received.
    public func clear() {
        lock.lock()
        _presses = []
        lock.unlock()
    }

    /// Whether it has the keyboard focus.
    public var focused: Bool {
        lock.lock()
        defer { lock.unlock() }
        return _focused
    }

    /// The heights the compositor gave it, with when.
    public var heights: [(at: UInt64, height: Int)] {
        lock.lock()
        defer { lock.unlock() }
        return _heights
    }

    /// A white buffer of the configured size, attached.
    private func draw(width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        let stride = width * 4, size = stride * height
        var template = Array((FileManager.default.temporaryDirectory.path + "/tapboard-target-XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { return }
        unlink(template)
        defer { Glibc.close(fd) }
        guard ftruncate(fd, off_t(size)) == 0, let data = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0),
              data != MAP_FAILED else { return }
        memset(data, 0xff, size)
        munmap(data, size)
        let pool = wl_shm_create_pool(shm, fd, Int32(size))
        if let buffer { wl_buffer_destroy(buffer) }
        buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride), UInt32(WL_SHM_FORMAT_XRGB8888.rawValue))
        wl_shm_pool_destroy(pool)
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(width), Int32(height))
    }

    private var pendingSize = (width: 0, height: 0)

    private static func me(_ data: UnsafeMutableRawPointer?) -> WaylandKeyTarget { Unmanaged.fromOpaque(data!).takeUnretainedValue() }

    nonisolated(unsafe) private static var registryListener = wl_registry_listener(
        global: { data, registry, name, interface, version in
            guard let interface else { return }
            let me = me(data)
            switch String(cString: interface) {
            case "wl_compositor": me.compositor = OpaquePointer(wl_registry_bind(registry, name, tb_wl_compositor_interface(), 4))
            case "wl_shm": me.shm = OpaquePointer(wl_registry_bind(registry, name, tb_wl_shm_interface(), 1))
            case "wl_seat" where me.seat == nil: me.seat = OpaquePointer(wl_registry_bind(registry, name, tb_wl_seat_interface(), min(version, 5)))
            case "xdg_wm_base": me.wmBase = OpaquePointer(wl_registry_bind(registry, name, tb_xdg_wm_base_interface(), 1))
            default: break
            }
        },
        global_remove: { _, _, _ in }
    )

    nonisolated(unsafe) private static var wmBaseListener = xdg_wm_base_listener(ping: { _, base, serial in xdg_wm_base_pong(base, serial) })

    nonisolated(unsafe) private static var xdgSurfaceListener = xdg_surface_listener(
        configure: { data, xdgSurface, serial in
            let me = me(data)
            xdg_surface_ack_configure(xdgSurface, serial)
            let size = me.pendingSize
            me.draw(width: size.width > 0 ? size.width : 640, height: size.height > 0 ? size.height : 480)
            wl_surface_commit(me.surface)
        }
    )

    nonisolated(unsafe) private static var toplevelListener = xdg_toplevel_listener(
        configure: { data, _, width, height, _ in
            let me = me(data)
            me.pendingSize = (Int(width), Int(height))
            let now = MonotonicClock.now
            me.lock.lock()
            if me._heights.last?.height != Int(height) { me._heights.append((now, Int(height))) }
            me.lock.unlock()
        },
        close: { _, _ in },
        configure_bounds: { _, _, _, _ in },
        wm_capabilities: { _, _, _ in }
    )

    nonisolated(unsafe) private static var keyboardListener = wl_keyboard_listener(
        keymap: { data, _, format, fd, size in
            let me = me(data)
            defer { Glibc.close(fd) }
            guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue,
                  let map = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else { return }
            defer { munmap(map, Int(size)) }
            let keymap = xkb_keymap_new_from_string(me.xkbContext, map.assumingMemoryBound(to: CChar.self),
                                                    XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
            if let state = me.xkbState { xkb_state_unref(state) }
            if let old = me.xkbKeymap { xkb_keymap_unref(old) }
            me.xkbKeymap = keymap
            me.xkbState = keymap.flatMap { xkb_state_new($0) }
        },
        enter: { data, _, _, _, _ in
            let me = me(data)
            me.lock.lock()
            me._focused = true
            me.lock.unlock()
        },
        leave: { data, _, _, _ in
            let me = me(data)
            me.lock.lock()
            me._focused = false
            me.lock.unlock()
        },
        key: { data, _, _, _, key, state in
            let now = MonotonicClock.now
            let me = me(data)
            guard state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue, let xkb = me.xkbState else { return }
            var buffer = [CChar](repeating: 0, count: 64)
            let n = Int(xkb_state_key_get_utf8(xkb, key + 8, &buffer, buffer.count))
            let text = n > 0 && n < buffer.count ? String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
            me.lock.lock()
            me._presses.append(Press(at: now, text: text))
            me.lock.unlock()
        },
        modifiers: { data, _, _, depressed, latched, locked, group in
            let me = me(data)
            guard let xkb = me.xkbState else { return }
            xkb_state_update_mask(xkb, depressed, latched, locked, 0, 0, group)
        },
        repeat_info: { _, _, _, _ in }
    )
}
