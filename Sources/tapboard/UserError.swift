/// A mistake in what the user asked for, reported on one line.
struct UserError: Error, CustomStringConvertible {
    var description: String
}
