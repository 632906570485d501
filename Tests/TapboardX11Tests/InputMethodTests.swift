import Foundation
import TapboardTestKit
import Testing

/// Korean, Chinese and Japanese typed by tapping keys and the strip's candidates with
/// the pointer, into real applications on a bare server: the letters go to
/// libhangul, Rime or Anthy, what they commit reaches the field.
@Suite("Input methods: Hangul, pinyin and romaji by taps")
struct InputMethodTests {
    /// The keys the running keyboard shows (`tapboard keys`), with their labels and frames on the screen.
    static func shownKeys(on desktop: Desktop) throws -> [(id: String, label: String, centre: ScreenPoint)] {
        let child = try ChildProcess(try Keyboard.locateBinary(), ["keys", "--display", desktop.xvfb.displayName])
        guard child.wait(until: Deadline(.seconds(10))) == .exited(0),
              let shown = try JSONSerialization.jsonObject(with: Data(child.standardOutput.utf8)) as? [String: Any],
              let frame = shown["frame"] as? [String: Int], let keys = shown["keys"] as? [[String: Any]] else { return [] }
        return keys.compactMap { key in
            guard let id = key["id"] as? String, let label = key["label"] as? String, let x = key["x"] as? Int, let y = key["y"] as? Int,
                  let w = key["width"] as? Int, let h = key["height"] as? Int else { return nil }
            return (id, label, ScreenPoint(x: Int32(frame["x"]! + x + w / 2), y: Int32(frame["y"]! + y + h / 2)))
        }
    }

    /// The strip's labels, left to right.
    static func strip(on desktop: Desktop) throws -> [String] {
        try shownKeys(on: desktop).filter { $0.id.hasPrefix("suggestion-") }.sorted { $0.centre.x < $1.centre.x }.map(\.label)
    }

    /// A bare server, the keyboard with these layouts (its converters' data
    /// in a scratch folder) and a GTK 3 entry clicked and focused.
    struct Started {
        let desktop: Desktop
        let data: ScratchDirectory
        let keyboard: Keyboard
        let app: ToolkitFields

        init(layouts: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            desktop = try Desktop(focusTarget: false)
            data = try ScratchDirectory()
            keyboard = try desktop.launchKeyboard(arguments: ["--layouts", layouts], environment: ["XDG_DATA_HOME": data.path])
            app = try AnyTextTests.focusedEntry(on: desktop, sourceLocation: sourceLocation)
        }

        /// An xterm below the entry with the pointer in it, once the keyboard
        /// has given it the focus (it may hear of the new window only after the pointer entered it).
        func xterm(sourceLocation: SourceLocation = #_sourceLocation) throws -> XtermLine {
            let xterm = try XtermLine(on: desktop.xvfb.displayName, geometry: "120x10+0+420")
            desktop.tapper.move(to: xterm.inside)
            #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.hasFocus }, sourceLocation: sourceLocation)
            return xterm
        }

        /// `tapboard type` with these options, waited for.
        func type(_ text: String, _ options: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
            let type = try ChildProcess(try Keyboard.locateBinary(), ["type"] + options + [text, "--display", desktop.xvfb.displayName])
            #expect(type.wait(until: Deadline(.seconds(120))) == .exited(0), "\(type.standardError)", sourceLocation: sourceLocation)
        }

        /// Waits until the entry holds `text`.
        func entryHolds(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(desktop.waitForOutput(of: app.process) { _ in app.text("entry") == text }, "\(app.text("entry").debugDescription)",
                    sourceLocation: sourceLocation)
        }
    }

    /// Taps each character of `letters` on the letters page.
    static func letters(_ letters: String) -> [(page: String, id: String)] { letters.map { ("letters", String($0)) } }

