/// The runs of lines a lexicon's short beginnings match, with their most
/// frequent lines, worked out as the file is read (see `Lexicon.shortRuns`).
extension Lexicon {
    /// The lines side by side whose keys begin with the same first few
    /// characters (the file is sorted by key), each run with its most frequent lines.
    struct Runs {
        /// Each run's first line, ascending.
        let starts: [Int32]
        /// Where each run's lines are in `top` (one more than the runs).
        let offsets: [Int32]
        /// Each run's `topsKept` most frequent lines, most frequent first, one run after another.
        let top: [Int32]

        /// The runs of keys alike in their first two characters (a shorter key
        /// is a run of its own): one pass over the lines.
        init(lines: [Int32], zipfs: [UInt16], bytes: UnsafeRawBufferPointer) {
            var starts: [Int32] = [], offsets: [Int32] = [0], top: [Int32] = []
            func close(at end: Int) {
                top += Lexicon.top(Int(starts.last!) ..< end, limit: Lexicon.topsKept, zipfs: zipfs)
                offsets.append(Int32(top.count))
            }
            var leading: (bytes: UInt64, count: Int)?
            for i in lines.indices {
                let here = Self.leading(2, ofLine: i, lines: lines, bytes: bytes)
                if let leading, here == leading { continue }
                if leading != nil { close(at: i) }
                starts.append(Int32(i))
                leading = here
            }
            if leading != nil { close(at: lines.count) }
            self.starts = starts; self.offsets = offsets; self.top = top
        }

        /// The runs of a shorter beginning of `characters` characters, each made
        /// of these runs that follow one another: its most frequent lines are
        /// the most frequent of theirs, so no line is read again.
        init(_ longer: Runs, characters: Int, lines: [Int32], zipfs: [UInt16], bytes: UnsafeRawBufferPointer) {
            var starts: [Int32] = [], offsets: [Int32] = [0], top: [Int32] = []
            var candidates: [Int32] = []
            func close() {
                // Most frequent first, equal ones in file order, as `Lexicon.top` ranks them.
                candidates.sort { zipfs[Int($0)] != zipfs[Int($1)] ? zipfs[Int($0)] > zipfs[Int($1)] : $0 < $1 }
                top += candidates.prefix(Lexicon.topsKept)
                offsets.append(Int32(top.count))
                candidates.removeAll(keepingCapacity: true)
            }
            var leading: (bytes: UInt64, count: Int)?
            for run in longer.starts.indices {
                let here = Self.leading(characters, ofLine: Int(longer.starts[run]), lines: lines, bytes: bytes)
                if leading.map({ here != $0 }) ?? true {
                    if leading != nil { close() }
                    starts.append(longer.starts[run])
                    leading = here
                }
                candidates += longer.top[Int(longer.offsets[run]) ..< Int(longer.offsets[run + 1])]
            }
            if leading != nil { close() }
            self.starts = starts; self.offsets = offsets; self.top = top
        }

        /// The first `characters` characters of a line's key as a number, with
        /// their length in bytes (at most 8: two characters of up to four).
        static func leading(_ characters: Int, ofLine i: Int, lines: [Int32], bytes: UnsafeRawBufferPointer) -> (bytes: UInt64, count: Int) {
            let begin = Int(lines[i])
            let end = Self.end(ofCharacters: characters, from: begin, in: bytes)
            var packed: UInt64 = 0
            for at in begin ..< end { packed = packed << 8 | UInt64(bytes[at]) }
            return (packed, end - begin)
        }

        /// Where the first `characters` characters of the key at `begin` end (its tab, when it has fewer).
        static func end(ofCharacters characters: Int, from begin: Int, in bytes: UnsafeRawBufferPointer) -> Int {
            var at = begin, count = 0
            while at < bytes.count, bytes[at] != 9, bytes[at] != 10 {
                // A character begins at any byte but a continuation byte (10xxxxxx).
                if bytes[at] & 0xC0 != 0x80 {
                    if count == characters { break }
                    count += 1
                }
                at += 1
            }
            return at
        }

        /// The most frequent lines of the run that begins at line `first`, if one does.
        func top(ofRunAt first: Int) -> ArraySlice<Int32> {
            var low = 0, high = starts.count
            while low < high {
                let mid = (low + high) / 2
                if Int(starts[mid]) < first { low = mid + 1 } else { high = mid }
            }
            guard low < starts.count, Int(starts[low]) == first else { return [] }
            return top[Int(offsets[low]) ..< Int(offsets[low + 1])]
        }
    }
}
