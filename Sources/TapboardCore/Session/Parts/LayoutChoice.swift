/// The layouts the globe key goes through, which one shows, how each is built
/// for the window's width, the theme, and which layouts show the strip.
struct LayoutChoice: Sendable {
    /// The layouts, in the globe key's order.
    private(set) var layouts: [LayoutSource]
    /// Which of them is shown.
    private(set) var index = 0
    /// Builds each layout compact or wide for the window's width.
    private(set) var provider: LayoutProvider
    /// The look.
    private(set) var theme: Theme
    /// Counts theme changes, so keys are placed again.
    private(set) var themeGeneration = 0
    /// The languages of the layouts that have a lexicon: their layouts show the strip.
    private(set) var stripLanguages: Set<String>
    /// Whether a terminal has the focus: the layouts show its keys above the letters.
    private(set) var terminal = false

    init(layouts: [LayoutSource], provider: LayoutProvider, theme: Theme, lexicons: Set<String>?) {
        self.layouts = layouts
        self.provider = provider
        self.theme = theme
        stripLanguages = Self.stripLanguages(of: layouts, lexicons)
    }

    /// Which of the layouts show the strip: those whose language has a lexicon.
    private static func stripLanguages(of layouts: [LayoutSource], _ lexicons: Set<String>?) -> Set<String> {
        guard let lexicons else { return [] }
        return Set(layouts.compactMap { source in source.language.flatMap { lexicons.contains($0) ? $0 : nil } })
    }

    /// The layout shown.
    var shown: LayoutSource { layouts[index] }

    /// The language of the layout shown, if it shows the strip.
    var stripLanguage: String? {
        shown.language.flatMap { stripLanguages.contains($0) ? $0 : nil }
    }

    /// A layout built for a width, with the strip when its language has a
    /// lexicon, or a strip of candidates when it has an input method.
    func build(_ source: LayoutSource, width: Int) -> Layout {
        if source.inputMethod != nil {
            return provider.layout(for: source, width: width, strip: theme.stripHeight, candidates: true, terminal: terminal,
                                   terminalRowHeight: theme.stripHeight)
        }
        let hasStrip = source.language.map(stripLanguages.contains) ?? false
        return provider.layout(for: source, width: width, strip: hasStrip ? theme.stripHeight : nil, terminal: terminal,
                               terminalRowHeight: theme.stripHeight)
    }

    /// A terminal took the focus, or left it; whether the layouts change.
    mutating func terminalFocused(_ focused: Bool) -> Bool {
        guard focused != terminal, provider.terminalKeys?.isEmpty != true else { return false }
        terminal = focused
        return true
    }

    /// The layout shown, built for a width.
    func buildShown(width: Int) -> Layout { build(shown, width: width) }

    /// Shows the next layout or the one named; whether another one shows now.
    /// A name that was not given is an error naming those that were.
    mutating func select(_ which: LayoutSwitch) throws(UnknownLayout) -> Bool {
        let new: Int
        switch which {
        case .next: new = (index + 1) % layouts.count
        case .named(let name):
            guard let i = layouts.firstIndex(where: { $0.name == name }) else { throw UnknownLayout(name: name, names: layouts.map(\.name)) }
            new = i
        }
        guard new != index else { return false }
        index = new
        return true
    }

    /// The files read again (SIGHUP): the same layout shown if it is still there.
    mutating func reload(_ files: ReloadedFiles, lexicons: Set<String>?) {
        let shownName = shown.name
        layouts = files.layouts
        stripLanguages = Self.stripLanguages(of: layouts, lexicons)
        provider.layoutKey = layouts.count > 1
        index = layouts.firstIndex { $0.name == shownName } ?? 0
        theme = files.theme
        themeGeneration += 1
    }
}

/// A layout key names a layout that was not given.
struct UnknownLayout: Error, CustomStringConvertible {
    var name: String
    var names: [String]
    var description: String { "no layout '\(name)' was given; the layouts are \(names.joined(separator: ", "))" }
}
