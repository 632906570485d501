/// A mistake in what the user asked for, reported on one line. Whoever makes
/// one escapes what the user gave in it with `printable`.
public struct UserError: Error, CustomStringConvertible {
    /// The message.
    public var description: String

    /// An error saying `description`.
    public init(description: String) { self.description = description }
}
