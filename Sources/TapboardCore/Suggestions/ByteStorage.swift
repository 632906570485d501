/// Bytes held in memory, for a lexicon or pairs made from text (files are mapped instead).
final class ByteStorage {
    let pointer: UnsafeMutableRawBufferPointer
    let count: Int
    var buffer: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: pointer[0 ..< count]) }
    init(_ bytes: [UInt8]) {
        count = bytes.count
        pointer = .allocate(byteCount: max(bytes.count, 1), alignment: 1)
        bytes.withUnsafeBytes { pointer.copyMemory(from: $0) }
    }
    deinit { pointer.deallocate() }
}
