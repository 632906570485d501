import Foundation
import TapboardCore
import TapboardTestKit
import TapboardX11
import Testing

/// Each theme drawn by the real renderer under Xvfb must match its committed
/// preview, Themes/previews/NAME.png: a change to how keys look shows up here.
/// `scripts/theme-previews` writes them again (this test with TAPBOARD_UPDATE_PREVIEWS=1).
@Suite("Theme previews", .serialized)
struct ThemePreviewTests {
    static let themes = Theme.builtInFiles.map(\.name)
    static let size = Size(width: 800, height: 280)
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Themes/previews")

    @Test("the committed preview matches what the renderer draws", arguments: themes)
    func previewMatches(_ name: String) throws {
        try InProcessX.exclusive { try check(name) }
    }

    private func check(_ name: String) throws {
        let xvfb = try Xvfb()
        defer { xvfb.stop() }
        let theme = try #require(try Theme.builtIn(named: name))
        // With the strip showing words, as after typing "th".
        let keyboard = try OffscreenKeyboard(displayName: xvfb.displayName, size: Self.size, theme: theme,
                                             options: InteractionOptions(autoShift: false), source: .enUS,
                                             suggestions: SuggestionSettings(languages: ["en"], learns: false), storage: PreviewWords())
        try keyboard.tap(keyID: "t")
        try keyboard.tap(keyID: "h")
        let drawn = Screenshot(width: Self.size.width, height: Self.size.height, rgb: keyboard.snapshotRGB())
        // A keyboard has a background, keys, shadows, labels: never a handful of colours.
        #expect(drawn.colourCount > 20, "the renderer drew \(drawn.colourCount) colours")
        let path = Self.folder.appendingPathComponent(name + ".png").path
        if ProcessInfo.processInfo.environment["TAPBOARD_UPDATE_PREVIEWS"] == "1" {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try drawn.writePNG(to: path)
            return
        }
        let committed = try Screenshot.readPNG(path)
        // Glyph edges may move by a shade between FreeType builds; shapes and colours may not.
        let differing = drawn.differingPixels(from: committed, tolerance: 24)
        #expect(differing <= drawn.width * drawn.height / 500,
                "\(differing) pixels differ from \(path); if the change is meant, run scripts/theme-previews")
    }
}

/// Three English words for the previews' strip.
final class PreviewWords: SuggestionStorage, @unchecked Sendable {
    func hasLexicon(for language: String) -> Bool { language == "en" }
    func lexicon(for language: String) -> Lexicon? { try? Lexicon(text: "that\t730\nthe\t773\nthis\t720\n") }
    func learnedWords(for language: String) -> LearnedWords { LearnedWords() }
    func save(_ learned: LearnedWords, for language: String) {}
    func takeNotes() -> [String] { [] }
}
