import Foundation
import TapboardCore
import TapboardTestKit
import Testing

/// Emoji typed by tapping the keyboard as a person does (no `tapboard type`):
/// searched by name in English, German and Russian, a skin tone from a
/// callout, a family, a flag from the emoji page and `:joy` from the strip, into
/// a GTK 3 entry, a Qt 5 entry and xterm, under openbox and (GTK, xterm) on a
/// bare server; what arrives must be exact.
@Suite("Emoji typed by tapping", .serialized)
struct EmojiTypingTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Emoji")
    /// A wide keyboard (a search row of 9 matches, 12 emoji a row) across the bottom of the 1280x800 screen.
    static let geometry = WindowPlacement(width: 1280, height: 290, x: 0, y: 505)

    let catalog: EmojiCatalog
    let data: ScratchDirectory

    init() throws {
        catalog = try EmojiCatalog(text: String(contentsOf: Self.folder.appendingPathComponent("emoji.txt"), encoding: .utf8))
        data = try ScratchDirectory()
    }

    /// Taps on a keyboard whose pages are dumped with its layout's arguments.
    struct Typist {
        let keyboard: Keyboard
        let desktop: Desktop
        let layout: [String]
        let catalog: EmojiCatalog

        func frames(_ page: String, _ extra: [String] = []) throws -> PageFrames {
            try PageFrames.dump(binary: keyboard.binary, size: keyboard.actual.size, page: page, arguments: layout + extra, suggestions: true)
        }

        func centre(_ key: PageFrames.Key) -> ScreenPoint {
            keyboard.actual.screenPoint(x: key.x + key.width / 2, y: key.y + key.height / 2)
        }

        func tap(_ frames: PageFrames, _ id: String) throws {
            let key = try #require(frames.key(id), "no key \(id) on \(frames.page): \(frames.keys.map(\.id))")
            desktop.tapper.tap(centre(key))
        }

        /// The emoji search: the page, its search key, the letters (shift before a capital), then the match.
        func search(_ query: String, for emoji: String, language: String) throws {
            let letters = try frames("letters")
            try tap(letters, "page:emoji")
            try tap(try frames("emoji"), "emoji-search")
            for c in query {
                if c.isUppercase { try tap(letters, "shift") }
                try tap(letters, String(c).lowercased())
            }
            let words = try EmojiWords(text: String(contentsOf: EmojiTypingTests.folder.appendingPathComponent(language + ".txt"), encoding: .utf8),
                                       catalog: catalog)
            let found = words.search(query, in: catalog, limit: 9).map { catalog.emoji[$0] }
            let rank = try #require(found.firstIndex(of: emoji), "\(query) finds \(found), not \(emoji)")
            try tap(try frames("letters", ["--emoji-search"]), "emoji-match-\(rank + 1)")
        }

        /// The emoji page at the screen of the group that has `emoji` (or the
        /// variant's base), reached through the group keys; its frames there.
        func showPage(with emoji: String) throws -> PageFrames {
            let index = try #require(catalog.index(of: emoji))
            let groupNumber = try #require(catalog.groups.firstIndex { $0.members.contains(index) })
            let group = catalog.groups[groupNumber]
            let key = try #require(EmojiGroups.keys.firstIndex { $0.name == group.name })
            let perScreen = LayoutProvider.wideEmojiColumns * LayoutProvider.emojiRows
            let screen = try #require(group.members.firstIndex(of: index)) / perScreen
            let letters = try frames("letters")
            try tap(letters, "page:emoji")
            let emojiPage = try frames("emoji")
            // Another group first, so the group's key shows its first screen; then one more tap a screen.
            try tap(emojiPage, "emoji-group-1")
            for _ in 0 ... screen { try tap(emojiPage, "emoji-group-\(key + 1)") }
            return try frames("emoji", ["--emoji-group", "\(key + 1)", "--emoji-screen", "\(screen + 1)"])
        }

        /// An emoji tapped on its page.
        func fromPage(_ emoji: String) throws {
            try tap(try showPage(with: emoji), "text:" + emoji)
            try tap(try frames("emoji"), "page:letters")
        }

        /// A skin tone: the base held until its callout shows, slid to the variant's cell, lifted.
        func fromCallout(_ variant: String) throws {
            let baseIndex = try #require(catalog.index(of: variant))
            let base = catalog.emoji[baseIndex]
            let cell = try #require(catalog.variants[baseIndex].firstIndex(of: variant))
            let page = try showPage(with: base)
            let key = try #require(page.key("text:" + base))
            let watcher = try WindowWatcher(displayName: desktop.xvfb.displayName)
            defer { watcher.close() }
            desktop.tapper.move(to: centre(key))
            desktop.tapper.press()
            _ = try watcher.waitForWindow(WindowIdentity(classes: ["tapboard-callout"]), child: keyboard.child, timeout: .seconds(5))
            let onScreen = Rect(x: keyboard.actual.x + Int(key.x), y: keyboard.actual.y + Int(key.y), width: Int(key.width), height: Int(key.height))
            let count = catalog.variants[baseIndex].count
            let cells = CalloutGeometry(count: count, key: onScreen, screen: Size(width: 1280, height: 800), padding: 4).cells
            desktop.tapper.move(to: ScreenPoint(x: Int32(cells[cell].x + cells[cell].width / 2), y: Int32(cells[cell].y + cells[cell].height / 2)))
            desktop.tapper.release()
            try tap(try frames("emoji"), "page:letters")
        }

        /// `:` from the symbols, a name from the letters, and the strip's first emoji once it shows.
        func colon(_ name: String, events: ChildProcess, expect emoji: String) throws {
            try tap(try frames("letters"), "page:symbols")
            try tap(try frames("symbols"), ":")
            try tap(try frames("symbols"), "page:letters")
            for c in name { try tap(try frames("letters"), String(c)) }
            #expect(desktop.waitForWords(of: events) { $0.first == emoji }, "\(Desktop.lastWords(in: events.standardOutput) ?? [])")
            try tap(try frames("letters"), "suggestion-1")
        }
    }

    /// Everything typed, in order, through one keyboard whose globe key goes
    /// from English to German to Russian; Return last, for xterm's line.
    func typeEverything(on desktop: Desktop) throws -> (String, Keyboard) {
        let order = ["en-US", "de", "ru"]
        // Its pages as dumped with the layout shown first.
        func layouts(from shown: Int) -> [String] { ["--layouts", (order[shown...] + order[..<shown]).joined(separator: ",")] }
        let keyboard = try desktop.launchKeyboard(geometry: Self.geometry, arguments: layouts(from: 0) + ["--no-auto-shift", "--publish-keys"],
                                                  environment: ["XDG_DATA_HOME": data.path])
        let events = try desktop.listen(["--keys"])
        defer { _ = events.terminate() }
        var typist = Typist(keyboard: keyboard, desktop: desktop, layout: layouts(from: 0), catalog: catalog)
        try typist.search("thumbs", for: "👍", language: "en")
        try typist.fromCallout("👍🏽")
        try typist.fromPage("👨‍👩‍👧")
        try typist.fromPage("🇩🇪")
        try typist.fromPage("1️⃣")
        try typist.colon("joy", events: events, expect: "😂")
        var expected = "👍👍🏽👨‍👩‍👧🇩🇪1️⃣😂 "
        for (shown, language, query) in [(1, "de", "Daumen"), (2, "ru", "палец")] {
            try typist.tap(try typist.frames("letters"), "layout:next")
            typist = Typist(keyboard: keyboard, desktop: desktop, layout: layouts(from: shown), catalog: catalog)
            try typist.search(query, for: "👍", language: language)
            expected += "👍"
        }
        try typist.tap(try typist.frames("letters"), "return")
        return (expected, keyboard)
    }

    @Test("Searched, from a callout, from the page and from ':joy': into a GTK 3 and a Qt 5 entry, exactly, with openbox and with no window manager",
          arguments: [(ToolkitFields.Toolkit.gtk3, WindowManager.Kind?.some(.openbox)), (.qt5, .openbox), (.gtk3, nil)])
    func intoToolkit(_ toolkit: ToolkitFields.Toolkit, manager: WindowManager.Kind?) throws {
        let desktop = try Desktop(manager: manager, focusTarget: false)
        let app = try ToolkitFields(toolkit, on: desktop, size: (1000, 450), environment: ["NO_AT_BRIDGE": "1", "DBUS_SESSION_BUS_ADDRESS": "disabled:"])
        #expect(app.waitUntilPlaced(on: desktop), "the application is not shown where it says")
        desktop.tapper.tap(app.centre("entry"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "entry" })
        let (expected, keyboard) = try typeEverything(on: desktop)
        #expect(desktop.waitForOutput(of: app.process, timeout: .seconds(10)) { _ in app.text("entry") == expected },
                "\(app.text("entry").unicodeScalars.map { String($0.value, radix: 16) }) against \(expected.unicodeScalars.map { String($0.value, radix: 16) }); stderr: \(keyboard.standardError)")
        #expect(desktop.tapper.noKeyDown)
    }

    @Test("The same into xterm, exactly, with openbox and with no window manager", arguments: [WindowManager.Kind?.some(.openbox), nil])
    func intoXterm(manager: WindowManager.Kind?) throws {
        let desktop = try Desktop(manager: manager, focusTarget: false)
        let xterm = try XtermLine(on: desktop.xvfb.displayName, geometry: "80x10+0+0", environment: ["LANG": "C.UTF-8"])
        desktop.tapper.tap(xterm.inside)
        let (expected, keyboard) = try typeEverything(on: desktop)
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line != nil }, "stderr: \(keyboard.standardError)")
        #expect(xterm.line == expected + "\n",
                "\((xterm.line ?? "").unicodeScalars.map { String($0.value, radix: 16) }) against \(expected.unicodeScalars.map { String($0.value, radix: 16) }); stderr: \(keyboard.standardError)")
        #expect(desktop.tapper.noKeyDown)
    }

    @Test("tapboard type types emoji through the emoji page and its callouts: variants, a family, a flag, a keycap, into xterm exactly")
    func typeCommand() throws {
        let desktop = try Desktop(manager: .openbox, focusTarget: false)
        let xterm = try XtermLine(on: desktop.xvfb.displayName, geometry: "80x10+0+0", environment: ["LANG": "C.UTF-8"])
        desktop.tapper.tap(xterm.inside)
        let keyboard = try desktop.launchKeyboard(geometry: Self.geometry, arguments: ["--no-auto-shift"])
        let text = "a👍🏽b👨‍👩‍👧🇩🇪1️⃣😂🏳️‍🌈c\n"
        let child = try ChildProcess(try Keyboard.locateBinary(), ["type", "--delay", "5", "--display", desktop.xvfb.displayName, text])
        #expect(child.wait(until: Deadline(.seconds(60))) == .exited(0), "\(child.standardError) \(keyboard.standardError)")
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line != nil })
        #expect(xterm.line == text, "\((xterm.line ?? "").unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(desktop.tapper.noKeyDown)
    }
}
