import Testing
@testable import TapboardCore

/// A layout with an input method: its letters composed, the strip showing what
/// is composed and the candidates, a tap committing one.
struct ComposingTests {
    private static let t0 = Duration.seconds(10)
    private static func ms(_ n: Int) -> Duration { t0 + .milliseconds(n) }

    /// A pinyin-like converter for the tests: letters gather into a reading;
    /// its candidates come from a small table, two to a page; choosing one (or
    /// space: the first) commits it, return commits the reading. Pure: it
    /// answers from the actions alone, as the real ones do from their cache.
    final class TableConverter: CompositionConverter, @unchecked Sendable {
        static let table: [String: [String]] = ["ni": ["你", "尼", "泥", "拟"], "hao": ["好", "号"], "nihao": ["你好"]]
        /// The table in use (a test may take a candidate away, as learning could move one).
        var table = TableConverter.table
        var fails = false

        func readings(of character: Character, in method: InputMethodKind) -> [String] {
            Self.table.filter { $0.value.contains(String(character)) && $0.key.count <= 3 }.map(\.key)
        }

        func takes(_ character: String, in method: InputMethodKind) -> Bool {
            character.count == 1 && character.allSatisfy { $0.isASCII && $0.isLetter }
        }

        func compose(_ actions: [CompositionAction], in method: InputMethodKind) throws(ConverterError) -> Composition {
            if fails { throw ConverterError("the table converter is missing") }
            var reading = "", committed = "", page = 0
            for action in actions {
                let candidates = table[reading] ?? []
                switch action {
                case .key(let letter): reading += letter; page = 0
                case .backspace: reading = String(reading.dropLast()); page = 0
                case .page(let forward): page = max(0, page + (forward ? 1 : -1))
                case .choose(let index):
                    if page * 2 + index < candidates.count { committed += candidates[page * 2 + index]; reading = "" }
                case .commit(let raw):
                    committed += raw || candidates.isEmpty ? reading : candidates[0]
                    reading = ""
                }
            }
            let all = table[reading] ?? []
            let shown = Array(all.dropFirst(page * 2).prefix(2))
            return Composition(committed: committed, preedit: reading, candidates: reading.isEmpty ? [] : shown,
                               hasNextPage: all.count > (page + 1) * 2, hasPreviousPage: page > 0)
        }
    }

    private static let pinyin = LayoutSource(name: "zh-test", description: "test pinyin",
                                             definition: .inputSet(InputSet(letters: [Array("qwertyuiop").map(String.init),
                                                                                      Array("asdfghjkl").map(String.init),
                                                                                      Array("zxcvbnm").map(String.init)])),
                                             inputMethod: .rime(schema: "test"))

    private func driver(_ converter: TableConverter = TableConverter(), layouts: [LayoutSource] = [pinyin]) throws -> SessionDriver {
        var configuration = KeyboardConfiguration(layouts: layouts, options: InteractionOptions(autoShift: false))
        configuration.converter = converter
        return try SessionDriver(configuration)
    }

    /// What the strip shows, left to right.
    private func strip(_ d: SessionDriver) -> [String] {
        d.session.appearances().filter { if case .suggestion = $0.frame.key.action { true } else { false } }
            .sorted { $0.frame.rect.x < $1.frame.rect.x }
            .map { if case .text(let t) = $0.label { t } else { "?" } }
    }

    private static func type(_ letters: String, _ d: inout SessionDriver, from start: Int = 0) throws {
        for (i, letter) in letters.enumerated() { try d.tap(String(letter), at: Self.ms(start + i * 100)) }
    }

    @Test("Letters go to the converter, not the application; the strip shows the reading, the candidates and the next page")
    func composes() throws {
        var d = try driver()
        try Self.type("ni", &d)
        #expect(d.text == "")
        let slots = strip(d)
        #expect(slots.count == LayoutProvider.compactCandidateSlots)
        #expect(slots.prefix(3) == ["ni", "你", "尼"] && slots.last == "▸")
        // The next page, then a candidate of it.
        try d.tap("suggestion-\(slots.count)", at: Self.ms(500))
        #expect(strip(d).prefix(3) == ["ni", "泥", "拟"] && strip(d).last == "◂")
        try d.tap("suggestion-3", at: Self.ms(600))
        #expect(d.text == "拟")
        #expect(strip(d).allSatisfy { $0.isEmpty }, "nothing composed: the strip is empty")
    }

    @Test("A letter composed is drawn at once, as a letter typed is, not held back like a tap that types nothing")
    func drawnAtOnce() throws {
        var d = try driver()
        try d.contact(.began, "n", at: Self.ms(0))
        d.run(until: Self.ms(50))
        d.commands = []
        try d.contact(.ended, "n", at: Self.ms(100))
        let drawn = d.commands.compactMap { c -> [KeyAppearance]? in if case .draw(.keys(let k)) = c { k } else { nil } }.flatMap { $0 }
        #expect(drawn.contains { $0.frame.key.action == .suggestion(0) && $0.label == .text("n") }, "\(d.commands)")
    }

    @Test("Space commits the first candidate, return the letters as typed, backspace takes a letter back")
    func spaceReturnBackspace() throws {
        var d = try driver()
        try Self.type("nihao", &d)
        try d.tap("space", at: Self.ms(1000))
        #expect(d.text == "你好", "the candidate takes the space's place")
        try Self.type("hai", &d, from: 2000)
        try d.tap("backspace", at: Self.ms(3000))
        #expect(strip(d).first == "ha")
        try d.tap("return", at: Self.ms(3100))
        #expect(d.text == "你好ha")
        // Nothing composed: backspace and return reach the application.
        try d.tap("backspace", at: Self.ms(3200))
        try d.tap("return", at: Self.ms(3300))
        #expect(d.text == "你好ha[BackSpace][Return]")
    }

    @Test("A key the converter does not take commits what is shown first, then is typed")
    func otherKeysCommitFirst() throws {
        var d = try driver()
        try Self.type("hao", &d)
        try d.tap("page:symbols", at: Self.ms(1000))
        try d.tap("1", at: Self.ms(1100))
        #expect(d.text == "好1")
    }

    @Test("Another layout shows: what was composed is committed")
    func layoutSwitchCommits() throws {
        var d = try driver(layouts: [Self.pinyin, .enUS])
        try Self.type("ni", &d)
        try d.tap("layout:next", at: Self.ms(1000))
        #expect(d.text == "你")
        try d.tap("a", at: Self.ms(1100))
        #expect(d.text == "你a")
    }

    @Test("Over a password field the letters are typed as they are")
    func passwordTypesLetters() throws {
        var d = try driver()
        d.send(.focusChanged(FocusedField(id: "pw", kind: .password)), at: Self.ms(0))
        try Self.type("ni", &d, from: 100)
        #expect(d.text == "ni")
    }

    @Test("A converter that fails is said once; the letters are typed as they are, what was composed is not lost")
    func failingConverter() throws {
        let converter = TableConverter()
        var d = try driver(converter)
        try Self.type("n", &d)
        converter.fails = true
        try Self.type("ih", &d, from: 1000)
        #expect(d.text == "nih")
        #expect(d.logs.filter { $0.contains("the table converter is missing") }.count == 1)
    }
}
