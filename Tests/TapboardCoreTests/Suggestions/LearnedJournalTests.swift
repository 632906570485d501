import Testing
@testable import TapboardCore

/// The journal of words learned: what it records, its text, and replaying it.
struct LearnedJournalTests {
    private func learnedFrom(_ words: [(String, String?)]) -> LearnedWords {
        var learned = LearnedWords()
        for (word, previous) in words { learned.learn(word, folded: word.lowercased(), after: previous) }
        return learned
    }

    private func taken(_ learned: inout LearnedWords) throws -> [LearnedWords.Learning] {
        let journal = learned.takeJournal()
        return try #require(journal)
    }

    private let sentence: [(String, String?)] = [("the", nil), ("quick", "the"), ("fox", "quick"), ("The", nil), ("fox", "the")]

    @Test("Replaying the journal of a whole learns the same words, pairs and clock; taking it starts a new one")
    func replaySame() throws {
        var learned = learnedFrom(sentence)
        let journal = try taken(&learned)
        #expect(journal.map(\.clock) == [1, 2, 3, 4, 5])
        #expect(journal[2] == LearnedWords.Learning(clock: 3, word: "fox", folded: "fox", previous: "quick"))
        #expect(try taken(&learned) == [])
        var replayed = LearnedWords()
        replayed.replay(journal)
        #expect(replayed == learned)
        #expect(try taken(&replayed) == [], "replayed words are in the journal already")
    }

    @Test("Through its text: a whole written, then a journal of the words after it, read back as one")
    func throughText() throws {
        var whole = learnedFrom(Array(sentence.prefix(2)))
        _ = whole.takeJournal()
        var later = whole
        later.learn("fox", folded: "fox", after: "quick")
        later.learn("jumps", folded: "jumps", after: "fox")
        let text = LearnedWords.journalText(try taken(&later), header: true)
        #expect(text == "tapboard-learned-journal 1\nl\t3\tfox\tfox\tquick\nl\t4\tjumps\tjumps\tfox\n")
        var read = try LearnedWords(text: whole.text())
        let (learnings, problems) = LearnedWords.journal(text: text)
        #expect(problems.isEmpty)
        read.replay(learnings)
        #expect(read == later)
    }

    @Test("Learnings the whole already holds are skipped by their clock (a whole written, the journal not yet emptied)")
    func skipsWhatTheWholeHolds() throws {
        var learned = learnedFrom(sentence)
        let journal = try taken(&learned)
        var again = learned
        again.replay(journal)
        #expect(again == learned)
        // The last two only: the whole was written after the third.
        var partial = learnedFrom(Array(sentence.prefix(3)))
        partial.replay(journal)
        #expect(partial == learned)
    }

    @Test("A bad line and a cut last line are each named and skipped; the others are read")
    func badLines() {
        let text = "tapboard-learned-journal 1\nl\t1\tfox\tfox\t\nl\tx\tfox\tfox\t\nw\t2\tdog\ndog\nl\t2\tdog\tdog\tfox\nl\t3\tca"
        let (learnings, problems) = LearnedWords.journal(text: text)
        #expect(learnings.map(\.word) == ["fox", "dog"])
        #expect(learnings.map(\.previous) == [nil, "fox"])
        #expect(problems.map(\.line) == [3, 4, 5, 7])
        #expect(problems.last?.reason == "cut short (no newline); skipped")
        #expect(problems.first?.reason == "expected 'l', a clock, a word, its folded form and the word before; skipped")
        #expect(LearnedWords.journal(text: "").learnings.isEmpty && LearnedWords.journal(text: "").problems.isEmpty)
    }

    @Test("Past its bound the journal is dropped and only the whole can be written (an engine without a session stays bounded)")
    func overflow() throws {
        var learned = LearnedWords()
        for i in 0 ..< LearnedWords.maxJournal { learned.learn("w\(i)", folded: "w\(i)", after: nil) }
        #expect(learned.journal.count == LearnedWords.maxJournal)
        learned.learn("one", folded: "one", after: nil)
        learned.learn("more", folded: "more", after: nil)
        #expect(learned.journal.isEmpty)
        let overflowed = learned.takeJournal()
        #expect(overflowed == nil)
        learned.learn("after", folded: "after", after: nil)
        #expect(try taken(&learned).map(\.word) == ["after"])
    }
}
