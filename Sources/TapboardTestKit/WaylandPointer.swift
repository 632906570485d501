import CWayland
import CX11
import Foundation

/// A pointer for tests on Wayland: a virtual pointer device
/// (`zwlr_virtual_pointer_v1`) on the compositor's seat, moved to absolute
/// points of the output and clicked, as XTest's pointer is on X. A headless
/// sway has no pointer otherwise, and its seat offers clients none.
///
/// It puts a virtual keyboard on the seat too (a US keymap, never typed
/// with), so the seat offers a pointer and a keyboard before the clients
/// start and tells them its capabilities once: wvkbd 0.12 (Debian 12) asks
/// for a new pointer at every capabilities event, and then hears each of
/// the pointer's events twice.
public final class WaylandPointer {
    private var display: OpaquePointer?
    private var pointer: OpaquePointer?
    /// The box absolute motion spans: the outputs' layout (the first output's size
    /// until a test adds another output and says the new box).
    public var extent: (width: Int, height: Int)
    /// Globals heard from the registry.
    private var seat: OpaquePointer?
    private var manager: OpaquePointer?
    private var keyboardManager: OpaquePointer?
    private var keyboard: OpaquePointer?
    private var registry: OpaquePointer?
    /// An event's time: the monotonic clock in milliseconds, as a real
    /// device's (a keyboard typing from the pointer's events passes them on).
    private var time: UInt32 { UInt32(truncatingIfNeeded: MonotonicClock.now / 1_000_000) }

    /// The left button's Linux input code (BTN_LEFT).
    private static let leftButton: UInt32 = 0x110

