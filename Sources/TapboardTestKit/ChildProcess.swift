import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How a child process ended.
public enum ExitStatus: Equatable, CustomStringConvertible {
    /// It called exit with this status.
    case exited(Int32)
    /// A signal killed it.
    case signalled(Int32)

    public var description: String {
        switch self {
        case .exited(let code): return "exited with status \(code)"
        case .signalled(let sig): return "killed by signal \(sig)"
        }
    }
}

/// A child process started with `posix_spawn`, with a clean signal mask and
/// default signal dispositions, whose exit can be waited for in `poll()` with a
/// deadline (a pidfd; no sleeping). Its stderr (and stdout unless piped) go to
/// files, for failure messages. A child still running when this is released is killed.
///
/// Not Foundation's `Process`: on Linux it spawns from the calling thread, and
/// test threads (Dispatch workers) block almost every signal, so the child would
/// start with SIGTERM blocked and never see the SIGTERM the tests send.
public final class ChildProcess {
    /// Where the child's standard output goes.
    public enum Output {
        /// Into a file, read back with `standardOutput`.
        case file
        /// Into a pipe whose read end is `outputPipe`.
        case pipe
    }

    /// A short name for messages.
    public let name: String
    /// The child's process id.
    public let pid: pid_t
    /// The read end of the child's stdout, when started with `.pipe`.
    public let outputPipe: Int32?
    /// A pidfd: readable once the child has exited.
    public let exitDescriptor: Int32
    /// The monotonic time (`MonotonicClock.now`) just before `posix_spawn` was called.
    public let spawnedAt: UInt64
    private var exitStatus: ExitStatus?
    private let directory: URL
    private let stdoutURL: URL
    private let stderrURL: URL

    /// Starts `executable` with `arguments`; `environment` replaces the inherited one if given.
    public init(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                output: Output = .file) throws {
        name = ([executable.lastPathComponent] + arguments).joined(separator: " ")
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tapboard-testkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        stdoutURL = directory.appendingPathComponent("stdout")
        stderrURL = directory.appendingPathComponent("stderr")

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var pipeEnds: [Int32] = [-1, -1]
        switch output {
        case .file:
            posix_spawn_file_actions_addopen(&actions, 1, stdoutURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        case .pipe:
            guard pipe(&pipeEnds) == 0 else { throw HarnessError.processFailed("pipe() failed: errno \(errno)") }
            _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        }
        posix_spawn_file_actions_addopen(&actions, 2, stderrURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal: Int32 in 1...31 where signal != SIGKILL && signal != SIGSTOP { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let env = environment ?? ProcessInfo.processInfo.environment
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var child: pid_t = 0
        spawnedAt = MonotonicClock.now
        let rc = posix_spawn(&child, executable.path, &actions, &attributes, argv, envp)
        if pipeEnds[1] >= 0 { close(pipeEnds[1]) }
        guard rc == 0 else {
            if pipeEnds[0] >= 0 { close(pipeEnds[0]) }
            throw HarnessError.processFailed("cannot start \(name): \(String(cString: strerror(rc)))")
        }
        pid = child
        outputPipe = pipeEnds[0] >= 0 ? pipeEnds[0] : nil
        let fd = Self.pidfdOpen(child)
        guard fd >= 0 else {
            kill(child, SIGKILL)
            var status: Int32 = 0
            waitpid(child, &status, 0)
            throw HarnessError.processFailed("pidfd_open failed (errno \(errno)); the harness needs Linux 5.3 or later")
        }
        exitDescriptor = fd
    }

    deinit {
        if isRunning {
            kill(pid, SIGKILL)
            _ = wait(until: Deadline(.seconds(5)))
        }
        close(exitDescriptor)
        if let outputPipe { close(outputPipe) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// `pidfd_open(2)`: the glibc 2.36 wrapper if there is one, else the raw system call.
    private static func pidfdOpen(_ pid: pid_t) -> Int32 {
        let handle = dlopen(nil, RTLD_NOW)
        if let symbol = dlsym(handle, "pidfd_open") {
            typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32
            return unsafeBitCast(symbol, to: PidfdOpen.self)(pid, 0)
        }
        guard let symbol = dlsym(handle, "syscall") else { return -1 }
        typealias Syscall = @convention(c) (Int, pid_t, UInt32) -> Int
        return Int32(truncatingIfNeeded: unsafeBitCast(symbol, to: Syscall.self)(434 /* SYS_pidfd_open */, pid, 0))
    }

    /// Reaps the child if it has exited; never blocks.
    private func reap() {
        guard exitStatus == nil else { return }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return }
        exitStatus = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
    }

    /// Whether the child is still running.
    public var isRunning: Bool {
        reap()
        return exitStatus == nil
    }

    /// How the child ended, or nil while it runs.
    public var status: ExitStatus? {
        reap()
        return exitStatus
    }

    /// Waits (in `poll()` on the pidfd, not sleeping) until the child exits or the deadline passes.
    public func wait(until deadline: Deadline) -> ExitStatus? {
        while true {
            if let status { return status }
            if deadline.waitReadable([exitDescriptor]).isEmpty { return status }
        }
    }

    /// Sends a signal to the child, if it is still running.
    public func send(_ signal: Int32) {
        if isRunning { kill(pid, signal) }
    }

    /// Sends SIGTERM and waits for the exit; SIGKILL after the deadline.
    @discardableResult
    public func terminate(within timeout: Duration = .seconds(5)) -> ExitStatus? {
        send(SIGTERM)
        if let status = wait(until: Deadline(timeout)) { return status }
        send(SIGKILL)
        return wait(until: Deadline(.seconds(5)))
    }

    /// What the child wrote to stdout so far (for `.file` output).
    public var standardOutput: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }

    /// What the child wrote to stderr so far.
    public var standardError: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

    /// The child's memory map (/proc/PID/maps): which libraries and files it has mapped, one a line.
    public var mappedFiles: String {
        // Read to its end: a /proc file says it is empty, and is not.
        guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/maps") else { return "" }
        defer { try? file.close() }
        return String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
    }

    /// Runs a command to its end and returns its stdout; throws if it fails or takes too long.
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                    timeout: Duration = .seconds(20)) throws -> String {
        let child = try ChildProcess(executable, arguments, environment: environment)
        guard let status = child.wait(until: Deadline(timeout)) else {
            throw HarnessError.timedOut("\(child.name) did not finish within \(timeout)")
        }
        guard status == .exited(0) else {
            throw HarnessError.processFailed("\(child.name) \(status); stderr: \(child.standardError)")
        }
        return child.standardOutput
    }
}
