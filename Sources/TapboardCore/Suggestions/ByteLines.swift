/// The lines of a text file's bytes, numbered from 1, each without its
/// newline: what the word files (lexicons' pairs, emoji words) are read by.
struct ByteLines: Sequence, IteratorProtocol {
    let bytes: UnsafeRawBufferPointer
    private var start = 0, number = 0

    /// The lines of these bytes; more than 2 GB (past an `Int32` line start) is an error.
    init(_ bytes: UnsafeRawBufferPointer) throws(LineError) {
        guard bytes.count < Int(Int32.max) else { throw LineError(line: 1, reason: "the file is larger than 2 GB") }
        self.bytes = bytes
    }

    /// The next line: its number and where it is.
    mutating func next() -> (number: Int, range: Range<Int>)? {
        guard start < bytes.count else { return nil }
        number += 1
        let end = bytes[start...].firstIndex(of: 10) ?? bytes.count
        defer { start = end + 1 }
        return (number, start ..< end)
    }
}
