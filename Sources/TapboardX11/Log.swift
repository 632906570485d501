import Glibc
import TapboardCore

/// Writes one line to standard error, prefixed with the program's name; the
/// message's lines with their control characters escaped (`printable`), whatever
/// the message's maker escaped already, so nothing in it acts on a terminal.
public func logError(_ message: String) {
    let line = "tapboard: " + message.split(separator: "\n", omittingEmptySubsequences: false).map(printable).joined(separator: "\n") + "\n"
    var bytes = Array(line.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
