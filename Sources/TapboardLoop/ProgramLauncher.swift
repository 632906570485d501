import Glibc

/// Starts the programs of run keys.
enum ProgramLauncher {
    /// Starts a program, detached (its own session, output to the keyboard's
    /// stderr); the keyboard does not wait for it, and it is reaped by the
    /// system (SIGCHLD is ignored). No shell: the first item is the program.
    static func start(_ argv: [String]) {
        guard let program = argv.first else { return }
        signal(SIGCHLD, SIG_IGN)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Not the keyboard's blocked signals (they are read through a signalfd), and a session of its own.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        // SIGCHLD back to its default in the program (an ignored one is inherited).
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGCHLD)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        let setsid: Int32 = 0x80  // POSIX_SPAWN_SETSID (glibc 2.26), which Swift does not import
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | setsid))
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, program, nil, &attributes, &cArgs, environ)
        if status != 0 { logError("a run key could not start \(program): \(String(cString: strerror(status)))") }
    }
}
