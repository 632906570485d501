/// The clipboard history: what was copied, kept for a page of the keyboard to
/// type again. Nothing of it is ever published, logged or learned.
extension KeyboardSession {
    /// Whether and where the history is kept (`--clipboard-history`).
    public var clipboardHistoryMode: ClipboardHistoryMode { clipboard.mode }

    /// The history's entries, newest first (in disk mode, only those copied in
    /// this run until the file was read: see `needClipboardHistory`).
    public var clipboardEntries: [ClipboardEntry] { clipboard.history.entries }

    /// Whether `clipboardEntries` holds every entry kept (in disk mode, once the file was read).
    public var clipboardHistoryComplete: Bool { clipboard.complete }

    /// A new owner gave the clipboard a text: kept unless it is secret, a
    /// password field has the focus or had it when the owner took the clipboard
    /// (what is copied there may be the password), or the history is off.
    mutating func clipboardCopied(_ text: String, secret: Bool) {
        guard !secret, !isSecure, !clipboard.copiedInPasswordField else { return }
        clipboard.copied(text, &core.out)
        if core.state.page.name == Page.clipboard { core.pending.append(.redrawAll) }
    }

    // MARK: - For a page that shows the entries (called while an input is handled)

    /// Every entry is wanted (a page showing them): in disk mode the file is
    /// asked for if it was not yet, and its entries are in after this batch.
    mutating func needClipboardHistory() { clipboard.needAll(&core.out) }

    /// Pins an entry (never pushed out by newer texts), or unpins it.
    mutating func setClipboardEntry(_ id: ClipboardEntry.ID, pinned: Bool) { clipboard.setPinned(pinned, id: id, &core.out) }

    /// Deletes an entry.
    mutating func deleteClipboardEntry(_ id: ClipboardEntry.ID) { clipboard.delete(id: id, &core.out) }
}
