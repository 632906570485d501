/// The clipboard history as a part of the session: the texts copied, kept
/// (`ClipboardKeeping`), and the page that shows them a screen at a time, a tap
/// typing one as keystrokes (so it works in terminals and where Ctrl+V does
/// not), a long press pinning or deleting it. Nothing of it is ever published,
/// logged or learned: what the page types is typed privately (`SessionCore.unpublished`).
struct ClipboardPart: SessionPart {
    /// The entries and their file.
    var keeping: ClipboardKeeping
    /// Which screen of the entries shows.
    var screen = 0
    /// Whether the page showed when last looked: opened again, it starts at its first screen.
    var onPage = false

    init(mode: ClipboardHistoryMode = .memory) { keeping = ClipboardKeeping(mode: mode) }

    mutating func take(_ input: SessionInput, _ core: inout SessionCore, showing: [Bool]) {
        switch input {
        case .control(.clipboard(let request, let requester)):
            keeping.request(request, requester: requester, &core.out)
        case .clipboardOwnerChanged:
            keeping.ownerChanged(inPasswordField: core.isSecure)
        case .clipboardCopied(let text, let secret):
            // Not kept when secret, or copied where a password field has or had the focus (it may be the password).
            guard !secret, !core.isSecure, !keeping.copiedInPasswordField else { return }
            keeping.copied(text, &core.out)
            if core.state.page.name == Page.clipboard { core.pending.append(.redrawAll) }
        case .clipboardLoaded(let history):
            keeping.loaded(history, &core.out)
            if core.state.page.name == Page.clipboard { core.pending.append(.redrawAll) }
        default:
            break
        }
    }

    /// The page's keys among the state machine's effects, carried out now; the
    /// page opened again starts at its first screen, with every entry (in disk
    /// mode the file is asked for the first time).
    mutating func stateActed(from first: Int, _ core: inout SessionCore) {
        if core.pending[first...].contains(where: { if case .clipboard = $0 { true } else { false } }) {
            var i = first
            while i < core.pending.endIndex {
                if case .clipboard(let key, let chosen) = core.pending[i] { core.pending += self.key(key, chosen, &core) }
                i += 1
            }
        }
        let showsPage = core.state.page.name == Page.clipboard
        defer { onPage = showsPage }
        guard showsPage, !onPage else { return }
        screen = 0
        keeping.needAll(&core.out)
    }

    var labelsKeys: Bool { true }

    /// What a key of the page shows now: an entry, or which screen shows.
    func label(of frame: KeyFrame, _ core: SessionCore) -> KeyLabel? {
        guard case .clipboard(let key) = frame.key.action else { return nil }
        let slots = Self.slots(on: core.state.page)
        switch key {
        case .more:
            let screens = screens(of: slots)
            return .text(screens > 1 ? "\(screen + 1)/\(screens)" : "")
        case .entry(let slot):
            guard let entry = entry(at: slot, slots: slots) else {
                return .text(slot == 0 && keeping.history.entries.isEmpty ? Self.emptyLabel : "")
            }
            // A character of the key's font is about a third of the key's height wide.
            let size = frame.rect.size
            return .text(Self.entryLabel(entry.text, pinned: entry.pinned, characters: max(4, size.width * 3 / max(size.height, 1))))
        }
    }

    /// What the first place shows while nothing was copied.
    static let emptyLabel = "copied texts show here"

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

    // MARK: - The page

    /// The entries on a screen of a page.
    private static func slots(on page: Page) -> Int {
        page.keys.reduce(0) { n, key in if case .clipboard(.entry) = key.action { n + 1 } else { n } }
    }

    /// How many screens the entries take, `slots` to a screen.
    private func screens(of slots: Int) -> Int {
        let slots = max(slots, 1)
        return max(1, (keeping.history.entries.count + slots - 1) / slots)
    }

    /// The entry at a place of the screen shown, `slots` places to a screen.
    private func entry(at slot: Int, slots: Int) -> ClipboardEntry? {
        let i = screen * slots + slot
        let entries = keeping.history.entries
        return i < entries.count ? entries[i] : nil
    }

    private mutating func key(_ key: ClipboardKey, _ chosen: ClipboardChoice, _ core: inout SessionCore) -> [Effect] {
        let slots = Self.slots(on: core.state.page)
        switch key {
        case .more:
            screen = (screen + 1) % screens(of: slots)
            return [.redrawAll]
        case .entry(let slot):
            guard let entry = entry(at: slot, slots: slots) else { return [] }
            switch chosen {
            case .type:
                core.unpublished.append(entry.text)
                return [.type(.text(entry.text))] + core.state.textReplaced(deleting: 0, inserting: entry.text)
            case .pin:
                keeping.setPinned(!entry.pinned, id: entry.id, &core.out)
            case .delete:
                keeping.delete(id: entry.id, &core.out)
                screen = min(screen, screens(of: slots) - 1)
            }
            return [.redrawAll]
        }
    }
}
