import CGlibcExtras
import Glibc
import TapboardCore

/// The keyboard's control channel on Wayland, where no X server carries it: a
/// Unix socket beside the compositor's (`ControlLine.socketPath`), readable by
/// its owner only. `tapboard show`, `type`, `events` and `switch` connect and send
/// `ControlLine` requests; the keyboard answers and publishes on the same
/// connection. A client that goes while its typing runs stops it.
final class ControlSocket {
    /// Where it listens.
    let path: String
    private let listener: Int32
    private struct Client {
        var fd: Int32
        var id: UInt64
        var input: [UInt8] = []
        /// Whether it hears published events, and typed text among them.
        var listens = false, keys = false
        /// Whether it waits for a typing answer.
        var typing = false
    }
    private var clients: [Client] = []
    private var nextID: UInt64 = 1

    /// Listens at the socket for `display`; a socket left by a keyboard that
    /// died is taken over, a live one's is an error unless `replace` (it is
    /// told to quit first).
    init(display: String, replace: Bool) throws {
        let runtime = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
        guard let path = ControlLine.socketPath(runtimeDirectory: runtime, display: display) else {
            throw WaylandError.noControlSocket("XDG_RUNTIME_DIR is not set")
        }
        self.path = path
        let live = tb_unix_connect(path, 0)
        if live >= 0 {
            guard replace else {
                close(live)
                throw WaylandError.alreadyRunning(path)
            }
            Self.sendLine(live, ControlLine.encode(.command(.quit)))
            // It closes the connection as it goes.
            var byte: UInt8 = 0
            var pfd = pollfd(fd: live, events: Int16(POLLIN), revents: 0)
            while poll(&pfd, 1, 5000) > 0, read(live, &byte, 1) > 0 {}
            close(live)
        }
        unlink(path)
        listener = tb_unix_listen(path)
        guard listener >= 0 else { throw WaylandError.noControlSocket("\(path): errno \(errno)") }
    }

    deinit {
        for c in clients { close(c.fd) }
        close(listener)
        unlink(path)
    }

    /// The descriptors to poll: the listener and every client.
    var descriptors: [Int32] { [listener] + clients.map(\.fd) }

    /// Takes new clients and reads what the others sent, as the session's inputs.
    func process() -> [SessionInput] {
        var inputs: [SessionInput] = []
        while true {
            let fd = tb_unix_accept(listener)
            guard fd >= 0 else { break }
            clients.append(Client(fd: fd, id: nextID))
            nextID += 1
        }
        var gone: [Int] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        for i in clients.indices {
            var closed = false
            while true {
                let n = read(clients[i].fd, &buffer, buffer.count)
                if n > 0 {
                    clients[i].input += buffer[..<n]
                    continue
                }
                closed = n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
                break
            }
            while let newline = clients[i].input.firstIndex(of: 0x0a) {
                let line = String(decoding: clients[i].input[..<newline], as: UTF8.self)
                clients[i].input.removeSubrange(...newline)
                // A blank line (a person's Return in socat) asks nothing.
                guard !line.isEmpty else { continue }
                let request: ControlClientRequest
                do {
                    request = try ControlLine.decodeRequest(line[...])
                } catch {
                    Self.sendLine(clients[i].fd, ControlLine.encode(.refused(error.description)))
                    continue
                }
                // What the socket keeps of its clients; the rest is the session's.
                if case .type = request { clients[i].typing = true }
                if case .subscribe(let keys) = request {
                    clients[i].listens = true
                    clients[i].keys = keys
                }
                inputs.append(request.sessionInput(requester: clients[i].id))
            }
            if closed {
                if clients[i].typing { inputs.append(.control(.stopTyping(requester: clients[i].id, requesterGone: true))) }
                gone.append(i)
            }
        }
        for i in gone.reversed() {
            close(clients[i].fd)
            clients.remove(at: i)
        }
        return inputs
    }

    /// Sends a published event to the clients listening (typed text only to those that asked for it).
    func publish(_ event: PublishedEvent) {
        let line = ControlLine.encode(.event(event))
        for c in clients where c.listens && (c.keys || !event.isPrivate) { Self.sendLine(c.fd, line) }
    }

    /// Answers a typing client; false when it is none of these clients.
    func answer(requester: UInt64, with message: ControlMessage) -> Bool {
        guard let i = clients.firstIndex(where: { $0.id == requester && $0.typing }) else { return false }
        clients[i].typing = false
        Self.sendLine(clients[i].fd, ControlLine.encode(message))
        return true
    }

    /// Answers a client's request (`tapboard clipboard`, `tapboard keys`) with one line,
    /// perhaps larger than the socket's buffer: written whole, waiting for the client a little.
    func reply(requester: UInt64, _ message: ControlMessage) {
        guard let client = clients.first(where: { $0.id == requester }) else { return }
        let bytes = Array(ControlLine.encode(message).utf8)
        var sent = 0
        // A client that reads nothing for a second gets a cut line, which it takes for none.
        let end = Self.milliseconds() + 1000
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { send(client.fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if n > 0 {
                sent += n
                continue
            }
            guard n < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return }
            let left = end - Self.milliseconds()
            var pfd = pollfd(fd: client.fd, events: Int16(POLLOUT), revents: 0)
            guard left > 0, poll(&pfd, 1, Int32(left)) > 0 else { return }
        }
    }

    /// Milliseconds of the monotonic clock.
    private static func milliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }

    /// Writes a whole line; a client that cannot take it at once (never reading) misses it.
    private static func sendLine(_ fd: Int32, _ line: String) {
        let bytes = Array(line.utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
    }
}
