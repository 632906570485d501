/// A mistake in a layout or theme file, with where it is and what was expected.
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    public var file: String
    /// Line and column, from 1; 0 when the problem is the whole file.
    public var line: Int, column: Int
    /// The field, as a path (`pages[0].rows[2]`); empty for the document itself.
    public var field: String
    /// What is wrong and what was expected.
    public var message: String

    /// Makes an error.
    public init(file: String, line: Int, column: Int, field: String, message: String) {
        self.file = file; self.line = line; self.column = column; self.field = field; self.message = message
    }

    /// `FILE:LINE:COLUMN: FIELD: MESSAGE`, the way compilers say it; the file's
    /// name and what came from its text with their control characters escaped (`printable`).
    public var description: String {
        let place = line > 0 ? "\(printable(file)):\(line):\(column)" : printable(file)
        return field.isEmpty ? "\(place): \(printable(message))" : "\(place): \(printable(field)): \(printable(message))"
    }
}
