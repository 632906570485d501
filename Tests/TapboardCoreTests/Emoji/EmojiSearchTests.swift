import Foundation
import Testing
@testable import TapboardCore

/// The emoji list and each language's words: reading them (and their errors),
/// and the search over them, on small files and on the shipped ones.
struct EmojiSearchTests {
    static let emojiFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Emoji")

    static func shipped(_ name: String) throws -> String {
        try String(contentsOf: emojiFolder.appendingPathComponent(name), encoding: .utf8)
    }

    static let small = """
        # tapboard emoji 1
        Smileys\t😀\t
        Smileys\t😂\t
        People\t👍\t👍🏻 👍🏽
        People\t🫰\t
        Flags\t🇩🇪\t

        """

    static let smallWords = """
        # fold ée
        cafe\t\t😀
        crossed\t🫰\t
        face\t😀 😂\t
        germany\t🇩🇪\t
        joy\t😂\t
        thumb\t🫰\t👍
        thumbs\t👍\t
        up\t👍\t
        with\t🫰\t
        """

    @Test("The list's groups, variants and indices; a variant finds its base")
    func catalog() throws {
        let catalog = try EmojiCatalog(text: Self.small)
        #expect(catalog.emoji == ["😀", "😂", "👍", "🫰", "🇩🇪"])
        #expect(catalog.groups.map(\.name) == ["Smileys", "People", "Flags"])
        #expect(catalog.groups.map(\.members) == [[0, 1], [2, 3], [4]])
        #expect(catalog.variants[2] == ["👍🏻", "👍🏽"])
        #expect(catalog.index(of: "👍🏽") == 2)
        #expect(catalog.index(of: "x") == nil)
    }

    @Test("Emoji the fonts cannot draw are not offered, nor their variants; an emptied group goes")
    func offering() throws {
        let catalog = try EmojiCatalog(text: Self.small).offering(only: ["🇩🇪": false, "👍🏻": false])
        #expect(catalog.groups.map(\.name) == ["Smileys", "People"])
        #expect(catalog.variants[2] == ["👍🏽"])
        let words = try EmojiWords(text: Self.smallWords, catalog: catalog)
        #expect(words.search("germany", in: catalog, limit: 8).isEmpty)
    }

    @Test("Broken files are errors naming the line", arguments: [
        ("# tapboard emoji 2\n", "line 1: expected '# tapboard emoji 1'"),
        ("# tapboard emoji 1\nSmileys\t😀\n", "line 2: expected GROUP<TAB>EMOJI<TAB>VARIANTS"),
    ])
    func catalogErrors(text: String, message: String) {
        #expect(throws: LineError.self) { try EmojiCatalog(text: text) }
        do { _ = try EmojiCatalog(text: text) } catch { #expect(error.description == message) }
    }

    @Test("Broken word files are errors naming the line", arguments: [
        ("cafe\t\t😀\n", "line 1: expected '# fold'"),
        ("# fold\ncafe\t😀\n", "line 2: expected WORD<TAB>NAMED<TAB>KEYWORDS"),
        ("# fold\nface\t😀\t\ncafe\t😀\t\n", "line 3: not sorted by its first column"),
        ("# fold\ncafe\t🐙\t\n", "line 2: '🐙' is not in the emoji list"),
    ])
    func wordErrors(text: String, message: String) throws {
        let catalog = try EmojiCatalog(text: Self.small)
        do {
            _ = try EmojiWords(text: text, catalog: catalog)
            Issue.record("no error for \(text)")
        } catch { #expect(error.description == message) }
    }

    @Test("Scores: a name above a keyword, a whole word above a beginning, every word must match")
    func scoring() throws {
        let catalog = try EmojiCatalog(text: Self.small)
        let words = try EmojiWords(text: Self.smallWords, catalog: catalog)
        func found(_ text: String) -> [String] { words.search(text, in: catalog, limit: 8).map { catalog.emoji[$0] } }
        // `thumb` names 🫰 and is a keyword of 👍; `thumbs` names 👍.
        #expect(found("thumb") == ["🫰", "👍"])
        #expect(found("thumbs") == ["👍"])
        #expect(found("Thumbs Up") == ["👍"])
        #expect(found("thumbs crossed") == [])
        // A beginning: both names begin with `thu`, and the shorter name goes first.
        #expect(found("thu") == ["👍", "🫰"])
        #expect(found("Café") == ["😀"])
        #expect(found("fa") == ["😀", "😂"])
        #expect(found("") == [])
        #expect(found("  ,, ") == [])
        #expect(found("zzz") == [])
        #expect(words.search("f", in: catalog, limit: 1).count == 1)
    }

    @Test("The shipped files: every language reads, and the searches README shows find what they say")
    func shippedFiles() throws {
        let catalog = try EmojiCatalog(text: Self.shipped("emoji.txt"))
        #expect(catalog.count > 1900)
        #expect(catalog.groups.count == 9)
        let languages = try FileManager.default.contentsOfDirectory(atPath: Self.emojiFolder.path)
            .filter { $0.hasSuffix(".txt") && $0 != "emoji.txt" }
        #expect(languages.count == 16)
        for file in languages {
            let words = try EmojiWords(text: Self.shipped(file), catalog: catalog)
            #expect(words.count > 1000, "\(file)")
        }
        func first(_ text: String, _ language: String, _ n: Int = 3) throws -> [String] {
            let words = try EmojiWords(text: Self.shipped(language + ".txt"), catalog: catalog)
            return words.search(text, in: catalog, limit: n).map { catalog.emoji[$0] }
        }
        #expect(try first("thumbs", "en") == ["👍", "👎"])
        #expect(try first("joy", "en", 1) == ["😂"])
        #expect(try first("Daumen", "de").contains("👍"))
        #expect(try first("палец", "ru", 12).contains("👍"))
        #expect(try first("палец", "ru", 12).contains("☝️"))
        #expect(try first("germany", "en", 1) == ["🇩🇪"])
        #expect(try first("family", "en", 1) == ["👪"])
        #expect(try first("family woman girl man", "en", 1) == ["👨‍👩‍👧"])
        #expect(try first("keycap 1", "en", 1) == ["1️⃣"])
    }
}

/// Which texts offer emoji in the strip after a `:`.
struct ColonQueryTests {
    @Test("':' and three letters after a space, an emoji or the start; not after a word, a number or in a URL", arguments: [
        (":joy", "joy"), ("hi :joy", "joy"), ("👍:joy", "joy"), ("1️⃣:joy", "joy"), ("(:smile", "smile"), (":jo", nil), ("hi:joy", nil),
        ("12:305", nil), ("http://abc", nil), (":joy face", nil), ("::joy", nil), ("", nil),
    ] as [(String, String?)])
    func colon(text: String, query: String?) {
        #expect(KeyboardSession.colonQuery(text).map(String.init) == query)
    }
}
