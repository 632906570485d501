import Foundation
import TapboardCore
import TapboardTestKit
import Testing

/// Every character key of every built-in layout, tapped through the real binary
/// under a private Xvfb: what arrives in the focused target window is exactly
/// the characters the keys show, whatever the server's keymap has.
@Suite("Every built-in layout types its characters", .serialized)
struct LayoutTypingTests {
    /// The built-in layouts, by name.
    static let layouts: [String] = ((try? LayoutSource.builtIn()) ?? []).map(\.name)

    /// Taps every character key of every page (going page to page through the
    /// page keys) and checks the target received each key's character, in order.
    private func typeEveryCharacter(layout: String, desktop: Desktop) throws {
        let keyboard = try desktop.launchKeyboard(arguments: ["--layout", layout, "--no-auto-shift"])
        let source = try #require(try LayoutSource.builtIn(named: layout))
        var pages = LayoutProvider().layout(for: source, width: keyboard.actual.width).pages.map(\.name)
        // A layout with an input method composes its letters (InputMethodTests); its symbol pages
        // type as they show (the emoji and clipboard pages are every layout's, tried with the others).
        if source.inputMethod != nil {
            pages = pages.filter { $0 == Page.symbols || $0 == Page.moreSymbols }
            try keyboard.tap(Page.letters, "page:\(pages[0])")
        }
        let expected = try keyboard.tapEveryCharacter(pages: pages)
        let target = desktop.target
        target.waitForText(length: expected.unicodeScalars.count)
        target.drain()
        #expect(target.text == expected, "layout \(layout): stderr \(keyboard.standardError)\n\(target.pressLog)")
        #expect(keyboard.standardError.isEmpty)
        #expect(desktop.tapper.noKeyDown, "keys left down: \(desktop.tapper.keysDown())")
    }

    @Test("on a US keymap", arguments: layouts)
    func usKeymap(_ layout: String) throws {
        try typeEveryCharacter(layout: layout, desktop: try Desktop())
    }

    @Test("on the layout's own keymap (setxkbmap)", arguments: [("ru", "ru"), ("el", "gr"), ("de", "de")])
    func matchingKeymap(_ layout: String, xkb: String) throws {
        let desktop = try Desktop()
        let setxkbmap = URL(fileURLWithPath: "/usr/bin/setxkbmap")
        _ = try ChildProcess.run(setxkbmap, ["-display", desktop.xvfb.displayName, xkb])
        try typeEveryCharacter(layout: layout, desktop: desktop)
    }
}
