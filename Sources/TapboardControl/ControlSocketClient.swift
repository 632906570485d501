import CGlibcExtras
import Glibc
import TapboardCore

/// The client end of the Wayland keyboard's control socket (TapboardWayland's
/// `ControlSocket`): `tapboard show`, `type`, `events` on Wayland.
public final class ControlSocketClient: ControlChannel {
    public let displayName: String
    private let fd: Int32
    private var input: [UInt8] = []
    private var closed = false

    /// Connects to the keyboard running on the Wayland display (`WAYLAND_DISPLAY` when nil).
    public init(waylandDisplay: String?) throws {
        let display = waylandDisplay ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
        displayName = display
        let runtime = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
        guard let path = ControlLine.socketPath(runtimeDirectory: runtime, display: display) else {
            throw ControlSocketError.noRuntimeDirectory
        }
        fd = tb_unix_connect(path, 0)
        guard fd >= 0 else { throw ControlSocketError.notRunning(display) }
    }

    deinit { close(fd) }

    /// Whether a keyboard's control socket answers on the Wayland display `WAYLAND_DISPLAY` names.
    public static func keyboardListens() -> Bool {
        guard getenv("WAYLAND_DISPLAY") != nil else { return false }
        return (try? ControlSocketClient(waylandDisplay: nil)) != nil
    }

    public var fileDescriptor: Int32 { fd }

    public func send(_ request: ControlClientRequest) {
        let bytes = Array(ControlLine.encode(request).utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// True at once: what was sent waits in the socket for the keyboard, after this client too.
    public func delivered(within timeout: Duration) -> Bool { true }

    /// A whole line read, if one is there; reads the socket once without waiting when none is.
    private func line(waiting: Bool) -> ControlMessage? {
        while true {
            if let newline = input.firstIndex(of: 0x0a) {
                let text = String(decoding: input[..<newline], as: UTF8.self)
                input.removeSubrange(...newline)
                if let message = ControlLine.message(text[...]) { return message }
                continue
            }
            if closed { return .gone }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = recv(fd, &buffer, buffer.count, waiting ? 0 : Int32(MSG_DONTWAIT))
            if n > 0 {
                input += buffer[..<n]
            } else if n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                closed = true
            } else if !waiting {
                return nil
            }
        }
    }

    public func pendingMessage() -> ControlMessage? { line(waiting: false) }
    public func nextMessage() -> ControlMessage { line(waiting: true) ?? .gone }
}

/// Why no keyboard could be reached on Wayland.
public enum ControlSocketError: Error, CustomStringConvertible {
    /// Nothing listens on the display's control socket.
    case notRunning(String)
    /// XDG_RUNTIME_DIR, where the socket is, is not set.
    case noRuntimeDirectory

    public var description: String {
        switch self {
        case .notRunning(let display): return "no tapboard is running on the Wayland display \(printable(display))"
        case .noRuntimeDirectory: return "XDG_RUNTIME_DIR is not set: the Wayland keyboard's control socket is there"
        }
    }
}
