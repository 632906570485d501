/// A key of the settings page.
public enum SettingsKey: Hashable, Sendable {
    /// The theme before or after the one in use, and the one in use (it says which).
    case themePrevious, theme, themeNext
    /// The keyboard smaller or larger (`scale`), and its size now.
    case smaller, size, larger
    /// A layout on the screen shown (on or off, its name).
    case layout(Int)
    /// The next screen of layouts.
    case moreLayouts
    /// A flag by its setting's name (`suggestions`, `auto-show`), on or off.
    case flag(String)

    var identifier: String {
        switch self {
        case .themePrevious: return "theme-previous"
        case .theme: return "theme"
        case .themeNext: return "theme-next"
        case .smaller: return "smaller"
        case .size: return "size"
        case .larger: return "larger"
        case .layout(let slot): return "layout-" + decimalText(slot + 1)
        case .moreLayouts: return "layouts-more"
        case .flag(let name): return name
        }
    }
}

/// What the settings page offers and what is chosen now, read by the loop from the catalogs and the settings.
public struct SettingsChoices: Hashable, Sendable {
    public var themes: [String]
    public var theme: String
    /// Every layout that can be named, and those in use, in the globe key's order.
    public var layouts: [String]
    public var chosen: [String]
    /// The flags the page switches (`suggestions`, `auto-show`), as the settings give them.
    public var flags: [String: Bool]
    /// The size factor (`scale`).
    public var scale: Double

    public init(themes: [String], theme: String, layouts: [String], chosen: [String], flags: [String: Bool], scale: Double = 1) {
        self.themes = themes; self.theme = theme; self.layouts = layouts; self.chosen = chosen; self.flags = flags; self.scale = scale
    }

    /// The sizes the page steps through, in tenths: the keyboard at half its size to twice it.
    static let tenths = 5 ... 20

    /// The size a tap on smaller (-1) or larger (+1) makes, in tenths; nil at either end.
    func scaleTenths(step: Int) -> Int? {
        let now = Int((scale * 10).rounded())
        let next = min(max(now + step, Self.tenths.lowerBound), Self.tenths.upperBound)
        return next == now ? nil : next
    }
}

/// What the settings page asks the loop for.
public enum SettingsRequest: Hashable, Sendable {
    /// What can be chosen (`SessionInput.settingsLoaded`).
    case load
    /// One setting changed (its name, its value as the command line gives it):
    /// kept in the settings file, the files read again, the choices again.
    case change(String, String)
}

/// The settings page (the gear key beside the clipboard's): the theme, the
/// layouts the globe key goes through, and switches, each change kept in the
/// settings file by the loop, which shows it (theme and layouts at once; the
/// switches at the next start). Only where a settings file may be written.
struct SettingsPage: SessionPart {
    /// What is offered, once read.
    private(set) var choices: SettingsChoices?
    /// Which screen of layouts shows.
    private var screen = 0
    /// Whether the page showed when last looked: opened again, the choices are read again.
    private var onPage = false

    /// Layouts a screen holds.
    static let layoutSlots = 6

    mutating func take(_ input: SessionInput, _ core: inout SessionCore, showing: [Bool]) {
        guard case .settingsLoaded(let loaded) = input else { return }
        choices = loaded
        if core.state.page.name == Page.settings { core.pending.append(.redrawAll) }
    }

    mutating func stateActed(from first: Int, _ core: inout SessionCore) {
        for effect in core.pending[first...] {
            if case .settings(let key) = effect { tapped(key, &core) }
        }
        let showsPage = core.state.page.name == Page.settings
        defer { onPage = showsPage }
        guard showsPage, !onPage else { return }
        screen = 0
        core.emit(.settings(.load))
    }

    private var screens: Int { max(1, ((choices?.layouts.count ?? 0) + Self.layoutSlots - 1) / Self.layoutSlots) }

    private func layout(at slot: Int) -> String? {
        guard let layouts = choices?.layouts else { return nil }
        let i = screen * Self.layoutSlots + slot
        return i < layouts.count ? layouts[i] : nil
    }

    private mutating func tapped(_ key: SettingsKey, _ core: inout SessionCore) {
        guard let choices else { return }
        switch key {
        case .themePrevious, .themeNext:
            guard !choices.themes.isEmpty else { return }
            let at = choices.themes.firstIndex(of: choices.theme) ?? 0
            let step = key == .themeNext ? 1 : choices.themes.count - 1
            core.emit(.settings(.change("theme", choices.themes[(at + step) % choices.themes.count])))
        case .theme, .size:
            break
        case .smaller, .larger:
            guard let tenths = choices.scaleTenths(step: key == .larger ? 1 : -1) else { return }
            core.emit(.settings(.change("scale", decimalText(tenths / 10) + "." + decimalText(tenths % 10))))
            // At once: placed again at the batch's end, as when the screen changes.
            core.presentation.rescale(Double(tenths) / 10)
        case .layout(let slot):
            guard let name = layout(at: slot) else { return }
            var chosen = choices.chosen
            if let i = chosen.firstIndex(of: name) {
                // One layout is always left.
                guard chosen.count > 1 else { return }
                chosen.remove(at: i)
            } else {
                chosen.append(name)
            }
            core.emit(.settings(.change("layouts", chosen.joined(separator: ","))))
        case .moreLayouts:
            screen = (screen + 1) % screens
            core.pending.append(.redrawAll)
        case .flag(let name):
            let on = choices.flags[name] != true
            core.emit(.settings(.change(name, on ? "true" : "false")))
            if name == "auto-show" { core.followFocus(on) }
        }
    }

    var labelsKeys: Bool { true }

    func label(of frame: KeyFrame, _ core: SessionCore) -> KeyLabel? {
        guard case .settings(let key) = frame.key.action else { return nil }
        guard let choices else { return .text("") }
        switch key {
        case .themePrevious: return .text("◀")
        case .themeNext: return .text("▶")
        case .theme: return .text("theme: " + choices.theme)
        case .smaller: return .text("−")
        case .larger: return .text("+")
        case .size: return .text("size: " + decimalText(Int((choices.scale * 100).rounded())) + "%")
        case .layout(let slot):
            guard let name = layout(at: slot) else { return .text("") }
            return .text((choices.chosen.contains(name) ? "✓ " : "") + name)
        case .moreLayouts: return .text(screens > 1 ? "\(screen + 1)/\(screens) ▸" : "")
        case .flag(let name): return .text(name + (choices.flags[name] == true ? " ✓" : " ✗"))
        }
    }
}
