import TapboardCatalog
import TapboardCore
import TapboardTestKit
import Testing

/// The input methods' converters over Debian's libraries: what a run of keys,
/// backspaces and choices gives, and the same again when the run is answered
/// from the start. One at a time: Rime runs once a process.
@Suite(.serialized) struct ConvertersTests {
    let root: ScratchDirectory
    let converters: LibraryConverters

    init() throws {
        root = try ScratchDirectory()
        converters = LibraryConverters(dataDirectory: root.path("data"))
    }

    static func keys(_ text: String) -> [CompositionAction] { text.map { .key(String($0)) } }

    @Test("Hangul: jamo compose into syllables, a finished one is committed, backspace takes a jamo back")
    func hangul() throws {
        let method = InputMethodKind.hangul(keyboard: "2")
        #expect(converters.takes("ㅎ", in: method) && !converters.takes("1", in: method))
        let typed = Self.keys("ㅎㅏㄴㄱㅜㄱㅇㅓ")
        var composed = try converters.compose(typed, in: method)
        #expect(composed.committed == "한국" && composed.preedit == "어")
        composed = try converters.compose(typed + [.backspace], in: method)
        #expect(composed.committed == "한국" && composed.preedit == "ㅇ", "a jamo, not the syllable")
        composed = try converters.compose(typed + [.commit(raw: false)], in: method)
        #expect(composed.committed == "한국어" && composed.preedit == "")
        // A run that does not continue the last one is answered from the start.
        composed = try converters.compose(Self.keys("ㄱㅏ"), in: method)
        #expect(composed.committed == "" && composed.preedit == "가")
    }

    @Test("Rime with luna_pinyin: letters show candidates four to a page; a choice commits; the next page; return commits the letters")
    func rime() throws {
        let method = InputMethodKind.rime(schema: "luna_pinyin")
        #expect(converters.takes("n", in: method) && !converters.takes("1", in: method))
        let typed = Self.keys("nihao")
        var composed = try converters.compose(typed, in: method)
        #expect(composed.preedit.replacingSpaces == "nihao", "\(composed.preedit)")
        #expect(composed.candidates.count == 4 && composed.candidates.contains("你好"), "\(composed.candidates)")
        #expect(composed.hasNextPage && !composed.hasPreviousPage)
        let index = try #require(composed.candidates.firstIndex(of: "你好"))
        composed = try converters.compose(typed + [.choose(index)], in: method)
        #expect(composed.committed == "你好" && composed.isEmpty)
        composed = try converters.compose(typed + [.page(forward: true)], in: method)
        #expect(composed.hasPreviousPage && !composed.candidates.contains("你好"))
        composed = try converters.compose(Self.keys("zhong") + [.commit(raw: true)], in: method)
        #expect(composed.committed == "zhong" && composed.isEmpty)
    }

    @Test("Rime with luna_pinyin_simp: simplified characters")
    func simplified() throws {
        let composed = try converters.compose(Self.keys("zhongguo"), in: .rime(schema: "luna_pinyin_simp"))
        #expect(composed.candidates.first == "中国", "\(composed.candidates)")
    }

    @Test("Anthy: romaji read as kana, the whole reading converted first, then the first segment's; a segment chosen leaves the rest composed")
    func anthy() throws {
        let method = InputMethodKind.anthy
        #expect(converters.takes("k", in: method) && converters.takes("ー", in: method) && !converters.takes("1", in: method))
        var composed = try converters.compose(Self.keys("nihongo"), in: method)
        #expect(composed.preedit == "にほんご" && composed.candidates.first == "日本語", "\(composed.candidates)")
        composed = try converters.compose(Self.keys("nihongo") + [.commit(raw: false)], in: method)
        #expect(composed.committed == "日本語" && composed.isEmpty)
        // Two segments: the whole first, then the first segment's own.
        let typed = Self.keys("kyouhaiitenkidesune")
        composed = try converters.compose(typed, in: method)
        #expect(composed.preedit == "きょうはいいてんきですね" && composed.candidates.first == "今日はいい天気ですね", "\(composed.candidates)")
        let segment = try #require(composed.candidates.firstIndex(of: "今日は"), "\(composed.candidates)")
        composed = try converters.compose(typed + [.choose(segment)], in: method)
        #expect(composed.committed == "今日は" && composed.preedit == "いいてんきですね", "\(composed)")
        composed = try converters.compose(typed + [.choose(segment), .commit(raw: true)], in: method)
        #expect(composed.committed == "今日はいいてんきですね" && composed.isEmpty)
        // Pages of four; the reading in hiragana and katakana are among the last.
        composed = try converters.compose(Self.keys("kaku"), in: method)
        #expect(composed.candidates.count == 4 && composed.hasNextPage && !composed.hasPreviousPage)
        var pages = [composed.candidates]
        var actions = Self.keys("kaku")
        while composed.hasNextPage {
            actions.append(.page(forward: true))
            composed = try converters.compose(actions, in: method)
            pages.append(composed.candidates)
        }
        #expect(composed.hasPreviousPage && pages.joined().contains("かく") && pages.joined().contains("カク"), "\(pages)")
        // Backspace takes back a waiting letter, then a kana; a last n reads as ん.
        composed = try converters.compose(Self.keys("kann") + [.backspace], in: method)
        #expect(composed.preedit == "か", "\(composed.preedit)")
        composed = try converters.compose(Self.keys("hox") + [.backspace, .key("n"), .commit(raw: true)], in: method)
        #expect(composed.committed == "ほん", "\(composed)")
    }

    @Test("A schema Rime does not have: an error that names it and the package to install, each time")
    func missingSchema() {
        let method = InputMethodKind.rime(schema: "no_such_schema")
        for _ in 0 ..< 2 {
            #expect(throws: ConverterError.self) { try converters.compose(Self.keys("a"), in: method) }
        }
        do {
            _ = try converters.compose(Self.keys("a"), in: method)
        } catch {
            #expect(error.description.contains("no_such_schema") && error.description.contains("rime-data-no-such-schema"), "\(error)")
        }
    }
}

private extension String {
    var replacingSpaces: String { filter { $0 != " " } }
}
