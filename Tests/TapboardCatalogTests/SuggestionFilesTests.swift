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
        try "# fold ée\ncafe\t409\ncafe\tcafé\t375\nthe\t773\n".write(toFile: root.path("lexicons/en.txt"), atomically: true, encoding: .utf8)
        try "the\t773\nand\t700\n".write(toFile: root.path("lexicons/de.txt"), atomically: true, encoding: .utf8)
        files = SuggestionFiles(lexiconDirectories: [root.path("missing"), root.path("lexicons")], learnedDirectory: root.path("data/tapboard"))
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
        try "of\tthe 70\n".write(toFile: root.path("missing/en.pairs.txt"), atomically: true, encoding: .utf8)
        #expect(files.wordPairs(for: "en") == nil)
        try "# pairs\nof\tthe 70\ta 97\n".write(toFile: root.path("lexicons/en.pairs.txt"), atomically: true, encoding: .utf8)
        #expect(try #require(files.wordPairs(for: "en")).followers(of: "of").map(\.word) == ["the", "a"])
        try "of\tthe 70\nand\tthe 40\n".write(toFile: root.path("lexicons/de.pairs.txt"), atomically: true, encoding: .utf8)
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

    @Test("A damaged file is set aside under a name of its own, never written over, and learning starts afresh")
    func damaged() throws {
        let path = root.path("data/tapboard/learned-en.txt")
        try FileManager.default.createDirectory(atPath: root.path("data/tapboard"), withIntermediateDirectories: true)
        for round in 1 ... 2 {
            try "tapboard-learned 1\t3\nw\tfox\tfox\t1\t1\n".write(toFile: path, atomically: true, encoding: .utf8)
            #expect(files.learnedWords(for: "en").isEmpty)
            let aside = path + (round == 1 ? ".damaged" : ".damaged-2")
            #expect(files.takeNotes() == ["\(path): line 3: the file is cut short (no end line); set aside as \(aside), starting with nothing learned"])
            #expect(FileManager.default.fileExists(atPath: aside))
        }
        #expect(try String(contentsOfFile: path + ".damaged", encoding: .utf8).contains("fox"))
    }
}