    @Test("Korean: jamo tapped compose syllables in a GTK 3 entry and xterm; shift gives a double consonant; backspace takes a jamo back")
    func hangul() throws {
        let started = try Started(layouts: "ko")
        let (desktop, keyboard) = (started.desktop, started.keyboard)
        // 한국어 까 : ㅎㅏㄴ ㄱㅜㄱ ㅇㅓ, space, shift ㄱ (ㄲ) ㅏ, then ㄱ taken back by backspace, space.
        try keyboard.tap([("letters", "ㅎ"), ("letters", "ㅏ"), ("letters", "ㄴ"), ("letters", "ㄱ"), ("letters", "ㅜ"), ("letters", "ㄱ")])
        started.entryHolds("한")
        #expect(try Self.strip(on: desktop).first == "국", "the syllable being built shows in the strip")
        try keyboard.tap([("letters", "ㅇ"), ("letters", "ㅓ"), ("letters", "space"), ("letters", "shift"), ("letters", "ㄱ"),
                          ("letters", "ㅏ"), ("letters", "ㄱ"), ("letters", "backspace"), ("letters", "space")])
        started.entryHolds("한국어 까 ")
        #expect(keyboard.standardError == "")

        let xterm = try started.xterm()
        try keyboard.tap([("letters", "ㄷ"), ("letters", "ㅏ"), ("letters", "ㄹ"), ("letters", "return")])
        // Return commits the syllable; a second one types the newline.
        try keyboard.tap("letters", "return")
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line == "달\n" }, "\(xterm.line.debugDescription)")
        #expect(keyboard.standardError == "")
    }

    @Test("Chinese: pinyin tapped shows candidates in the strip; a candidate tapped is typed into a GTK 3 entry; space commits the first")
    func pinyin() throws {
        let started = try Started(layouts: "zh-pinyin")
        let (desktop, keyboard, app) = (started.desktop, started.keyboard, started.app)
        try keyboard.tap(Self.letters("nihao"))
        // Rime builds the schema for a new user once (seconds), at the first letter.
        var shown: [String] = []
        #expect(desktop.waitUntil(timeout: .seconds(60)) { shown = (try? Self.strip(on: desktop)) ?? []; return shown.contains("你好") },
                "\(shown)")
        #expect(shown.first?.filter { $0 != " " } == "nihao", "what is composed shows first: \(shown)")
        #expect(app.text("entry") == "", "nothing typed while composing")
        let candidate = try #require(try Self.shownKeys(on: desktop).first { $0.label == "你好" })
        desktop.tapper.tap(candidate.centre)
        started.entryHolds("你好")
        try keyboard.tap(Self.letters("shijie"))
        #expect(desktop.waitUntil(timeout: .seconds(10)) { (try? Self.strip(on: desktop))?.first?.filter { $0 != " " } == "shijie" })
        let first = try #require(try Self.strip(on: desktop).dropFirst().first)
        try keyboard.tap("letters", "space")
        started.entryHolds("你好" + first)
        #expect(keyboard.standardError == "")

        // Into xterm: zhongguo, then the candidate 中国 tapped, then return types the newline.
        let xterm = try started.xterm()
        try keyboard.tap(Self.letters("zhongguo"))
        var candidates: [(id: String, label: String, centre: ScreenPoint)] = []
        #expect(desktop.waitUntil(timeout: .seconds(10)) {
            candidates = (try? Self.shownKeys(on: desktop)) ?? []
            return candidates.contains { $0.label == "中国" }
        }, "\(candidates.map(\.label))")
        desktop.tapper.tap(try #require(candidates.first { $0.label == "中国" }).centre)
        try keyboard.tap("letters", "return")
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line == "中国\n" }, "\(xterm.line.debugDescription)")
        #expect(keyboard.standardError == "")
    }

    @Test("Japanese: romaji tapped shows kana and kanji candidates; a candidate tapped is typed into a GTK 3 entry; return types the kana into xterm")
    func romaji() throws {
        let started = try Started(layouts: "ja")
        let (desktop, keyboard, app) = (started.desktop, started.keyboard, started.app)
        try keyboard.tap(Self.letters("nihongo"))
        var shown: [String] = []
        #expect(desktop.waitUntil(timeout: .seconds(10)) { shown = (try? Self.strip(on: desktop)) ?? []; return shown.first == "にほんご" },
                "\(shown)")
        #expect(shown.contains("日本語"), "\(shown)")
        #expect(app.text("entry") == "", "nothing typed while composing")
        let candidate = try #require(try Self.shownKeys(on: desktop).first { $0.label == "日本語" })
        desktop.tapper.tap(candidate.centre)
        started.entryHolds("日本語")
        try keyboard.tap(Self.letters("desu"))
        #expect(desktop.waitUntil(timeout: .seconds(10)) { (try? Self.strip(on: desktop))?.first == "です" })
        let first = try #require(try Self.strip(on: desktop).dropFirst().first)
        try keyboard.tap("letters", "space")
        started.entryHolds("日本語" + first)
        #expect(keyboard.standardError == "")

        let xterm = try started.xterm()
        // らーめん as read, committed by return; a second return types the newline.
        try keyboard.tap(["r", "a", "ー", "m", "e", "n", "return", "return"].map { ("letters", $0) })
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line == "らーめん\n" }, "\(xterm.line.debugDescription)")
        #expect(keyboard.standardError == "")
    }

    @Test("tapboard type: Korean and hiragana tapped as jamo and romaji on their layouts and composed, into a GTK 3 entry and xterm")
    func typed() throws {
        let started = try Started(layouts: "en-US,ko,ja")
        let (desktop, keyboard) = (started.desktop, started.keyboard)
        // Taps the jamo (a syllable typed as a character would arrive too, but
        // as jamo only if the keys were not composed): exact text means composed.
        let text = "Hi 한국어 ㅋㅋ 값. にほんご ok"
        for pace in [["--fast"], ["--delay", "5"]] { try started.type(text, pace) }
        started.entryHolds(text + text)
        #expect(desktop.tapper.noKeyDown)

        let xterm = try started.xterm()
        try started.type("값싼 らーめん\n", ["--fast"])
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line == "값싼 らーめん\n" }, "\(xterm.line.debugDescription)")
        #expect(keyboard.standardError == "")
    }

    @Test("tapboard type: Chinese tapped as its pinyin and the candidate that is the text, into a GTK 3 entry")
    func typedChinese() throws {
        let started = try Started(layouts: "en-US,zh-pinyin")
        let (desktop, keyboard) = (started.desktop, started.keyboard)
        let text = "你好，世界！中国人 ok"
        // Rime builds its schema for a new user first (seconds).
        try started.type(text, ["--delay", "5"])
        started.entryHolds(text)
        #expect(desktop.tapper.noKeyDown)
        // Rime is stopped before the keyboard exits (left running, it crashed in its own destructors).
        #expect(keyboard.terminate() == .exited(0))
        #expect(keyboard.standardError == "")
    }
}
