/// A mistake in a lexicon or learned-words file, with the line it is on.
public struct LineError: Error, CustomStringConvertible, Equatable {
    /// The line (from 1).
    public var line: Int
    /// What is wrong.
    public var reason: String

    /// One line for the user.
    public var description: String { "line \(line): \(printable(reason))" }
}
