/// The fonts fontconfig matched at an earlier start, with what those matches
/// depended on, so that a later start opens the same fonts without loading
/// fontconfig's configuration: its set-up (FcInit, /etc/fonts parsed and the
/// font caches read) is ~8 ms of CPU and ~0.5 MiB at every start, which a C
/// keyboard pays too. A record is used only while everything it
/// depended on is as it was: the same context (locale, fontconfig's
/// variables, X resources, screen) and every watched file or directory
/// (fontconfig's configuration files, its font directories, the font files)
/// with the same stamp, or still absent. The user's places (fonts and
/// configuration under `$HOME` and the XDG directories) are compared by what
/// is there, not by name: another `$XDG_DATA_HOME` with no fonts in it keeps
/// the record, one with fonts does not.
public struct FontMatchRecord: Equatable, Sendable {
    /// What identifies a file's version: its inode, size and modification time.
    public struct Stamp: Equatable, Sendable {
        public var inode: UInt64
        public var size: Int64
        public var seconds: Int64
        public var nanoseconds: Int64

        public init(inode: UInt64, size: Int64, seconds: Int64, nanoseconds: Int64) {
            self.inode = inode
            self.size = size
            self.seconds = seconds
            self.nanoseconds = nanoseconds
        }
    }

    /// A path the matches depend on; `stamp` is nil when it did not exist.
    public struct Watched: Equatable, Sendable {
        public var path: String
        public var stamp: Stamp?

        public init(path: String, stamp: Stamp?) {
            self.path = path
            self.stamp = stamp
        }
    }

    /// A font asked for.
    public struct Request: Hashable, Sendable {
        public var family: String
        public var pixelSize: Int

        public init(family: String, pixelSize: Int) {
            self.family = family
            self.pixelSize = pixelSize
        }
    }

    /// `digest` of what the matches depend on besides files.
    public var context: String
    public var watched: [Watched]
    /// The user's places, where fontconfig would find a user's fonts or
    /// configuration (and Xlib its defaults), as they were.
    public var places: [Watched]
    /// Each request's matched pattern, as fontconfig writes a pattern's name (`FcNameUnparse`).
    public var patterns: [Request: String]

    public init(context: String, watched: [Watched] = [], places: [Watched] = [], patterns: [Request: String] = [:]) {
        self.context = context
        self.watched = watched
        self.places = places
        self.patterns = patterns
    }

    static let header = "tapboard font matches 2"

    /// True when the record may be used: the same context, every watched path
    /// and user's place as `stamp` finds it now, and the user's places now
    /// (`places`, for the environment now) holding nothing the record's did
    /// not: each that exists was one of them, and each of them that existed
    /// is one.
    public func isCurrent(context: String, places now: [String], stamp: (String) -> Stamp?) -> Bool {
        guard context == self.context else { return false }
        for w in watched + places where stamp(w.path) != w.stamp { return false }
        for path in now where !places.contains(where: { $0.path == path }) && stamp(path) != nil { return false }
        for place in places where place.stamp != nil && !now.contains(place.path) { return false }
        return true
    }

    /// The record as a file: a header line, then one line each for the context,
    /// the watched paths and the patterns. Nil when a path, family or pattern
    /// holds a line break or a tab, which the lines cannot carry.
    public func serialized() -> String? {
        func plain(_ s: String) -> Bool { !s.utf8.contains { $0 == 10 || $0 == 9 || $0 == 13 } }
        guard plain(context) else { return nil }
        var out = Self.header + "\ncontext " + context + "\n"
        for (kind, list) in [("watch", watched), ("place", places)] {
            for w in list {
                guard plain(w.path) else { return nil }
                if let s = w.stamp {
                    out += kind + " " + decimalText(Int(truncatingIfNeeded: s.inode)) + " " + decimalText(Int(s.size)) + " "
                        + decimalText(Int(s.seconds)) + " " + decimalText(Int(s.nanoseconds)) + "\t" + w.path + "\n"
                } else {
                    out += kind + " absent\t" + w.path + "\n"
                }
            }
        }
        // Sorted, so the same record is always the same file.
        for (request, pattern) in patterns.sorted(by: { ($0.key.family, $0.key.pixelSize) < ($1.key.family, $1.key.pixelSize) }) {
            guard plain(request.family), plain(pattern) else { return nil }
            out += "font " + decimalText(request.pixelSize) + "\t" + request.family + "\t" + pattern + "\n"
        }
        return out
    }

    /// Reads what `serialized` wrote; nil for anything else (another version, a
    /// torn or edited file), which is then matched again and written over.
    public init?(parsing text: String) {
        var lines = text.utf8.split(separator: 10, omittingEmptySubsequences: false)[...]
        guard lines.last?.isEmpty == true else { return nil }
        lines.removeLast()
        guard let first = lines.popFirst(), String(Substring(first)) == Self.header,
              let second = lines.popFirst(), let context = Self.after("context ", in: second) else { return nil }
        self.init(context: context)
        for line in lines {
            let fields = line.split(separator: 9, omittingEmptySubsequences: false)
            let kind = fields.count == 2 ? (Self.after("watch ", in: fields[0]).map { (false, $0) }
                ?? Self.after("place ", in: fields[0]).map { (true, $0) }) : nil
            if let (isPlace, rest) = kind {
                let stamp: Stamp?
                if rest == "absent" {
                    stamp = nil
                } else {
                    let n = rest.utf8.split(separator: 32).map { Self.decimal($0) }
                    guard n.count == 4, let inode = n[0], let size = n[1], let seconds = n[2], let nanoseconds = n[3] else { return nil }
                    stamp = Stamp(inode: UInt64(truncatingIfNeeded: inode), size: Int64(size),
                                  seconds: Int64(seconds), nanoseconds: Int64(nanoseconds))
                }
                let w = Watched(path: String(Substring(fields[1])), stamp: stamp)
                if isPlace { places.append(w) } else { watched.append(w) }
            } else if fields.count == 3, let size = Self.after("font ", in: fields[0]).flatMap({ Self.decimal($0.utf8[...]) }) {
                patterns[Request(family: String(Substring(fields[1])), pixelSize: size)] = String(Substring(fields[2]))
            } else {
                return nil
            }
        }
    }

    /// The rest of `line` after `prefix`, or nil.
    private static func after(_ prefix: String, in line: Substring.UTF8View) -> String? {
        guard line.starts(with: prefix.utf8) else { return nil }
        return String(Substring(line.dropFirst(prefix.utf8.count)))
    }

    /// A decimal integer, optionally negative; nil for anything else or one that overflows.
    static func decimal(_ digits: Substring.UTF8View) -> Int? {
        var rest = digits[...]
        let negative = rest.first == UInt8(ascii: "-")
        if negative { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return nil }
        var value = 0
        for c in rest {
            guard c >= 48, c <= 57 else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = negative ? times.subtractingReportingOverflow(Int(c - 48)) : times.addingReportingOverflow(Int(c - 48))
            guard !o1, !o2 else { return nil }
            value = next
        }
        return value
    }

    /// A 64-bit FNV-1a digest of the parts (each ended by a zero byte), in
    /// hexadecimal: the context, compared as a whole.
    public static func digest(_ parts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part.utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            hash = (hash ^ 0) &* 0x0000_0100_0000_01b3
        }
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for shift in stride(from: 60, through: 0, by: -4) { out.append(hex[Int((hash >> UInt64(shift)) & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }
}
