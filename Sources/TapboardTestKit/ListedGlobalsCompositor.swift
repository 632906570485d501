import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A Wayland display socket that answers as a compositor offering only the
/// globals it is given, for tests of a compositor the keyboard cannot run on
/// (Debian 12's cage offers no layer shell): it lists the globals to each
/// registry and answers each `wl_display.sync`, which is all a client's
/// look at the globals waits for; every other request is ignored.
///
/// The socket listens before `init` returns; one thread serves it until the
/// compositor is released.
public final class ListedGlobalsCompositor {
    /// The globals of a compositor such as cage 0.1.4: everything the keyboard
    /// needs but the layer shell.
    public static let withoutLayerShell: [(interface: String, version: UInt32)] = [
        ("wl_compositor", 4), ("wl_subcompositor", 1), ("wl_shm", 1), ("wl_seat", 7), ("wl_output", 3),
        ("zwp_virtual_keyboard_manager_v1", 1), ("xdg_wm_base", 2),
    ]

    /// The runtime directory its socket is in (`XDG_RUNTIME_DIR` for its clients).
    public let runtimeDirectory: String
    /// The socket's name (`WAYLAND_DISPLAY`).
    public let socketName = "wayland-listed"
    private let server: Server
    private let finished = DispatchSemaphore(value: 0)

    /// How many clients have connected so far.
    public var connections: Int { server.connections }

    /// Listens in a runtime directory of its own, offering `globals`.
    public init(globals: [(interface: String, version: UInt32)] = withoutLayerShell) throws {
        runtimeDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("tapboard-wl-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: runtimeDirectory, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        do {
            server = try Server(path: runtimeDirectory + "/" + socketName, globals: globals)
        } catch {
            try? FileManager.default.removeItem(atPath: runtimeDirectory)
            throw error
        }
        // The thread holds the server, not this object, whose release stops it.
        Thread.detachNewThread { [server, finished] in
            server.serve()
            finished.signal()
        }
    }

    deinit {
        server.stop()
        finished.wait()
        server.close()
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    /// What a client of this compositor needs in its environment, on top of `base`.
    public func environment(_ base: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var env = base
        env["XDG_RUNTIME_DIR"] = runtimeDirectory
        env["WAYLAND_DISPLAY"] = socketName
        return env
    }
}

/// The listening socket and its clients, served on one thread.
private final class Server: @unchecked Sendable {
    private let globals: [(interface: String, version: UInt32)]
    private let listener: Int32
    /// Written to by `stop`: the serving thread ends.
    private let wake: [Int32]
    private let lock = NSLock()
    private var accepted = 0

    /// How many clients have connected so far.
    var connections: Int {
        lock.lock()
        defer { lock.unlock() }
        return accepted
    }

    /// Listens at `path`.
    init(path: String, globals: [(interface: String, version: UInt32)]) throws {
        self.globals = globals
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8CString)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes.prefix(raw.count - 1).map { UInt8(bitPattern: $0) })
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        var pipeEnds: [Int32] = [-1, -1]
        guard listener >= 0, bound == 0, listen(listener, 8) == 0, pipe(&pipeEnds) == 0 else {
            let why = errno
            if listener >= 0 { Glibc.close(listener) }
            throw HarnessError.processFailed("cannot listen on the Wayland socket \(path): errno \(why)")
        }
        // Not inherited by the keyboards the tests start.
        for fd in pipeEnds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        self.listener = listener
        wake = pipeEnds
    }

    /// Ends `serve`.
    func stop() { _ = write(wake[1], "x", 1) }

    /// Closes the descriptors, once `serve` has returned.
    func close() {
        Glibc.close(wake[0])
        Glibc.close(wake[1])
        Glibc.close(listener)
    }

    /// Accepts clients and answers their requests until stopped.
    func serve() {
        var clients: [Int32: [UInt8]] = [:]
        defer { clients.keys.forEach { Glibc.close($0) } }
        while true {
            var fds = [pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0), pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            fds += clients.keys.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 || errno == EINTR else { return }
            if fds[0].revents != 0 { return }
            if fds[1].revents & Int16(POLLIN) != 0 {
                let client = accept(listener, nil, nil)
                if client >= 0 {
                    _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                    clients[client] = []
                    lock.lock()
                    accepted += 1
                    lock.unlock()
                }
            }
            for entry in fds.dropFirst(2) where entry.revents != 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let n = recv(entry.fd, &buffer, buffer.count, 0)
                guard n > 0 else {
                    Glibc.close(entry.fd)
                    clients[entry.fd] = nil
                    continue
                }
                clients[entry.fd, default: []] += buffer[..<n]
                clients[entry.fd] = answer(clients[entry.fd] ?? [], client: entry.fd)
            }
        }
    }

    /// Answers the whole requests in `pending`; returns what is left of it.
    private func answer(_ pending: [UInt8], client: Int32) -> [UInt8] {
        var rest = pending[...]
        while rest.count >= 8 {
            let object = word(rest, 0), size = Int(word(rest, 4) >> 16), opcode = word(rest, 4) & 0xffff
            guard size >= 8, rest.count >= size else { break }
            // wl_display (object 1): sync (0) and get_registry (1), each with the new object's id.
            if object == 1, size >= 12 {
                let made = word(rest, 8)
                if opcode == 1 {
                    for (index, global) in globals.enumerated() {
                        send(client, object: made, opcode: 0, [.word(UInt32(index + 1)), .text(global.interface), .word(global.version)])
                    }
                } else if opcode == 0 {
                    // wl_callback.done, then wl_display.delete_id for the callback.
                    send(client, object: made, opcode: 0, [.word(0)])
                    send(client, object: 1, opcode: 1, [.word(made)])
                }
            }
            rest = rest.dropFirst(size)
        }
        return Array(rest)
    }

    /// A little-endian 32-bit word of a message.
    private func word(_ bytes: ArraySlice<UInt8>, _ offset: Int) -> UInt32 {
        let start = bytes.startIndex + offset
        return (0 ..< 4).reduce(UInt32(0)) { $0 | UInt32(bytes[start + $1]) << (8 * $1) }
    }

    /// An argument of an event.
    private enum Argument {
        case word(UInt32)
        case text(String)
    }

    /// Sends one event: its header, then its arguments (a string: its length with the NUL, its bytes padded to 4).
    private func send(_ client: Int32, object: UInt32, opcode: UInt32, _ arguments: [Argument]) {
        var body: [UInt8] = []
        func append(_ value: UInt32) { body += (0 ..< 4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        for argument in arguments {
            switch argument {
            case .word(let value):
                append(value)
            case .text(let text):
                let bytes = Array(text.utf8) + [0]
                append(UInt32(bytes.count))
                body += bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
            }
        }
        var message: [UInt8] = []
        for value in [object, UInt32(8 + body.count) << 16 | opcode] {
            message += (0 ..< 4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        message += body
        _ = message.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}
