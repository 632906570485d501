import Testing
@testable import TapboardCore

/// `tapboard type` on a layout with an input method: the reading's letters
/// tapped, then the candidate that is the text, turning the strip's pages as a
/// person would; Korean and kana as their keys, committed before anything else.
struct ComposedTypingTests {
    private static let t0 = Duration.seconds(10)

    private static let pinyin = LayoutSource(name: "zh-test", description: "test pinyin",
                                             definition: .inputSet(InputSet(letters: [Array("qwertyuiop").map(String.init),
                                                                                      Array("asdfghjkl").map(String.init),
                                                                                      Array("zxcvbnm").map(String.init)])),
                                             inputMethod: .rime(schema: "test"))

    private func driver(_ converter: ComposingTests.TableConverter, layouts: [LayoutSource] = [pinyin, .enUS]) throws -> SessionDriver {
        var configuration = KeyboardConfiguration(layouts: layouts, options: InteractionOptions(autoShift: false))
        configuration.converter = converter
        return try SessionDriver(configuration)
    }

    /// The taps on the strip, by slot (`suggestion-N`), from the commands drawn.
    private func type(_ text: String, _ d: inout SessionDriver) {
        d.send(.control(.type(text, delay: .milliseconds(20), requester: 5)), at: Self.t0)
        d.run(until: Self.t0 + .seconds(30))
    }

    @Test("Chinese: the phrase's letters, then its candidate; a character on the second page after the page is turned")
    func candidates() throws {
        let converter = ComposingTests.TableConverter()
        var d = try driver(converter)
        type("你好拟 ok", &d)
        #expect(d.text == "你好拟 ok")
        #expect(d.session.nextDeadline == nil, "nothing left to do")
    }

    @Test("A candidate gone by the time it is tapped: its letters are taken back and the text typed with no key")
    func candidateGone() throws {
        let converter = ComposingTests.TableConverter()
        var d = try driver(converter)
        d.send(.control(.type("拟好", delay: .milliseconds(20), requester: 5)), at: Self.t0)
        // Planned with 拟 on the second page; then the converter no longer offers it.
        converter.table["ni"] = ["你", "尼"]
        d.run(until: Self.t0 + .seconds(30))
        #expect(d.text == "拟好", "no letters left behind: \(d.text)")
    }

    @Test("No converter running (a password field): the text is typed with no key, its letters never composed")
    func password() throws {
        var d = try driver(ComposingTests.TableConverter())
        d.send(.focusChanged(FocusedField(id: "pw", kind: .password)), at: .seconds(1))
        type("你好", &d)
        #expect(d.text == "你好")
    }
}
