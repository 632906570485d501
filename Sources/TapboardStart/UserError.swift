/// A mistake in what the user asked for, reported on one line.
public struct UserError: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) { self.description = description }
}
