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

    @Test("Korean: jamo tapped compose syllables in a GTK 3 entry and xterm; shift gives a double consonant; backspace takes a jamo back")
    func hangul() throws {
        let desktop = try Desktop(focusTarget: false)
        let keyboard = try desktop.launchKeyboard(arguments: ["--layouts", "ko"])
        let app = try AnyTextTests.focusedEntry(on: desktop)
        // 한국어 까 : ㅎㅏㄴ ㄱㅜㄱ ㅇㅓ, space, shift ㄱ (ㄲ) ㅏ, then ㄱ taken back by backspace, space.
        try keyboard.tap([("letters", "ㅎ"), ("letters", "ㅏ"), ("letters", "ㄴ"), ("letters", "ㄱ"), ("letters", "ㅜ"), ("letters", "ㄱ")])
        #expect(desktop.waitForOutput(of: app.process) { _ in app.text("entry") == "한" }, "\(app.text("entry").debugDescription)")
        #expect(try Self.strip(on: desktop).first == "국", "the syllable being built shows in the strip")
        try keyboard.tap([("letters", "ㅇ"), ("letters", "ㅓ"), ("letters", "space"), ("letters", "shift"), ("letters", "ㄱ"),
                          ("letters", "ㅏ"), ("letters", "ㄱ"), ("letters", "backspace"), ("letters", "space")])
        #expect(desktop.waitForOutput(of: app.process) { _ in app.text("entry") == "한국어 까 " }, "\(app.text("entry").debugDescription)")
        #expect(keyboard.standardError == "")

        let xterm = try XtermLine(on: desktop.xvfb.displayName, geometry: "120x10+0+420")
        desktop.tapper.move(to: xterm.inside)
        // The keyboard gives it the focus once it hears the pointer enter (it may not follow the new window yet).
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.hasFocus })
        try keyboard.tap([("letters", "ㄷ"), ("letters", "ㅏ"), ("letters", "ㄹ"), ("letters", "return")])
        // Return commits the syllable; a second one types the newline.
        try keyboard.tap("letters", "return")
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line == "달\n" }, "\(xterm.line.debugDescription)")
        #expect(keyboard.standardError == "")
    }

    @Test("Chinese: pinyin tapped shows candidates in the strip; a candidate tapped is typed into a GTK 3 entry; space commits the first")
    func pinyin() throws {
        let desktop = try Desktop(focusTarget: false)
        let data = try ScratchDirectory()
        let keyboard = try desktop.launchKeyboard(arguments: ["--layouts", "zh-pinyin"], environment: ["XDG_DATA_HOME": data.path])
        let app = try AnyTextTests.focusedEntry(on: desktop)
        try keyboard.tap([("letters", "n"), ("letters", "i"), ("letters", "h"), ("letters", "a"), ("letters", "o")])
        // Rime builds the schema for a new user once (seconds), at the first letter.
        var shown: [String] = []
        #expect(desktop.waitUntil(timeout: .seconds(60)) { shown = (try? Self.strip(on: desktop)) ?? []; return shown.contains("你好") },
                "\(shown)")
        #expect(shown.first?.filter { $0 != " " } == "nihao", "what is composed shows first: \(shown)")
        #expect(app.text("entry") == "", "nothing typed while composing")
        let candidate = try #require(try Self.shownKeys(on: desktop).first { $0.label == "你好" })
        desktop.tapper.tap(candidate.centre)
        #expect(desktop.waitForOutput(of: app.process) { _ in app.text("entry") == "你好" }, "\(app.text("entry").debugDescription)")
        try keyboard.tap([("letters", "s"), ("letters", "h"), ("letters", "i"), ("letters", "j"), ("letters", "i"), ("letters", "e")])
        #expect(desktop.waitUntil(timeout: .seconds(10)) { (try? Self.strip(on: desktop))?.first?.filter { $0 != " " } == "shijie" })
        let first = try #require(try Self.strip(on: desktop).dropFirst().first)
        try keyboard.tap("letters", "space")
        #expect(desktop.waitForOutput(of: app.process) { _ in app.text("entry") == "你好" + first }, "\(app.text("entry").debugDescription)")
        #expect(keyboard.standardError == "")

        // Into xterm: zhongguo, then the candidate 中国 tapped, then return types the newline.
        let xterm = try XtermLine(on: desktop.xvfb.displayName, geometry: "120x10+0+420")
        desktop.tapper.move(to: xterm.inside)
        // The keyboard gives it the focus once it hears the pointer enter (it may not follow the new window yet).
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.hasFocus })
        try keyboard.tap("zhongguo".map { ("letters", String($0)) })
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
        let desktop = try Desktop(focusTarget: false)
        let data = try ScratchDirectory()
        let keyboard = try desktop.launchKeyboard(arguments: ["--layouts", "ja"], environment: ["XDG_DATA_HOME": data.path])
        let app = try AnyTextTests.focusedEntry(on: desktop)
        try keyboard.tap("nihongo".map { ("letters", String($0)) })
        var shown: [String] = []
        #expect(desktop.waitUntil(timeout: .seconds(10)) { shown = (try? Self.strip(on: desktop)) ?? []; return shown.first == "にほんご" },
                "\(shown)")
        #expect(shown.contains("日本語"), "\(shown)")
        #expect(app.text("entry") == "", "nothing typed while composing")
        let candidate = try #require(try Self.shownKeys(on: desktop).first { $0.label == "日本語" })
        desktop.tapper.tap(candidate.centre)
        #expect(desktop.waitForOutput(of: app.process) { _ in app.text("entry") == "日本語" }, "\(app.text("entry").debugDescription)")
        try keyboard.tap("desu".map { ("letters", String($0)) })
        #expect(desktop.waitUntil(timeout: .seconds(10)) { (try? Self.strip(on: desktop))?.first == "です" })
        let first = try #require(try Self.strip(on: desktop).dropFirst().first)
        try keyboard.tap("letters", "space")
        #expect(desktop.waitForOutput(of: app.process) { _ in app.text("entry") == "日本語" + first }, "\(app.text("entry").debugDescription)")
        #expect(keyboard.standardError == "")

        let xterm = try XtermLine(on: desktop.xvfb.displayName, geometry: "120x10+0+420")
        desktop.tapper.move(to: xterm.inside)
        // The keyboard gives it the focus once it hears the pointer enter (it may not follow the new window yet).
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.hasFocus })
        // らーめん as read, committed by return; a second return types the newline.
        try keyboard.tap(["r", "a", "ー", "m", "e", "n", "return", "return"].map { ("letters", $0) })
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line == "らーめん\n" }, "\(xterm.line.debugDescription)")
        #expect(keyboard.standardError == "")
    }

    @Test("tapboard type: Korean and hiragana tapped as jamo and romaji on their layouts and composed, into a GTK 3 entry and xterm")
    func typed() throws {
        let desktop = try Desktop(focusTarget: false)
        let data = try ScratchDirectory()
        let keyboard = try desktop.launchKeyboard(arguments: ["--layouts", "en-US,ko,ja"], environment: ["XDG_DATA_HOME": data.path])
        let app = try AnyTextTests.focusedEntry(on: desktop)
        // Taps the jamo (a syllable typed as a character would arrive too, but
        // as jamo only if the keys were not composed): exact text means composed.
        let text = "Hi 한국어 ㅋㅋ 값. にほんご ok"
        for pace in [["--fast"], ["--delay", "5"]] {
            let type = try ChildProcess(try Keyboard.locateBinary(), ["type"] + pace + [text, "--display", desktop.xvfb.displayName])
            #expect(type.wait(until: Deadline(.seconds(120))) == .exited(0), "\(type.standardError)")
        }
        #expect(desktop.waitForOutput(of: app.process) { _ in app.text("entry") == text + text }, "\(app.text("entry").debugDescription)")
        #expect(desktop.tapper.noKeyDown)

        let xterm = try XtermLine(on: desktop.xvfb.displayName, geometry: "120x10+0+420")
        desktop.tapper.move(to: xterm.inside)
        // The keyboard gives it the focus once it hears the pointer enter (it may not follow the new window yet).
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.hasFocus })
        let type = try ChildProcess(try Keyboard.locateBinary(), ["type", "--fast", "값싼 らーめん\n", "--display", desktop.xvfb.displayName])
        #expect(type.wait(until: Deadline(.seconds(120))) == .exited(0), "\(type.standardError)")
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line == "값싼 らーめん\n" }, "\(xterm.line.debugDescription)")
        #expect(keyboard.standardError == "")
    }

    @Test("tapboard type: Chinese tapped as its pinyin and the candidate that is the text, into a GTK 3 entry")
    func typedChinese() throws {
        let desktop = try Desktop(focusTarget: false)
        let data = try ScratchDirectory()
        let keyboard = try desktop.launchKeyboard(arguments: ["--layouts", "en-US,zh-pinyin"], environment: ["XDG_DATA_HOME": data.path])
        let app = try AnyTextTests.focusedEntry(on: desktop)
        let text = "你好，世界！中国人 ok"
        let type = try ChildProcess(try Keyboard.locateBinary(), ["type", "--delay", "5", text, "--display", desktop.xvfb.displayName])
        // Rime builds its schema for a new user first (seconds).
        #expect(type.wait(until: Deadline(.seconds(120))) == .exited(0), "\(type.standardError)")
        #expect(desktop.waitForOutput(of: app.process) { _ in app.text("entry") == text }, "\(app.text("entry").debugDescription)")
        #expect(desktop.tapper.noKeyDown)
        // Rime is stopped before the keyboard exits (left running, it crashed in its own destructors).
        #expect(keyboard.terminate() == .exited(0))
        #expect(keyboard.standardError == "")
    }
}
