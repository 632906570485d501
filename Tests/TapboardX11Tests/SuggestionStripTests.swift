import Foundation
import TapboardTestKit
import Testing

/// The suggestion strip of the real keyboard: a paragraph typed as a user of
/// the strip would, tapping a word the moment it shows.
@Suite("The suggestion strip", .serialized)
struct SuggestionStripTests {
    let desktop: Desktop
    let data: ScratchDirectory

    init() throws {
        desktop = try Desktop()
        data = try ScratchDirectory()
    }

    /// The words the strip shows now, as the last `suggestions` event said, once
    /// every event of the taps so far has arrived: a second listener starting
    /// makes the keyboard tell every listener where it is (a didShow), which
    /// comes after everything it published before.
    private func currentWords(_ events: ChildProcess) throws -> [String] {
        let before = events.standardOutput.components(separatedBy: "\"didShow\"").count
        let probe = try desktop.listen()
        _ = probe.terminate()
        #expect(desktop.waitForOutput(of: events) { $0.components(separatedBy: "\"didShow\"").count > before })
        return Desktop.lastWords(in: events.standardOutput) ?? []
    }

    /// The text with each backspace applied.
    private func edited(_ raw: String) -> String {
        var out: [Character] = []
        for c in raw { if c == "\u{8}" { _ = out.popLast() } else { out.append(c) } }
        return String(out)
    }

    @Test("A paragraph typed through the strip arrives exactly; words are journaled as learned and written whole at exit, 0600, under XDG_DATA_HOME")
    func paragraph() throws {
        let paragraph = "The quick brown fox jumps over the lazy dog. The dog sleeps, and the fox runs away."
        let keyboard = try desktop.launchKeyboard(arguments: ["--publish-keys"], environment: ["XDG_DATA_HOME": data.path])
        #expect(keyboard.suggestions)
        let events = try desktop.listen(["--keys"])
        defer { _ = events.terminate() }
        var raw = ""
        var chosen: [String] = []
        var afterChoice = false
        var index = paragraph.startIndex
        while index < paragraph.endIndex {
            let c = paragraph[index]
            guard c.isLetter else {
                if afterChoice && c == " " {
                    // The strip typed this space with the word.
                } else {
                    try keyboard.tap("letters", c == " " ? "space" : String(c))
                    raw += afterChoice ? "\u{8}" + String(c) : String(c)
                }
                afterChoice = false
                index = paragraph.index(after: index)
                continue
            }
            let end = paragraph[index...].firstIndex { !$0.isLetter } ?? paragraph.endIndex
            let word = String(paragraph[index ..< end])
            var typed = ""
            while typed != word {
                let words = try currentWords(events)
                if let rank = words.firstIndex(of: word) {
                    try keyboard.tap("letters", "suggestion-\(rank + 1)")
                    raw += (word.hasPrefix(typed) ? String(word.dropFirst(typed.count))
                                                  : String(repeating: "\u{8}", count: typed.count) + word) + " "
                    chosen.append(word)
                    afterChoice = true
                    break
                }
                let next = word[word.index(word.startIndex, offsetBy: typed.count)]
                try keyboard.tap("letters", next.lowercased())
                typed.append(next)
                raw += String(next)
            }
            index = end
        }
        let target = desktop.target
        target.waitForText(length: raw.unicodeScalars.count)
        target.drain()
        #expect(edited(target.text) == paragraph, "raw \(target.text.debugDescription)\nstderr \(keyboard.standardError)")
        #expect(target.text == raw)
        // Learned within the paragraph: the strip offered "dog" and "fox" the second time at least.
        #expect(chosen.count >= 5, "words tapped in the strip: \(chosen)")
        #expect(chosen.contains("fox") || chosen.contains("dog"), "\(chosen)")
        #expect(desktop.tapper.noKeyDown)

        // Each word went to the journal in the batch that learned it (both foxes long
        // before the last keystroke): a keyboard killed now would lose none of them.
        let file = data.path("tapboard/learned-en.txt")
        let journal = data.path("tapboard/learned-en.journal")
        let journaled = try String(contentsOfFile: journal, encoding: .utf8)
        #expect(journaled.components(separatedBy: "\tfox\tfox\t").count == 3, "\(journaled.prefix(400))")
        #expect(!FileManager.default.fileExists(atPath: file), "the whole is written at exit")
        _ = keyboard.terminate()
        #expect(!FileManager.default.fileExists(atPath: journal), "folded into the whole at exit")
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.contains("w\tfox\tfox\t2\t"), "\(saved.prefix(400))")
        #expect(keyboard.standardError.isEmpty, "\(keyboard.standardError)")
    }

    @Test("Another window made active (openbox): the strip does not go on with the word typed in the first")
    func otherWindow() throws {
        let desktop = try Desktop(windowManager: true)
        let keyboard = try desktop.launchKeyboard(arguments: ["--publish-keys"], environment: ["XDG_DATA_HOME": data.path])
        let events = try desktop.listen(["--keys"])
        defer { _ = events.terminate() }
        for c in ["h", "e", "l"] { try keyboard.tap("letters", c) }
        #expect(desktop.waitForWords(of: events) { $0.count >= 3 && $0.allSatisfy { $0.lowercased().hasPrefix("hel") } }, "\(events.standardOutput.suffix(300))")
        let other = try TargetWindow(displayName: desktop.xvfb.displayName, x: 600, y: 40, width: 300, height: 200)
        defer { other.close() }
        #expect(desktop.waitForWords(of: events) { $0.count >= 3 && !$0.contains { $0.lowercased().hasPrefix("hel") } },
                "predictions, not completions of hel: \(events.standardOutput.suffix(300))")
        #expect(keyboard.standardError.isEmpty, "\(keyboard.standardError)")
    }
}