    /// Connects to the compositor of `sway` and makes the pointer on its seat.
    public init(_ sway: HeadlessSway) throws {
        extent = (sway.size.width, sway.size.height)
        // An absolute path: this process's XDG_RUNTIME_DIR is not the compositor's.
        guard let display = wl_display_connect(sway.runtimeDirectory + "/" + sway.socketName) else {
            throw HarnessError.processFailed("cannot connect to the Wayland compositor at \(sway.runtimeDirectory)/\(sway.socketName)")
        }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, &Self.registryListener, Unmanaged.passUnretained(self).toOpaque())
        wl_display_roundtrip(display)
        guard let seat, let manager, let keyboardManager else {
            let missing = seat == nil ? "wl_seat" : manager == nil ? "zwlr_virtual_pointer_manager_v1" : "zwp_virtual_keyboard_manager_v1"
            close()
            throw HarnessError.processFailed("the compositor offers no \(missing)")
        }
        pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, seat)
        try addKeyboard(keyboardManager, seat)
        wl_display_roundtrip(display)
    }

    /// A virtual keyboard with xkbcommon's US keymap, handed over in an unlinked file.
    private func addKeyboard(_ manager: OpaquePointer, _ seat: OpaquePointer) throws {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw HarnessError.processFailed("xkb_context_new failed") }
        defer { xkb_context_unref(context) }
        // The names' C strings live only inside these closures: a literal stored in the struct would dangle (ASan).
        let compiled = "evdev".withCString { rules in
            "us".withCString { layout in
                var names = xkb_rule_names(rules: rules, model: nil, layout: layout, variant: nil, options: nil)
                return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
            }
        }
        guard let keymap = compiled,
              let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else {
            throw HarnessError.processFailed("xkbcommon could not compile a US keymap")
        }
        defer { free(text); xkb_keymap_unref(keymap) }
        let size = strlen(text) + 1
        var template = Array((FileManager.default.temporaryDirectory.path + "/tapboard-keymap-XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw HarnessError.processFailed("cannot make a file for the keymap: errno \(errno)") }
        unlink(template)
        guard write(fd, text, size) == size else {
            Glibc.close(fd)
            throw HarnessError.processFailed("cannot write the keymap: errno \(errno)")
        }
        defer { Glibc.close(fd) }
        keyboard = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(manager, seat)
        zwp_virtual_keyboard_v1_keymap(keyboard, UInt32(WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue), fd, UInt32(size))
    }

    deinit { close() }

    /// Lets go of the pointer and the connection.
    public func close() {
        if let pointer { zwlr_virtual_pointer_v1_destroy(pointer) }
        if let keyboard { zwp_virtual_keyboard_v1_destroy(keyboard) }
        if let keyboardManager { zwp_virtual_keyboard_manager_v1_destroy(keyboardManager) }
        if let manager { zwlr_virtual_pointer_manager_v1_destroy(manager) }
        if let seat { wl_seat_destroy(seat) }
        if let registry { wl_registry_destroy(registry) }
        if let display { wl_display_disconnect(display) }
        (pointer, manager, keyboard, keyboardManager, seat, registry, display) = (nil, nil, nil, nil, nil, nil, nil)
    }

    /// Moves to a point of the output (pixels from its top left corner).
    public func move(to x: Int, _ y: Int) {
        guard let pointer else { return }
        zwlr_virtual_pointer_v1_motion_absolute(pointer, time, UInt32(max(0, x)), UInt32(max(0, y)), UInt32(extent.width), UInt32(extent.height))
        zwlr_virtual_pointer_v1_frame(pointer)
        flush()
    }

    /// Presses or releases the left button where the pointer is.
    public func button(down: Bool) {
        guard let pointer else { return }
        zwlr_virtual_pointer_v1_button(pointer, time, Self.leftButton, down ? 1 : 0)
        zwlr_virtual_pointer_v1_frame(pointer)
        flush()
    }

    /// A tap as a hand makes it: the pointer comes onto the key from the next
    /// pixel and rests there for `rest` before the press and the release.
    /// sway 1.7 moved the pointer's focus to the surface entered only a frame
    /// of its output later (a press within 10 ms of the motion went to the
    /// surface the pointer came from, one after 20 ms never did); and wvkbd
    /// reads the position only from the motions after `enter`.
    public func tap(_ x: Int, _ y: Int, rest: Duration = .milliseconds(50)) {
        move(to: x > 0 ? x - 1 : x + 1, y)
        let (seconds, attoseconds) = rest.components
        Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
        move(to: x, y)
        button(down: true)
        button(down: false)
    }

    /// A slide as a hand makes it: onto the first point as `tap` comes onto a
    /// key, pressed there, moved through the others, released at the last.
    public func slide(through points: [(x: Int, y: Int)], rest: Duration = .milliseconds(50)) {
        guard let first = points.first else { return }
        move(to: first.x > 0 ? first.x - 1 : first.x + 1, first.y)
        let (seconds, attoseconds) = rest.components
        Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
        move(to: first.x, first.y)
        button(down: true)
        for point in points.dropFirst() { move(to: point.x, point.y) }
        button(down: false)
    }

    /// Sends what is queued and waits until the compositor has handled it.
    public func flush() {
        guard let display else { return }
        wl_display_roundtrip(display)
    }

    nonisolated(unsafe) private static var registryListener = wl_registry_listener(
        global: { data, registry, name, interface, version in
            guard let data, let interface else { return }
            let me = Unmanaged<WaylandPointer>.fromOpaque(data).takeUnretainedValue()
            switch String(cString: interface) {
            case "wl_seat" where me.seat == nil:
                me.seat = OpaquePointer(wl_registry_bind(registry, name, tb_wl_seat_interface(), 1))
            case "zwlr_virtual_pointer_manager_v1":
                me.manager = OpaquePointer(wl_registry_bind(registry, name, tb_virtual_pointer_manager_interface(), 1))
            case "zwp_virtual_keyboard_manager_v1":
                me.keyboardManager = OpaquePointer(wl_registry_bind(registry, name, tb_virtual_keyboard_manager_interface(), 1))
            default:
                break
            }
        },
        global_remove: { _, _, _ in }
    )
}
