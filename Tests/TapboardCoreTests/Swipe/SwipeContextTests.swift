import Foundation
import Testing
@testable import TapboardCore

/// The previous word as the swipe decoder's prior (`NextWordPrior`, through the
/// suggestion engine): it picks between candidates one path cannot tell apart,
/// lifts what a pair says follows, leaves every other word its frequency, and
/// is absent where no word comes before.
struct SwipeContextTests {
    /// The English pairs the keyboard ships.
    static let englishPairs: WordPairs = {
        let text = try! String(contentsOf: SwipeDecoderTests.root.appendingPathComponent("Lexicons/en.pairs.txt"), encoding: .utf8)
        return try! WordPairs(text: text)
    }()

    /// The shipped English engine, nothing learned.
    static let engine = SuggestionEngine(lexicon: SwipeDecoderTests.english, shippedPairs: englishPairs, learns: false)

    /// The words decoded from a clean path through `letters`, after `before` (the text before the caret).
    private func decode(_ letters: String, after before: String?, frames: [KeyFrame], engine: SuggestionEngine = Self.engine) -> [String] {
        var decoder = SwipeDecoder(lexicon: SwipeDecoderTests.english, frames: frames)
        let prior = before.flatMap { engine.nextWordPrior(for: TypedText(read: $0, fromStart: true)) }
        return decoder.decode(SwipeDecoderTests.path(letters, on: decoder.keys), limit: 3,
                              contextPrior: prior.map { prior in { prior.bonus($0, frequency: $1) } }).map(\.word)
    }

    @Test("One path, two words: the previous word picks the one that follows it in the shipped pairs",
          arguments: [
            // s-o-n is son's and soon's path; soon is a little likelier alone.
            (path: "son", alone: "soon", after: "His ", fits: "son", otherAfter: "as ", otherFits: "soon"),
            // o-f-f is drawn o-f: of, or off after a verb that takes it.
            (path: "of", alone: "of", after: "auctioned ", fits: "off", otherAfter: "as ", otherFits: "of"),
          ])
    func picksWhatFollows(_ c: (path: String, alone: String, after: String, fits: String, otherAfter: String, otherFits: String)) {
        for frames in [SwipeDecoderTests.compact, SwipeDecoderTests.wide] {
            let alone = decode(c.path, after: nil, frames: frames)
            #expect(alone.first == c.alone)
            #expect(alone.prefix(3).contains(c.fits), "both are candidates: \(alone)")
            #expect(decode(c.path, after: c.after, frames: frames).first == c.fits)
            #expect(decode(c.path, after: c.otherAfter, frames: frames).first == c.otherFits)
        }
    }

    @Test("No prior at a field's or a sentence's start, after punctuation or a line break; one after a word and a space",
          arguments: ["", "His son left. ", "Where? ", "his, ", "his\n", "his son (", "2 "])
    func noPreviousWord(_ before: String) {
        #expect(Self.engine.nextWordPrior(for: TypedText(read: before, fromStart: true)) == nil)
    }

    @Test("The previous word is the word before the caret's, folded")
    func previousWord() throws {
        let prior = try #require(Self.engine.nextWordPrior(for: TypedText(read: "It was His ", fromStart: true)))
        #expect(prior.previous == "his")
        #expect(try #require(Self.engine.nextWordPrior(for: TypedText(read: "his so", fromStart: true))).previous == "his")
        // Typed from the middle of a field: the text's first word may be cut, the last one is whole.
        #expect(try #require(Self.engine.nextWordPrior(for: TypedText(read: "ere his ", fromStart: false))).previous == "his")
    }

    @Test("Back-off: a word never seen after the previous word keeps its frequency; a shipped pair lifts a word, the more the likelier")
    func backOff() throws {
        let prior = try #require(Self.engine.nextWordPrior(for: TypedText(read: "his ", fromStart: true)))
        let frequency = 1e-4
        #expect(prior.bonus("soon", frequency: frequency) == 0)
        #expect(prior.bonus("zebra", frequency: frequency) == 0)
        let son = prior.bonus("son", frequency: frequency)
        #expect(son > 0)
        // The same pair counts for more on a rarer word, and less on a commoner one (it is interpolated, not added).
        #expect(prior.bonus("son", frequency: 1e-6) > son)
        #expect(prior.bonus("son", frequency: 1e-2) < son)
        let own = try #require(prior.probabilities["own"])
        #expect(own > (try #require(prior.probabilities["son"])))
        #expect(prior.bonus("own", frequency: frequency) > son)
    }

    @Test("A learned pair lifts a word too, with no shipped pairs; the shipped and learned ones add up")
    func learnedPairs() throws {
        var learned = LearnedWords()
        learned.learn("son", folded: "son", after: "his")
        let engine = SuggestionEngine(lexicon: SwipeDecoderTests.english, learned: learned, learns: false)
        #expect(decode("son", after: "His ", frames: SwipeDecoderTests.compact, engine: SuggestionEngine(lexicon: SwipeDecoderTests.english)).first == "soon")
        #expect(decode("son", after: "His ", frames: SwipeDecoderTests.compact, engine: engine).first == "son")
        let prior = try #require(engine.nextWordPrior(for: TypedText(read: "his ", fromStart: true)))
        // One use against the shipped pairs' four: 1/5.
        #expect(abs(try #require(prior.probabilities["son"]) - 1 / (1 + NextWordPrior.shippedUses)) < 1e-12)
        let both = SuggestionEngine(lexicon: SwipeDecoderTests.english, shippedPairs: Self.englishPairs, learned: learned, learns: false)
        let shipped = try #require(Self.engine.nextWordPrior(for: TypedText(read: "his ", fromStart: true))?.probabilities["son"])
        let mixed = try #require(both.nextWordPrior(for: TypedText(read: "his ", fromStart: true))?.probabilities["son"])
        #expect(mixed > shipped * NextWordPrior.shippedUses / (1 + NextWordPrior.shippedUses))
        #expect(mixed > 1 / (1 + NextWordPrior.shippedUses))
    }
}
