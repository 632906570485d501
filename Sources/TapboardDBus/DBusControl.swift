import CTapboardBus
import TapboardCore

/// Why the keyboard is not on the session bus.
public struct DBusError: Error, CustomStringConvertible {
    /// One line: no session bus, or the names held by another keyboard.
    public var description: String
    /// Another keyboard holds the names (`--replace` takes them).
    public var namesTaken: Bool
}

/// The keyboard on the session bus: `sm.puri.OSK0` at `/sm/puri/OSK0` (SetVisible,
/// Visible), as shells that drive squeekboard expect, and `org.tapboard.Keyboard1`
/// at `/org/tapboard/Keyboard` (Show, Hide, Toggle, Type; Visible, Layout, Frame;
/// a signal per published event). Its descriptor goes into the keyboard's one
/// `poll()`; everything runs on the keyboard's thread.
public final class DBusControl {
    /// What the keyboard does and answers.
    public struct Handlers {
        /// Carry a request out; call the answer with the keyboard's answer, for a request it answers (`isAnswered`).
        public var request: (ControlClientRequest, @escaping (ControlMessage) -> Void) -> Void
        /// Whether the keyboard shows.
        public var visible: () -> Bool
        /// The layout shown.
        public var layout: () -> String
        /// The keyboard's frame on the screen.
        public var frame: () -> Rect

        /// Makes the handlers.
        public init(request: @escaping (ControlClientRequest, @escaping (ControlMessage) -> Void) -> Void,
                    visible: @escaping () -> Bool, layout: @escaping () -> String, frame: @escaping () -> Rect) {
            self.request = request
            self.visible = visible; self.layout = layout; self.frame = frame
        }
    }

    /// A method call's argument: its boolean or its string (each method takes one at most).
    public struct Arguments: Sendable {
        /// The boolean argument (`SetVisible`), false when none.
        public var flag: Bool
        /// The string argument (`Type`), empty when none.
        public var text: String
    }

    /// Every method of both interfaces, by interface and name, and the request
    /// it makes: the one place a method meets the control vocabulary (the C
    /// side only declares them, with their signatures, for introspection).
    public static let methods: [String: @Sendable (Arguments) -> ControlClientRequest] = [
        "sm.puri.OSK0.SetVisible": { .command($0.flag ? .show : .hide) },
        "org.tapboard.Keyboard1.Show": { _ in .command(.show) },
        "org.tapboard.Keyboard1.Hide": { _ in .command(.hide) },
        "org.tapboard.Keyboard1.Toggle": { _ in .command(.toggle) },
        // The pace of `tapboard type`'s default is for screenshots; a bus client wants the text.
        "org.tapboard.Keyboard1.Type": { .type($0.text, delay: .milliseconds(20)) },
    ]

    private var bus: OpaquePointer?
    fileprivate let handlers: Handlers

    /// The connection, for the panel icon's objects on it (nil once closed).
    var connection: OpaquePointer? { bus }

    /// Connects to the session bus and takes the names (from another keyboard when `replace`).
    public init(handlers: Handlers, replace: Bool) throws(DBusError) {
        self.handlers = handlers
        var c = tb_bus_handlers()
        c.context = Unmanaged.passUnretained(self).toOpaque()
        c.method = { context, interface, member, flag, text, call in
            let me = DBusControl.from(context)
            let name = String(cString: interface!) + "." + String(cString: member!)
            guard let make = DBusControl.methods[name] else { return -38 }  // ENOSYS: declared in C, missing from the table
            let request = make(Arguments(flag: flag != 0, text: text.map { String(cString: $0) } ?? ""))
            guard request.isAnswered else {
                me.handlers.request(request) { _ in }
                return 0
            }
            me.handlers.request(request) { [weak me] message in
                guard let bus = me?.bus else { return }
                // Type's answer is a string: the untyped characters (none for any other answer).
                let untyped = if case .typed(let untypable) = message { String(untypable) } else { "" }
                tb_bus_answer_type(bus, call, untyped)
            }
            return 1
        }
        c.visible = { context in DBusControl.from(context).handlers.visible() ? 1 : 0 }
        c.layout = { context, name, size in
            guard let name, size > 0 else { return }
            let bytes = Array(DBusControl.from(context).handlers.layout().utf8.prefix(size - 1))
            for (i, b) in bytes.enumerated() { name[i] = CChar(bitPattern: b) }
            name[bytes.count] = 0
        }
        c.frame = { context, out in
            guard let out else { return }
            let f = DBusControl.from(context).handlers.frame()
            out[0] = Int32(clamping: f.x); out[1] = Int32(clamping: f.y); out[2] = Int32(clamping: f.width); out[3] = Int32(clamping: f.height)
        }
        var error = [CChar](repeating: 0, count: 256)
        var opened: OpaquePointer?
        let r = tb_bus_open(&opened, &c, replace ? 1 : 0, &error, error.count)
        guard r >= 0, let opened else {
            throw DBusError(description: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
                            namesTaken: r == -17)  // EEXIST
        }
        bus = opened
    }

    deinit { tb_bus_close(bus) }

    private static func from(_ context: UnsafeMutableRawPointer?) -> DBusControl {
        Unmanaged<DBusControl>.fromOpaque(context!).takeUnretainedValue()
    }

    /// The connection's descriptor, for the keyboard's loop.
    public var fileDescriptor: Int32 { bus.map { tb_bus_fd($0) } ?? -1 }

    /// Handles what has arrived; false when the connection is gone (then it is closed).
    public func process() -> Bool {
        guard let bus else { return false }
        if tb_bus_process(bus) < 0 {
            close()
            return false
        }
        return true
    }

    /// Whether another keyboard took the names over (`--replace`).
    public var namesLost: Bool { bus.map { tb_bus_names_lost($0) != 0 } ?? true }

    /// Gives the names and the connection up.
    public func close() {
        tb_bus_close(bus)
        bus = nil
    }

    /// Tells the bus about a published event: a signal, and the properties it changes.
    public func publish(_ event: PublishedEvent) {
        guard let bus else { return }
        switch event {
        case .frame(let kind, let start, let end, let duration):
            let s = [Int32(clamping: start.x), Int32(clamping: start.y), Int32(clamping: start.width), Int32(clamping: start.height)]
            let e = [Int32(clamping: end.x), Int32(clamping: end.y), Int32(clamping: end.width), Int32(clamping: end.height)]
            let ms = UInt32(clamping: duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
            let name = kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()
            tb_bus_emit_frame(bus, name, s, e, ms)
            switch kind {
            case .willShow, .willHide: tb_bus_property_changed(bus, "Visible")
            case .didShow, .didHide, .didChangeFrame: tb_bus_property_changed(bus, "Frame")
            case .willChangeFrame: break
            }
        case .pageChanged(let page):
            tb_bus_emit_string(bus, "PageChanged", page)
        case .layoutChanged(let layout):
            tb_bus_emit_string(bus, "LayoutChanged", layout)
            tb_bus_property_changed(bus, "Layout")
        case .typed, .typedKeysym, .typedChord, .suggestions, .scan:
            // What is typed (or suggested from it) never goes on the bus: any client of the session bus could read it.
            break
        }
    }
}
