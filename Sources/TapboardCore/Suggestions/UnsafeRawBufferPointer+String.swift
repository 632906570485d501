extension UnsafeRawBufferPointer {
    /// The bytes at `range` as a string, invalid UTF-8 repaired. `String(decoding:
    /// self[range], as: UTF8.self)` took the generic path: a slice of raw bytes
    /// offers no contiguous storage, so it was cast at run time and then copied
    /// a byte at a time (a word of the strip's candidates, many a keystroke).
    func string(_ range: Range<Int>) -> String {
        String(unsafeUninitializedCapacity: range.count) { buffer in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: self[range]))
            return range.count
        }
    }
}
