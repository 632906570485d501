import Glibc

/// Writes one line to standard error, prefixed with the program's name.
public func logError(_ message: String) {
    let line = "tapboard: " + message + "\n"
    var bytes = Array(line.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
