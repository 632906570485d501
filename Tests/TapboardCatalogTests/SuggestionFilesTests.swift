import Foundation
import TapboardCatalog
import TapboardCore
import TapboardTestKit
import Testing

/// The suggestion engine's files: lexicons mapped, learned words kept safe.
struct SuggestionFilesTests {
    let root: ScratchDirectory
    let files: SuggestionFiles

    init() throws {
        root = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: root.path("lexicons"), withIntermediateDirectories: true)
        try "# fold ée\ncafe\t409\ncafe\tcafé\t375\nthe\t773\n".write(toFile: root.path("lexicons/en.txt"), atomically: false, encoding: .utf8)
        try "the\t773\nand\t700\n".write(toFile: root.path("lexicons/de.txt"), atomically: false, encoding: .utf8)
        files = SuggestionFiles(lexiconDirectories: [root.path("missing"), root.path("lexicons")], learnedDirectory: root.path("data/tapboard"))
    }

    /// Learns a word and hands it to the journal, as the session does after its keystroke.
    private func learnAndAppend(_ word: String, after previous: String?, to learned: inout LearnedWords) throws {
        learned.learn(word, folded: word, after: previous)
        let journal = learned.takeJournal()
        files.append(try #require(journal), whole: learned, for: "en")
    }

    private func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test("A lexicon is found in the first directory that has it and mapped; a broken one is one line naming the file and line")
    func lexicons() throws {
        #expect(files.hasLexicon(for: "en") && !files.hasLexicon(for: "fr") && !files.hasLexicon(for: "../en"))
        let en = try #require(files.lexicon(for: "en"))
        #expect(en.completions(of: "Café", limit: 3).map(\.word) == ["cafe", "café"])
        #expect(files.lexicon(for: "de") == nil)
        #expect(files.takeNotes() == ["\(root.path("lexicons/de.txt")): line 2: not sorted by its first column; no suggestions in 'de'"])
    }

    @Test("Word pairs are read beside the lexicon found; none is no pairs and no note; a damaged file is one line naming it and the line")
    func pairs() throws {
        #expect(files.wordPairs(for: "en") == nil)
        #expect(files.takeNotes().isEmpty)
        // Pairs in a directory without the lexicon are not the lexicon's: not read.
        try FileManager.default.createDirectory(atPath: root.path("missing"), withIntermediateDirectories: true)
        try "of\tthe 70\n".write(toFile: root.path("missing/en.pairs.txt"), atomically: false, encoding: .utf8)
        #expect(files.wordPairs(for: "en") == nil)
        try "# pairs\nof\tthe 70\ta 97\n".write(toFile: root.path("lexicons/en.pairs.txt"), atomically: false, encoding: .utf8)
        #expect(try #require(files.wordPairs(for: "en")).followers(of: "of").map(\.word) == ["the", "a"])
        try "of\tthe 70\nand\tthe 40\n".write(toFile: root.path("lexicons/de.pairs.txt"), atomically: false, encoding: .utf8)
        #expect(files.wordPairs(for: "de") == nil)
        #expect(files.takeNotes() == ["\(root.path("lexicons/de.pairs.txt")): line 2: not sorted by its first column (each previous word once); no shipped word pairs in 'de'"])
        #expect(files.wordPairs(for: "../en") == nil && files.wordPairs(for: "fr") == nil)
    }

    @Test("Learned words are saved 0600 in a 0700 directory and read back")
    func saving() throws {
        #expect(files.learnedWords(for: "en").isEmpty)
        var learned = LearnedWords()
        learned.learn("fox", folded: "fox", after: "quick")
        files.save(learned, for: "en")
        #expect(files.takeNotes().isEmpty)
        #expect(files.learnedWords(for: "en") == learned)
        #expect(try mode(root.path("data/tapboard/learned-en.txt")) == 0o600)
        #expect(try mode(root.path("data/tapboard")) == 0o700)
        #expect(files.forget().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: root.path("data/tapboard/learned-en.txt")))
    }

    @Test("Words learned are appended to a journal (0600, created with its directory) and read back with the whole; saving the whole empties it")
    func journal() throws {
        let journal = root.path("data/tapboard/learned-en.journal")
        var learned = LearnedWords()
        try learnAndAppend("quick", after: nil, to: &learned)
        #expect(try mode(journal) == 0o600)
        #expect(try mode(root.path("data/tapboard")) == 0o700)
        #expect(!FileManager.default.fileExists(atPath: root.path("data/tapboard/learned-en.txt")), "no whole written for a word")
        #expect(files.learnedWords(for: "en") == learned)
        files.save(learned, for: "en")
        #expect(!FileManager.default.fileExists(atPath: journal))
        try learnAndAppend("fox", after: "quick", to: &learned)
        try learnAndAppend("jumps", after: "fox", to: &learned)
        #expect(try String(contentsOfFile: journal, encoding: .utf8)
                == "tapboard-learned-journal 1\nl\t2\tfox\tfox\tquick\nl\t3\tjumps\tjumps\tfox\n")
        #expect(files.learnedWords(for: "en") == learned)
        #expect(files.takeNotes().isEmpty)
        #expect(files.forget().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path("data/tapboard")).isEmpty)
    }

    /// How many of this process's descriptors are open on `path` (on it as it is, or on it unlinked).
    private func descriptors(on path: String) throws -> (current: Int, unlinked: Int) {
        var current = 0, unlinked = 0
        for fd in try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + fd) else { continue }
            if target == path { current += 1 } else if target == path + " (deleted)" { unlinked += 1 }
        }
        return (current, unlinked)
    }

    @Test("The journal stays open between words; one deleted meanwhile starts again at its path; saving and forgetting close it")
    func journalKeptOpen() throws {
        let journal = root.path("data/tapboard/learned-en.journal")
        var learned = LearnedWords()
        for (word, previous) in [("one", nil), ("two", "one"), ("three", "two")] {
            try learnAndAppend(word, after: previous, to: &learned)
            #expect(try descriptors(on: journal) == (1, 0), "after \(word)")
        }
        // As `tapboard forget` or another keyboard saving would, from another process.
        try FileManager.default.removeItem(atPath: journal)
        try learnAndAppend("four", after: "three", to: &learned)
        #expect(try String(contentsOfFile: journal, encoding: .utf8) == "tapboard-learned-journal 1\nl\t4\tfour\tfour\tthree\n")
        #expect(try descriptors(on: journal) == (1, 0))
        files.save(learned, for: "en")
        #expect(!FileManager.default.fileExists(atPath: journal))
        #expect(try descriptors(on: journal) == (0, 0))
        try learnAndAppend("five", after: "four", to: &learned)
        #expect(files.learnedWords(for: "en") == learned)
        #expect(files.forget().isEmpty)
        #expect(try descriptors(on: journal) == (0, 0))
        #expect(files.takeNotes().isEmpty)
    }

    @Test("A journal cut short (or with a bad line) is read up to it, the line named; the whole is written and the journal starts again")
    func cutJournal() throws {
        let journal = root.path("data/tapboard/learned-en.journal")
        var learned = LearnedWords()
        try learnAndAppend("quick", after: nil, to: &learned)
        let handle = try #require(FileHandle(forWritingAtPath: journal))
        handle.seekToEndOfFile()
        handle.write(Data("l\t2\tfo".utf8))
        handle.closeFile()
        #expect(files.learnedWords(for: "en") == learned)
        #expect(files.takeNotes() == ["\(journal): line 3: cut short (no newline); skipped"])
        #expect(!FileManager.default.fileExists(atPath: journal))
        #expect(try LearnedWords(text: String(contentsOfFile: root.path("data/tapboard/learned-en.txt"), encoding: .utf8)) == learned)
    }

    @Test("A journal grown past its size is folded into the whole when appended to")
    func longJournal() throws {
        let journal = root.path("data/tapboard/learned-en.journal")
        var learned = LearnedWords()
        var folded = false
        for i in 0 ..< 20_000 where !folded {
            try learnAndAppend("word\(i)", after: i == 0 ? nil : "word\(i - 1)", to: &learned)
            folded = !FileManager.default.fileExists(atPath: journal)
        }
        #expect(folded)
        #expect(files.learnedWords(for: "en") == learned)
        #expect(files.takeNotes().isEmpty)
    }

    @Test("A journal that cannot be written is said once; the words stay in memory")
    func unwritableJournal() throws {
        try FileManager.default.createDirectory(atPath: root.path("data/tapboard/learned-en.journal"), withIntermediateDirectories: true)
        var learned = LearnedWords()
        for word in ["one", "two"] {
            try learnAndAppend(word, after: nil, to: &learned)
        }
        let notes = files.takeNotes()
        #expect(notes.count == 1)
        #expect(notes.first?.hasPrefix("\(root.path("data/tapboard/learned-en.journal")): cannot keep learned words: ") == true, "\(notes)")
    }

    @Test("A damaged file is set aside under a name of its own, never written over, and learning starts afresh")
    func damaged() throws {
        let path = root.path("data/tapboard/learned-en.txt")
        try FileManager.default.createDirectory(atPath: root.path("data/tapboard"), withIntermediateDirectories: true)
        for round in 1 ... 2 {
            try "tapboard-learned 1\t3\nw\tfox\tfox\t1\t1\n".write(toFile: path, atomically: false, encoding: .utf8)
            #expect(files.learnedWords(for: "en").isEmpty)
            let aside = path + (round == 1 ? ".damaged" : ".damaged-2")
            #expect(files.takeNotes() == ["\(path): line 3: the file is cut short (no end line); set aside as \(aside), starting with nothing learned"])
            #expect(FileManager.default.fileExists(atPath: aside))
        }
        #expect(try String(contentsOfFile: path + ".damaged", encoding: .utf8).contains("fox"))
    }
}
