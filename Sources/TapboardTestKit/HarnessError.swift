import Foundation

/// Why the X11 test harness could not set up or observe something.
public enum HarnessError: Error, CustomStringConvertible {
    /// The named program is not installed (not on `PATH`).
    case programMissing(String, hint: String)
    /// Xvfb did not report its display number in time, or died first.
    case xvfbDidNotStart(String)
    /// A window manager exited or did not manage windows in time.
    case windowManagerDidNotStart(name: String, why: String)
    /// A connection to the X server could not be opened.
    case cannotOpenDisplay(String)
    /// The server has no XTest extension.
    case noXTest(String)
    /// The `tapboard` binary was not found where the tests look for it.
    case binaryNotFound([String])
    /// A child process failed or did not finish in time.
    case processFailed(String)
    /// Something did not happen before its deadline.
    case timedOut(String)
    /// `dump-layout` printed something that is not the expected JSON.
    case badLayout(String)
    /// A key id the test asked for is not on that page.
    case noSuchKey(page: String, id: String, known: [String])

    public var description: String {
        switch self {
        case .programMissing(let name, let hint): return "\(name) is not installed (not found on PATH); \(hint)"
        case .xvfbDidNotStart(let why): return "Xvfb did not start: \(why)"
        case .windowManagerDidNotStart(let name, let why): return "\(name) did not start: \(why)"
        case .cannotOpenDisplay(let name): return "cannot open X display \(name)"
        case .noXTest(let name): return "the X server \(name) has no XTEST extension"
        case .binaryNotFound(let looked): return "tapboard binary not found; looked at \(looked.joined(separator: ", ")); build it (swift build) or set TAPBOARD_BIN"
        case .processFailed(let why): return why
        case .timedOut(let what): return "timed out: \(what)"
        case .badLayout(let why): return "bad dump-layout output: \(why)"
        case .noSuchKey(let page, let id, let known): return "no key \"\(id)\" on page \(page); keys there: \(known.joined(separator: " "))"
        }
    }
}

/// Finds an executable on `PATH`.
public func executableOnPath(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for dir in path.split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
}
