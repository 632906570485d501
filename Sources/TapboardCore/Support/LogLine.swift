/// The line a message is said in on standard error: the program's name first,
/// then the message's lines with their control characters escaped
/// (`printable`), whatever the message's maker escaped already, so nothing in
/// it acts on a terminal. Written by the keyboard's loop, and by the X side
/// when Xlib reports an error.
public func logLine(_ message: String) -> String {
    "tapboard: " + message.split(separator: "\n", omittingEmptySubsequences: false).map(printable).joined(separator: "\n") + "\n"
}
