import Glibc
import TapboardCore

/// Writes one line to standard error, prefixed with the program's name; the
/// message's lines with their control characters escaped (`logLine`), whatever
/// the message's maker escaped already, so nothing in it acts on a terminal.
public func logError(_ message: String) {
    var bytes = Array(logLine(message).utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
