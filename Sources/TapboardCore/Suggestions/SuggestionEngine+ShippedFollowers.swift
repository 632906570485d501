import Synchronization

/// The words the shipped pairs give after a context, found once per context
/// and kept for the keystrokes after it.
extension SuggestionEngine {
    /// The shipped followers of one context, with what every keystroke of the word
    /// after it asks of them: their folded form, probability and frequency.
    struct ShippedFollower {
        var word: String
        /// `Offered.fingerprint(word)`: a candidate's shipped probability is found by a look along these.
        var print: UInt64
        var folded: String
        var probability: Double
        /// Its frequency, looked up ahead for the likeliest (those a strip offers before a letter is typed).
        var zipf: Int?
        var zipfKnown: Bool
    }

    /// The shipped followers of the contexts last asked for: the same for every
    /// keystroke of a word, so parsed, folded and looked up once per word, and
    /// kept for the next words too: common previous words come back (a cache of
    /// 32 found 37 % of the previous words of a fortune file's 12,600 words, 64
    /// found 44 %). A reference, so the non-mutating `suggestions` can fill it;
    /// copies of an engine share it; locked, as an engine may be used from two threads.
    final class ContextCache: Sendable {
        struct Entry {
            var context: String
            var followers: [ShippedFollower]
        }
        /// Most recently used last.
        let entries = Mutex<[Entry]>([])
        /// At most this many contexts (a long line's are about 4 KB).
        static let kept = 32

        func find(_ context: String) -> Entry? {
            entries.withLock { entries in
                guard let i = entries.lastIndex(where: { $0.context == context }) else { return nil }
                // Every keystroke of a word asks for the same context: the last one, left where it is.
                if i == entries.count - 1 { return entries[i] }
                let entry = entries.remove(at: i)
                entries.append(entry)
                return entry
            }
        }

        func keep(_ entry: Entry) {
            entries.withLock { entries in
                if entries.count >= Self.kept { entries.removeFirst() }
                entries.append(entry)
            }
        }
    }

    /// The shipped followers for a context, likeliest first, each word once.
    func shippedFollowers(of context: String?) -> [ShippedFollower] {
        guard let context, let shippedPairs else { return [] }
        if let known = contextCache.find(context) { return known.followers }
        // Room for a long line's followers (make-pairs writes at most 40).
        var list: [ShippedFollower] = []
        list.reserveCapacity(40)
        // The lexicon alone goes into the closure: naming `self` there copied the whole engine.
        let lexicon = self.lexicon
        shippedPairs.forEachFollower(of: context) { follower in
            // A word given twice keeps its first (likeliest) probability.
            let print = Offered.fingerprint(follower.word)
            guard Self.shippedProbability(follower.word, print, in: list) == nil else { return true }
            let ahead = list.count < Lexicon.topsKept
            let folded = lexicon?.fold(follower.word) ?? follower.word.lowercased()
            list.append(ShippedFollower(word: follower.word, print: print, folded: folded, probability: follower.probability,
                                        zipf: ahead ? lexicon?.zipf(ofExactly: follower.word, folded: folded) : nil, zipfKnown: ahead))
            return true
        }
        contextCache.keep(ContextCache.Entry(context: context, followers: list))
        return list
    }

    /// A word's probability among shipped followers, if it is one: a look along
    /// their fingerprints (at most 40, in a few cache lines), where a dictionary
    /// hashed every candidate and built a table for each new context.
    static func shippedProbability(_ word: String, _ print: UInt64, in followers: [ShippedFollower]) -> Double? {
        for follower in followers where follower.print == print && follower.word == word { return follower.probability }
        return nil
    }
}
