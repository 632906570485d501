import ArgumentParser
import TapboardCatalog
import TapboardCore
import TapboardStart

/// `tapboard dump-layout`: the key frames the keyboard uses at a size, as JSON.
struct DumpLayout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump-layout",
        abstract: "Print the key frames of a page at a window size as JSON, for scripts and tests.",
        discussion: "Frames are in window pixels and are the ones the running keyboard uses at that size."
    )

    @Option(name: .long, help: ArgumentHelp("Window size, as WxH.", valueName: "WxH"),
            transform: { text in
                let g = try WindowGeometry(parsing: text)
                guard let w = g.width, let h = g.height, g.x == nil else {
                    throw UserError(description: "invalid size '\(printable(text))': expected WxH, e.g. 1280x400")
                }
                return Size(width: w, height: h)
            })
    var size: Size

    @Option(name: .long, help: ArgumentHelp("The page to print.", valueName: "name"))
    var page: String = Page.letters

    @Option(name: .long, help: ArgumentHelp("On the emoji page: the group shown, by its key from the left (1: the recently used, empty here; 2: smileys ... 10: flags).", valueName: "n"))
    var emojiGroup: Int = 2

    @Option(name: .long, help: ArgumentHelp("On the emoji page: the screen of the group shown, from 1 (past the group's last, the next group's).", valueName: "n"))
    var emojiScreen: Int = 1

    @Flag(name: .long, help: "The letters page during an emoji search: its strip is the search line and a key per match (emoji-match-1 …).")
    var emojiSearch = false

    @OptionGroup var layoutOptions: LayoutOptions

    @Flag(name: .long, help: "Without the suggestion strip (as a keyboard started with --no-suggestions); its slots are keys suggestion-1 … (1: the likeliest).")
    var noSuggestions = false

    @Flag(name: .long, help: "As embedded in a greeter's window (tapboard --xid): no hide key and no strip.")
    var xid = false

    @Option(name: .long, help: ArgumentHelp("As a keyboard given this settings file: with 'none', no settings page (nothing may be written).",
                                            valueName: "path|none"))
    var settings: String?

    func run() throws {
        let sources = try layoutOptions.sources()
        var provider = LayoutProvider(wideWidth: layoutOptions.wideWidth, layoutKey: sources.count > 1)
        provider.hideKey = !xid
        // As the keyboard: a settings page where it may write the settings file (not embedded, not --settings none).
        provider.settingsKey = !xid && settings != "none"
        // The strip as the keyboard shows it: when the layout's language has a lexicon,
        // and always on a layout with an input method (its candidates).
        let files = SuggestionFiles.standard(environment: SuggestionFiles.environment)
        let candidates = sources[0].inputMethod != nil
        let strip = candidates || !noSuggestions && !xid && (sources[0].language.map(files.hasLexicon) ?? false)
        let layout = provider.layout(for: sources[0], width: size.width, strip: strip ? Theme.default.stripHeight : nil, candidates: candidates)
        guard let index = layout.pageIndex(named: page) else {
            let names = layout.pages.map(\.name).joined(separator: ", ")
            throw UserError(description: "unknown page '\(printable(page))': layout \(printable(layout.name)) has \(printable(names))")
        }
        var p = layout.pages[index]
        if emojiSearch {
            guard let searching = p.searchingEmoji(matches: Page.emojiMatches(wide: provider.isWide(width: size.width))) else {
                throw UserError(description: "--emoji-search: page \(printable(p.name)) has no suggestion strip")
            }
            p = searching
        }
        if p.name == Page.emoji {
            guard (1 ... EmojiGroups.keys.count).contains(emojiGroup) else {
                throw UserError(description: "invalid --emoji-group \(emojiGroup): expected 1 to \(EmojiGroups.keys.count)")
            }
            guard emojiScreen >= 1 else { throw UserError(description: "invalid --emoji-screen \(emojiScreen): expected 1 or more") }
            // Every emoji, as with a colour emoji font that draws them all.
            guard let loaded = files.emoji(for: sources[0].language ?? "en") else {
                throw UserError(description: files.takeNotes().first ?? "no emoji files")
            }
            p = p.showingEmoji(loaded, group: emojiGroup - 1, screen: emojiScreen - 1) ?? p
        }
        let frames = Geometry.frames(for: p, in: size, theme: .default)
        print(LayoutDump.json(page: p, pages: layout.pages, size: size, frames: frames))
    }
}
