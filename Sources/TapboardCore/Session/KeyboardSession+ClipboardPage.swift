/// The clipboard page: the history's entries a screen at a time, a tap typing
/// one as keystrokes (so it works in terminals and where Ctrl+V does not), a
/// long press pinning or deleting it. What it types is never published.
extension KeyboardSession {
    /// The entries on a screen of the clipboard page shown.
    private var clipboardSlots: Int {
        core.state.page.keys.reduce(0) { n, key in if case .clipboard(.entry) = key.action { n + 1 } else { n } }
    }

    /// How many screens the entries take.
    private var clipboardScreens: Int {
        let slots = max(clipboardSlots, 1)
        return max(1, (clipboardEntries.count + slots - 1) / slots)
    }

    /// The entry at a place of the screen shown.
    private func clipboardEntry(at slot: Int) -> ClipboardEntry? {
        let i = clipboardPage.screen * clipboardSlots + slot
        return i < clipboardEntries.count ? clipboardEntries[i] : nil
    }

    /// The clipboard page shows: opened again, it starts at its first screen, with
    /// every entry (in disk mode the file is asked for the first time).
    mutating func showClipboardPage() {
        let onPage = core.state.page.name == Page.clipboard
        defer { clipboardPage.onPage = onPage }
        guard onPage, !clipboardPage.onPage else { return }
        clipboardPage.screen = 0
        needClipboardHistory()
    }

    /// The clipboard page's keys in a tap's effects, carried out now.
    mutating func clipboardEffects(from first: Int) {
        guard core.pending[first...].contains(where: { if case .clipboard = $0 { true } else { false } }) else { return }
        var i = first
        while i < core.pending.endIndex {
            if case .clipboard(let key, let chosen) = core.pending[i] { core.pending += clipboardKey(key, chosen) }
            i += 1
        }
    }

    private mutating func clipboardKey(_ key: ClipboardKey, _ chosen: ClipboardChoice) -> [Effect] {
        switch key {
        case .more:
            clipboardPage.screen = (clipboardPage.screen + 1) % clipboardScreens
            return [.redrawAll]
        case .entry(let slot):
            guard let entry = clipboardEntry(at: slot) else { return [] }
            switch chosen {
            case .type:
                clipboardPage.unpublished.append(entry.text)
                return [.type(.text(entry.text))] + core.state.textReplaced(deleting: 0, inserting: entry.text)
            case .pin:
                setClipboardEntry(entry.id, pinned: !entry.pinned)
            case .delete:
                deleteClipboardEntry(entry.id)
                clipboardPage.screen = min(clipboardPage.screen, clipboardScreens - 1)
            }
            return [.redrawAll]
        }
    }

    /// The label of a key of the clipboard page now, in a key of this size.
    func clipboardLabel(_ key: ClipboardKey, in size: Size) -> KeyLabel {
        switch key {
        case .more:
            let screens = clipboardScreens
            return .text(screens > 1 ? "\(clipboardPage.screen + 1)/\(screens)" : "")
        case .entry(let slot):
            guard let entry = clipboardEntry(at: slot) else {
                return .text(slot == 0 && clipboardEntries.isEmpty ? Self.clipboardEmptyLabel : "")
            }
            // A character of the key's font is about a third of the key's height wide.
            return .text(Self.entryLabel(entry.text, pinned: entry.pinned, characters: max(4, size.width * 3 / max(size.height, 1))))
        }
    }

    /// What the first place shows while nothing was copied.
    static let clipboardEmptyLabel = "copied texts show here"

    /// An entry as a key shows it: on one line (a line break shown as ⏎), cut with … to
    /// about as many characters as the key holds, a pin before it when pinned.
    static func entryLabel(_ text: String, pinned: Bool, characters: Int) -> String {
        var line = ""
        var spaced = false
        for c in text {
            if c == "\n" || c == "\r\n" {
                line += "⏎"
                spaced = false
            } else if c.isWhitespace {
                if !spaced { line += " " }
                spaced = true
            } else {
                line.append(c)
                spaced = false
            }
        }
        let budget = max(1, characters - (pinned ? 2 : 0))
        if line.count > budget { line = String(line.prefix(budget - 1)) + "…" }
        return pinned ? "📌 " + line : line
    }
}

/// The clipboard page's screen, and the entries typed from it not yet out.
struct ClipboardPageView: Sendable {
    /// Which screen of the entries shows.
    var screen = 0
    /// Whether the page showed when last looked: opened again, it starts at its first screen.
    var onPage = false
    /// Entries typed from the page not yet queued: their keystrokes are not published (`KeystrokePacing.enqueue`).
    var unpublished: [String] = []
}
