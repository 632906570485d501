/// What was learned since the whole was last written: each word as it was
/// learned, appended to a journal beside the learned-words file in the batch
/// after its keystroke. No timer saves anything later (a keyboard left alone
/// never wakes), and a keyboard killed loses nothing it learned.
extension LearnedWords {
    /// One word learned: replayed in order, it learns the same.
    public struct Learning: Equatable, Sendable {
        /// `clock` once it was learned (one more than before).
        public var clock: Int
        public var word: String
        public var folded: String
        /// The word before it (folded), if any.
        public var previous: String?

        public init(clock: Int, word: String, folded: String, previous: String?) {
            self.clock = clock
            self.word = word
            self.folded = folded
            self.previous = previous
        }
    }

    /// At most this many learnings wait to be taken; past it only the whole can be written
    /// (an engine used without a session must not grow without end).
    public static let maxJournal = 4_096

    /// The learnings since last taken, oldest first; nil when more than `maxJournal`
    /// were learned since (write the whole then). Taking them starts a new journal.
    public mutating func takeJournal() -> [Learning]? {
        defer {
            journal = []
            journalOverflowed = false
        }
        return journalOverflowed ? nil : journal
    }

    /// Learns again what a journal holds after this state: a learning whose clock
    /// is not past `clock` is in it already (a whole written after the journal, by
    /// a keyboard stopped before it could empty the journal).
    public mutating func replay(_ learnings: [Learning]) {
        for learning in learnings where learning.clock > clock {
            setClock(learning.clock - 1)
            learn(learning.word, folded: learning.folded, after: learning.previous)
        }
        if overBounds { keepWithinBounds() }
        journal = []
        journalOverflowed = false
    }

    // MARK: - The journal file

    /// The journal's first line.
    static let journalMagic = "tapboard-learned-journal 1"

    /// Journal lines for learnings (`l CLOCK WORD FOLDED PREVIOUS`, tab-separated,
    /// PREVIOUS empty when none); `header` starts a new file with the magic line.
    public static func journalText(_ learnings: [Learning], header: Bool) -> String {
        var out = header ? journalMagic + "\n" : ""
        for l in learnings { out += "l\t\(l.clock)\t\(l.word)\t\(l.folded)\t\(l.previous ?? "")\n" }
        return out
    }

    /// Reads a journal: the learnings of its good lines, and each bad line's
    /// problem (the line is skipped; a last line without its newline was cut short).
    public static func journal(text: String) -> (learnings: [Learning], problems: [LineError]) {
        var learnings: [Learning] = []
        var problems: [LineError] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let number = index + 1
            if index == lines.count - 1 {
                if !line.isEmpty { problems.append(LineError(line: number, reason: "cut short (no newline); skipped")) }
                break
            }
            if line == journalMagic { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 5, fields[0] == "l", let clock = Int(fields[1]), clock > 0,
                  !fields[2].isEmpty, !fields[3].isEmpty else {
                problems.append(LineError(line: number, reason: "expected 'l', a clock, a word, its folded form and the word before; skipped"))
                continue
            }
            learnings.append(Learning(clock: clock, word: String(fields[2]), folded: String(fields[3]),
                                      previous: fields[4].isEmpty ? nil : String(fields[4])))
        }
        return (learnings, problems)
    }
}
