/// Where the clipboard history is kept between runs (`--clipboard-history=disk`):
/// the keyboard gives one that writes a file; tests give one in memory. Never
/// called by the session: whoever carries its commands out calls it (`carryOut`)
/// and hands it the answers.
public protocol ClipboardStorage: AnyObject, Sendable {
    /// The history kept; empty when there is none, or it could not be read (said in `takeNotes`).
    func load() -> ClipboardHistory
    /// Keeps the history, replacing what was kept whole (a failure is said in `takeNotes`).
    func save(_ history: ClipboardHistory)
    /// Deletes what was kept (a failure is said in `takeNotes`).
    func delete()
    /// One line each for what went wrong since last asked; never a text of the history.
    func takeNotes() -> [String]
}

extension ClipboardStorage {
    /// Carries out a request of the session: the input that answers it, if it
    /// has one, and the lines to say about what went wrong.
    public func carryOut(_ request: ClipboardFileRequest) -> (answer: SessionInput?, notes: [String]) {
        switch request {
        case .load: return (.clipboardLoaded(load()), takeNotes())
        case .save(let history): save(history)
        case .delete: delete()
        }
        return (nil, takeNotes())
    }
}
