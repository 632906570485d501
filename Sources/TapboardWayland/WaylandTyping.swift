import CWayland
import CWaylandExtras
import Glibc
import TapboardCore

// The typing edge: the virtual keyboard's device and the input method's
// object, each destroyed with the small class that owns it.

/// A virtual keyboard on the seat (`zwp_virtual_keyboard_v1`): its keymap, its keys and modifiers.
final class VirtualKeyboardDevice {
    private let connection: WaylandConnection
    private let proxy: OpaquePointer

    init(connection: WaylandConnection) throws {
        guard let made = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(connection.keyboardManager, connection.seat) else {
            throw WaylandError.badKeymap("the compositor gave no virtual keyboard")
        }
        self.connection = connection
        proxy = made
    }

    deinit { zwp_virtual_keyboard_v1_destroy(proxy) }

    /// Sends an XKB keymap, in a sealed file of its own.
    func sendKeymap(_ text: String) throws {
        let bytes = Array(text.utf8) + [0]
        let fd = tb_memfd("tapboard-keymap")
        guard fd >= 0 else { throw WaylandError.badKeymap("memfd_create: errno \(errno)") }
        defer { Glibc.close(fd) }
        guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
            throw WaylandError.badKeymap("cannot write it: errno \(errno)")
        }
        zwp_virtual_keyboard_v1_keymap(proxy, UInt32(WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue), fd, UInt32(bytes.count))
    }

    /// Presses or releases the key of an evdev code (XKB's less 8), `time` in milliseconds.
    func key(_ evdevCode: UInt32, pressed: Bool, time: UInt32) {
        zwp_virtual_keyboard_v1_key(proxy, time, evdevCode, pressed ? 1 : 0)
    }

    /// Sets the modifiers held (the keymap's mask), none latched or locked.
    func modifiers(_ depressed: UInt32) { zwp_virtual_keyboard_v1_modifiers(proxy, depressed, 0, 0, 0) }
}

/// The seat's input method (`zwp_input_method_v2`): what the compositor says
/// of the focused text input goes to `heard`; text is committed through it.
final class InputMethodObject {
    /// What the compositor says; a `done` applies what came before it.
    enum Event {
        case activate, deactivate
        /// The text around the caret (the cursor a byte offset into its UTF-8).
        case surroundingText(String?, cursor: Int)
        case contentType(hint: UInt32, purpose: UInt32)
        case done
        /// Another input method has the seat.
        case unavailable
    }

    private let connection: WaylandConnection
    private let proxy: OpaquePointer
    /// Told each event.
    var heard: (Event) -> Void = { _ in }

    /// The seat's input method; nil when the compositor offers none.
    init?(connection: WaylandConnection) {
        guard let manager = connection.inputMethodManager, let seat = connection.seat,
              let made = zwp_input_method_manager_v2_get_input_method(manager, seat) else { return nil }
        self.connection = connection
        proxy = made
        zwp_input_method_v2_add_listener(proxy, &Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { zwp_input_method_v2_destroy(proxy) }

    /// Commits `text` at the caret, as of the state `serial` counts (the `done`s heard).
    func commit(_ text: String, serial: UInt32) {
        zwp_input_method_v2_commit_string(proxy, text)
        zwp_input_method_v2_commit(proxy, serial)
    }

    /// Deletes `bytes` of UTF-8 before the caret, as of the state `serial` counts.
    func deleteBefore(bytes: Int, serial: UInt32) {
        zwp_input_method_v2_delete_surrounding_text(proxy, UInt32(bytes), 0)
        zwp_input_method_v2_commit(proxy, serial)
    }

    private static func tell(_ data: UnsafeMutableRawPointer?, _ event: Event) {
        guard let data else { return }
        Unmanaged<InputMethodObject>.fromOpaque(data).takeUnretainedValue().heard(event)
    }

    nonisolated(unsafe) private static var listener = zwp_input_method_v2_listener(
        activate: { data, _ in tell(data, .activate) },
        deactivate: { data, _ in tell(data, .deactivate) },
        surrounding_text: { data, _, text, cursor, _ in tell(data, .surroundingText(text.map { String(cString: $0) }, cursor: Int(cursor))) },
        text_change_cause: { _, _, _ in },
        content_type: { data, _, hint, purpose in tell(data, .contentType(hint: hint, purpose: purpose)) },
        done: { data, _ in tell(data, .done) },
        unavailable: { data, _ in tell(data, .unavailable) }
    )
}
