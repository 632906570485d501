import Glibc

/// Gives back the pages of a file mapping (a font FreeType mapped) that this
/// process touched: they stay in the page cache, shared, and are mapped again
/// when read. An emoji font is one file of about 10 MB whose pictures lie
/// apart: drawing a page of them touched (with the kernel's fault-around) over
/// a megabyte that stayed resident, and browsing every group ten.
public enum MappedFilePages {
    /// Releases the pages of `count` bytes at `base` when they are a read-only
    /// mapping of a file (checked in /proc/self/maps: memory that is not a
    /// file's would lose its contents); whether they were.
    @discardableResult
    public static func release(_ base: UnsafeRawPointer?, count: Int) -> Bool {
        guard let base, count > 0 else { return false }
        let start = UInt(bitPattern: base), end = start + UInt(count)
        guard isFileMapping(from: start, to: end) else { return false }
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        let first = start & ~(page - 1)
        return madvise(UnsafeMutableRawPointer(bitPattern: first), Int(end - first), MADV_DONTNEED) == 0
    }

    /// Whether [start, end) lies in one mapping of a file, not writable (/proc/self/maps).
    static func isFileMapping(from start: UInt, to end: UInt) -> Bool {
        guard let maps = fopen("/proc/self/maps", "re") else { return false }
        defer { fclose(maps) }
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), maps) != nil {
            let text = String(cString: line)
            let fields = text.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, let dash = fields[0].firstIndex(of: "-"),
                  let low = UInt(fields[0][..<dash], radix: 16), let high = UInt(fields[0][fields[0].index(after: dash)...], radix: 16) else { continue }
            guard low <= start, end <= high else { continue }
            // A path (not [heap], [anon:...] or nothing), and no write permission.
            return fields[5].hasPrefix("/") && fields[1].dropFirst().first != "w"
        }
        return false
    }
}
