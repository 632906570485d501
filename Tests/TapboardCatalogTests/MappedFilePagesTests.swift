import Foundation
import Glibc
import TapboardCatalog
import Testing

/// Giving back a file mapping's pages: only a file's, and its bytes read the same after.
struct MappedFilePagesTests {
    @Test("A file's mapping is given back and reads the same after; memory that is not a file's is left alone")
    func release() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pages-\(UUID().uuidString)").path
        defer { unlink(path) }
        let bytes = (0 ..< 3 * 65536).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let base = try #require(mmap(nil, bytes.count, PROT_READ, MAP_PRIVATE, fd, 0))
        try #require(base != MAP_FAILED)
        defer { munmap(base, bytes.count) }
        let mapped = UnsafeRawBufferPointer(start: base, count: bytes.count)
        #expect(Array(mapped) == bytes)
        #expect(MappedFilePages.release(UnsafeRawPointer(base), count: bytes.count))
        #expect(Array(mapped) == bytes)
        // Heap memory: not a file's, so not given back (it would read as zeros).
        let heap = UnsafeMutableRawBufferPointer.allocate(byteCount: 4 * 65536, alignment: 65536)
        defer { heap.deallocate() }
        heap.initializeMemory(as: UInt8.self, repeating: 42)
        #expect(!MappedFilePages.release(UnsafeRawPointer(heap.baseAddress), count: heap.count))
        #expect(heap.allSatisfy { $0 == 42 })
        #expect(!MappedFilePages.release(nil, count: 10))
    }
}
