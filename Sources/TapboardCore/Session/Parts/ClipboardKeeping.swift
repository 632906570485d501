/// Whether and where the keyboard keeps the texts copied to the clipboard (`--clipboard-history`).
public enum ClipboardHistoryMode: String, Hashable, Sendable, CaseIterable {
    /// Nothing is kept.
    case off
    /// Kept while the keyboard runs (the default).
    case memory
    /// Kept in a file too, so the next start has them (read when first needed, not at start).
    case disk
}

/// What `tapboard clipboard` asks of the running keyboard's history.
public enum ClipboardRequest: String, Hashable, Sendable, CaseIterable {
    /// Answer with the entries, newest first.
    case list
    /// Delete every entry (and the file, in disk mode); answered with the (empty) entries.
    case clear
}

/// What the session asks of the file that keeps the clipboard history
/// (`--clipboard-history=disk`). The session does no I/O: whoever carries its
/// commands out has the storage (`ClipboardStorage.carryOut`).
public enum ClipboardFileRequest: Hashable, Sendable {
    /// Read the history kept: answered with `SessionInput.clipboardLoaded` once
    /// the commands given with this one are carried out.
    case load
    /// Keep this history, replacing the file whole.
    case save(ClipboardHistory)
    /// Delete the file (`tapboard clipboard clear`).
    case delete
}

/// The clipboard history as a part of the session: the entries, whether its
/// file was read (disk mode reads it when first needed, never at start), and
/// the `tapboard clipboard list` requests waiting for it.
struct ClipboardKeeping: Sendable {
    /// Off, in memory, or in a file too.
    let mode: ClipboardHistoryMode
    /// The entries, newest first.
    private(set) var history = ClipboardHistory()

    /// Where the file is in being read.
    private enum File: Sendable {
        /// Not asked for yet (disk mode).
        case unread
        /// Asked for (`ClipboardFileRequest.load`), still to come.
        case reading
        /// Read, or nothing to read (memory and off modes, a history cleared).
        case read
    }
    private var file: File
    /// `tapboard clipboard list` requesters waiting for the file.
    private var waiting: [UInt64] = []
    /// Changed before the file was read: kept once it is.
    private var unsaved = false
    /// A password field had the focus when the clipboard's owner last changed: its text is not kept.
    private(set) var copiedInPasswordField = false

    init(mode: ClipboardHistoryMode) {
        self.mode = mode
        file = mode == .disk ? .unread : .read
    }

    /// Whether every entry kept is in `history` (in disk mode, once the file was read).
    var complete: Bool { file == .read }

    /// The clipboard has a new owner, copied while a password field has the focus or not.
    mutating func ownerChanged(inPasswordField: Bool) { copiedInPasswordField = inPasswordField }

    /// A text copied to the clipboard, neither secret nor copied in a password field: kept.
    mutating func copied(_ text: String, _ out: inout Outbox) {
        guard mode != .off, history.add(text) else { return }
        keep(&out)
    }

    /// Pins or unpins an entry (a page of the keyboard).
    mutating func setPinned(_ pinned: Bool, id: ClipboardEntry.ID, _ out: inout Outbox) {
        if history.setPinned(pinned, id: id) { keep(&out) }
    }

    /// Deletes an entry (a page of the keyboard).
    mutating func delete(id: ClipboardEntry.ID, _ out: inout Outbox) {
        if history.delete(id: id) { keep(&out) }
    }

    /// Every entry is wanted (a page shows them all): the file is asked for, in disk mode, if it was not yet.
    mutating func needAll(_ out: inout Outbox) {
        if file == .unread { askFile(&out) }
    }

    /// `tapboard clipboard list` or `clear`, from a requester to answer.
    mutating func request(_ request: ClipboardRequest, requester: UInt64, _ out: inout Outbox) {
        switch request {
        case .list:
            guard complete else {
                waiting.append(requester)
                needAll(&out)
                return
            }
            out.emit(.reply(requester: requester, .clipboard(history.entries)))
        case .clear:
            history.clear()
            if mode == .disk {
                out.emit(.clipboardFile(.delete))
                // A file asked for before the clear is stale when it comes.
                file = .read
                unsaved = false
            }
            for other in waiting + [requester] { out.emit(.reply(requester: other, .clipboard([]))) }
            waiting = []
        }
    }

    /// The file read: its entries under those copied since the start, kept again if
    /// those are not in it yet; the lists waiting answered. Ignored unless asked for.
    mutating func loaded(_ read: ClipboardHistory, _ out: inout Outbox) {
        guard file == .reading else { return }
        file = .read
        history = read.merged(under: history)
        if unsaved { out.emit(.clipboardFile(.save(history))) }
        unsaved = false
        for requester in waiting { out.emit(.reply(requester: requester, .clipboard(history.entries))) }
        waiting = []
    }

    /// The history changed: in disk mode, kept in the file (once the file was
    /// read, so its entries are not written over; until then it is asked for).
    private mutating func keep(_ out: inout Outbox) {
        guard mode == .disk else { return }
        switch file {
        case .read: out.emit(.clipboardFile(.save(history)))
        case .unread:
            unsaved = true
            askFile(&out)
        case .reading: unsaved = true
        }
    }

    private mutating func askFile(_ out: inout Outbox) {
        file = .reading
        out.emit(.clipboardFile(.load))
    }
}
